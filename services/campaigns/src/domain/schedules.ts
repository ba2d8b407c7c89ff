import type { ScheduleDayRule, ScheduleInterval } from '@atende/kit';

/**
 * Schedule rules (spec 002 §3 "Schedule", §4), pure. Dates are read in the server's local time, where
 * "Saturday" and "the 31st" are meant.
 */

/** Not sent until sentAt is set; once sent it is locked (no edit, no attachment). */
export const isLocked = (schedule: { sentAt: Date | null }): boolean => schedule.sentAt !== null;

const addDays = (date: Date, days: number): Date => {
  const next = new Date(date.getTime());
  next.setDate(next.getDate() + days);
  return next;
};

/** Adds months keeping the day, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
const addMonths = (date: Date, months: number): Date => {
  const next = new Date(date.getTime());
  const day = date.getDate();
  next.setDate(1);
  next.setMonth(next.getMonth() + months);
  const last = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(day, last));
  return next;
};

/** `amount` units of intervalo (1 days, 2 weeks, 3 months, 4 minutes) after `date`. */
export function addInterval(date: Date, intervalo: ScheduleInterval, amount: number): Date {
  switch (intervalo) {
    case 1:
      return addDays(date, amount);
    case 2:
      return addDays(date, amount * 7);
    case 3:
      return addMonths(date, amount);
    case 4:
      return new Date(date.getTime() + amount * 60_000);
  }
}

/** tipoDias on a weekend day: 4 keeps it, 5 moves it to the Friday before, 6 to the Monday after (business days: Monday–Friday). */
export function shiftToBusinessDay(date: Date, tipoDias: ScheduleDayRule): Date {
  const weekday = date.getDay();
  if (tipoDias === 4 || (weekday !== 0 && weekday !== 6)) return date;
  if (tipoDias === 5) return addDays(date, weekday === 6 ? -1 : -2);
  return addDays(date, weekday === 6 ? 2 : 1);
}

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
export function nextSendAt(repetition: Repetition, sentCount: number, after: Date): Date | null {
  if (repetition.valorIntervalo <= 0 || sentCount >= repetition.enviarQuantasVezes) return null;
  // Bounded: enough occurrences for the largest count the API admits, plus the skipped ones.
  for (let k = 1; k <= 100_000; k++) {
    const candidate = shiftToBusinessDay(addInterval(repetition.anchorAt, repetition.intervalo, repetition.valorIntervalo * k), repetition.tipoDias);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  return null;
}

/** What tickets is asked for a schedule: the ticket goes to the chosen attendant/queue unless tickets are not opened. */
export function sendOptions(schedule: { openTicket: string; statusTicket: string; ticketUserId: number | null; queueId: number | null; assinar: boolean }) {
  const opens = schedule.openTicket === 'enabled';
  return {
    userId: opens ? schedule.ticketUserId : null,
    queueId: opens ? schedule.queueId : null,
    sendSignature: schedule.assinar,
    closeTicket: !opens || schedule.statusTicket === 'closed',
  };
}
