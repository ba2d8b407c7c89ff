import type { WeekdaySchedule } from '@atende/kit/contracts';

/** Weekdays in the order the schedule lists them (weekday in Portuguese as the API stores it). */
export const weekdays = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
  { weekday: 'Domingo', weekdayEn: 'sunday' },
] as const;

export type WeekdayEn = (typeof weekdays)[number]['weekdayEn'];

/** Default hours (spec 001 §9): 08:00-12:00 and 13:00-18:00 every day. */
export function defaultSchedules(): WeekdaySchedule[] {
  return weekdays.map((d) => ({ ...d, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }));
}

/** The stored schedule completed to the seven weekdays, in order (missing days get the defaults). */
export function normalizeSchedules(stored: readonly WeekdaySchedule[] | null | undefined): WeekdaySchedule[] {
  const byDay = new Map((stored ?? []).map((s) => [s.weekdayEn.toLowerCase(), s]));
  return defaultSchedules().map((d) => {
    const s = byDay.get(d.weekdayEn);
    return s ? { ...s, weekday: d.weekday, weekdayEn: d.weekdayEn } : d;
  });
}

const minutes = (v: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** Problems of one day: a shift needs both ends or none, and must end after it starts. */
export function scheduleProblem(s: WeekdaySchedule): 'incomplete' | 'order' | null {
  for (const [a, b] of [
    [s.startTimeA, s.endTimeA],
    [s.startTimeB, s.endTimeB],
  ] as const) {
    if (!a && !b) continue;
    const start = minutes(a);
    const end = minutes(b);
    if (start === null || end === null) return 'incomplete';
    if (end <= start) return 'order';
  }
  return null;
}

/** Every weekday's shifts are complete and in order (what a save checks before sending). */
export const schedulesValid = (schedules: readonly WeekdaySchedule[]): boolean => schedules.every((s) => scheduleProblem(s) === null);
