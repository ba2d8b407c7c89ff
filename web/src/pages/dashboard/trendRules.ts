import type { DashboardAttendant, DashboardData } from '@atende/kit/contracts';

/** Which way a figure is better: more (finished tickets), less (minutes waiting) or neither (the volume of messages). */
export type Better = 'higher' | 'lower' | 'neutral';
/** How a figure is written: a count, a share in percent, an NPS score, minutes, a rate out of 5. */
export type FigureKind = 'count' | 'percent' | 'score' | 'minutes' | 'rating';

export type TrendDelta = {
  current: number | null;
  previous: number | null;
  /** current − previous (null when either is unknown). */
  difference: number | null;
  /** The change relative to the previous value, in percent; null when it cannot be told (unknown, or from zero to something). */
  percent: number | null;
  direction: 'up' | 'down' | 'flat';
  tone: 'better' | 'worse' | 'neutral';
};

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * How a figure moved from the previous period to this one: the difference, the change in percent of the
 * previous value (of its size, so a negative NPS moving up reads as a rise), the direction and whether that is
 * good news for a figure that is better `better`.
 */
export function trendDelta(current: number | null, previous: number | null, better: Better): TrendDelta {
  if (current === null || previous === null) return { current, previous, difference: null, percent: null, direction: 'flat', tone: 'neutral' };
  const difference = round2(current - previous);
  const direction = difference > 0 ? 'up' : difference < 0 ? 'down' : 'flat';
  const percent = previous !== 0 ? round2((100 * difference) / Math.abs(previous)) : difference === 0 ? 0 : null;
  const tone = direction === 'flat' || better === 'neutral' ? 'neutral' : (direction === 'up') === (better === 'higher') ? 'better' : 'worse';
  return { current, previous, difference, percent, direction, tone };
}

/** The average rate of the period's rated tickets of every attendant (each attendant's average weighted by its rates); null when none. */
export function averageRating(attendants: readonly Pick<DashboardAttendant, 'rating' | 'countRating'>[]): number | null {
  const count = attendants.reduce((sum, a) => sum + a.countRating, 0);
  if (count === 0) return null;
  return round2(attendants.reduce((sum, a) => sum + a.rating * a.countRating, 0) / count);
}

/** Tickets per attendant who had any in the period; null when nobody had one. */
export function ticketsPerAttendant(attendants: readonly Pick<DashboardAttendant, 'tickets'>[]): number | null {
  const busy = attendants.filter((a) => a.tickets > 0);
  if (!busy.length) return null;
  return round2(busy.reduce((sum, a) => sum + a.tickets, 0) / busy.length);
}

type Figure = { kind: FigureKind; better: Better; value(data: DashboardData): number | null };

/** Every figure a trend can show, read from a GET /dashboard answer. */
export const TREND_FIGURES = {
  tickets: { kind: 'count', better: 'neutral', value: (d) => d.counters.tickets },
  finished: { kind: 'count', better: 'higher', value: (d) => d.counters.supportFinished },
  pending: { kind: 'count', better: 'lower', value: (d) => d.counters.supportPending },
  happening: { kind: 'count', better: 'neutral', value: (d) => d.counters.supportHappening },
  conversionRate: { kind: 'percent', better: 'higher', value: (d) => d.counters.conversionRate },
  leads: { kind: 'count', better: 'higher', value: (d) => d.counters.leads },
  messagesReceived: { kind: 'count', better: 'neutral', value: (d) => d.counters.messagesReceived },
  messagesSent: { kind: 'count', better: 'neutral', value: (d) => d.counters.messagesSent },
  // The score of nobody's rates is no score: unknown rather than 0.
  npsScore: {
    kind: 'score',
    better: 'higher',
    value: (d) => (d.counters.promoters + d.counters.passives + d.counters.detractors > 0 ? d.counters.npsScore : null),
  },
  promoters: { kind: 'count', better: 'higher', value: (d) => d.counters.promoters },
  passives: { kind: 'count', better: 'neutral', value: (d) => d.counters.passives },
  detractors: { kind: 'count', better: 'lower', value: (d) => d.counters.detractors },
  percRating: { kind: 'percent', better: 'higher', value: (d) => d.counters.percRating },
  averageRating: { kind: 'rating', better: 'higher', value: (d) => averageRating(d.attendants) },
  avgWaitTime: { kind: 'minutes', better: 'lower', value: (d) => d.counters.avgWaitTime },
  avgSupportTime: { kind: 'minutes', better: 'lower', value: (d) => d.counters.avgSupportTime },
  ticketsPerAttendant: { kind: 'count', better: 'neutral', value: (d) => ticketsPerAttendant(d.attendants) },
} as const satisfies Record<string, Figure>;
export type TrendFigure = keyof typeof TREND_FIGURES;

/** The trend views (spec 002 §2) and the figures each compares. */
export const TREND_VIEWS = {
  overview: ['tickets', 'finished', 'conversionRate', 'npsScore', 'avgWaitTime', 'avgSupportTime', 'leads', 'messagesReceived'],
  tickets: ['tickets', 'pending', 'happening', 'finished', 'leads', 'messagesReceived', 'messagesSent'],
  satisfaction: ['npsScore', 'promoters', 'passives', 'detractors', 'averageRating', 'percRating'],
  performance: ['avgWaitTime', 'avgSupportTime', 'conversionRate', 'ticketsPerAttendant', 'averageRating'],
} as const satisfies Record<string, readonly TrendFigure[]>;
export type TrendView = keyof typeof TREND_VIEWS;

export type TrendRow = TrendDelta & { key: TrendFigure; kind: FigureKind; better: Better };

/** One row per figure: this period's value, the previous period's and how it moved. */
export function trendRows(figures: readonly TrendFigure[], current: DashboardData, previous: DashboardData): TrendRow[] {
  return figures.map((key) => {
    const figure: Figure = TREND_FIGURES[key];
    return { key, kind: figure.kind, better: figure.better, ...trendDelta(figure.value(current), figure.value(previous), figure.better) };
  });
}

/** Every figure once, in the order the views name them (the export's trends). */
export const ALL_TREND_FIGURES: readonly TrendFigure[] = [...new Set(Object.values(TREND_VIEWS).flat())];
