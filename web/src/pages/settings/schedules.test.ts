import { describe, expect, it } from 'vitest';
import { companySchedulesBody } from '@atende/kit/contracts';
import { defaultSchedules, normalizeSchedules, scheduleProblem } from './schedules';

describe('company schedules', () => {
  it('defaults to 08:00-12:00 and 13:00-18:00 on all seven days, accepted by the API', () => {
    const all = defaultSchedules();
    expect(all).toHaveLength(7);
    expect(all.every((d) => d.startTimeA === '08:00' && d.endTimeA === '12:00' && d.startTimeB === '13:00' && d.endTimeB === '18:00')).toBe(true);
    expect(companySchedulesBody.safeParse({ schedules: all }).success).toBe(true);
  });

  it('completes and orders a stored schedule', () => {
    const out = normalizeSchedules([{ weekday: 'Domingo', weekdayEn: 'sunday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }]);
    expect(out.map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(out[6]?.startTimeA).toBe('');
    expect(out[0]?.startTimeA).toBe('08:00');
  });

  it('flags half-filled or reversed shifts', () => {
    const d = defaultSchedules()[0]!;
    expect(scheduleProblem(d)).toBeNull();
    expect(scheduleProblem({ ...d, startTimeB: '', endTimeB: '' })).toBeNull();
    expect(scheduleProblem({ ...d, endTimeA: '' })).toBe('incomplete');
    expect(scheduleProblem({ ...d, endTimeA: '07:00' })).toBe('order');
  });
});
