import dayjs from 'dayjs';
import type { DashboardCounters, DashboardData } from '@atende/kit/contracts';
import type { DashboardPeriod } from '../../api/dashboard';
import type { XlsxRow } from '../reports/xlsxWriter';
import { DAY_FORMAT, formatDateTime } from '../../format/dates';
import { npsFromDistribution } from './analysisRules';
import { dashboardAlerts, type DashboardAlert } from './dashboardAlerts';
import { attendantStatus, onlineShare, type Bar } from './dashboardRules';
import { ALL_TREND_FIGURES, averageRating, ticketsPerAttendant, trendRows, type FigureKind } from './trendRules';

/** The report export (spec 002 §2 "Report export screen"): its metrics, formats and what each file holds. */
export const EXPORT_METRICS = ['tickets', 'nps', 'attendants', 'performance', 'trends', 'alerts'] as const;
export type ExportMetric = (typeof EXPORT_METRICS)[number];
export const DEFAULT_EXPORT_METRICS: readonly ExportMetric[] = ['tickets', 'nps', 'attendants', 'performance'];

export const EXPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Charts go in PDF (drawn) and Excel (their figures as tables) files only. */
export const chartsFit = (format: ExportFormat): boolean => format !== 'csv';

/** The resolution rate the team aims at (spec 002 §9), shown beside the real one. */
export const RESOLUTION_TARGET = 85;
/** A PDF lists at most this many attendants (spec 002 §9). */
export const PDF_MAX_ATTENDANTS = 15;
/** The report's recommendation thresholds (spec 002 §9). */
export const RECOMMENDATION_LIMITS = { pending: 10, resolutionPercent: 70, supportMinutes: 60, nps: 50 } as const;

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Cell = string | number | null;

/** A chart of a PDF: columns side by side (hours, days) or one bar per line (attendants). */
export type ReportChart = { kind: 'columns' | 'bars'; bars: Bar[] };
/** One block of the report: a title, a header and rows; `chart` when a PDF draws it instead of the table. */
export type ReportSection = { key: string; metric: ExportMetric; title: string; header: string[]; rows: Cell[][]; chart?: ReportChart };

export type ReportInput = {
  period: DashboardPeriod;
  previousPeriod: DashboardPeriod;
  data: DashboardData;
  /** The previous period's figures (the trends); null when they could not be loaded. */
  previous: DashboardData | null;
  /** The tickets per hour (a one-day period) or per day; null when they could not be loaded. */
  perDay: { bars: Bar[]; hourly: boolean } | null;
  generatedAt: Date;
};
export type ReportTexts = { t: Translate; alertText(alert: DashboardAlert): { title: string; details: string } };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** relatorio_atendimento_20260305_1430.pdf (spec 002 §9: the time the file was made, yyyyMMdd_HHmm). */
export function reportFileName(format: ExportFormat, at: Date): string {
  return `relatorio_atendimento_${dayjs(at).format('YYYYMMDD_HHmm')}.${format}`;
}

export const shownPeriod = (period: DashboardPeriod): { from: string; to: string } => ({
  from: dayjs(period.initialDate).format(DAY_FORMAT),
  to: dayjs(period.finalDate).format(DAY_FORMAT),
});

/** The lines above the sections: the title, the period counted and when the file was made. */
export function reportMeta(input: Pick<ReportInput, 'period' | 'generatedAt'>, t: Translate): Cell[][] {
  return [
    [t('export.report.title')],
    [t('export.report.period'), t('range.span', shownPeriod(input.period))],
    [t('export.report.generatedAt'), formatDateTime(input.generatedAt)],
  ];
}

export type Recommendation =
  | { kind: 'pending'; pending: number }
  | { kind: 'resolution'; percent: number }
  | { kind: 'supportTime'; minutes: number }
  | { kind: 'nps'; score: number }
  | { kind: 'idleAttendants'; count: number };

/** The report's recommendations (spec 002 §9): many waiting, low resolution, long attendance, low NPS, attendants without tickets. */
export function reportRecommendations(counters: DashboardCounters, attendants: readonly { tickets: number }[]): Recommendation[] {
  const found: Recommendation[] = [];
  if (counters.supportPending > RECOMMENDATION_LIMITS.pending) found.push({ kind: 'pending', pending: counters.supportPending });
  // Without tickets there is no rate to be low.
  if (counters.tickets > 0 && counters.conversionRate < RECOMMENDATION_LIMITS.resolutionPercent)
    found.push({ kind: 'resolution', percent: counters.conversionRate });
  if (counters.avgSupportTime > RECOMMENDATION_LIMITS.supportMinutes) found.push({ kind: 'supportTime', minutes: counters.avgSupportTime });
  const nps = npsFromDistribution(counters);
  if (nps.score !== null && nps.score < RECOMMENDATION_LIMITS.nps) found.push({ kind: 'nps', score: nps.score });
  const idle = attendants.filter((a) => a.tickets === 0).length;
  if (idle > 0) found.push({ kind: 'idleAttendants', count: idle });
  return found;
}

