import { normalizeContactNumber } from './contacts.js';
import { z } from 'zod';
import { weekdaySchedule, weekdaySchedulesInput } from './admin.js';
import { wallClockOf } from './campaigns.js';
import { forCompany, id, msg, numberFromText, wholeNumber } from './common.js';
import { channel, queueSummary } from './tickets.js';

/**
 * Connections and sessions as the channels service answers them (spec 001 "Connection (whatsapp)",
 * "Session update", "Connections and sessions"; spec 000 §7 GET /whatsapp). The bus projection that
 * tickets keeps is the smaller `connection` of ./channels.ts.
 */

/** Session status of a connection (spec 001 §4): the problem states drive the menu's warning badge. */
export const sessionStatus = z.enum(['qrcode', 'DISCONNECTED', 'OPENING', 'CONNECTED', 'PAIRING', 'TIMEOUT']);
export type SessionStatus = z.infer<typeof sessionStatus>;
/** States the menu warns about (spec 000 §6). */
export const problemStatuses: readonly SessionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** Connection token: 30 random alphanumeric characters (spec 001 §9). */
export const CONNECTION_TOKEN_LENGTH = 30;
/** Default shifts of a connection's schedule (spec 001 §9). */
export const defaultConnectionSchedules = (): z.infer<typeof weekdaySchedule>[] =>
  [
    ['Segunda-feira', 'monday'],
    ['Terça-feira', 'tuesday'],
    ['Quarta-feira', 'wednesday'],
    ['Quinta-feira', 'thursday'],
    ['Sexta-feira', 'friday'],
    ['Sábado', 'saturday'],
    ['Domingo', 'sunday'],
  ].map(([weekday, weekdayEn]) => ({ weekday: weekday!, weekdayEn: weekdayEn!, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }));

/** Collective-vacation dates go back at most this many calendar days (spec 001 §5, §9). */
export const VACATION_DAYS_BACK = 10;
/** Why the server refuses an older vacation date (400 ERR_VALIDATION on the field); the web reads it as its own check. */
export const VACATION_TOO_OLD_MESSAGE = `Must not be more than ${VACATION_DAYS_BACK} days ago`;

/** The calendar day `at` falls on, on the clock of `timeZone` (the runtime's own clock when left out), as a day count. */
function calendarDayNumber(at: Date, timeZone: string | undefined): number {
  if (Number.isNaN(at.getTime())) return Number.NaN;
  const c = timeZone ? wallClockOf(at, timeZone) : { year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() };
  const day = new Date(0);
  day.setUTCFullYear(c.year, c.month - 1, c.day);
  return Math.round(day.getTime() / 86_400_000);
}

/**
 * Whether a collective-vacation start or end may be saved at `now` (spec 001 §5 "no earlier than 10 days
 * ago"), by calendar day: its day is on or after the day 10 days before today, whatever its time of day
 * (a date picker fills in the time it was opened). Days are read on the clock of `timeZone`: the server
 * passes the companies' wall clock (TICKETS_TIME_ZONE); the web leaves it out, so the browser's own clock
 * (the days its picker shows) is used. An invalid date is not allowed.
 */
export function isVacationDateAllowed(date: Date, now: Date, timeZone?: string): boolean {
  return calendarDayNumber(date, timeZone) >= calendarDayNumber(now, timeZone) - VACATION_DAYS_BACK;
}

const minutes = wholeNumber(0, 525_600);
const optionalId = id.nullable();
/** A date-time as the web's pickers send it (ISO 8601); empty is no date. */
const dateTime = z.union([
  z.literal('').transform(() => null),
  z.null(),
  z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date'),
]);

