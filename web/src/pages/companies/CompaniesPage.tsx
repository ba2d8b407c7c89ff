import './companiesLocales';
import { useEffect } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { toastError } from '../../errors/toast';
import { isSuper } from '../../permissions';
import { CompaniesManager } from './CompaniesManager';

/** Spec 001 §2: anyone without the super flag gets an error toast and goes to / after 1 second. */
export const NO_PERMISSION_REDIRECT_MS = 1000;

/** /companies: the super user's companies list and form. */
export default function CompaniesPage() {
  const { t } = useTranslation('companies');
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = isSuper(user);

  useEffect(() => {
    if (allowed || !user) return;
    toastError(t('errors.noPermission'));
    const timer = setTimeout(() => navigate('/', { replace: true }), NO_PERMISSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allowed, user, navigate, t]);

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
