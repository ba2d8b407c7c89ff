import { z } from 'zod';
import { companiesTimeZone } from '@atende/kit';

/** The tickets service's own variables. */
export const ticketsConfigShape = {
  /** Largest media file attached to a message (bytes). */
  MESSAGE_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /** Largest contacts spreadsheet accepted by the import. */
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /** Time zone of message variables (greeting, date, hour, protocol) and of day filters of the ticket list. */
  TICKETS_TIME_ZONE: companiesTimeZone,
  /**
   * Longest life of a cached ticket-list or message-page answer (ms; 0 turns the cache off). Any change of
   * the company drops its answers at once; this only bounds what a lost event could leave stale.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How often rating requests left unanswered past their connection's expiresTicketNPS are closed (ms; 0: never). */
  RATING_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Open tickets nothing happened on for this many hours close by themselves, without a message (spec 001
   * §9: automatic ticket close, 24 hours by default; 0: never). Checked every RATING_SWEEP_MS.
   */
  HOURS_CLOSE_TICKETS_AUTO: z.coerce.number().min(0).max(24 * 365).default(24),
  /** Characters of answers the read cache holds at most (oldest dropped first). */
  READ_CACHE_SIZE: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
};
export type TicketsConfig = z.output<z.ZodObject<typeof ticketsConfigShape>>;