/** The connection as GET /whatsapp and the socket's company-{id}-whatsapp carry it. */
export const whatsappConnection = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  channel,
  number: z.string(),
  status: sessionStatus,
  /** The QR code text while status is qrcode (empty otherwise). */
  qrcode: z.string(),
  retries: z.number().int(),
  isDefault: z.boolean(),
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['enabled', 'disabled']),
  importOldMessages: z.string().nullable(),
  importRecentMessages: z.string().nullable(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: z.number().int().nullable(),
  statusImportMessages: z.string().nullable(),
  token: z.string(),
  queues: z.array(queueSummary),
  queueIds: z.array(z.number().int()),
  integrationId: z.number().int().nullable(),
  promptId: z.number().int().nullable(),
  sendIdQueue: z.number().int().nullable(),
  timeSendQueue: z.number().int(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  collectiveVacationMessage: z.string(),
  collectiveVacationStart: z.string().nullable(),
  collectiveVacationEnd: z.string().nullable(),
  greetingMediaAttachment: z.string().nullable(),
  /** The greeting media's file name as uploaded (the link carries a stored key). */
  greetingMediaName: z.string().nullable(),
  timeCreateNewTicket: z.number().int(),
  maxUseBotQueues: z.number().int(),
  timeUseBotQueues: z.number().int(),
  provider: z.string(),
  expiresTicket: z.number().int(),
  whenExpiresTicket: z.enum(['0', '1']),
  expiresInactiveMessage: z.string(),
  timeInactiveMessage: z.number().int(),
  inactiveMessage: z.string(),
  ratingMessage: z.string(),
  maxUseBotQueuesNPS: z.number().int(),
  expiresTicketNPS: z.number().int(),
  schedules: z.array(weekdaySchedule),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WhatsappConnection = z.infer<typeof whatsappConnection>;

/**
 * POST /whatsapp and PUT /whatsapp/{id}: the editor's fields (spec 001 §3, §5). On PUT every field is
 * optional; the cross-field rules of spec 001 §5 are checked on the merged connection (channels domain).
 */
export const connectionBody = z.object({
  name: z.string().trim().min(2, 'Nome muito curto').max(50, 'Nome muito longo'),
  channel: channel.default('whatsapp'),
  isDefault: z.boolean().default(false),
  allowGroup: z.boolean().default(false),
  groupAsTicket: z.enum(['enabled', 'disabled']).default('disabled'),
  importOldMessages: dateTime.default(null),
  importRecentMessages: dateTime.default(null),
  importOldMessagesGroups: z.boolean().default(false),
  closedTicketsPostImported: z.boolean().default(false),
  queueIdImportMessages: optionalId.default(null),
  queueIds: z.array(id).max(200).default([]),
  integrationId: optionalId.default(null),
  promptId: optionalId.default(null),
  sendIdQueue: optionalId.default(null),
  timeSendQueue: minutes.default(0),
  greetingMessage: z.string().max(10_000).default(''),
  complationMessage: z.string().max(10_000).default(''),
  outOfHoursMessage: z.string().max(10_000).default(''),
  collectiveVacationMessage: z.string().max(10_000).default(''),
  collectiveVacationStart: dateTime.default(null),
  collectiveVacationEnd: dateTime.default(null),
  timeCreateNewTicket: minutes.default(0),
  maxUseBotQueues: wholeNumber(0, 1000).default(3),
  timeUseBotQueues: minutes.default(0),
  provider: z.string().max(50).default('beta'),
  expiresTicket: minutes.default(0),
  /** 0: close at the last message of option 1, 1: of option 2; forms send text, integrators often a number. */
  whenExpiresTicket: z
    .union([z.enum(['0', '1']), z.literal(0), z.literal(1)], { error: 'must be 0 or 1' })
    .transform((v) => String(v) as '0' | '1')
    .default('0'),
  expiresInactiveMessage: z.string().max(10_000).default(''),
  timeInactiveMessage: minutes.default(0),
  inactiveMessage: z.string().max(10_000).default(''),
  ratingMessage: z.string().max(10_000).default(''),
  maxUseBotQueuesNPS: wholeNumber(1, 1000).default(3),
  expiresTicketNPS: minutes.default(0),
  schedules: weekdaySchedulesInput.optional(),
  /**
   * A new token the editor generated (its regenerate button sets the field before saving): 30 letters or
   * digits, unique; '' leaves the token as it is. `regenerateToken` asks the server to draw one instead.
   */
  token: z.union([z.literal(''), z.string().regex(new RegExp(`^[A-Za-z0-9]{${CONNECTION_TOKEN_LENGTH}}$`), `must be ${CONNECTION_TOKEN_LENGTH} letters or digits`)]).optional(),
  regenerateToken: z.boolean().optional(),
});
export type ConnectionBody = z.infer<typeof connectionBody>;
/** POST /whatsapp: the editor's fields and, for super users, the company. */
export const newConnectionBody = connectionBody.extend(forCompany.shape);
export type NewConnectionBody = z.infer<typeof newConnectionBody>;
/** Every field optional and without its default: a PUT changes only what it sends (`.partial()` would keep the defaults). */
const withoutDefaults = <S extends z.ZodRawShape>(shape: S) =>
  z.object(
    Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema instanceof z.ZodDefault ? schema.unwrap() : schema)])) as {
      [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer T> ? T : S[K]>;
    },
  );
