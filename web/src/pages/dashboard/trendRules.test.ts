import { describe, expect, it } from 'vitest';
import { ALL_TREND_FIGURES, averageRating, ticketsPerAttendant, TREND_VIEWS, trendDelta, trendRows } from './trendRules';
import { attendant, dashboard } from './testData';

describe('trend deltas', () => {
  it('the change in percent of the previous value, with its direction', () => {
    expect(trendDelta(120, 100, 'higher')).toEqual({ current: 120, previous: 100, difference: 20, percent: 20, direction: 'up', tone: 'better' });
    expect(trendDelta(75, 100, 'higher')).toMatchObject({ difference: -25, percent: -25, direction: 'down', tone: 'worse' });
    expect(trendDelta(1, 3, 'neutral')).toMatchObject({ percent: -66.67, direction: 'down', tone: 'neutral' });
  });

  it('fewer minutes waiting is better', () => {
    expect(trendDelta(4, 8, 'lower')).toMatchObject({ percent: -50, direction: 'down', tone: 'better' });
    expect(trendDelta(8, 4, 'lower')).toMatchObject({ percent: 100, direction: 'up', tone: 'worse' });
  });

  it('no change is flat and neutral', () => {
    expect(trendDelta(5, 5, 'higher')).toMatchObject({ difference: 0, percent: 0, direction: 'flat', tone: 'neutral' });
    expect(trendDelta(0, 0, 'lower')).toMatchObject({ difference: 0, percent: 0, direction: 'flat', tone: 'neutral' });
  });

  it('from zero to something has no percent, but a direction', () => {
    expect(trendDelta(3, 0, 'higher')).toMatchObject({ difference: 3, percent: null, direction: 'up', tone: 'better' });
  });

  it('a negative previous value: the change is measured on its size', () => {
    // NPS from −20 to 10 rose by 30 points, 150% of 20.
    expect(trendDelta(10, -20, 'higher')).toMatchObject({ difference: 30, percent: 150, direction: 'up', tone: 'better' });
    expect(trendDelta(-30, -20, 'higher')).toMatchObject({ difference: -10, percent: -50, direction: 'down', tone: 'worse' });
  });

  it('an unknown value gives no change', () => {
    expect(trendDelta(null, 4, 'higher')).toEqual({ current: null, previous: 4, difference: null, percent: null, direction: 'flat', tone: 'neutral' });
    expect(trendDelta(4.2, null, 'higher')).toMatchObject({ difference: null, percent: null });
  });

  it('rounds away floating point noise', () => {
    expect(trendDelta(0.3, 0.1, 'higher')).toMatchObject({ difference: 0.2, percent: 200 });
  });
});

describe('trend figures', () => {
  it('the average rate weights each attendant by their rates', () => {
    expect(
      averageRating([attendant(1, { rating: 5, countRating: 3 }), attendant(2, { rating: 3, countRating: 1 }), attendant(3, { rating: 0, countRating: 0 })]),
    ).toBe(4.5);
    expect(averageRating([attendant(1, { rating: 0, countRating: 0 })])).toBeNull();
  });

  it('tickets per attendant who had any', () => {
    expect(ticketsPerAttendant([attendant(1, { tickets: 4 }), attendant(2, { tickets: 1 }), attendant(3, { tickets: 0 })])).toBe(2.5);
    expect(ticketsPerAttendant([attendant(1, { tickets: 0 })])).toBeNull();
  });

  it('compares each figure of a view with the previous period', () => {
    const current = dashboard({ tickets: 30, supportFinished: 24, avgWaitTime: 3, conversionRate: 80 });
    const previous = dashboard({ tickets: 20, supportFinished: 12, avgWaitTime: 6, conversionRate: 60 });
    const rows = trendRows(TREND_VIEWS.overview, current, previous);
    expect(rows.map((r) => r.key)).toEqual(TREND_VIEWS.overview);
    const by = new Map(rows.map((r) => [r.key, r]));
    expect(by.get('tickets')).toMatchObject({ current: 30, previous: 20, percent: 50, tone: 'neutral' });
    expect(by.get('finished')).toMatchObject({ percent: 100, tone: 'better' });
    expect(by.get('avgWaitTime')).toMatchObject({ current: 3, previous: 6, percent: -50, direction: 'down', tone: 'better' });
    expect(by.get('conversionRate')).toMatchObject({ kind: 'percent', difference: 20, tone: 'better' });
  });

  it('an NPS without rates is unknown, not 0', () => {
    const rows = trendRows(['npsScore'], dashboard({ promoters: 0, passives: 0, detractors: 0, npsScore: 0 }), dashboard({ npsScore: 70 }));
    expect(rows[0]).toMatchObject({ current: null, previous: 70, percent: null });
  });

  it('fewer detractors and pending tickets are better', () => {
    const rows = trendRows(['detractors', 'pending'], dashboard({ detractors: 1, supportPending: 2 }), dashboard({ detractors: 4, supportPending: 9 }));
    expect(rows.map((r) => r.tone)).toEqual(['better', 'better']);
  });

  it('every view’s figures once for the export', () => {
    expect(new Set(ALL_TREND_FIGURES).size).toBe(ALL_TREND_FIGURES.length);
    for (const figures of Object.values(TREND_VIEWS)) for (const f of figures) expect(ALL_TREND_FIGURES).toContain(f);
  });
});
