import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { AGENDA_DAYS, dayKey, eventTitle, navigateDate, schedulesByDay, schedulesInView, viewDays, viewRange } from './calendarRules';

// Wednesday 11 March 2026.
const date = dayjs('2026-03-11T15:30:00');
const keys = (days: dayjs.Dayjs[]) => days.map(dayKey);

describe('schedules calendar views (spec 002 §2)', () => {
  it('a month shows whole weeks from Sunday, the days of other months around it', () => {
    const days = viewDays('month', date);
    expect(days).toHaveLength(35);
    expect(dayKey(days[0])).toBe('2026-03-01');
    expect(dayKey(days.at(-1)!)).toBe('2026-04-04');
    // February 2026 starts on a Sunday and fits 4 weeks; August 2026 needs 6.
    expect(viewDays('month', dayjs('2026-02-10'))).toHaveLength(28);
    expect(viewDays('month', dayjs('2026-08-10'))).toHaveLength(42);
  });

  it('a week runs Sunday to Saturday; the work week Monday to Friday', () => {
    expect(keys(viewDays('week', date))).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']);
    expect(keys(viewDays('work_week', date))).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
  });

  it('a day is that day; the agenda lists the next 30 days from it', () => {
    expect(keys(viewDays('day', date))).toEqual(['2026-03-11']);
    const agenda = viewRange('agenda', date);
    expect(dayKey(agenda.start)).toBe('2026-03-11');
    expect(agenda.end.diff(agenda.start, 'day')).toBe(AGENDA_DAYS);
  });

  it('Anterior and Próximo move by the view’s period; Hoje comes back to today', () => {
    expect(dayKey(navigateDate('month', date, 'next'))).toBe('2026-04-11');
    expect(dayKey(navigateDate('month', dayjs('2026-01-31'), 'next'))).toBe('2026-02-28');
    expect(dayKey(navigateDate('week', date, 'prev'))).toBe('2026-03-04');
    expect(dayKey(navigateDate('work_week', date, 'next'))).toBe('2026-03-18');
    expect(dayKey(navigateDate('day', date, 'prev'))).toBe('2026-03-10');
    expect(dayKey(navigateDate('agenda', date, 'next'))).toBe('2026-04-10');
    expect(dayKey(navigateDate('month', date, 'today', dayjs('2026-07-02T08:00:00')))).toBe('2026-07-02');
  });
});

describe('schedules on the calendar', () => {
  const schedule = (id: number, sendAt: string, name = `Contato ${id}`) => ({ id, sendAt, contactId: id, contact: { id, name, number: `55119${id}` } });
  const list = [
    schedule(1, '2026-03-11T18:00:00'),
    schedule(2, '2026-03-11T09:00:00'),
    schedule(3, '2026-03-14T10:00:00'),
    schedule(4, '2026-03-16T10:00:00'),
    schedule(5, 'not a date'),
  ];

  it('a view holds the schedules of its period, earliest first', () => {
    expect(schedulesInView(list, 'day', date).map((s) => s.id)).toEqual([2, 1]);
    expect(schedulesInView(list, 'week', date).map((s) => s.id)).toEqual([2, 1, 3]);
    expect(schedulesInView(list, 'work_week', date).map((s) => s.id)).toEqual([2, 1]);
    expect(schedulesInView(list, 'month', date).map((s) => s.id)).toEqual([2, 1, 3, 4]);
    expect(schedulesInView(list, 'day', dayjs('2026-03-12'))).toEqual([]);
  });

  it('each day lists its schedules by time', () => {
    const byDay = schedulesByDay(list);
    expect(byDay.get('2026-03-11')?.map((s) => s.id)).toEqual([2, 1]);
    expect(byDay.get('2026-03-14')?.map((s) => s.id)).toEqual([3]);
    expect([...byDay.keys()]).toHaveLength(3);
  });

  it('an event reads the contact’s name', () => {
    expect(eventTitle(schedule(1, '2026-03-11T18:00:00', 'Maria Souza'))).toBe('Maria Souza');
    expect(eventTitle(schedule(7, '2026-03-11T18:00:00', '  '))).toBe('551197');
  });
});
