import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import ptBR from 'antd/es/locale/pt_BR';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';
import { bindToastApi, TOAST_SECONDS } from '../errors/toast';
import { setAppNameInTitle } from '../hooks/title';
import { usePublicSettings } from './PublicSettingsContext';
import { appNameOf, assetUrl, logoOf, primaryColor, type ThemeMode } from './whitelabel';

export const THEME_STORAGE_KEY = 'preferredTheme';

function initialMode(): ThemeMode {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // no storage
  }
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export type AppThemeValue = {
  mode: ThemeMode;
  toggleMode(): void;
  setMode(mode: ThemeMode): void;
  primary: string;
  appName: string;
  /** The logo of the current mode, or null (the app name is shown instead). */
  logo: string | null;
};

const Ctx = createContext<AppThemeValue | null>(null);

const antdLocales: Record<string, Locale> = { 'pt-BR': ptBR, en: enUS, es: esES };
const dayjsLocales: Record<string, string> = { 'pt-BR': 'pt-br', en: 'en', es: 'es' };

/** Binds antd's App context (theme-aware message/notification) for toastError/toastSuccess. */
function ToastBridge() {
  const { message, notification } = AntApp.useApp();
  useEffect(() => {
    bindToastApi({ message, notification });
    return () => bindToastApi(null);
  }, [message, notification]);
  return null;
}

/**
 * Light/dark theme (preferredTheme in local storage, the system preference by default), the
 * whitelabel primary colours, app name and favicon, and the antd locale of the current language.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings, loaded } = usePublicSettings();
  const { i18n } = useTranslation();
  const [mode, setModeState] = useState<ThemeMode>(initialMode);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // ignore
    }
  }, []);
  const toggleMode = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  const primary = primaryColor(mode, settings, loaded);
  const appName = appNameOf(settings);
  const logo = logoOf(mode, settings);
  const language = i18n.resolvedLanguage ?? i18n.language;

  useEffect(() => setAppNameInTitle(appName), [appName]);
  useEffect(() => {
    const favicon = assetUrl(settings.appLogoFavicon);
    const link = document.querySelector<HTMLLinkElement>('link#app-favicon');
    if (link && favicon) link.href = favicon;
  }, [settings.appLogoFavicon]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  }, [mode, primary]);
  useEffect(() => {
    dayjs.locale(dayjsLocales[language] ?? 'pt-br');
  }, [language]);

  const value = useMemo<AppThemeValue>(() => ({ mode, toggleMode, setMode, primary, appName, logo }), [mode, toggleMode, setMode, primary, appName, logo]);

  return (
    <Ctx.Provider value={value}>
      <ConfigProvider
        locale={antdLocales[language] ?? ptBR}
        theme={{
          algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { colorPrimary: primary, colorLink: primary },
        }}
      >
        <AntApp message={{ duration: TOAST_SECONDS, maxCount: 4, top: 12 }} notification={{ placement: 'top', duration: TOAST_SECONDS }}>
          <ToastBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </Ctx.Provider>
  );
}

export function useAppTheme(): AppThemeValue {
  const value = useContext(Ctx);
  if (!value) throw new Error('useAppTheme must be used inside <AppThemeProvider>');
  return value;
}
