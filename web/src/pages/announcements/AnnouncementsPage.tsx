import '../companies/companiesLocales';
import './announcementsLocales';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { useRefusedRedirect } from '../../hooks/useRefusedRedirect';
import { isSuper } from '../../permissions';
import { AnnouncementsManager } from './AnnouncementsManager';

/**
 * '/announcements' (spec 002 §2): the super user's announcements. Spec 002 §6, 001 §8: anyone else gets the
 * no-permission toast (the companies page's text) and goes to / after 1 second.
 */
export default function AnnouncementsPage() {
  const { t } = useTranslation('companies');
  const { user } = useAuth();
  const allowed = isSuper(user);

  useRefusedRedirect(!!user && !allowed, t('errors.noPermission'));

  if (!allowed) return <NoPermission backTo="/" />;
  return <AnnouncementsManager />;
}
