import { instantOfWallClock, wallClockOf, type ScheduleDayRule, type ScheduleInterval } from '@atende/kit';

/**
 * Schedule rules (spec 002 §3 "Schedule", §4), pure. Dates are read on the companies' wall clock
 * (`timeZone`, TICKETS_TIME_ZONE), where "Saturday", "the 31st" and "09:00 every day" are meant.
 */

/** Not sent until sentAt is set; once sent it is locked (no edit, no attachment). */
export const isLocked = (schedule: { sentAt: Date | null }): boolean => schedule.sentAt !== null;

/** The same time of day `days` days later on the wall clock. */
const addDays = (date: Date, days: number, timeZone: string): Date => {
  const clock = wallClockOf(date, timeZone);
  return instantOfWallClock({ ...clock, day: clock.day + days }, timeZone);
};

/** Adds months keeping the day and the time, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
const addMonths = (date: Date, months: number, timeZone: string): Date => {
  const clock = wallClockOf(date, timeZone);
  const first = new Date(Date.UTC(2000, 0, 1));
  first.setUTCFullYear(clock.year, clock.month - 1 + months, 1);
  const last = new Date(Date.UTC(2000, 0, 1));
  last.setUTCFullYear(first.getUTCFullYear(), first.getUTCMonth() + 1, 0);
  return instantOfWallClock(
    { ...clock, year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(clock.day, last.getUTCDate()) },
    timeZone,
  );
};

/** `amount` units of intervalo (1 days, 2 weeks, 3 months, 4 minutes) after `date`, on the wall clock of `timeZone`. */
export function addInterval(date: Date, intervalo: ScheduleInterval, amount: number, timeZone: string): Date {
  switch (intervalo) {
    case 1:
      return addDays(date, amount, timeZone);
    case 2:
      return addDays(date, amount * 7, timeZone);
    case 3:
      return addMonths(date, amount, timeZone);
    case 4:
      return new Date(date.getTime() + amount * 60_000);
  }
}

/**
 * tipoDias on a weekend day (of the wall clock of `timeZone`): 4 keeps it, 5 moves it to the Friday before,
 * 6 to the Monday after (business days: Monday–Friday).
 */
export function shiftToBusinessDay(date: Date, tipoDias: ScheduleDayRule, timeZone: string): Date {
  if (tipoDias === 4) return date;
  const weekday = wallClockOf(date, timeZone).weekday;
  if (weekday !== 0 && weekday !== 6) return date;
  if (tipoDias === 5) return addDays(date, weekday === 6 ? -1 : -2, timeZone);
  return addDays(date, weekday === 6 ? 2 : 1, timeZone);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The longest one unit of intervalo lasts (a daylight-saving change adds an hour; the longest month has 31 days). */
const MAX_STEP_MS: Record<ScheduleInterval, number> = { 1: DAY_MS + HOUR_MS, 2: 7 * DAY_MS + HOUR_MS, 3: 31 * DAY_MS + HOUR_MS, 4: 60_000 };

export type Repetition = {
  /** The first send as chosen; occurrences are counted from it so shifts and short months do not drift. */
  anchorAt: Date;
  intervalo: ScheduleInterval;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: ScheduleDayRule;
};

/**
 * When a schedule sends next after having sent `sentCount` times, the last at `after`; null when it is done
 * (no repetition, or enviarQuantasVezes reached). An occurrence that a business-day shift puts at or before
 * `after` is skipped, so the same day never gets the message twice.
 */
export function nextSendAt(repetition: Repetition, sentCount: number, after: Date, timeZone: string): Date | null {
  if (repetition.valorIntervalo <= 0 || sentCount >= repetition.enviarQuantasVezes) return null;
  // Occurrences surely at or before `after` are skipped without being computed: one interval is at most
  // MAX_STEP_MS long on any clock, and a business-day shift moves an occurrence at most 2 days later.
  const behind = after.getTime() - repetition.anchorAt.getTime() - 2 * DAY_MS;
  const first = Math.max(1, Math.floor(behind / (MAX_STEP_MS[repetition.intervalo] * repetition.valorIntervalo)));
  // Bounded: enough occurrences for the largest count the API admits, plus the skipped ones.
  for (let k = first; k < first + 100_000; k++) {
    const candidate = shiftToBusinessDay(addInterval(repetition.anchorAt, repetition.intervalo, repetition.valorIntervalo * k, timeZone), repetition.tipoDias, timeZone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  return null;
}

/** What a schedule's timing is made of: the time chosen (anchorAt), the next send (sendAt) and the repetition. */
export type ScheduleTiming = Omit<Repetition, 'anchorAt'> & { anchorAt: Date; sendAt: Date; sentCount: number };

/**
 * The first send of a schedule: the time chosen, moved off a weekend day by tipoDias like every later send
 * (spec 002 §3). It is what sendAt stores, so the list shows when the message really goes; anchorAt keeps the
 * time chosen, from which the repetitions count.
 */
export const firstSendAt = (chosen: Date, tipoDias: ScheduleDayRule, timeZone: string): Date => shiftToBusinessDay(chosen, tipoDias, timeZone);

/**
 * sendAt and anchorAt after an edit, `finished` when a repeating schedule has nothing left to send, or null
 * when the timing stays. A time other than the one shown (sendAt) starts the schedule over from it; the dialog
 * sends back the time it shows, which keeps the time chosen first. A new tipoDias moves the pending send: the
 * first one from the time chosen, a repetition to the next occurrence after `now`. So does a new repetition
 * (intervalo, valorIntervalo, enviarQuantasVezes; `current` carries the new one) once the schedule has sent:
 * its pending send follows the new cadence, and a count already reached ends it.
 */
export function timingAfterEdit(
  current: ScheduleTiming,
  edit: { sendAt?: Date; tipoDias?: ScheduleDayRule; repetitionChanged?: boolean },
  now: Date,
  timeZone: string,
): { sendAt: Date; anchorAt: Date } | { finished: true } | null {
  const tipoDias = edit.tipoDias ?? current.tipoDias;
  if (edit.sendAt !== undefined && edit.sendAt.getTime() !== current.sendAt.getTime()) {
    return { anchorAt: edit.sendAt, sendAt: firstSendAt(edit.sendAt, tipoDias, timeZone) };
  }
  if (current.sentCount === 0) {
    // Before the first send only the day rule moves it; the repetition counts from it later.
    return tipoDias === current.tipoDias ? null : { anchorAt: current.anchorAt, sendAt: firstSendAt(current.anchorAt, tipoDias, timeZone) };
  }
  if (tipoDias === current.tipoDias && !edit.repetitionChanged) return null;
  const next = nextSendAt({ ...current, tipoDias }, current.sentCount, now, timeZone);
  return next ? { anchorAt: current.anchorAt, sendAt: next } : { finished: true };
}

/** What tickets is asked for a schedule: the ticket goes to the chosen attendant/queue unless tickets are not opened. */
export function sendOptions(schedule: { openTicket: string; statusTicket: string; ticketUserId: number | null; queueId: number | null; assinar: boolean }) {
  const opens = schedule.openTicket === 'enabled';
  return {
    userId: opens ? schedule.ticketUserId : null,
    queueId: opens ? schedule.queueId : null,
    sendSignature: schedule.assinar,
    closeTicket: !opens || schedule.statusTicket === 'closed',
    // A conversation already under way with the contact is never ended by a schedule.
    closeOnlyOpened: true,
  };
}