function ticketsSections({ data, perDay }: ReportInput, charts: boolean, t: Translate): ReportSection[] {
  const c = data.counters;
  const figure = (key: string, value: number): Cell[] => [t(`export.report.figures.${key}`), value];
  const sections: ReportSection[] = [
    {
      key: 'tickets',
      metric: 'tickets',
      title: t('export.metrics.tickets'),
      header: [t('export.report.figure'), t('export.report.value')],
      rows: [
        figure('tickets', c.tickets),
        figure('pending', c.supportPending),
        figure('happening', c.supportHappening),
        figure('finished', c.supportFinished),
        figure('groups', c.supportGroups),
        figure('waitRating', c.waitRating),
        figure('withRating', c.withRating),
        figure('withoutRating', c.withoutRating),
        figure('leads', c.leads),
        figure('messagesReceived', c.messagesReceived),
        figure('messagesSent', c.messagesSent),
        figure('activeConnections', c.activeConnections),
      ],
    },
  ];
  if (charts && perDay) {
    sections.push({
      key: 'ticketsChart',
      metric: 'tickets',
      title: perDay.hourly ? t('charts.perHour') : t('charts.perDay'),
      header: [perDay.hourly ? t('export.report.hour') : t('export.report.day'), t('export.report.tickets')],
      rows: perDay.bars.map((b) => [b.label, b.total]),
      chart: { kind: 'columns', bars: perDay.bars },
    });
  }
  return sections;
}

function npsSection({ data }: ReportInput, t: Translate): ReportSection {
  const c = data.counters;
  const nps = npsFromDistribution(c);
  return {
    key: 'nps',
    metric: 'nps',
    title: t('export.metrics.nps'),
    header: [t('export.report.figure'), t('export.report.value'), t('export.report.percent')],
    rows: [
      [t('export.report.figures.npsScore'), nps.score, null],
      [t('export.report.figures.ratings'), nps.ratings, null],
      [t('satisfaction.promoters'), c.promoters, nps.promotersPercent],
      [t('satisfaction.passives'), c.passives, nps.passivesPercent],
      [t('satisfaction.detractors'), c.detractors, nps.detractorsPercent],
      [t('export.report.figures.percRating'), c.withRating, c.percRating],
    ],
  };
}

function attendantsSections({ data }: ReportInput, charts: boolean, t: Translate): ReportSection[] {
  const sorted = [...data.attendants].sort((a, b) => b.tickets - a.tickets || a.name.localeCompare(b.name));
  const sections: ReportSection[] = [
    {
      key: 'attendants',
      metric: 'attendants',
      title: t('export.metrics.attendants'),
      header: [
        t('attendants.name'),
        t('export.report.status'),
        t('attendants.tickets'),
        t('attendants.rating'),
        t('export.report.ratings'),
        t('export.report.avgWaitMinutes'),
        t('export.report.avgSupportMinutes'),
      ],
      rows: sorted.map((a) => [
        a.name,
        t(`attendants.${attendantStatus(a)}`),
        a.tickets,
        a.countRating > 0 ? a.rating : null,
        a.countRating,
        a.avgWaitTime,
        a.avgSupportTime,
      ]),
    },
  ];
  const busy = sorted.filter((a) => a.tickets > 0);
  if (charts && busy.length) {
    sections.push({
      key: 'attendantsChart',
      metric: 'attendants',
      title: t('charts.perUser'),
      header: [t('attendants.name'), t('export.report.tickets')],
      rows: busy.map((a) => [a.name, a.tickets]),
      chart: { kind: 'bars', bars: busy.map((a) => ({ key: String(a.id), label: a.name, total: a.tickets })) },
    });
  }
  return sections;
}

function performanceSection({ data }: ReportInput, t: Translate): ReportSection {
  const c = data.counters;
  const presence = onlineShare(data.attendants);
  return {
    key: 'performance',
    metric: 'performance',
    title: t('export.metrics.performance'),
    header: [t('export.report.figure'), t('export.report.value')],
    rows: [
      [t('export.report.avgWaitMinutes'), c.avgWaitTime],
      [t('export.report.avgSupportMinutes'), c.avgSupportTime],
      [t('export.report.figures.conversionRate'), c.conversionRate],
      [t('export.report.figures.resolutionTarget'), RESOLUTION_TARGET],
      [t('export.report.figures.ticketsPerAttendant'), ticketsPerAttendant(data.attendants)],
      [t('export.report.figures.averageRating'), averageRating(data.attendants)],
      [t('export.report.figures.attendantsOnline'), presence.online],
      [t('export.report.figures.attendants'), presence.total],
      [t('export.report.figures.onlinePercent'), presence.percent === null ? null : round2(presence.percent)],
    ],
  };
}

/** The unit a trend figure's values are written in (the file holds plain numbers). */
const UNITS: Record<FigureKind, string> = { count: '', score: '', rating: '', minutes: ' (min)', percent: ' (%)' };

