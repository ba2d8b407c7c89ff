import { describe, expect, it } from 'vitest';
import { worksheetXml } from '../reports/xlsxWriter';
import type { DashboardAlert } from './dashboardAlerts';
import {
  chartsFit,
  csvField,
  EXPORT_METRICS,
  pdfSections,
  PDF_MAX_ATTENDANTS,
  reportCsv,
  reportFileName,
  reportMeta,
  reportRecommendations,
  reportSections,
  reportXlsxRows,
  type ExportMetric,
  type ReportInput,
  type Translate,
} from './exportRules';
import { attendant, counters, dashboard } from './testData';

/** Keys as texts (with their values), so the tests read what was asked for. */
const t: Translate = (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key);
const texts = { t, alertText: (a: DashboardAlert) => ({ title: `title:${a.id}`, details: `details:${a.id}` }) };

const input = (over: Partial<ReportInput> = {}): ReportInput => ({
  period: { initialDate: '2026-03-01', finalDate: '2026-03-07' },
  previousPeriod: { initialDate: '2026-02-22', finalDate: '2026-02-28' },
  data: dashboard({ tickets: 20 }, [attendant(1, { name: 'Ana', tickets: 12 }), attendant(2, { name: 'Bia', tickets: 8, online: false })]),
  previous: dashboard({ tickets: 10 }),
  perDay: {
    bars: [
      { key: '01/03/2026', label: '01/03', total: 5 },
      { key: '02/03/2026', label: '02/03', total: 15 },
    ],
    hourly: false,
  },
  generatedAt: new Date(2026, 2, 7, 9, 5),
  ...over,
});

const sections = (metrics: readonly ExportMetric[], charts = false, over: Partial<ReportInput> = {}) => reportSections(input(over), { metrics, charts }, texts);
const csv = (metrics: readonly ExportMetric[], charts = false) => reportCsv(reportMeta(input(), t), sections(metrics, charts));

describe('report file', () => {
  it('is named relatorio_atendimento_ plus yyyyMMdd_HHmm', () => {
    expect(reportFileName('pdf', new Date(2026, 2, 7, 9, 5))).toBe('relatorio_atendimento_20260307_0905.pdf');
    expect(reportFileName('xlsx', new Date(2026, 11, 31, 23, 59))).toBe('relatorio_atendimento_20261231_2359.xlsx');
    expect(reportFileName('csv', new Date(2026, 0, 1, 0, 0))).toBe('relatorio_atendimento_20260101_0000.csv');
  });

  it('charts only fit PDF and Excel', () => {
    expect(chartsFit('pdf')).toBe(true);
    expect(chartsFit('xlsx')).toBe(true);
    expect(chartsFit('csv')).toBe(false);
  });
});

describe('report sections', () => {
  it('holds only the metrics chosen, in a fixed order', () => {
    expect(sections(['nps', 'tickets']).map((s) => s.key)).toEqual(['tickets', 'nps']);
    expect(sections([...EXPORT_METRICS]).map((s) => s.metric)).toEqual(['tickets', 'nps', 'attendants', 'performance', 'trends', 'alerts', 'alerts']);
    expect(sections([])).toEqual([]);
  });

  it('adds the charts’ figures only when asked', () => {
    expect(sections(['tickets', 'attendants'], true).map((s) => s.key)).toEqual(['tickets', 'ticketsChart', 'attendants', 'attendantsChart']);
    const chart = sections(['tickets'], true)[1];
    expect(chart?.rows).toEqual([
      ['01/03', 5],
      ['02/03', 15],
    ]);
    expect(chart?.chart?.kind).toBe('columns');
  });

  it('the NPS section computes the score from the distribution', () => {
    const nps = sections(['nps'], false, { data: dashboard({ promoters: 6, passives: 2, detractors: 2 }) })[0];
    expect(nps?.rows[0]).toEqual(['export.report.figures.npsScore', 40, null]);
    expect(nps?.rows[2]).toEqual(['satisfaction.promoters', 6, 60]);
  });

  it('lists the attendants, the busiest first, with their status', () => {
    const rows = sections(['attendants'])[0]?.rows;
    expect(rows?.map((r) => r[0])).toEqual(['Ana', 'Bia']);
    // Ana is online with 9 of her 12 tickets open: busy
    expect(rows?.[0]?.[1]).toBe('attendants.busy');
    expect(rows?.[1]).toEqual(['Bia', 'attendants.offline', 8, 4.5, 2, 3, 15]);
  });

  it('trends compare with the previous period; without it they say so', () => {
    const trends = sections(['trends'])[0];
    expect(trends?.rows.find((r) => r[0] === 'trends.figures.tickets')).toEqual(['trends.figures.tickets', 20, 10, 100]);
    expect(trends?.rows.find((r) => r[0] === 'trends.figures.avgWaitTime (min)')).toEqual(['trends.figures.avgWaitTime (min)', 4, 4, 0]);
    expect(sections(['trends'], false, { previous: null })[0]?.rows).toEqual([['export.report.noPrevious']]);
  });

  it('alerts use the texts given, and the recommendations follow', () => {
    const [alerts, recommendations] = sections(['alerts'], false, { data: dashboard({ supportPending: 15 }) });
    expect(alerts?.rows[0]).toEqual(['alerts.severity.high', 'title:pending', 'details:pending']);
    expect(recommendations?.rows[0]?.[0]).toContain('export.recommendations.pending');
  });

  it('a PDF lists at most 15 attendants, then how many more', () => {
    const team = Array.from({ length: 18 }, (_, i) => attendant(i + 1, { name: `A${String(i + 1).padStart(2, '0')}`, tickets: 1 }));
    const [table, chart] = pdfSections(sections(['attendants'], true, { data: dashboard({}, team) }), t);
    expect(table?.rows).toHaveLength(PDF_MAX_ATTENDANTS + 1);
    expect(table?.rows.at(-1)).toEqual(['export.report.moreAttendants {"count":3}']);
    expect(chart?.chart?.bars).toHaveLength(PDF_MAX_ATTENDANTS);
  });
});

