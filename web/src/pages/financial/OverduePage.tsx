import './financialLocales';
import { Button, Flex, Result, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { formatDay } from '../../format/dates';
import { AuthLayout } from '../../layout/AuthLayout';
import { isAdmin } from '../../permissions';
import { InvoicesList } from './InvoicesList';
import { usePaymentEvent } from './usePaymentEvent';

/**
 * /financeiro-aberto: where an overdue company is sent after login (spec 000 §4). It says when the
 * subscription expired and to contact support; an admin also sees the invoices and pays there (the
 * confirmed payment renews the session and goes home after 4 s). Otherwise the way out is logging out.
 */
export default function OverduePage() {
  const { t } = useTranslation('auth');
  const { user, subscription, logout } = useAuth();
  if (!subscription?.expired) return <Navigate to="/" replace />;
  const date = formatDay(subscription.dueDate ?? user?.company.dueDate);
  const admin = isAdmin(user);
  return (
    <AuthLayout title={t('overdue.title')} background="loginEnterImage" width={admin ? 980 : 520}>
      <Result
        status="warning"
        title={t('subscription.expired', { date })}
        subTitle={admin ? <OverdueHint /> : t('overdue.contact')}
        extra={
          <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
            {t('overdue.logout')}
          </Button>
        }
      />
      {admin ? <InvoicesList maxHeight="50vh" /> : <PaymentListener />}
    </AuthLayout>
  );
}

function OverdueHint() {
  const { t } = useTranslation('financial');
  return (
    <Flex vertical>
      <Typography.Text type="secondary">{t('overdue.invoicesHint')}</Typography.Text>
    </Flex>
  );
}

/** A plain user waiting on this page is let in too once the admin's payment is confirmed. */
function PaymentListener() {
  usePaymentEvent();
  return null;
}
