import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { toastError } from '../../errors/toast';
import { useShellData } from '../../hooks/useShellData';
import { planAllows } from '../../permissions';

/** Redirect delay after the plan-flag refusal (spec 001 §8: 1 second). */
export const KANBAN_REFUSED_REDIRECT_MS = 1000;

/**
 * The plan gate of the kanban screens, /Kanban and /TagsKanban (spec 000 §6 'kanban (useKanban)'):
 * without the flag, the no-permission toast and a redirect to / after 1 second.
 */
export function KanbanPlanGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('kanban');
  const { plan, ready } = useShellData();
  const navigate = useNavigate();
  const allowed = planAllows(plan, 'useKanban');

  useEffect(() => {
    if (!ready || allowed) return;
    toastError(t('noPlan'));
    const timer = setTimeout(() => navigate('/'), KANBAN_REFUSED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ready, allowed, navigate, t]);

  if (!ready) return <PageLoading />;
  if (!allowed) return null;
  return <>{children}</>;
}
