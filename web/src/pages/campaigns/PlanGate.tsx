import type { ReactNode } from 'react';
import type { PlanFlag } from '@atende/kit/contracts';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { useRefusedRedirect } from '../../hooks/useRefusedRedirect';
import { useShellData } from '../../hooks/useShellData';
import { isAdmin, planAllows } from '../../permissions';

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
  const profileRefused = adminOnly && !isAdmin(user);
  const planRefused = !profileRefused && ready && !planAllows(plan, flag);

  useRefusedRedirect(planRefused, refusedText);

  if (!user || profileRefused) return <NoPermission />;
  if (!ready) return <PageLoading />;
  if (planRefused) return <NoPermission backTo="/" description={refusedText} />;
  return <>{children}</>;
}
