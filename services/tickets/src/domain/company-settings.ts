import { isSettingOn, settingValue, type SettingKey } from '@atende/kit';

/** A company's settings (admin service) with the catalogue defaults for keys never saved. Pure. */
export type CompanySettings = {
  value(key: SettingKey): string;
  /** 'enabled' or 'true' (closeTicketOnTransfer and showNotificationPending are booleans as text). */
  on(key: SettingKey): boolean;
};

export function companySettings(entries: readonly { key: string; value: string }[] | null | undefined): CompanySettings {
  const value = (key: SettingKey) => settingValue(entries, key);
  return {
    value,
    on: (key) => isSettingOn(value(key)),
  };
}
