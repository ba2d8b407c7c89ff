import { describe, expect, it } from 'vitest';
import type { OpenedTotals } from '../db/dashboard.repository.js';
import { dashboardAttendant, dashboardCounters, dashboardRange } from './dashboard.js';
import { dayIn } from './variables.js';

const none: OpenedTotals = {
  tickets: 0, pending: 0, happening: 0, finished: 0, groups: 0, waitRating: 0, withRating: 0, withoutRating: 0,
  promoters: 0, passives: 0, detractors: 0, waitSeconds: null, supportSeconds: null,
};
const quiet = { leads: 0, received: 0, sent: 0, connected: 0 };

describe('dashboard period', () => {
  it('is the first of the month to today unless dates or a number of days are given', () => {
    expect(dashboardRange({}, '2026-11-24')).toEqual({ initialDate: '2026-11-01', finalDate: '2026-11-24' });
    expect(dashboardRange({ days: 7 }, '2026-03-03')).toEqual({ initialDate: '2026-02-25', finalDate: '2026-03-03' });
    expect(dashboardRange({ days: 1 }, '2026-03-03')).toEqual({ initialDate: '2026-03-03', finalDate: '2026-03-03' });
    expect(dashboardRange({ date_from: '2026-01-05', date_to: '2026-01-20', days: 3 }, '2026-11-24')).toEqual({ initialDate: '2026-01-05', finalDate: '2026-01-20' });
    expect(dashboardRange({ initialDate: '2026-02-01', finalDate: '2026-02-10' }, '2026-11-24')).toEqual({ initialDate: '2026-02-01', finalDate: '2026-02-10' });
    expect(dashboardRange({ date_to: '2026-02-10' }, '2026-11-24')).toEqual({ initialDate: '2026-02-01', finalDate: '2026-02-10' });
  });

  it('takes today in the company time zone', () => {
    const at = new Date('2026-03-11T02:30:00Z');
    expect(dayIn('America/Sao_Paulo', at)).toBe('2026-03-10');
    expect(dayIn('UTC', at)).toBe('2026-03-11');
  });
});

describe('dashboard counters', () => {
  it('are all zero (no division by zero) for a period without tickets', () => {
    const counters = dashboardCounters(none, quiet);
    expect(Object.values(counters).every((v) => v === 0)).toBe(true);
  });

  it('shares in percent of their whole, NPS as promoters minus detractors, times in minutes', () => {
    const counters = dashboardCounters(
      { ...none, tickets: 8, pending: 2, happening: 1, finished: 4, waitRating: 1, withRating: 3, withoutRating: 1, promoters: 2, passives: 0, detractors: 1, waitSeconds: 905, supportSeconds: 2200 },
      { leads: 5, received: 40, sent: 35, connected: 2 },
    );
    expect(counters).toMatchObject({
      tickets: 8,
      conversionRate: 50,
      percRating: 75,
      npsPromotersPerc: 66.67,
      npsPassivePerc: 0,
      npsDetractorsPerc: 33.33,
      npsScore: 33.33,
      nps: 33.33,
      avgWaitTime: 15.08,
      avgSupportTime: 36.67,
      leads: 5,
      messagesReceived: 40,
      messagesSent: 35,
      activeConnections: 2,
      supportPending: 2,
      pending: 2,
      supportHappening: 1,
      happening: 1,
      supportFinished: 4,
      finished: 4,
    });
  });

  it('gives attendants without rated tickets a rating of 0', () => {
    expect(dashboardAttendant({ id: 3, name: 'Ana', online: true, tickets: 2, closed: 1, rating: null, countRating: 0, waitSeconds: 90, supportSeconds: null })).toEqual({
      id: 3, name: 'Ana', online: true, tickets: 2, closed: 1, rating: 0, countRating: 0, avgWaitTime: 1.5, avgSupportTime: 0,
    });
    expect(dashboardAttendant({ id: 3, name: 'Ana', online: false, tickets: 3, closed: 0, rating: 3.666666, countRating: 3, waitSeconds: null, supportSeconds: null }).rating).toBe(3.67);
  });
});
