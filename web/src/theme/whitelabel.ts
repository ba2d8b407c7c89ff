import type { PublicSettingKey } from '@atende/kit/contracts';

/** Whitelabel defaults (spec 000 §9): light primary starts as #065183, falls back to #0000FF; dark #39ACE7. */
export const INITIAL_PRIMARY_LIGHT = '#065183';
export const FALLBACK_PRIMARY_LIGHT = '#0000FF';
export const DEFAULT_PRIMARY_DARK = '#39ACE7';
export const DEFAULT_APP_NAME = 'Atende';

export type ThemeMode = 'light' | 'dark';
export type PublicSettings = Partial<Record<PublicSettingKey, string>>;

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const isColor = (value: string | null | undefined): value is string => !!value && COLOR.test(value.trim());

/**
 * The primary colour of a mode. Before the settings were read the initial colours apply; a value
 * that was read but is empty or not a colour falls back (#0000FF light, #39ACE7 dark).
 */
export function primaryColor(mode: ThemeMode, settings: PublicSettings, loaded: boolean): string {
  const value = mode === 'dark' ? settings.primaryColorDark : settings.primaryColorLight;
  if (isColor(value)) return value.trim();
  if (mode === 'dark') return DEFAULT_PRIMARY_DARK;
  return loaded ? FALLBACK_PRIMARY_LIGHT : INITIAL_PRIMARY_LIGHT;
}

export function appNameOf(settings: PublicSettings): string {
  return settings.appName?.trim() || DEFAULT_APP_NAME;
}

/**
 * The address of an uploaded whitelabel file: absolute addresses and paths are used as they are,
 * a bare stored file name is served from /public/. Empty means none.
 */
export function assetUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^(https?:|data:|blob:)/i.test(v) || v.startsWith('/')) return v;
  return `/public/${encodeURIComponent(v)}`;
}

/** The logo of a mode: the dark logo in dark mode when there is one, else the light logo. */
export function logoOf(mode: ThemeMode, settings: PublicSettings): string | null {
  return (mode === 'dark' ? assetUrl(settings.appLogoDark) : null) ?? assetUrl(settings.appLogoLight);
}
