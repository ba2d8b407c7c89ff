import { z } from 'zod';

/** The campaigns service's own variables (on top of the kit's cluster ones when it runs alone). */
export const campaignsConfigShape = {
  /** Largest attachment of a campaign or a schedule, and largest contact-list spreadsheet. */
  CAMPAIGN_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /** How often due schedules and campaign shipments are looked for (0: never, for tests that drive it). */
  DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
};

export type CampaignsConfig = z.output<z.ZodObject<typeof campaignsConfigShape>>;
