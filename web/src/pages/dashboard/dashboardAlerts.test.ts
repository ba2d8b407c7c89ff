import { describe, expect, it } from 'vitest';
import type { DashboardAttendant, DashboardCounters } from '@atende/kit/contracts';
import { dashboardAlerts, dismissedAlertsKey, readDismissedAlerts } from './dashboardAlerts';
import { attendant, counters } from './testData';

// A quiet period (testData): nothing above or below any limit.
const ids = (c: DashboardCounters, a: DashboardAttendant[] = [attendant(1)]) => dashboardAlerts(c, a).map((x) => x.id);

describe('dashboard alerts', () => {
  it('a quiet period raises none', () => {
    expect(dashboardAlerts(counters(), [attendant(1), attendant(2)])).toEqual([]);
  });

  it('pending over 10 is high', () => {
    expect(ids(counters({ supportPending: 10 }))).toEqual([]);
    expect(dashboardAlerts(counters({ supportPending: 11 }), [])).toEqual([{ id: 'pending', kind: 'pending', severity: 'high', pending: 11 }]);
  });

  it('average attendance over 30 minutes is medium', () => {
    expect(ids(counters({ avgSupportTime: 30 }))).toEqual([]);
    expect(dashboardAlerts(counters({ avgSupportTime: 30.5 }), [])).toEqual([{ id: 'supportTime', kind: 'supportTime', severity: 'medium', minutes: 30.5 }]);
  });

  it('NPS under 50 is high, only when someone rated', () => {
    expect(ids(counters({ npsScore: 50 }))).toEqual([]);
    expect(dashboardAlerts(counters({ npsScore: 49.5 }), [])).toEqual([{ id: 'nps', kind: 'nps', severity: 'high', score: 49.5, ratings: 10 }]);
    expect(ids(counters({ npsScore: 0, promoters: 0, passives: 0, detractors: 0 }))).toEqual([]);
    expect(ids(counters({ npsScore: -100, promoters: 0, passives: 0, detractors: 1 }))).toEqual(['nps']);
  });

  it('under 60 percent of the attendants online is medium', () => {
    const team = (online: number, total: number) => Array.from({ length: total }, (_, i) => attendant(i + 1, { online: i < online }));
    expect(ids(counters(), team(3, 5))).toEqual([]);
    expect(ids(counters(), team(1, 2))).toEqual(['online']);
    expect(dashboardAlerts(counters(), team(2, 5))).toEqual([{ id: 'online', kind: 'online', severity: 'medium', online: 2, total: 5, percent: 40 }]);
    expect(ids(counters(), [])).toEqual([]);
  });

  it('one alert per attendant rated under 3.5 who has tickets', () => {
    const team = [
      attendant(1, { rating: 3.4, countRating: 5, name: 'Ana' }),
      attendant(2, { rating: 3.5 }),
      attendant(3, { rating: 2, tickets: 0 }),
      attendant(4, { rating: 0, countRating: 0 }),
      attendant(5, { rating: 1, countRating: 1, tickets: 2, name: 'Bia' }),
    ];
    expect(dashboardAlerts(counters(), team)).toEqual([
      { id: 'attendant-1', kind: 'attendantRating', severity: 'medium', name: 'Ana', rating: 3.4, ratings: 5, tickets: 5 },
      { id: 'attendant-5', kind: 'attendantRating', severity: 'medium', name: 'Bia', rating: 1, ratings: 1, tickets: 2 },
    ]);
  });

  it('resolution over 80 percent is a success', () => {
    expect(ids(counters({ conversionRate: 80 }))).toEqual([]);
    expect(dashboardAlerts(counters({ conversionRate: 92.31 }), [])).toEqual([{ id: 'resolution', kind: 'resolution', severity: 'success', percent: 92.31 }]);
  });

  it('the most serious come first, each rule in its order within a severity', () => {
    const all = counters({ supportPending: 15, avgSupportTime: 45, npsScore: 20, conversionRate: 85 });
    const team = [attendant(7, { rating: 2.5, online: false }), attendant(8, { online: false })];
    expect(ids(all, team)).toEqual(['pending', 'nps', 'supportTime', 'online', 'attendant-7', 'resolution']);
  });
});

describe('dismissed alerts (spec 002 §2: hidden for the session)', () => {
  it('are read back from what the tab stored, per user', () => {
    expect([...readDismissedAlerts(JSON.stringify(['pending', 'attendant-4']))]).toEqual(['pending', 'attendant-4']);
    expect(dismissedAlertsKey(7)).not.toBe(dismissedAlertsKey(8));
  });
  it('nothing or a foreign value hides nothing', () => {
    expect(readDismissedAlerts(null).size).toBe(0);
    expect(readDismissedAlerts('not json').size).toBe(0);
    expect(readDismissedAlerts('{"a":1}').size).toBe(0);
    expect([...readDismissedAlerts('["nps", 3, null]')]).toEqual(['nps']);
  });
});
