import type { WeekdaySchedule } from '@atende/kit';
import { clockParts, dayIn } from './variables.js';

/**
 * The chatbot's text menus (spec 000/001: queues with chatbot menus), pure: the menu a contact
 * receives, how their reply is read, and whether a schedule is open at a moment.
 */

/** What a contact types to go back one level (or to the queue menu). */
export const BACK_KEY = '#';
export const BACK_LABEL = 'Voltar ao menu anterior';

/** The greeting, then one numbered line per option (`*1* - Suporte`), then the way back when there is one. */
export function menuText(greeting: string, options: readonly { name: string }[], back = false): string {
  const lines = options.map((o, i) => `*${i + 1}* - ${o.name}`);
  if (back) lines.push(`*${BACK_KEY}* - ${BACK_LABEL}`);
  return [greeting.trim(), lines.join('\n')].filter(Boolean).join('\n\n');
}

export type Choice = { kind: 'option'; index: number } | { kind: 'back' };

/** A reply as a menu choice: its number (1..count, spaces, a trailing dot or ')' allowed) or the back key; anything else is none. */
export function parseChoice(body: string, count: number): Choice | null {
  const text = body.trim().replace(/^\*+|\*+$/g, '').trim();
  if (text === BACK_KEY) return { kind: 'back' };
  const match = /^(\d{1,3})\s*[.)-]?$/.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= count ? { kind: 'option', index: n - 1 } : null;
}

/**
 * Whether the chatbot may send a menu again to a contact whose answer matched nothing: not once it has
 * repeated it the connection's maxUseBotQueues times (0: no limit), nor within timeUseBotQueues minutes
 * of the last menu (0: no wait). Otherwise the ticket waits silently for an attendant.
 */
export function mayRepeatMenu(input: { repeats: number; maxRepeats: number; lastMenuAt: Date | null; waitMinutes: number; now: Date }): boolean {
  if (input.maxRepeats > 0 && input.repeats >= input.maxRepeats) return false;
  if (input.waitMinutes > 0 && input.lastMenuAt && input.now.getTime() - input.lastMenuAt.getTime() < input.waitMinutes * 60_000) return false;
  return true;
}

const WEEKDAY_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The English weekday name of `now` on the wall clock of `timeZone`. */
export function weekdayIn(now: Date, timeZone: string): string {
  const { year, month, day } = clockParts(now, timeZone);
  return WEEKDAY_EN[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()]!;
}

const inWindow = (time: string, start: string, end: string) => start !== '' && end !== '' && start <= time && time < end;

/**
 * Whether `now` falls in one of the day's two shifts (A, B). No schedule at all means always open;
 * a day missing from the schedule, or with empty shifts, is closed.
 */
export function isOpenAt(schedules: readonly WeekdaySchedule[] | null | undefined, now: Date, timeZone: string): boolean {
  if (!schedules || schedules.length === 0) return true;
  const weekday = weekdayIn(now, timeZone);
  const today = schedules.find((s) => s.weekdayEn.trim().toLowerCase() === weekday);
  if (!today) return false;
  const { hour, minute } = clockParts(now, timeZone);
  const time = `${hour}:${minute}`;
  return inWindow(time, today.startTimeA, today.endTimeA) || inWindow(time, today.startTimeB, today.endTimeB);
}

/**
 * Whether a connection's collective vacation holds `now`: it has a message and both ends. An end given as a
 * day (midnight UTC, as a date picker sends it) lasts that whole day on the companies' clock; so does a start.
 */
export function onVacation(
  connection: { collectiveVacationMessage: string; collectiveVacationStart: Date | null; collectiveVacationEnd: Date | null },
  now: Date,
  timeZone: string,
): boolean {
  const { collectiveVacationStart: start, collectiveVacationEnd: end } = connection;
  if (!connection.collectiveVacationMessage.trim() || !start || !end) return false;
  const isDay = (d: Date) => d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;
  const today = dayIn(timeZone, now);
  const started = isDay(start) ? today >= start.toISOString().slice(0, 10) : now >= start;
  const notEnded = isDay(end) ? today <= end.toISOString().slice(0, 10) : now <= end;
  return started && notEnded;
}