describe('recommendations', () => {
  it('follow the report thresholds', () => {
    const found = reportRecommendations(counters({ supportPending: 11, conversionRate: 69, avgSupportTime: 61, promoters: 1, passives: 0, detractors: 1 }), [
      { tickets: 0 },
      { tickets: 2 },
      { tickets: 0 },
    ]);
    expect(found).toEqual([
      { kind: 'pending', pending: 11 },
      { kind: 'resolution', percent: 69 },
      { kind: 'supportTime', minutes: 61 },
      { kind: 'nps', score: 0 },
      { kind: 'idleAttendants', count: 2 },
    ]);
  });

  it('none at the limits, and no low rates without tickets or rates', () => {
    expect(reportRecommendations(counters({ supportPending: 10, conversionRate: 70, avgSupportTime: 60, npsScore: 50 }), [{ tickets: 1 }])).toEqual([]);
    expect(reportRecommendations(counters({ tickets: 0, conversionRate: 0, promoters: 0, passives: 0, detractors: 0, npsScore: 0 }), [])).toEqual([]);
  });
});

describe('CSV', () => {
  it('holds the chosen metric and nothing else', () => {
    const text = csv(['tickets']);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'export.report.title',
      'export.report.period,"range.span {""from"":""01/03/2026"",""to"":""07/03/2026""}"',
      'export.report.generatedAt,07/03/2026 09:05',
    ]);
    expect(lines).toContain('export.metrics.tickets');
    expect(lines).toContain('export.report.figure,export.report.value');
    expect(lines).toContain('export.report.figures.tickets,20');
    expect(lines).toContain('export.report.figures.pending,3');
    expect(text).not.toContain('export.metrics.nps');
    expect(text).not.toContain('Ana');
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('lists attendants and NPS when chosen', () => {
    const text = csv(['nps', 'attendants']);
    expect(text).toContain('\r\nexport.metrics.nps\r\n');
    expect(text).toContain('\r\nAna,attendants.busy,12,4.5,2,3,15\r\n');
    expect(text).not.toContain('export.metrics.tickets');
  });

  it('quotes what needs it and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+55 11')).toBe("'+55 11");
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });
});

describe('Excel rows', () => {
  it('the meta lines, then each section with a blank row before it; numbers stay numbers', () => {
    const rows = reportXlsxRows(reportMeta(input(), t), sections(['tickets', 'nps']));
    expect(rows[0]).toEqual(['export.report.title']);
    expect(rows[3]).toEqual([]);
    expect(rows[4]).toEqual(['export.metrics.tickets']);
    expect(rows[5]).toEqual(['export.report.figure', 'export.report.value']);
    expect(rows[6]).toEqual(['export.report.figures.tickets', 20]);
    const npsTitle = rows.findIndex((r) => r[0] === 'export.metrics.nps');
    expect(rows[npsTitle - 1]).toEqual([]);
    const xml = worksheetXml(rows);
    expect(xml).toContain('<c r="B7"><v>20</v></c>');
  });

  it('with charts, holds the charts’ figures as tables', () => {
    const rows = reportXlsxRows(reportMeta(input(), t), sections(['tickets'], true));
    const title = rows.findIndex((r) => r[0] === 'charts.perDay');
    expect(rows.slice(title, title + 4)).toEqual([['charts.perDay'], ['export.report.day', 'export.report.tickets'], ['01/03', 5], ['02/03', 15]]);
  });
});
