import { useEffect, type ReactNode } from 'react';
import type { PlanFlag } from '@atende/kit/contracts';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { toastError } from '../../errors/toast';
import { useShellData } from '../../hooks/useShellData';
import { isAdmin, planAllows } from '../../permissions';

/** Spec 002 §6: a missing plan flag shows an error toast and goes to / after 1 second. */
export const PLAN_REFUSED_REDIRECT_MS = 1000;

export type PlanGateProps = {
  flag: PlanFlag;
  /** Profile user sees the no-permission view (campaigns, contact lists). */
  adminOnly?: boolean;
  /** The translated refusal text. */
  refusedText: string;
  children: ReactNode;
};

/** Renders its screen only for the allowed profile and a plan with the flag. */
export function PlanGate({ flag, adminOnly = false, refusedText, children }: PlanGateProps) {
  const { user } = useAuth();
  const { plan, ready } = useShellData();
  const navigate = useNavigate();
  const profileRefused = adminOnly && !isAdmin(user);
  const planRefused = !profileRefused && ready && !planAllows(plan, flag);

  useEffect(() => {
    if (!planRefused) return;
    toastError(refusedText);
    const timer = window.setTimeout(() => navigate('/', { replace: true }), PLAN_REFUSED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [planRefused, navigate, refusedText]);

  if (!user || profileRefused) return <NoPermission />;
  if (!ready) return <PageLoading />;
  if (planRefused) return <NoPermission backTo="/" description={refusedText} />;
  return <>{children}</>;
}
