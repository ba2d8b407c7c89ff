import { z } from 'zod';
import { enabledDisabled, isCalendarDay, msg, numberFromText, pageNumber, searchParam } from './common.js';
import { sizedText } from './contacts.js';

/** Campaign status (spec 002 §4). */
export const campaignStatus = z.enum(['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA']);
export type CampaignStatus = z.infer<typeof campaignStatus>;

export const campaignStatusTicket = z.enum(['closed', 'pending', 'open']);

/** The campaign as the API answers it (spec 002 §3 "Campaign"); mediaPath is a signed link. */
export const campaign = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  message1: z.string().nullable(),
  message2: z.string().nullable(),
  message3: z.string().nullable(),
  message4: z.string().nullable(),
  message5: z.string().nullable(),
  confirmationMessage1: z.string().nullable(),
  confirmationMessage2: z.string().nullable(),
  confirmationMessage3: z.string().nullable(),
  confirmationMessage4: z.string().nullable(),
  confirmationMessage5: z.string().nullable(),
  status: campaignStatus,
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  contactListId: z.number().int().nullable(),
  contactList: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  whatsappId: z.number().int(),
  whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tagListId: z.number().int().nullable(),
  statusTicket: campaignStatusTicket,
  openTicket: enabledDisabled,
  userId: z.number().int().nullable(),
  /** The attendant the opened tickets go to (spec 002 §3 "user"). */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  queueId: z.number().int().nullable(),
  /** The queue of the opened tickets (spec 002 §3 "queue"); null when none or not known here. */
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

/** The report's counters (spec 002 §2 "Campaign report"). */
export const campaignReport = z.object({
  validContacts: z.number().int(),
  delivered: z.number().int(),
  confirmationRequested: z.number().int(),
  confirmed: z.number().int(),
});

/** One recipient of a campaign and where its sending stands (spec 002 §3 "shipping"). */
export const campaignShipment = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  confirmation: z.boolean(),
  deliveredAt: z.string().nullable(),
  confirmationRequestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type CampaignShipment = z.infer<typeof campaignShipment>;

/** GET /campaigns/{id}: also its list's contacts (isWhatsappValid), its recipients (shipping) and the report's counters. */
export const campaignDetail = campaign.extend({
  contactList: z
    .object({
      id: z.number().int(),
      name: z.string(),
      // Always sent here; optional so a live `campaign` (without contacts) may update a detail in place.
      contacts: z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string(), email: z.string(), isWhatsappValid: z.boolean() })).optional(),
    })
    .nullable(),
  shipping: z.array(campaignShipment),
  report: campaignReport,
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const campaignListQuery = z.object({ searchParam, pageNumber });
export const campaignListAnswer = z.object({ records: z.array(campaign), hasMore: z.boolean(), count: z.number().int() });

/** The web sends empty strings for untouched fields (spec 002 §5): they mean null. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = z.preprocess(blankToNull, z.string().max(10_000, msg.tooLong).nullable().optional());
/** An id of the body: a number, or one written as text (a form field). */
const bodyId = z.preprocess(
  numberFromText,
  z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be 1 or more').max(2_147_483_647, 'is too large'),
);
const optionalId = z.preprocess(blankToNull, bodyId.nullable().optional());

// ---- the companies' wall clock (TICKETS_TIME_ZONE): dialog times, sending windows, weekdays ----

/** A moment as the clock of a time zone reads it; weekday 0 is Sunday, 6 Saturday. */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number; millisecond: number; weekday: number };

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** What the clock of `timeZone` reads at `at`. */
export function wallClockOf(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of clockFormat(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((at.getTime() % 1000) + 1000) % 1000,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The clock's reading taken as if it were UTC, in ms (parts may overflow: day 32 is the next month's 1st). */
function utcOf(p: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; millisecond?: number }): number {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour ?? 0, p.minute ?? 0, p.second ?? 0, p.millisecond ?? 0);
  return d.getTime();
}

/** How far the clock of `timeZone` is ahead of UTC at instant `t` (ms). */
const offsetAt = (t: number, timeZone: string): number => {
  const whole = Math.floor(t / 1000) * 1000;
  return utcOf(wallClockOf(new Date(whole), timeZone)) - whole;
};

/**
 * The instant at which the clock of `timeZone` reads these parts (overflowing parts roll over, so
 * `day + 1` is the next day). A reading skipped by a daylight-saving jump is taken just after the jump.
 */
