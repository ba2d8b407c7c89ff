import { campaignSettingKeys, type AuthUser, type CampaignSettingsBody, type CampaignSettingsList, type CampaignSettingsValues } from '@atende/kit';
import type { CampaignsDeps } from '../deps.js';
import { campaignSettingsOf, saveCampaignSettings } from '../db/campaign-settings.repository.js';

/** The settings as GET /campaign-settings lists them: every key, in a fixed order, with its value. */
export const toSettingsList = (values: CampaignSettingsValues): CampaignSettingsList => campaignSettingKeys.map((key) => ({ key, value: values[key] }));

/** What a POST changes: `{ settings: {...} }` or the keys at the top level (both as the web may send them); top-level keys win. */
export function settingsChanges(body: CampaignSettingsBody): Partial<CampaignSettingsValues> {
  const { settings, ...top } = body;
  return { ...settings, ...Object.fromEntries(Object.entries(top).filter(([, v]) => v !== undefined)) };
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
        await saveCampaignSettings(tx, auth.companyId, settingsChanges(body));
        return toSettingsList(await campaignSettingsOf(tx, auth.companyId));
      });
    },
  };
}
