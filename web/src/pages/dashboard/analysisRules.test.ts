import { describe, expect, it } from 'vitest';
import {
  attendantBars,
  attendantsByLevel,
  defaultRadarIds,
  npsFromDistribution,
  productivityRows,
  productivityScore,
  radarPoint,
  radarSeries,
  ratingBars,
  temporalSummary,
} from './analysisRules';
import { attendant } from './testData';

describe('NPS from the distribution of rates', () => {
  it('is % promoters − % detractors, to two decimals', () => {
    expect(npsFromDistribution({ promoters: 8, passives: 1, detractors: 1 })).toEqual({
      ratings: 10,
      score: 70,
      promotersPercent: 80,
      passivesPercent: 10,
      detractorsPercent: 10,
    });
    expect(npsFromDistribution({ promoters: 1, passives: 1, detractors: 1 })).toMatchObject({ score: 0, promotersPercent: 33.33 });
    expect(npsFromDistribution({ promoters: 0, passives: 1, detractors: 2 }).score).toBe(-66.67);
    expect(npsFromDistribution({ promoters: 3, passives: 0, detractors: 0 }).score).toBe(100);
  });

  it('has no score without rates', () => {
    expect(npsFromDistribution({ promoters: 0, passives: 0, detractors: 0 })).toEqual({
      ratings: 0,
      score: null,
      promotersPercent: 0,
      passivesPercent: 0,
      detractorsPercent: 0,
    });
  });

  it('the rates by stars as the counters group them', () => {
    expect(ratingBars({ promoters: 8, passives: 1, detractors: 3 }).map((b) => [b.key, b.total])).toEqual([
      ['promoters', 8],
      ['passives', 1],
      ['detractors', 3],
    ]);
  });

  it('attendants by rating level, the unrated left out', () => {
    const levels = attendantsByLevel([
      attendant(1, { rating: 4.8 }),
      attendant(2, { rating: 4.2 }),
      attendant(3, { rating: 3.6 }),
      attendant(4, { rating: 2 }),
      attendant(5, { rating: 0, countRating: 0 }),
    ]);
    expect(levels).toEqual({ excellent: 1, veryGood: 1, good: 1, needsImprovement: 1 });
  });
});

describe('performance bars per attendant', () => {
  const team = [
    attendant(1, { name: 'Ana', tickets: 9, avgWaitTime: 5, avgSupportTime: 20, rating: 4, countRating: 3 }),
    attendant(2, { name: 'Bia', tickets: 12, avgWaitTime: 2, avgSupportTime: 30, rating: 5, countRating: 1 }),
    attendant(3, { name: 'Caio', tickets: 0, avgWaitTime: 0, avgSupportTime: 0, rating: 0, countRating: 0 }),
    attendant(4, { name: 'Duda', tickets: 3, avgWaitTime: 0, avgSupportTime: 0, rating: 0, countRating: 0 }),
  ];

  it('most tickets first, only those with tickets', () => {
    expect(attendantBars(team, 'tickets').map((b) => [b.label, b.total])).toEqual([
      ['Bia', 12],
      ['Ana', 9],
      ['Duda', 3],
    ]);
  });

  it('shortest times first, only those with a time', () => {
    expect(attendantBars(team, 'avgWaitTime').map((b) => b.label)).toEqual(['Bia', 'Ana']);
    expect(attendantBars(team, 'avgSupportTime').map((b) => b.label)).toEqual(['Ana', 'Bia']);
  });

  it('best rate first, only the rated', () => {
    expect(attendantBars(team, 'rating').map((b) => [b.label, b.total])).toEqual([
      ['Bia', 5],
      ['Ana', 4],
    ]);
  });
});

describe('productivity rows', () => {
  it('share of the attendants’ tickets and their closed ones', () => {
    const rows = productivityRows([attendant(1, { tickets: 3, closed: 2 }), attendant(2, { tickets: 1, closed: 0 }), attendant(3, { tickets: 0, closed: 0 })]);
    expect(rows.map((r) => [r.id, r.tickets, r.closed, r.share])).toEqual([
      [1, 3, 2, 75],
      [2, 1, 0, 25],
      [3, 0, 0, 0],
    ]);
  });

  it('no tickets at all: every share is 0', () => {
    const rows = productivityRows([attendant(1, { tickets: 0, closed: 0 }), attendant(2, { tickets: 2, closed: 1 })]);
    expect(rows.map((r) => [r.share, r.closed])).toEqual([
      [0, 0],
      [100, 1],
    ]);
    expect(productivityRows([attendant(1, { tickets: 0, closed: 0 })])[0]?.share).toBe(0);
  });

  it('each row carries its productivity score', () => {
    const rows = productivityRows([
      attendant(1, { tickets: 10, rating: 5, countRating: 3, avgSupportTime: 20 }),
      attendant(2, { tickets: 0, countRating: 0, avgSupportTime: 0 }),
    ]);
    expect(rows.map((r) => [r.id, r.score])).toEqual([
      [1, 100],
      [2, 0],
    ]);
  });
});