export function instantOfWallClock(
  parts: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; millisecond?: number },
  timeZone: string,
): Date {
  const asUtc = utcOf(parts);
  const t1 = asUtc - offsetAt(asUtc, timeZone);
  const t2 = asUtc - offsetAt(t1, timeZone);
  const exact = [t1, t2].filter((t) => asUtc - t === offsetAt(t, timeZone));
  return new Date(exact.length ? Math.min(...exact) : Math.max(t1, t2));
}

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const ZONED = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/i;

/** Whether a clock reading names a real moment: a day of the calendar, 00:00:00 to 23:59:59. */
const isClockReading = (day: string, hour: number, minute: number, second: number): boolean => isCalendarDay(day) && hour < 24 && minute < 60 && second < 60;

/**
 * Reads a date-time of a dialog or an integrator: 'YYYY-MM-DD[ HH:mm[:ss[.sss]]]' without a zone is that
 * reading of the companies' wall clock (`timeZone`, TICKETS_TIME_ZONE); an ISO 8601 instant with Z or an
 * offset is exact. Impossible readings (month 13, 31 April, 25:00) give an invalid Date.
 */
export function parseCompanyDateTime(s: string, timeZone: string): Date {
  const text = s.trim();
  const local = ZONELESS.exec(text);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1, 7).map((v) => Number(v ?? 0)) as number[];
    const millisecond = local[7] ? Number(local[7].padEnd(3, '0')) : 0;
    const parts = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second!, millisecond };
    return isClockReading(text.slice(0, 10), parts.hour, parts.minute, parts.second) ? instantOfWallClock(parts, timeZone) : new Date(Number.NaN);
  }
  // With a zone: the same calendar check (Date would roll 30 February over to 2 March, and 24:00 to the next day).
  const zoned = ZONED.exec(text);
  if (!zoned) return new Date(Number.NaN);
  const [day, hour, minute, second, offsetHour, offsetMinute] = zoned.slice(1, 7) as [string, string, string, string | undefined, string | undefined, string | undefined];
  if (!isClockReading(day, Number(hour), Number(minute), Number(second ?? 0))) return new Date(Number.NaN);
  if (offsetHour !== undefined && (Number(offsetHour) > 23 || Number(offsetMinute) > 59)) return new Date(Number.NaN);
  return new Date(text.replace(' ', 'T'));
}

/** 'YYYY-MM-DD HH:mm:ss' (the dialog's format, on the companies' wall clock) or an ISO 8601 instant. */
export const campaignDateTime = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(s) && !Number.isNaN(parseCompanyDateTime(s, 'UTC').getTime()), {
    message: 'must be YYYY-MM-DD HH:mm:ss',
  });

/** POST /campaigns and PUT /campaigns/{id} (spec 002 §5); the status follows scheduledAt. */
export const campaignBody = z
  .object({
    // Blank is absent (the form sends empty strings as null): 'Required', then 'Too Short!' / 'Too Long!'.
    name: sizedText(2, 50),
    message1: optionalText,
    message2: optionalText,
    message3: optionalText,
    message4: optionalText,
    message5: optionalText,
    confirmationMessage1: optionalText,
    confirmationMessage2: optionalText,
    confirmationMessage3: optionalText,
    confirmationMessage4: optionalText,
    confirmationMessage5: optionalText,
    confirmation: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(false)),
    scheduledAt: z.preprocess(blankToNull, campaignDateTime.nullable().optional()),
    contactListId: optionalId,
    tagListId: optionalId,
    // Absent, null or blank: "Required" (spec 002 §5 "The whatsapp connection is required").
    whatsappId: z.preprocess((v) => (v === undefined ? null : blankToNull(v)), bodyId.nullable()).refine((v) => v !== null, msg.required),
    statusTicket: z.preprocess(blankToNull, campaignStatusTicket.nullable().optional()),
    openTicket: z.preprocess(blankToNull, enabledDisabled.nullable().optional()),
    userId: optionalId,
    queueId: optionalId,
  })
  .superRefine((body, ctx) => {
    // User and queue count only while openTicket is enabled (spec 002 §5: disabled otherwise).
    if (body.openTicket === 'enabled' && body.userId != null && body.queueId == null) ctx.addIssue({ code: 'custom', path: ['queueId'], message: msg.required });
  });
export type CampaignBody = z.infer<typeof campaignBody>;
