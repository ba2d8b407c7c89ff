import { z } from 'zod';
import { parseCompanyDateTime } from './campaigns.js';
import { msg, numberFromText, pageNumber } from './common.js';

/**
 * Scheduled messages (spec 002 §3 "Schedule", §4, §5, §7; spec 000 "schedule dialog"): a message to a
 * contact sent at sendAt on a connection, optionally repeated (intervalo × valorIntervalo, enviarQuantasVezes
 * times) with a business-day rule (tipoDias).
 */

export const SCHEDULES_PAGE_SIZE = 40;

export const scheduleStatus = z.enum(['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO']);
export type ScheduleStatus = z.infer<typeof scheduleStatus>;

/** 1 days, 2 weeks, 3 months, 4 minutes. */
export const scheduleInterval = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type ScheduleInterval = z.infer<typeof scheduleInterval>;
/** 4 send on any day, 5 one business day before a weekend day, 6 one business day after. */
export const scheduleDayRule = z.union([z.literal(4), z.literal(5), z.literal(6)]);
export type ScheduleDayRule = z.infer<typeof scheduleDayRule>;

export const schedule = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  body: z.string(),
  contactId: z.number().int(),
  contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }),
  userId: z.number().int().nullable(),
  whatsappId: z.number().int().nullable(),
  ticketUserId: z.number().int().nullable(),
  queueId: z.number().int().nullable(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: scheduleStatus,
  /** Why the last send failed (status ERRO). */
  error: z.string().nullable(),
  /** A signed link to the attachment. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  openTicket: z.enum(['enabled', 'disabled']),
  statusTicket: z.enum(['open', 'closed']),
  assinar: z.boolean(),
  intervalo: scheduleInterval,
  valorIntervalo: z.number().int(),
  enviarQuantasVezes: z.number().int(),
  /** Sends done so far (a repeating schedule stops at enviarQuantasVezes). */
  sentCount: z.number().int(),
  tipoDias: scheduleDayRule,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof schedule>;

// ---- building blocks ----

const blankToNull = (v: unknown) => (v === '' ? null : v);
const requiredId = (required: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : numberFromText(v)),
    z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'must be a number') }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
  );
const nullableId = z.preprocess(
  (v) => numberFromText(blankToNull(v)),
  z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large').nullable(),
);
const intIn = (min: number, max: number) =>
  z.preprocess(numberFromText, z.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be ${min} or more`).max(max, `must be ${max} or less`));
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/**
 * A moment: ISO 8601 with Z or an offset (exact), or the form's 'YYYY-MM-DD HH:mm[:ss]' without a zone,
 * which the service reads on the companies' wall clock (parseCompanyDateTime with TICKETS_TIME_ZONE).
 */
const moment = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: (issue) => (issue.input === undefined ? 'Obrigatório' : 'must be a date') })
    .max(40, 'must be a date')
    .transform((v) => v.trim())
    .refine((v) => !Number.isNaN(parseCompanyDateTime(v, 'UTC').getTime()), 'must be a date'),
);

export const SCHEDULE_BODY_MIN = 5;

const scheduleFields = {
  body: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Mensagem muito curta' : 'must be text') })
    .transform((v) => v.trim())
    .pipe(z.string().min(SCHEDULE_BODY_MIN, 'Mensagem muito curta').max(65_536, msg.tooLong)),
  contactId: requiredId('Obrigatório'),
  sendAt: moment,
  /** The connection it is sent on (one of the company's). */
  whatsappId: requiredId('Obrigatório'),
  /** The attendant the ticket is given to (and whose signature assinar adds). */
  ticketUserId: nullableId,
  queueId: nullableId,
  openTicket: z.enum(['enabled', 'disabled'], { error: 'must be enabled or disabled' }),
  statusTicket: z.enum(['open', 'closed'], { error: 'must be open or closed' }),
  assinar: flag,
  intervalo: z.preprocess(numberFromText, z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'must be 1, 2, 3 or 4' })),
  valorIntervalo: intIn(0, 10_000),
  enviarQuantasVezes: intIn(1, 10_000),
  tipoDias: z.preprocess(numberFromText, z.union([z.literal(4), z.literal(5), z.literal(6)], { error: 'must be 4, 5 or 6' })),
};

/**
 * POST /schedules: body (5+), contactId and sendAt are required (spec 002 §5); without a connection the
 * company's default one sends it; the rest has the spec's defaults.
 */
export const createScheduleBody = z.object({
  ...scheduleFields,
  whatsappId: nullableId.optional().default(null),
  ticketUserId: scheduleFields.ticketUserId.optional().default(null),
  queueId: scheduleFields.queueId.optional().default(null),
  openTicket: scheduleFields.openTicket.default('enabled'),
  statusTicket: scheduleFields.statusTicket.default('closed'),
  assinar: flag.default(false),
  intervalo: scheduleFields.intervalo.default(1),
  valorIntervalo: scheduleFields.valorIntervalo.default(0),
  enviarQuantasVezes: scheduleFields.enviarQuantasVezes.default(1),
  tipoDias: scheduleFields.tipoDias.default(4),
});
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;

/**
 * PUT /schedules/{id}: any of the fields; a sent schedule is locked. No connection (null or blank), as on
 * create: the company's default one sends it when it is due.
 */
export const updateScheduleBody = z.object({ ...scheduleFields, whatsappId: nullableId }).partial();
export type UpdateScheduleBody = z.infer<typeof updateScheduleBody>;

export const schedulesQuery = z.object({
  searchParam: z.string().trim().max(200, msg.tooLong).optional(),
  contactId: nullableId.optional(),
  pageNumber,
});
export type SchedulesQuery = z.infer<typeof schedulesQuery>;

export const schedulesPage = z.object({ schedules: z.array(schedule), count: z.number().int(), hasMore: z.boolean() });
export type SchedulesPage = z.infer<typeof schedulesPage>;
