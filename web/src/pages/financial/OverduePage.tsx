import { Button, Result } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { formatDate } from '../../auth/subscription';
import { AuthLayout } from '../../layout/AuthLayout';

/**
 * /financeiro-aberto: where an overdue company is sent after login (spec 000 §4). It says when the
 * subscription expired and to contact support; the only way out is logging out.
 */
export default function OverduePage() {
  const { t } = useTranslation('auth');
  const { user, subscription, logout } = useAuth();
  if (!subscription?.expired) return <Navigate to="/" replace />;
  const date = formatDate(subscription.dueDate ?? user?.company.dueDate);
  return (
    <AuthLayout title={t('overdue.title')} background="loginEnterImage" width={520}>
      <Result
        status="warning"
        title={t('subscription.expired', { date })}
        subTitle={t('overdue.contact')}
        extra={
          <Button type="primary" icon={<LogoutOutlined />} onClick={() => void logout()}>
            {t('overdue.logout')}
          </Button>
        }
      />
    </AuthLayout>
  );
}