export const updateConnectionBody = withoutDefaults(connectionBody.shape);
export type UpdateConnectionBody = z.infer<typeof updateConnectionBody>;

/** GET /whatsapp, /whatsapp/all, /whatsapp-admin/{id}, /whatsapp/filter query. */
export const connectionListQuery = z.object({
  /** 0: without the session's QR code and token-free fields load (the web passes 0 for lists). */
  session: z.preprocess(numberFromText, z.number({ error: 'must be 0 or 1' }).int('must be 0 or 1').min(0, 'must be 0 or 1').max(1, 'must be 0 or 1')).optional(),
  channel: channel.optional(),
});

/** company-{id}-whatsappSession's session (spec 001 "Session update"). */
export const sessionUpdate = z.object({ id: z.number().int(), status: sessionStatus, qrcode: z.string(), retries: z.number().int(), updatedAt: z.string() });
export type SessionUpdate = z.infer<typeof sessionUpdate>;

/**
 * The history import's statusImportMessages (spec 001 §3): a time in milliseconds (as text) while the
 * history WhatsApp sends on pairing is gathered (the screen shows 'preparing' for IMPORT_PREPARING_MS
 * from it), then these. `closeTickets`: finished, its tickets wait for the close-imported button.
 */
export const importStatus = { running: 'Running', closeTickets: 'renderButtonCloseTickets', finished: 'Finished' } as const;
/** How long the screen shows an import as preparing after it started (spec 001 §9: 35 seconds). */
export const IMPORT_PREPARING_MS = 35_000;

/** Import progress (spec 001 §3): messages handed on (`this`; -1 while preparing), of `all`, and the time of the last one. */
export const importProgress = z.object({ this: z.number().int().min(-1), all: z.number().int().min(-1), date: z.string().nullable() });
export type ImportProgress = z.infer<typeof importProgress>;
/** importMessages-{companyId} (spec 001 §4): `update` sets a connection's progress; `refresh` ends it (the list reloads). */
export const importMessagesEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), connectionId: z.number().int(), status: importProgress }),
  z.object({ action: z.literal('refresh'), connectionId: z.number().int() }),
]);
export type ImportMessagesEvent = z.infer<typeof importMessagesEvent>;
/** POST /closedimported/{id}: how many imported tickets were closed. */
export const closedImportedAnswer = z.object({ closed: z.number().int().nonnegative() });

/** GET /whatsapp/all/counts for the super user's all-connections page: per company counts. */
export const connectionCounts = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  connected: z.number().int(),
  disconnected: z.number().int(),
  total: z.number().int(),
});

/**
 * POST /api/messages/send (spec 001 "Messages API"): bearer token of the connection. Multipart adds
 * `medias` files (the body is then each file's caption).
 */
export const apiSendBody = z.object({
  // Integrators send it as text or as a JSON number: country code, area code and number. A mask typed around
  // it (+55 (11) 9…) is dropped; anything else (letters, a group's address) is not a number to send to.
  number: z
    .union([z.string(), z.number().int().nonnegative()], { error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : 'must be the number as text or digits') })
    .transform((s) => normalizeContactNumber(String(s)))
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: msg.required });
      else if (!/^\d*$/.test(v)) ctx.addIssue({ code: 'custom', message: 'must be digits only: country code, area code and number' });
      else if (v.length < 8 || v.length > 50) ctx.addIssue({ code: 'custom', message: 'Número inválido' });
    }),
  body: z.string().max(65_536).default(''),
  // Each its own id schema: the API document drops a schema's second use inside a union (queueId showed as '' only).
  userId: z.union([id.describe('A user of the company'), z.literal('').transform(() => null), z.null()]).optional(),
  queueId: z.union([id.describe('A queue of the company'), z.literal('').transform(() => null), z.null()]).optional(),
  sendSignature: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]).optional(),
  closeTicket: z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]).optional(),
});
export type ApiSendBody = z.infer<typeof apiSendBody>;
