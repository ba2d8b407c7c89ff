import { z } from 'zod';
import { companiesTimeZone } from '@atende/kit';

/** The campaigns service's own variables (on top of the kit's cluster ones when it runs alone). */
export const campaignsConfigShape = {
  /** Largest attachment of a campaign or a schedule, and largest contact-list spreadsheet. */
  CAMPAIGN_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /** How often due schedules and campaign shipments are looked for (0: never, for tests that drive it). */
  DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * The companies' wall clock, as tickets, channels and auth read it: a dialog's zone-less scheduledAt or
   * sendAt, the campaigns' sending window (startHour/endHour, sabado/domingo) and a schedule's weekdays.
   */
  TICKETS_TIME_ZONE: companiesTimeZone,
};

export type CampaignsConfig = z.output<z.ZodObject<typeof campaignsConfigShape>>;
