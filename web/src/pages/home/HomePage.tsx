import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { PageLoading } from '../../components/PageLoading';
import { useShellData } from '../../hooks/useShellData';
import { homeRoute } from '../../layout/menuItems';
import { ProfileLanding } from './ProfileLanding';

/**
 * '/': until the dashboard exists, the first screen the user may open (administration first,
 * then the other menu entries); a user with none gets the profile landing.
 */
export default function HomePage() {
  const { user } = useAuth();
  const { plan, hasHelps, ready } = useShellData();
  if (!user || !ready) return <PageLoading />;
  const route = homeRoute({ user, plan, hasHelps });
  if (route && route !== '/') return <Navigate to={route} replace />;
  return <ProfileLanding />;
}