function trendsSection({ data, previous, previousPeriod }: ReportInput, t: Translate): ReportSection {
  const header = [t('export.report.figure'), t('export.report.current'), t('export.report.previous', shownPeriod(previousPeriod)), t('export.report.change')];
  if (!previous) return { key: 'trends', metric: 'trends', title: t('export.metrics.trends'), header, rows: [[t('export.report.noPrevious')]] };
  return {
    key: 'trends',
    metric: 'trends',
    title: t('export.metrics.trends'),
    header,
    rows: trendRows(ALL_TREND_FIGURES, data, previous).map((r) => [`${t(`trends.figures.${r.key}`)}${UNITS[r.kind]}`, r.current, r.previous, r.percent]),
  };
}

function alertsSections({ data }: ReportInput, texts: ReportTexts): ReportSection[] {
  const { t } = texts;
  const alerts = dashboardAlerts(data.counters, data.attendants);
  const recommendations = reportRecommendations(data.counters, data.attendants);
  return [
    {
      key: 'alerts',
      metric: 'alerts',
      title: t('export.metrics.alerts'),
      header: [t('export.report.severity'), t('export.report.alert'), t('export.report.details')],
      rows: alerts.length
        ? alerts.map((a) => {
            const text = texts.alertText(a);
            return [t(`alerts.severity.${a.severity}`), text.title, text.details];
          })
        : [[t('export.report.noAlerts')]],
    },
    {
      key: 'recommendations',
      metric: 'alerts',
      title: t('export.report.recommendations'),
      header: [t('export.report.recommendation')],
      rows: recommendations.length
        ? recommendations.map((r) => [t(`export.recommendations.${r.kind}`, { ...r, limit: limitOf(r) })])
        : [[t('export.report.noRecommendations')]],
    },
  ];
}

function limitOf(r: Recommendation): number | undefined {
  switch (r.kind) {
    case 'pending':
      return RECOMMENDATION_LIMITS.pending;
    case 'resolution':
      return RECOMMENDATION_LIMITS.resolutionPercent;
    case 'supportTime':
      return RECOMMENDATION_LIMITS.supportMinutes;
    case 'nps':
      return RECOMMENDATION_LIMITS.nps;
    case 'idleAttendants':
      return undefined;
  }
}

/** The sections of the chosen metrics, in the order of EXPORT_METRICS; the charts' figures only when `charts`. */
export function reportSections(input: ReportInput, options: { metrics: readonly ExportMetric[]; charts: boolean }, texts: ReportTexts): ReportSection[] {
  const { t } = texts;
  const chosen = new Set(options.metrics);
  const sections: ReportSection[] = [];
  for (const metric of EXPORT_METRICS) {
    if (!chosen.has(metric)) continue;
    if (metric === 'tickets') sections.push(...ticketsSections(input, options.charts, t));
    else if (metric === 'nps') sections.push(npsSection(input, t));
    else if (metric === 'attendants') sections.push(...attendantsSections(input, options.charts, t));
    else if (metric === 'performance') sections.push(performanceSection(input, t));
    else if (metric === 'trends') sections.push(trendsSection(input, t));
    else sections.push(...alertsSections(input, texts));
  }
  return sections;
}

/**
 * The PDF's sections: the attendants' table and chart cut at PDF_MAX_ATTENDANTS (the busiest; how many were
 * left out is told in a last row of the table).
 */
export function pdfSections(sections: readonly ReportSection[], t: Translate): ReportSection[] {
  return sections.map((s) => {
    if (s.key === 'attendantsChart' && s.chart && s.chart.bars.length > PDF_MAX_ATTENDANTS) {
      return { ...s, rows: s.rows.slice(0, PDF_MAX_ATTENDANTS), chart: { ...s.chart, bars: s.chart.bars.slice(0, PDF_MAX_ATTENDANTS) } };
    }
    if (s.key !== 'attendants' || s.rows.length <= PDF_MAX_ATTENDANTS) return s;
    return { ...s, rows: [...s.rows.slice(0, PDF_MAX_ATTENDANTS), [t('export.report.moreAttendants', { count: s.rows.length - PDF_MAX_ATTENDANTS })]] };
  });
}

/** Every line of the report as rows: the meta lines, then each section's title, header and rows, a blank row between. */
export function reportRows(meta: readonly Cell[][], sections: readonly ReportSection[]): Cell[][] {
  const rows: Cell[][] = [...meta.map((r) => [...r])];
  for (const s of sections) rows.push([], [s.title], [...s.header], ...s.rows.map((r) => [...r]));
  return rows;
}

/** The rows of the .xlsx file (one sheet; numbers stay numbers). */
export function reportXlsxRows(meta: readonly Cell[][], sections: readonly ReportSection[]): XlsxRow[] {
  return reportRows(meta, sections);
}

/** A text a spreadsheet program would read as a formula gets a leading apostrophe (names are typed by users). */
function csvText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field: numbers as they are (a dot for decimals), texts quoted when they hold a comma, quote or line break. */
export function csvField(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = csvText(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of the report (RFC 4180: commas, CRLF line ends). */
export function reportCsv(meta: readonly Cell[][], sections: readonly ReportSection[]): string {
  return reportRows(meta, sections)
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}
