import { eq, sql } from 'drizzle-orm';
import { campaignSettingDefaults, campaignSettingsValues, type CampaignSettingKey, type CampaignSettingsValues } from '@atende/kit';
import type { CampaignsDb } from '../deps.js';
import { campaignSettings } from './contact-lists.schema.js';

/**
 * A company's campaign settings, every key filled: a value never saved (or one no longer valid) reads
 * as its default. The campaign runner reads its intervals and sending window here.
 */
export async function campaignSettingsOf(db: CampaignsDb, companyId: number): Promise<CampaignSettingsValues> {
  const rows = await db.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const values: Record<string, unknown> = { ...campaignSettingDefaults };
  const shape = campaignSettingsValues.shape;
  for (const row of rows) {
    if (!(row.key in shape)) continue;
    const parsed = shape[row.key as CampaignSettingKey].safeParse(row.value);
    if (parsed.success) values[row.key] = parsed.data;
  }
  return values as CampaignSettingsValues;
}

/** Saves the given keys (others untouched). */
export async function saveCampaignSettings(db: CampaignsDb, companyId: number, values: Partial<CampaignSettingsValues>): Promise<void> {
  const rows = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ companyId, key, value }));
  if (rows.length === 0) return;
  await db
    .insert(campaignSettings)
    .values(rows)
    .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}
