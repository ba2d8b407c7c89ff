import dayjs, { type Dayjs } from 'dayjs';
import type { Schedule, ScheduleBody } from '../../api/schedules';

/** Attachments a schedule accepts (spec 000 line 259). */
export const SCHEDULE_ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.pdf,.xls,.xlsx,.gif';
export function isScheduleAttachment(fileName: string): boolean {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return SCHEDULE_ATTACHMENT_ACCEPT.split(',').includes(`.${ext}`);
}

export const INTERVALS = [1, 2, 3, 4] as const; // days, weeks, months, minutes
export const DAY_TYPES = [4, 5, 6] as const; // normal, one business day before, one after

export type ScheduleFormValues = {
  contactId: number | null;
  body: string;
  whatsappId: number | null;
  sendAt: Dayjs | null;
  openTicket: 'enabled' | 'disabled';
  statusTicket: 'closed' | 'open';
  ticketUserId: number | null;
  queueId: number | null;
  assinar: boolean;
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
};

/** The dialog's values: a schedule's own, or the defaults (sendAt one hour from now, spec 002 §3). */
export function scheduleFormValues(schedule: Schedule | null, now: Date = new Date(), contactId: number | null = null): ScheduleFormValues {
  return {
    contactId: schedule?.contactId ?? contactId,
    body: schedule?.body ?? '',
    whatsappId: schedule?.whatsappId ?? null,
    sendAt: schedule?.sendAt ? dayjs(schedule.sendAt) : dayjs(now).add(1, 'hour'),
    openTicket: schedule?.openTicket ?? 'enabled',
    statusTicket: schedule?.statusTicket ?? 'closed',
    ticketUserId: schedule?.ticketUserId ?? null,
    queueId: schedule?.queueId ?? null,
    assinar: schedule?.assinar ?? false,
    intervalo: schedule?.intervalo ?? 1,
    valorIntervalo: schedule?.valorIntervalo ?? 0,
    enviarQuantasVezes: schedule?.enviarQuantasVezes ?? 1,
    tipoDias: schedule?.tipoDias ?? 4,
  };
}

/** Keys of schedules:validation.* per failing field (spec 002 §5). */
export type ScheduleProblems = Partial<Record<'body' | 'contactId' | 'sendAt', 'tooShort' | 'required'>>;
export const SCHEDULE_BODY_MIN = 5;

/** Spec 002 §5: body (5+), contact and sendAt. The connection is optional: without one the service picks the company's default. */
export function scheduleProblems(values: Pick<ScheduleFormValues, 'body' | 'contactId' | 'sendAt'>): ScheduleProblems {
  const problems: ScheduleProblems = {};
  if ((values.body ?? '').trim().length < SCHEDULE_BODY_MIN) problems.body = 'tooShort';
  if (!values.contactId) problems.contactId = 'required';
  if (!values.sendAt || !values.sendAt.isValid()) problems.sendAt = 'required';
  return problems;
}

/** The request body; no connection chosen means none is sent (the service then sends on the company's default). */
export function toScheduleBody(values: ScheduleFormValues): ScheduleBody {
  return {
    body: values.body,
    contactId: values.contactId as number,
    sendAt: (values.sendAt as Dayjs).toISOString(),
    ...(values.whatsappId ? { whatsappId: values.whatsappId } : {}),
    openTicket: values.openTicket,
    statusTicket: values.statusTicket,
    ticketUserId: values.ticketUserId ?? null,
    queueId: values.queueId ?? null,
    assinar: !!values.assinar,
    intervalo: Number(values.intervalo) as ScheduleBody['intervalo'],
    valorIntervalo: Number(values.valorIntervalo) || 0,
    enviarQuantasVezes: Math.max(1, Number(values.enviarQuantasVezes) || 1),
    tipoDias: Number(values.tipoDias) as ScheduleBody['tipoDias'],
  };
}

/** A sent schedule (sentAt set) is locked: no edit, no attachment. */
export function isScheduleLocked(schedule: Pick<Schedule, 'sentAt'> | null): boolean {
  return !!schedule?.sentAt;
}

/** The status as shown: ERRO is a send error; a sent one is sent; otherwise pending. */
export type ScheduleState = 'error' | 'sent' | 'pending';
export function scheduleState(schedule: Pick<Schedule, 'status' | 'sentAt'>): ScheduleState {
  if ((schedule.status ?? '').toUpperCase() === 'ERRO') return 'error';
  if (schedule.sentAt) return 'sent';
  return 'pending';
}

/** ?contactId=12 → 12 (the add dialog opens prefilled); anything else → null. */
export function contactIdParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('contactId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

export function scheduleMatches(schedule: Schedule, search: string): boolean {
  const s = search.trim().toLowerCase();
  if (!s) return true;
  return [schedule.body, schedule.contact?.name, schedule.contact?.number].some((f) => (f ?? '').toLowerCase().includes(s));
}

/** company-{companyId}-schedule carries {action, schedule} or {action: 'delete', scheduleId}. */
export const SCHEDULE_EVENT_KEYS = { record: 'schedule', id: 'scheduleId' };