describe('productivity score', () => {
  const scored = (over: Parameters<typeof attendant>[1]) => productivityScore(attendant(1, over));

  it('averages tickets of 10, rating of 5 and the time factor', () => {
    // 50 (5 of 10 tickets), 80 (4 of 5), 100 (20 min): 76.67
    expect(scored({ tickets: 5, rating: 4, countRating: 2, avgSupportTime: 20 })).toBe(77);
  });

  it('caps the tickets at 100 from 10 tickets on', () => {
    expect(scored({ tickets: 10, rating: 5, countRating: 1, avgSupportTime: 10 })).toBe(100);
    expect(scored({ tickets: 25, rating: 5, countRating: 1, avgSupportTime: 10 })).toBe(100);
    expect(scored({ tickets: 40, rating: 2.5, countRating: 1, avgSupportTime: 30 })).toBe(83);
  });

  it('leaves the rating out when nobody rated', () => {
    // 30 and 100; the rating (0 when unrated) is no part of it
    expect(scored({ tickets: 3, rating: 0, countRating: 0, avgSupportTime: 15 })).toBe(65);
  });

  it('leaves the time out when none was measured', () => {
    // 30 and 90
    expect(scored({ tickets: 3, rating: 4.5, countRating: 2, avgSupportTime: 0 })).toBe(60);
    // nothing but the tickets: no tickets is 0
    expect(scored({ tickets: 0, rating: 0, countRating: 0, avgSupportTime: 0 })).toBe(0);
    expect(scored({ tickets: 4, rating: 0, countRating: 0, avgSupportTime: 0 })).toBe(40);
  });

  it('full time factor up to 30 minutes, 100 × 30 / minutes beyond', () => {
    // 100 and 100 (exactly 30 min)
    expect(scored({ tickets: 10, rating: 0, countRating: 0, avgSupportTime: 30 })).toBe(100);
    // 100 and 50 (60 min)
    expect(scored({ tickets: 10, rating: 0, countRating: 0, avgSupportTime: 60 })).toBe(75);
    // 100 and 75 (40 min)
    expect(scored({ tickets: 10, rating: 0, countRating: 0, avgSupportTime: 40 })).toBe(88);
  });

  it('rounds to a whole number, halves up', () => {
    // 10 and 75: 42.5
    expect(scored({ tickets: 1, rating: 0, countRating: 0, avgSupportTime: 40 })).toBe(43);
    // 10, 80 and 100: 63.33
    expect(scored({ tickets: 1, rating: 4, countRating: 1, avgSupportTime: 5 })).toBe(63);
    // 20, 90 and 100: 70
    expect(scored({ tickets: 2, rating: 4.5, countRating: 1, avgSupportTime: 5 })).toBe(70);
    // 10, 94 and 100: 68
    expect(scored({ tickets: 1, rating: 4.7, countRating: 1, avgSupportTime: 5 })).toBe(68);
    // 30, 86 and 96.77 (31 min): 70.92
    expect(scored({ tickets: 3, rating: 4.3, countRating: 1, avgSupportTime: 31 })).toBe(71);
  });
});

describe('radar normalisation', () => {
  it('puts every attendant on axes from 0 to 1', () => {
    const [ana, bia, caio] = radarSeries([
      attendant(1, { name: 'Ana', tickets: 10, closed: 8, avgSupportTime: 20, rating: 4, countRating: 5 }),
      attendant(2, { name: 'Bia', tickets: 5, closed: 5, avgSupportTime: 10, rating: 5, countRating: 2 }),
      attendant(3, { name: 'Caio', tickets: 0, closed: 0, avgSupportTime: 0, rating: 0, countRating: 0 }),
    ]);
    expect(ana?.values).toEqual({ tickets: 1, speed: 0.5, rating: 0.8, resolution: 0.8 });
    expect(bia?.values).toEqual({ tickets: 0.5, speed: 1, rating: 1, resolution: 1 });
    expect(caio?.values).toEqual({ tickets: 0, speed: 0, rating: 0, resolution: 0 });
  });

  it('what cannot be measured is 0: no rates, nothing attended, nothing closed', () => {
    const [a] = radarSeries([attendant(1, { tickets: 4, closed: 0, avgSupportTime: 0, rating: 0, countRating: 0 })]);
    expect(a?.values).toEqual({ tickets: 1, speed: 0, rating: 0, resolution: 0 });
  });

  it('starts with the busiest attendants that had tickets', () => {
    expect(
      defaultRadarIds([
        attendant(1, { name: 'Ana', tickets: 2 }),
        attendant(2, { name: 'Bia', tickets: 7 }),
        attendant(3, { name: 'Caio', tickets: 0 }),
        attendant(4, { name: 'Alice', tickets: 2 }),
        attendant(5, { name: 'Duda', tickets: 1 }),
      ]),
    ).toEqual([2, 4, 1]);
  });

  it('places values on the axes clockwise from the top, within the rim', () => {
    expect(radarPoint(0, 4, 1, 100, 200, 150)).toEqual({ x: 200, y: 50 });
    expect(radarPoint(1, 4, 0.5, 100, 200, 150)).toEqual({ x: 250, y: 150 });
    expect(radarPoint(2, 4, 1, 100, 200, 150)).toEqual({ x: 200, y: 250 });
    expect(radarPoint(3, 4, 2, 100, 200, 150)).toEqual({ x: 100, y: 150 });
    expect(radarPoint(3, 4, -1, 100, 200, 150)).toEqual({ x: 200, y: 150 });
  });
});

describe('temporal summary', () => {
  it('the peak (first on a tie) and the average per bar', () => {
    const bars = [
      { key: 'a', label: '08h', total: 2 },
      { key: 'b', label: '09h', total: 5 },
      { key: 'c', label: '10h', total: 5 },
      { key: 'd', label: '11h', total: 0 },
    ];
    expect(temporalSummary(bars)).toEqual({ total: 12, peak: bars[1], average: 3 });
    expect(temporalSummary([{ key: 'a', label: '08h', total: 0 }])).toEqual({ total: 0, peak: null, average: 0 });
    expect(temporalSummary([])).toEqual({ total: 0, peak: null, average: 0 });
  });
});
