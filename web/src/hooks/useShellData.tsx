import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Plan } from '@atende/kit/contracts';
import { getCompanyPlan, listHelps } from '../api/auth';
import { getVersion } from '../api/public';
import { useAuth } from '../auth/AuthContext';
import { toastWarning } from '../errors/toast';
import i18n from '../i18n';
import { readStoredPlan, readWithRetry, RetryAborted, storePlan } from './shellData';

export const VERSION_STORAGE_KEY = 'frontendVersion';

export type ShellData = {
  /**
   * The company plan (feature flags): the last one read. A read that fails (after its retries) keeps the
   * plan known before, in this session or the last one in this browser; null only when none was ever read.
   */
  plan: Plan | null;
  /** The help list is not empty (the Helps menu entry depends on it); kept as last known on a failed read. */
  hasHelps: boolean;
  /** Plan and helps were read (or failed after their retries). */
  ready: boolean;
  /** GET /api/version (kept in local storage as frontendVersion). */
  version: string;
  /** Re-reads plan and helps (after a change in the admin screens). */
  reload(): Promise<void>;
};

const Ctx = createContext<ShellData | null>(null);

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

function storedVersion(): string {
  try {
    return localStorage.getItem(VERSION_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** What the shell needs besides the user: plan flags, whether helps exist, the running version. */
export function ShellDataProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const companyId = user?.companyId;
  const [plan, setPlan] = useState<Plan | null>(() => (companyId ? readStoredPlan(storage(), companyId) : null));
  const [hasHelps, setHasHelps] = useState(false);
  const [ready, setReady] = useState(false);
  const [version, setVersion] = useState(storedVersion);
  // The reads under way: a newer reload (or another company, or leaving) cancels them.
  const running = useRef<AbortController | null>(null);
  const planRef = useRef(plan);
  planRef.current = plan;

  const reload = useCallback(async () => {
    if (!companyId) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    const [planResult, helpsResult] = await Promise.allSettled([
      readWithRetry(() => getCompanyPlan(companyId), { signal }),
      readWithRetry(() => listHelps(), { signal }),
    ]);
    if (signal.aborted) return;
    if (planResult.status === 'fulfilled') {
      setPlan(planResult.value);
      storePlan(storage(), companyId, planResult.value);
    } else if (!(planResult.reason instanceof RetryAborted)) {
      // The last known plan stays; without one the plan-gated entries are missing: say so.
      console.warn('shell: company plan not read', planResult.reason);
      if (!planRef.current) toastWarning(i18n.t('planLoadFailed', { ns: 'shell' }), { seconds: 6 });
    }
    if (helpsResult.status === 'fulfilled') setHasHelps(helpsResult.value.length > 0);
    setReady(true);
  }, [companyId]);

  useEffect(() => {
    setReady(false);
    // Another company (or a new sign-in): its last known plan until the read answers.
    setPlan(companyId ? readStoredPlan(storage(), companyId) : null);
    void reload();
    return () => running.current?.abort();
  }, [companyId, reload]);

  useEffect(() => {
    getVersion()
      .then((v) => {
        if (!v) return;
        setVersion(v);
        try {
          localStorage.setItem(VERSION_STORAGE_KEY, v);
        } catch {
          // ignore
        }
      })
      .catch(() => undefined);
  }, []);

  const value = useMemo<ShellData>(() => ({ plan, hasHelps, ready, version, reload }), [plan, hasHelps, ready, version, reload]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useShellData(): ShellData {
  const value = useContext(Ctx);
  if (!value) throw new Error('useShellData must be used inside <ShellDataProvider>');
  return value;
}
