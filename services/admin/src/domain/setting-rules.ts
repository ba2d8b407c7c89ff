import { settingCatalogue, settingKeys, type Setting, type SettingKey, type SettingRule } from '@atende/kit';

/** Company 1 holds the platform's values of the super-only keys (whitelabel, userCreation). */
export const MAIN_COMPANY_ID = 1;

const entry = (key: SettingKey): SettingRule => settingCatalogue[key];

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(settingCatalogue, key);
}

export const isSuperOnly = (key: SettingKey): boolean => entry(key).superOnly === true;
export const isSecret = (key: SettingKey): boolean => entry(key).secret === true;
/** Platform-wide keys live on company 1 whoever reads them. */
export const ownerCompany = (key: SettingKey, companyId: number): number => (isSuperOnly(key) ? MAIN_COMPANY_ID : companyId);

const isWebAddress = (v: string): boolean => {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && v.length <= 2000;
  } catch {
    return false;
  }
};

/** Why a value cannot be stored under a key, or null when it can. */
export function settingValueError(key: SettingKey, value: string): string | null {
  const rule = entry(key);
  if (rule.values && !rule.values.includes(value)) return `must be one of: ${rule.values.join(', ')}`;
  if (rule.color && !/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value)) return 'must be a colour like #065183';
  if (rule.secret && value.length > 300) return 'is too long';
  if (rule.required && value.trim() === '') return 'Obrigatório';
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return `is too long (at most ${rule.maxLength} characters)`;
  if (rule.link && value.trim() !== '' && !isWebAddress(value.trim())) return 'must be an http(s) address';
  if (rule.asset && value.trim() !== '' && !isWebAddress(value.trim()) && !/^[\w-][\w.-]{0,199}$/.test(value.trim())) return 'must be an http(s) address or an uploaded file name';
  return null;
}

/** API keys are never answered in clear: only whether one is set and its last four characters. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return `••••••••${value.length > 8 ? value.slice(-4) : ''}`;
}

/** A masked value sent back unchanged by a form means "keep the stored key". */
export const isMaskedEcho = (value: string): boolean => value.startsWith('••••••••');

export type StoredSetting = { key: string; value: string; updatedAt: Date };

/** Every catalogue key with its stored value or its default, as a company reads them. */
export function effectiveSettings(
  companyId: number,
  own: StoredSetting[],
  platform: StoredSetting[],
  options: { includeSuperOnly: boolean; reveal?: boolean },
): Setting[] {
  const ownByKey = new Map(own.map((s) => [s.key, s]));
  const platformByKey = new Map(platform.map((s) => [s.key, s]));
  const epoch = new Date(0).toISOString();
  return settingKeys
    .filter((key) => options.includeSuperOnly || !isSuperOnly(key))
    .map((key) => {
      const stored = isSuperOnly(key) ? platformByKey.get(key) : ownByKey.get(key);
      const raw = stored?.value ?? entry(key).default;
      const value = isSecret(key) && !options.reveal ? maskSecret(raw) : raw;
      return { key, value, companyId: isSuperOnly(key) ? MAIN_COMPANY_ID : companyId, updatedAt: stored?.updatedAt.toISOString() ?? epoch };
    });
}

/** The value a reader sees for one key (masked when secret). */
export function visibleValue(key: SettingKey, stored: string | undefined): string {
  const raw = stored ?? entry(key).default;
  return isSecret(key) ? maskSecret(raw) : raw;
}

export const defaultValue = (key: SettingKey): string => entry(key).default;
