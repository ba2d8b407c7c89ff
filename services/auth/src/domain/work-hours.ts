import { AppError } from '@atende/kit';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight of `now` on the wall clock of `timeZone`. */
export function minuteOfDay(now: Date, timeZone: string): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether `now` falls in a user's work hours (startWork..endWork, both minutes included, so the
 * default 00:00–23:59 is the whole day). A start after the end is a night shift crossing midnight.
 */
export function withinWorkHours(hours: { startWork: string; endWork: string }, now: Date, timeZone: string): boolean {
  const minute = minuteOfDay(now, timeZone);
  const start = minutesOf(hours.startWork);
  const end = minutesOf(hours.endWork);
  return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
}

/**
 * Login outside the user's work hours is refused (ERR_OUT_OF_HOURS). Super users are exempt: the
 * platform's operators must always reach the console.
 */
export function assertWithinWorkHours(user: { startWork: string; endWork: string; super: boolean }, now: Date, timeZone: string): void {
  if (user.super) return;
  if (!withinWorkHours(user, now, timeZone)) throw outOfHours(user);
}

/** ERR_OUT_OF_HOURS naming the user's hours. */
export const outOfHours = (hours: { startWork: string; endWork: string }): AppError =>
  new AppError('ERR_OUT_OF_HOURS', `Outside working hours (${hours.startWork}–${hours.endWork})`);
