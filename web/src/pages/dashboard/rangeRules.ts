import dayjs from 'dayjs';
import type { DashboardPeriod } from '../../api/dashboard';

/** The period choices of the analyses, trends, productivity and export tabs (spec 002 §2): 24h, 7, 30, 90 days. */
export const RANGE_CHOICES = ['24h', '7d', '30d', '90d'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

export const DEFAULT_RANGE: RangeChoice = '7d';

/** How many whole days each choice counts (the server counts whole days: 24h is today, hour by hour). */
export const RANGE_DAYS: Record<RangeChoice, number> = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 };

const DAY = 'YYYY-MM-DD';

/** The days a choice counts, today included: '24h' is today, '7d' today and the 6 days before it. */
export function rangePeriod(choice: RangeChoice, today: Date = new Date()): DashboardPeriod {
  const end = dayjs(today);
  return { initialDate: end.subtract(RANGE_DAYS[choice] - 1, 'day').format(DAY), finalDate: end.format(DAY) };
}

/** How many days a period spans, both ends included. */
export function periodDays(period: DashboardPeriod): number {
  return dayjs(period.finalDate).diff(dayjs(period.initialDate), 'day') + 1;
}

/** The period of the same length that ends the day before `period` starts (what a trend compares with). */
export function previousPeriod(period: DashboardPeriod): DashboardPeriod {
  const days = periodDays(period);
  const end = dayjs(period.initialDate).subtract(1, 'day');
  return { initialDate: end.subtract(days - 1, 'day').format(DAY), finalDate: end.format(DAY) };
}
