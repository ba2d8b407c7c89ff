import { z } from 'zod';

/** The tickets service's own variables. */
export const ticketsConfigShape = {
  /** Largest media file attached to a message (bytes). */
  MESSAGE_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /** Largest contacts spreadsheet accepted by the import. */
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /** Time zone of message variables (greeting, date, hour, protocol) and of day filters of the ticket list. */
  TICKETS_TIME_ZONE: z.string().min(1).refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone').default('America/Sao_Paulo'),
};
export type TicketsConfig = z.output<z.ZodObject<typeof ticketsConfigShape>>;
