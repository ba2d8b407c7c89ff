import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicSettingKey } from '@atende/kit/contracts';
import { getPublicSetting } from '../api/public';
import type { PublicSettings } from './whitelabel';

/**
 * kit's publicSettingKeys, listed here so the first paint does not load the contracts bundle (zod);
 * the type below fails to compile when kit adds a key this list lacks.
 */
export const PUBLIC_SETTING_KEYS = [
  'userCreation',
  'primaryColorLight',
  'primaryColorDark',
  'appName',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
  'loginEnterImage',
  'loginRegisterImage',
] as const satisfies readonly PublicSettingKey[];
type MissingKey = Exclude<PublicSettingKey, (typeof PUBLIC_SETTING_KEYS)[number]>;
const allKeysListed: [MissingKey] extends [never] ? true : MissingKey = true;
void allKeysListed;

/** Whitelabel values cached in local storage so the first paint already has them (spec 000 §2 keys). */
const CACHED: PublicSettingKey[] = ['primaryColorLight', 'primaryColorDark', 'appName'];

function cached(): PublicSettings {
  const out: PublicSettings = {};
  try {
    for (const key of CACHED) {
      const value = localStorage.getItem(key);
      if (value !== null) out[key] = value;
    }
  } catch {
    // no storage
  }
  return out;
}

export type PublicSettingsValue = {
  settings: PublicSettings;
  /** userCreation was read (or failed and the default applies): routes may render. */
  ready: boolean;
  /** Every key was read at least once. */
  loaded: boolean;
  userCreationEnabled: boolean;
  /** Re-reads every public setting (after the whitelabel tab saved). */
  reload(): Promise<void>;
  /** Applies a changed value at once (live settings event). */
  apply(key: PublicSettingKey, value: string): void;
};

const Ctx = createContext<PublicSettingsValue | null>(null);

/**
 * Reads the public settings (GET /api/public-settings/:key, no auth). A failed read is logged
 * and the default applies (spec 001 §8).
 */
export function PublicSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<PublicSettings>(cached);
  const [ready, setReady] = useState(false);
  const [loaded, setLoaded] = useState(false);

  const apply = useCallback((key: PublicSettingKey, value: string) => {
    setSettings((prev) => ({ ...prev, [key]: value }));
    if (CACHED.includes(key)) {
      try {
        localStorage.setItem(key, value);
      } catch {
        // ignore
      }
    }
  }, []);

  const reload = useCallback(async () => {
    const reads = PUBLIC_SETTING_KEYS.map(async (key) => {
      try {
        apply(key, await getPublicSetting(key));
      } catch (err) {
        console.warn(`public setting ${key} could not be read; the default applies`, err);
      } finally {
        if (key === 'userCreation') setReady(true);
      }
    });
    await Promise.all(reads);
    setLoaded(true);
  }, [apply]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo<PublicSettingsValue>(
    () => ({ settings, ready, loaded, userCreationEnabled: settings.userCreation === 'enabled', reload, apply }),
    [settings, ready, loaded, reload, apply],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function usePublicSettings(): PublicSettingsValue {
  const value = useContext(Ctx);
  if (!value) throw new Error('usePublicSettings must be used inside <PublicSettingsProvider>');
  return value;
}
