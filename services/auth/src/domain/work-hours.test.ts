import { describe, expect, it } from 'vitest';
import { assertWithinWorkHours, minuteOfDay, withinWorkHours } from './work-hours.js';

const TZ = 'America/Sao_Paulo';
// 14:30 in São Paulo (UTC-3).
const at1430 = new Date('2026-03-10T17:30:00Z');

describe('work hours', () => {
  it('reads the time on the companies\' clock', () => {
    expect(minuteOfDay(at1430, TZ)).toBe(14 * 60 + 30);
    expect(minuteOfDay(at1430, 'UTC')).toBe(17 * 60 + 30);
  });

  it('includes both ends; the default 00:00–23:59 is the whole day', () => {
    expect(withinWorkHours({ startWork: '08:00', endWork: '14:30' }, at1430, TZ)).toBe(true);
    expect(withinWorkHours({ startWork: '14:30', endWork: '18:00' }, at1430, TZ)).toBe(true);
    expect(withinWorkHours({ startWork: '08:00', endWork: '14:20' }, at1430, TZ)).toBe(false);
    expect(withinWorkHours({ startWork: '14:40', endWork: '18:00' }, at1430, TZ)).toBe(false);
    expect(withinWorkHours({ startWork: '00:00', endWork: '23:59' }, new Date('2026-03-10T02:59:30Z'), TZ)).toBe(true);
  });

  it('reads a start after the end as a night shift across midnight', () => {
    expect(withinWorkHours({ startWork: '22:00', endWork: '06:00' }, new Date('2026-03-11T02:00:00Z'), TZ)).toBe(true); // 23:00
    expect(withinWorkHours({ startWork: '22:00', endWork: '06:00' }, new Date('2026-03-11T07:00:00Z'), TZ)).toBe(true); // 04:00
    expect(withinWorkHours({ startWork: '22:00', endWork: '06:00' }, at1430, TZ)).toBe(false);
  });

  it('refuses with ERR_OUT_OF_HOURS, except for super users', () => {
    expect(() => assertWithinWorkHours({ startWork: '08:00', endWork: '12:00', super: false }, at1430, TZ)).toThrow(expect.objectContaining({ code: 'ERR_OUT_OF_HOURS', status: 401 }));
    expect(() => assertWithinWorkHours({ startWork: '08:00', endWork: '12:00', super: true }, at1430, TZ)).not.toThrow();
  });
});
