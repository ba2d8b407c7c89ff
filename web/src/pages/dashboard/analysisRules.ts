import type { DashboardAttendant, DashboardCounters } from '@atende/kit/contracts';
import { ALERT_LIMITS } from './dashboardAlerts';
import { ratingLevel, type Bar, type RatingLevel } from './dashboardRules';

const round2 = (x: number) => Math.round(x * 100) / 100;

// ---- NPS ----

export type RatingDistribution = Pick<DashboardCounters, 'promoters' | 'passives' | 'detractors'>;
export type Nps = {
  ratings: number;
  /** % promoters − % detractors (−100..100); null when nobody rated. */
  score: number | null;
  promotersPercent: number;
  passivesPercent: number;
  detractorsPercent: number;
};

/** The NPS of a distribution of rates (5 promoter, 4 neutral, 1–3 detractor), as the server counts it: shares to two decimals. */
export function npsFromDistribution({ promoters, passives, detractors }: RatingDistribution): Nps {
  const ratings = promoters + passives + detractors;
  const share = (n: number) => (ratings > 0 ? round2((100 * n) / ratings) : 0);
  return {
    ratings,
    score: ratings > 0 ? round2((100 * (promoters - detractors)) / ratings) : null,
    promotersPercent: share(promoters),
    passivesPercent: share(passives),
    detractorsPercent: share(detractors),
  };
}

// ---- Satisfaction ----

/** The rates of the period by stars, the way the counters group them: 5, 4 and 1 to 3. */
export function ratingBars(distribution: RatingDistribution): Bar[] {
  return [
    { key: 'promoters', label: '5', total: distribution.promoters },
    { key: 'passives', label: '4', total: distribution.passives },
    { key: 'detractors', label: '1-3', total: distribution.detractors },
  ];
}

export const RATING_LEVELS: readonly RatingLevel[] = ['excellent', 'veryGood', 'good', 'needsImprovement'];

/** How many rated attendants stand at each rating level (attendants nobody rated are left out). */
export function attendantsByLevel(attendants: readonly Pick<DashboardAttendant, 'rating' | 'countRating'>[]): Record<RatingLevel, number> {
  const levels: Record<RatingLevel, number> = { excellent: 0, veryGood: 0, good: 0, needsImprovement: 0 };
  for (const a of attendants) if (a.countRating > 0) levels[ratingLevel(a.rating)] += 1;
  return levels;
}

// ---- Performance ----

export type AttendantFigure = 'tickets' | 'avgWaitTime' | 'avgSupportTime' | 'rating';

/**
 * One bar per attendant for a figure, the best first: most tickets, shortest times, best rate. Only those the
 * figure means something for: attendants with tickets (times: with tickets that were waited for / attended),
 * and for the rate those who were rated.
 */
export function attendantBars(attendants: readonly DashboardAttendant[], figure: AttendantFigure): Bar[] {
  const shown = attendants.filter((a) => (figure === 'rating' ? a.countRating > 0 : figure === 'tickets' ? a.tickets > 0 : a.tickets > 0 && a[figure] > 0));
  const lowerFirst = figure === 'avgWaitTime' || figure === 'avgSupportTime';
  return shown
    .map((a) => ({ key: String(a.id), label: a.name, total: a[figure] }))
    .sort((a, b) => (lowerFirst ? a.total - b.total : b.total - a.total) || a.label.localeCompare(b.label));
}

// ---- Productivity ----

export type ProductivityRow = {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  /** Of those tickets, how many are closed by now. */
  closed: number;
  avgSupportTime: number;
  rating: number;
  countRating: number;
  /** The attendant's share of the tickets the attendants had, in percent. */
  share: number;
  /** The productivity score, 0–100 (see productivityScore). */
  score: number;
};

/** The tickets that make a full ticket part of the productivity score (spec 002 §9: 10 tickets equal 100 percent). */
export const SCORE_FULL_TICKETS = 10;

/**
 * An attendant's productivity score from 0 to 100 (spec 002 §9): the average of their tickets (of
 * SCORE_FULL_TICKETS, at most 100), their rate (of 5) and a time factor (100 up to the smart alerts' 30 minutes
 * of average attendance, less the longer beyond). A rate nobody gave and a time never measured are left out
 * of the average, not counted as 0.
 */
