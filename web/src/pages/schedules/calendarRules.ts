import dayjs, { type Dayjs } from 'dayjs';
import type { Schedule } from '../../api/schedules';

/**
 * The schedules calendar (spec 002 §2 "Schedules"): the views, the days each shows, moving between
 * periods and the schedules of each day. Pure: the page passes the day shown.
 */

/** Month, week, work week (labelled "Agendamentos"), day and agenda (the next 30 days as a list). */
export const CALENDAR_VIEWS = ['month', 'week', 'work_week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_CALENDAR_VIEW: CalendarView = 'month';

/** How many days the agenda lists from the day shown. */
export const AGENDA_DAYS = 30;

/** The days a month cell shows before "+N". */
export const MONTH_CELL_EVENTS = 3;

const DAY = 'YYYY-MM-DD';
export const dayKey = (day: Dayjs): string => day.format(DAY);

/** Weeks start on Sunday, as Brazilian calendars print them. */
const weekStart = (day: Dayjs): Dayjs => day.startOf('day').subtract(day.day(), 'day');

/** The period a view shows around a day: [start, end), whole days. */
export function viewRange(view: CalendarView, date: Dayjs): { start: Dayjs; end: Dayjs } {
  const day = date.startOf('day');
  switch (view) {
    case 'month': {
      const start = weekStart(day.startOf('month'));
      const last = day.endOf('month').startOf('day');
      return { start, end: weekStart(last).add(7, 'day') };
    }
    case 'week': {
      const start = weekStart(day);
      return { start, end: start.add(7, 'day') };
    }
    case 'work_week': {
      const start = weekStart(day).add(1, 'day');
      return { start, end: start.add(5, 'day') };
    }
    case 'day':
      return { start: day, end: day.add(1, 'day') };
    case 'agenda':
      return { start: day, end: day.add(AGENDA_DAYS, 'day') };
  }
}

/** Every day of a view, in order (a month shows whole weeks). */
export function viewDays(view: CalendarView, date: Dayjs): Dayjs[] {
  const { start, end } = viewRange(view, date);
  const days: Dayjs[] = [];
  for (let day = start; day.isBefore(end); day = day.add(1, 'day')) days.push(day);
  return days;
}

/** The day shown after Anterior, Próximo or Hoje. */
export function navigateDate(view: CalendarView, date: Dayjs, action: 'prev' | 'next' | 'today', today: Dayjs = dayjs()): Dayjs {
  if (action === 'today') return today.startOf('day');
  const step = action === 'next' ? 1 : -1;
  switch (view) {
    case 'month':
      return date.add(step, 'month');
    case 'week':
    case 'work_week':
      return date.add(step, 'week');
    case 'day':
      return date.add(step, 'day');
    case 'agenda':
      return date.add(step * AGENDA_DAYS, 'day');
  }
}

/** When a schedule goes, as a day of the calendar (null when it has no valid time). */
const sendDay = (schedule: Pick<Schedule, 'sendAt'>): Dayjs | null => {
  const at = dayjs(schedule.sendAt);
  return at.isValid() ? at : null;
};

/** The schedules inside a view's period, earliest first. */
export function schedulesInView<T extends Pick<Schedule, 'id' | 'sendAt'>>(schedules: readonly T[], view: CalendarView, date: Dayjs): T[] {
  const { start, end } = viewRange(view, date);
  return schedules
    .filter((s) => {
      const at = sendDay(s);
      return !!at && !at.isBefore(start) && at.isBefore(end);
    })
    .sort((a, b) => dayjs(a.sendAt).valueOf() - dayjs(b.sendAt).valueOf() || a.id - b.id);
}

/** The schedules of each day ('YYYY-MM-DD'), earliest first. */
export function schedulesByDay<T extends Pick<Schedule, 'id' | 'sendAt'>>(schedules: readonly T[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = [...schedules].sort((a, b) => dayjs(a.sendAt).valueOf() - dayjs(b.sendAt).valueOf() || a.id - b.id);
  for (const schedule of sorted) {
    const at = sendDay(schedule);
    if (!at) continue;
    const key = dayKey(at);
    const list = byDay.get(key);
    if (list) list.push(schedule);
    else byDay.set(key, [schedule]);
  }
  return byDay;
}

/** What a calendar event reads: the contact's name (its number, or the contact id, when it has none). */
export function eventTitle(schedule: Pick<Schedule, 'contactId' | 'contact'>): string {
  return schedule.contact?.name?.trim() || schedule.contact?.number || `#${schedule.contactId}`;
}
