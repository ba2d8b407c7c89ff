import './companiesLocales';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { useRefusedRedirect } from '../../hooks/useRefusedRedirect';
import { isSuper } from '../../permissions';
import { CompaniesManager } from './CompaniesManager';

/** /companies: the super user's companies list and form; anyone else gets an error toast and goes to / after 1 second (spec 001 §2). */
export default function CompaniesPage() {
  const { t } = useTranslation('companies');
  const { user } = useAuth();
  const allowed = isSuper(user);

  useRefusedRedirect(!!user && !allowed, t('errors.noPermission'));

  if (!allowed) return <NoPermission />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <CompaniesManager />
    </Flex>
  );
}
