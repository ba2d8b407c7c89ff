import {
  AppError,
  campaignSettingChoices,
  campaignSettingKeys,
  type AuthUser,
  type CampaignSettingsBody,
  type CampaignSettingsList,
  type CampaignSettingsValues,
  type FieldError,
} from '@atende/kit';
import type { CampaignsDeps } from '../deps.js';
import { campaignSettingsOf, saveCampaignSettings } from '../db/campaign-settings.repository.js';

/** The settings as GET /campaign-settings lists them: every key, in a fixed order, with its value. */
export const toSettingsList = (values: CampaignSettingsValues): CampaignSettingsList => campaignSettingKeys.map((key) => ({ key, value: values[key] }));

/** What a POST changes: `{ settings: {...} }` or the keys at the top level (both as the web may send them); top-level keys win. */
export function settingsChanges(body: CampaignSettingsBody): Partial<CampaignSettingsValues> {
  const { settings, ...top } = body;
  return { ...settings, ...Object.fromEntries(Object.entries(top).filter(([, v]) => v !== undefined)) };
}

/**
 * The intervals of a POST outside the screen's choices (spec 002 §9), named as the body sent them. A value
 * already saved may be sent back unchanged (the screen shows and keeps it), so saving other keys never fails on it.
 */
export function offChoiceSettings(body: CampaignSettingsBody, saved: CampaignSettingsValues): FieldError[] {
  const fields: FieldError[] = [];
  for (const key of Object.keys(campaignSettingChoices) as (keyof typeof campaignSettingChoices)[]) {
    const choices: readonly number[] = campaignSettingChoices[key];
    for (const [value, field] of [
      [body[key], key],
      [body.settings?.[key], `settings.${key}`],
    ] as const) {
      if (value === undefined || value === saved[key] || choices.includes(value)) continue;
      fields.push({ field, message: `must be one of ${choices.join(', ')}` });
    }
  }
  return fields;
}

/** Campaign settings (spec 002 §2 /campaigns-config, §3): intervals, custom variables, sending days and hours. */
export function createCampaignSettingsDesk(deps: CampaignsDeps) {
  const { db, unitOfWork } = deps;
  return {
    async list(auth: AuthUser): Promise<CampaignSettingsList> {
      return toSettingsList(await campaignSettingsOf(db, auth.companyId));
    },
    async save(auth: AuthUser, body: CampaignSettingsBody): Promise<CampaignSettingsList> {
      return unitOfWork(async (tx) => {
        const fields = offChoiceSettings(body, await campaignSettingsOf(tx, auth.companyId));
        if (fields.length) throw new AppError('ERR_VALIDATION', fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
        await saveCampaignSettings(tx, auth.companyId, settingsChanges(body));
        return toSettingsList(await campaignSettingsOf(tx, auth.companyId));
      });
    },
  };
}