export function productivityScore(a: Pick<DashboardAttendant, 'tickets' | 'rating' | 'countRating' | 'avgSupportTime'>): number {
  const parts = [Math.min(a.tickets / SCORE_FULL_TICKETS, 1) * 100];
  if (a.countRating > 0) parts.push((a.rating / 5) * 100);
  const limit = ALERT_LIMITS.supportMinutes;
  if (a.avgSupportTime > 0) parts.push(a.avgSupportTime <= limit ? 100 : (100 * limit) / a.avgSupportTime);
  return Math.round(parts.reduce((sum, p) => sum + p, 0) / parts.length);
}

/** The productivity table: every attendant with their tickets, closed ones, times, rate, share of the attendants' tickets and score. */
export function productivityRows(attendants: readonly DashboardAttendant[]): ProductivityRow[] {
  const total = attendants.reduce((sum, a) => sum + a.tickets, 0);
  return attendants.map((a) => ({
    id: a.id,
    name: a.name,
    online: a.online,
    tickets: a.tickets,
    closed: a.closed,
    avgSupportTime: a.avgSupportTime,
    rating: a.rating,
    countRating: a.countRating,
    share: total > 0 ? round2((100 * a.tickets) / total) : 0,
    score: productivityScore(a),
  }));
}

// ---- Radar ----

export const RADAR_AXES = ['tickets', 'speed', 'rating', 'resolution'] as const;
export type RadarAxis = (typeof RADAR_AXES)[number];
export type RadarInput = Pick<DashboardAttendant, 'id' | 'name' | 'tickets' | 'closed' | 'rating' | 'countRating' | 'avgSupportTime'>;
export type RadarSeries = { id: number; name: string; values: Record<RadarAxis, number> };

/**
 * Each attendant on four axes from 0 to 1: tickets (of the busiest attendant's), speed (the fastest average
 * attendance time over theirs: the fastest is 1), rating (of 5) and resolution (closed of their tickets).
 * What cannot be measured (no tickets, no rates, nothing attended) is 0.
 */
export function radarSeries(attendants: readonly RadarInput[]): RadarSeries[] {
  const most = Math.max(0, ...attendants.map((a) => a.tickets));
  const times = attendants.filter((a) => a.tickets > 0 && a.avgSupportTime > 0).map((a) => a.avgSupportTime);
  const fastest = times.length ? Math.min(...times) : 0;
  return attendants.map((a) => ({
    id: a.id,
    name: a.name,
    values: {
      tickets: most > 0 ? a.tickets / most : 0,
      speed: a.tickets > 0 && a.avgSupportTime > 0 ? fastest / a.avgSupportTime : 0,
      rating: a.countRating > 0 ? Math.min(a.rating / 5, 1) : 0,
      resolution: a.tickets > 0 ? Math.min(a.closed / a.tickets, 1) : 0,
    },
  }));
}

/** The attendants a radar starts with: the busiest few (by tickets, then name), only those with tickets. */
export function defaultRadarIds(attendants: readonly Pick<DashboardAttendant, 'id' | 'name' | 'tickets'>[], count = 3): number[] {
  return [...attendants]
    .filter((a) => a.tickets > 0)
    .sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((a) => a.id);
}

/** The point of a value (0–1) on axis `index` of `count`, the first axis straight up, clockwise, around (cx, cy). */
export function radarPoint(index: number, count: number, value: number, radius: number, cx: number, cy: number): { x: number; y: number } {
  const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
  const r = radius * Math.max(0, Math.min(value, 1));
  return { x: round2(cx + r * Math.cos(angle)), y: round2(cy + r * Math.sin(angle)) };
}

// ---- Temporal ----

export type TemporalSummary = { total: number; peak: Bar | null; average: number };

/** The busiest hour or day (the first one on a tie) and the average per bar. */
export function temporalSummary(bars: readonly Bar[]): TemporalSummary {
  const total = bars.reduce((sum, b) => sum + b.total, 0);
  const peak = bars.reduce<Bar | null>((best, b) => (b.total > 0 && (!best || b.total > best.total) ? b : best), null);
  return { total, peak, average: bars.length ? round2(total / bars.length) : 0 };
}
