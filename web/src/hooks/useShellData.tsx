import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Plan } from '@atende/kit/contracts';
import { getCompanyPlan, listHelps } from '../api/auth';
import { getVersion } from '../api/public';
import { useAuth } from '../auth/AuthContext';

export const VERSION_STORAGE_KEY = 'frontendVersion';

export type ShellData = {
  /** The company plan (feature flags); null until read or when the read failed. */
  plan: Plan | null;
  /** The help list is not empty (the Helps menu entry depends on it). */
  hasHelps: boolean;
  /** Plan and helps were read (or failed). */
  ready: boolean;
  /** GET /api/version (kept in local storage as frontendVersion). */
  version: string;
  /** Re-reads plan and helps (after a change in the admin screens). */
  reload(): Promise<void>;
};

const Ctx = createContext<ShellData | null>(null);

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
  const [plan, setPlan] = useState<Plan | null>(null);
  const [hasHelps, setHasHelps] = useState(false);
  const [ready, setReady] = useState(false);
  const [version, setVersion] = useState(storedVersion);

  const reload = useCallback(async () => {
    if (!companyId) return;
    const [planResult, helpsResult] = await Promise.allSettled([getCompanyPlan(companyId), listHelps()]);
    setPlan(planResult.status === 'fulfilled' ? planResult.value : null);
    setHasHelps(helpsResult.status === 'fulfilled' && helpsResult.value.length > 0);
    setReady(true);
  }, [companyId]);

  useEffect(() => {
    setReady(false);
    void reload();
  }, [reload]);

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
