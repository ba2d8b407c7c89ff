import '../companies/companiesLocales';
import './announcementsLocales';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { toastError } from '../../errors/toast';
import { isSuper } from '../../permissions';
import { AnnouncementsManager } from './AnnouncementsManager';

/** Spec 002 §6, 001 §8: anyone without the super flag gets the no-permission toast (the companies page's text) and goes to / after 1 second. */
export const NO_PERMISSION_REDIRECT_MS = 1000;

/** '/announcements' (spec 002 §2): the super user's announcements. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('companies');
  const { user } = useAuth();
  const navigate = useNavigate();
  const allowed = isSuper(user);

  useEffect(() => {
    if (allowed || !user) return;
    toastError(t('errors.noPermission'));
    const timer = window.setTimeout(() => navigate('/', { replace: true }), NO_PERMISSION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [allowed, user, navigate, t]);

  if (!allowed) return <NoPermission backTo="/" />;
  return <AnnouncementsManager />;
}
