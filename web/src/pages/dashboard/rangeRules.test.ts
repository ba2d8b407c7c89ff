import { describe, expect, it } from 'vitest';
import { periodDays, previousPeriod, RANGE_CHOICES, rangePeriod } from './rangeRules';

const today = new Date(2026, 2, 5, 14, 30);

describe('analysis periods', () => {
  it('24h is today, counted hour by hour', () => {
    expect(rangePeriod('24h', today)).toEqual({ initialDate: '2026-03-05', finalDate: '2026-03-05' });
  });

  it('7, 30 and 90 days end today, today included', () => {
    expect(rangePeriod('7d', today)).toEqual({ initialDate: '2026-02-27', finalDate: '2026-03-05' });
    expect(rangePeriod('30d', today)).toEqual({ initialDate: '2026-02-04', finalDate: '2026-03-05' });
    expect(rangePeriod('90d', today)).toEqual({ initialDate: '2025-12-06', finalDate: '2026-03-05' });
    for (const choice of RANGE_CHOICES) expect(periodDays(rangePeriod(choice, today))).toBe({ '24h': 1, '7d': 7, '30d': 30, '90d': 90 }[choice]);
  });

  it('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod({ initialDate: '2026-03-05', finalDate: '2026-03-05' })).toEqual({ initialDate: '2026-03-04', finalDate: '2026-03-04' });
    expect(previousPeriod(rangePeriod('7d', today))).toEqual({ initialDate: '2026-02-20', finalDate: '2026-02-26' });
    expect(previousPeriod(rangePeriod('30d', today))).toEqual({ initialDate: '2026-01-05', finalDate: '2026-02-03' });
    expect(previousPeriod(rangePeriod('90d', today))).toEqual({ initialDate: '2025-09-07', finalDate: '2025-12-05' });
  });

  it('crosses month and year ends, and leap days', () => {
    expect(rangePeriod('7d', new Date(2026, 0, 3))).toEqual({ initialDate: '2025-12-28', finalDate: '2026-01-03' });
    expect(previousPeriod({ initialDate: '2024-03-01', finalDate: '2024-03-02' })).toEqual({ initialDate: '2024-02-28', finalDate: '2024-02-29' });
  });
});
