import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { usePublicSettings } from '../theme/PublicSettingsContext';
import { useAuth } from './AuthContext';
import { afterLoginPath } from './landing';

export const OVERDUE_ROUTE = '/financeiro-aberto';

/**
 * Private routes: unauthenticated users go to /login keeping the origin (not after signing out: the next
 * login starts at /tickets); overdue companies to /financeiro-aberto.
 */
export function RequireAuth({ children, allowOverdue = false }: { children: ReactNode; allowOverdue?: boolean }) {
  const { user, loading, subscription, signedOutHere } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading fullScreen />;
  if (!user) return <Navigate to="/login" replace state={signedOutHere ? undefined : { from: location }} />;
  if (subscription?.expired && !allowOverdue) return <Navigate to={OVERDUE_ROUTE} replace />;
  return <>{children}</>;
}

/**
 * The navigation state of a user arriving at '/' without asking for it (after login, or from a public page):
 * the dashboard sends those who may not see it on to the tickets instead of refusing them. The permission
 * rules stay out of the first bundle: '/' decides.
 */
export const LANDING = { landing: true } as const;
export const isLanding = (state: unknown): boolean => (state as { landing?: unknown } | null)?.landing === true;

/**
 * Public routes: authenticated users go to '/' (their landing); a user who just signed in on the login
 * page goes on to /tickets or the private page that sent them there (spec 000 §2, §4).
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, loading, signedInHere } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading fullScreen />;
  if (user) return signedInHere ? <Navigate to={afterLoginPath(location.state)} replace /> : <Navigate to="/" replace state={LANDING} />;
  return <>{children}</>;
}

/** /signup only while the public setting userCreation is enabled; otherwise /login. */
export function SignupGate({ children }: { children: ReactNode }) {
  const { userCreationEnabled } = usePublicSettings();
  if (!userCreationEnabled) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
