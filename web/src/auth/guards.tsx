import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { SessionUser } from '@atende/kit/contracts';
import { PageLoading } from '../components/PageLoading';
import { canSee } from '../permissions';
import { usePublicSettings } from '../theme/PublicSettingsContext';
import { useAuth } from './AuthContext';

export const OVERDUE_ROUTE = '/financeiro-aberto';

/** Private routes: unauthenticated users go to /login keeping the origin; overdue companies to /financeiro-aberto. */
export function RequireAuth({ children, allowOverdue = false }: { children: ReactNode; allowOverdue?: boolean }) {
  const { user, loading, subscription } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading fullScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (subscription?.expired && !allowOverdue) return <Navigate to={OVERDUE_ROUTE} replace />;
  return <>{children}</>;
}

/** Where a signed-in user lands: the dashboard when they may see it, else the tickets. */
export function landingOf(user: SessionUser | null): string {
  return canSee(user, 'dashboard') ? '/' : '/tickets';
}

/** Public routes: authenticated users go to their landing. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <PageLoading fullScreen />;
  if (user) return <Navigate to={landingOf(user)} replace />;
  return <>{children}</>;
}

/** /signup only while the public setting userCreation is enabled; otherwise /login. */
export function SignupGate({ children }: { children: ReactNode }) {
  const { userCreationEnabled } = usePublicSettings();
  if (!userCreationEnabled) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/** Where a signed-in user returns after login: the origin kept by RequireAuth, else `landing`. */
export function originOf(state: unknown, landing = '/'): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup' || from.pathname === '/') return landing;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
