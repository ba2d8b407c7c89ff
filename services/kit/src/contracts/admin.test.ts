import { describe, expect, it } from 'vitest';
import { companySchedulesBody, weekdaySchedulesInput } from './admin.js';
import { defaultConnectionSchedules, updateConnectionBody } from './connections.js';
import { createQueueBody, updateQueueBody } from './desk.js';
import { workingDay } from '../testing/fixtures.js';

/** Working hours as the connection, queue and company editors send them (spec 001 §3 schedules, §9 default hours). */
const day = workingDay;
/** The failing fields of a schedules body, as the 400 answer names them. */
const failing = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }, schedules: unknown) =>
  (schema.safeParse({ name: 'Fila', color: '#123456', schedules }).error?.issues ?? []).map((i) => i.path.join('.'));

const bodies = [
  ['company', companySchedulesBody],
  ['queue (new)', createQueueBody],
  ['queue (edit)', updateQueueBody],
  ['connection', updateConnectionBody],
] as const;

describe.each(bodies)('%s schedules', (_name, schema) => {
  it('take the default week and a day off (both shifts empty)', () => {
    expect(failing(schema, defaultConnectionSchedules())).toEqual([]);
    expect(failing(schema, [day('sunday', { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' })])).toEqual([]);
  });

  it('refuse an unknown weekday', () => {
    expect(failing(schema, [day('funday')])).toEqual(['schedules.0.weekdayEn']);
  });

  it('refuse the same weekday twice, whatever its case', () => {
    expect(failing(schema, [day('monday'), day('tuesday'), day('MONDAY')])).toEqual(['schedules.2.weekdayEn']);
  });

  it('refuse a shift that does not end after it starts', () => {
    expect(failing(schema, [day('monday', { startTimeA: '18:00', endTimeA: '08:00' })])).toEqual(['schedules.0.endTimeA']);
    expect(failing(schema, [day('monday', { startTimeB: '13:00', endTimeB: '13:00' })])).toEqual(['schedules.0.endTimeB']);
  });

  it('refuse a shift with only one end', () => {
    expect(failing(schema, [day('monday', { endTimeA: '' })])).toEqual(['schedules.0.endTimeA']);
    expect(failing(schema, [day('monday', { startTimeB: '' })])).toEqual(['schedules.0.startTimeB']);
  });
});

describe('weekdaySchedulesInput', () => {
  it('stores the weekday as the runtime matches it (trimmed, lower case)', () => {
    expect(weekdaySchedulesInput.parse([day(' Friday ')])[0]?.weekdayEn).toBe('friday');
  });

  it('says what is wrong in words', () => {
    const issues = weekdaySchedulesInput.safeParse([day('funday', { startTimeA: '18:00', endTimeA: '08:00' }), day('monday'), day('monday')]).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.weekdayEn', 'must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday'],
      ['0.endTimeA', 'must be after the start'],
      ['2.weekdayEn', 'is repeated: one schedule per weekday'],
    ]);
  });
});
