import { describe, expect, it } from 'vitest';
import {
  ATTENDANT_STATUS_BADGE,
  attendantStatus,
  BUSY_OPEN_TICKETS,
  DASHBOARD_EXPORT_DELAY_MS,
  defaultPeriod,
  formatDuration,
  INDICATOR_SECTIONS,
  onlineShare,
  openTickets,
  periodProblem,
  ratingLevel,
  ticketsPerDayBars,
  ticketsPerUserBars,
} from './dashboardRules';

describe('dashboard rules', () => {
  it('the default period runs from the first of the month to today', () => {
    expect(defaultPeriod(new Date(2026, 10, 24, 15, 30))).toEqual({ initialDate: '2026-11-01', finalDate: '2026-11-24' });
    expect(defaultPeriod(new Date(2026, 0, 1, 0, 5))).toEqual({ initialDate: '2026-01-01', finalDate: '2026-01-01' });
  });

  it('a period needs both dates, in order, of at most 366 days', () => {
    expect(periodProblem({ initialDate: '2026-11-01', finalDate: '2026-11-01' })).toBeNull();
    expect(periodProblem({ initialDate: '2026-11-01' })).toBe('missing');
    expect(periodProblem({ initialDate: '2026-11-02', finalDate: '2026-11-01' })).toBe('order');
    expect(periodProblem({ initialDate: '2025-01-01', finalDate: '2026-01-01' })).toBeNull();
    expect(periodProblem({ initialDate: '2024-01-01', finalDate: '2024-12-31' })).toBeNull();
    expect(periodProblem({ initialDate: '2024-01-01', finalDate: '2025-01-01' })).toBe('tooLong');
  });

  it('durations read as seconds, minutes, hours or days', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(Number.NaN)).toBe('0m');
    expect(formatDuration(0.75)).toBe('45s');
    expect(formatDuration(0.999)).toBe('1m');
    expect(formatDuration(12.4)).toBe('12m');
    expect(formatDuration(65)).toBe('1h 05m');
    expect(formatDuration(59.6)).toBe('1h 00m');
    expect(formatDuration(1440 + 190)).toBe('1d 03h');
  });

  it('one day is charted per hour, every hour shown', () => {
    const bars = ticketsPerDayBars(
      {
        data: [
          { horario: 9, total: 4 },
          { horario: 14, total: 2 },
        ],
        count: 6,
      },
      { initialDate: '2026-11-24', finalDate: '2026-11-24' },
    );
    expect(bars).toHaveLength(24);
    expect(bars[0]).toEqual({ key: 'h0', label: '00h', total: 0 });
    expect(bars[9]).toEqual({ key: 'h9', label: '09h', total: 4 });
    expect(bars[14]?.total).toBe(2);
    expect(bars.reduce((s, b) => s + b.total, 0)).toBe(6);
  });

  it('a longer period is charted per day, every day shown', () => {
    const bars = ticketsPerDayBars(
      {
        data: [
          { data: '30/11/2026', total: 3 },
          { data: '02/12/2026', total: 1 },
        ],
        count: 4,
      },
      { initialDate: '2026-11-29', finalDate: '2026-12-02' },
    );
    expect(bars).toEqual([
      { key: '29/11/2026', label: '29/11', total: 0 },
      { key: '30/11/2026', label: '30/11', total: 3 },
      { key: '01/12/2026', label: '01/12', total: 0 },
      { key: '02/12/2026', label: '02/12', total: 1 },
    ]);
  });

  it('tickets per attendant, most first', () => {
    const bars = ticketsPerUserBars({
      data: [
        { nome: 'Ana', quantidade: 2 },
        { nome: 'Bia', quantidade: 7 },
        { nome: 'Caio', quantidade: 2 },
      ],
    });
    expect(bars.map((b) => [b.label, b.total])).toEqual([
      ['Bia', 7],
      ['Ana', 2],
      ['Caio', 2],
    ]);
  });

  it('online share of the attendants', () => {
    expect(onlineShare([])).toEqual({ online: 0, total: 0, percent: null });
    expect(onlineShare([{ online: true }, { online: false }, { online: false }, { online: true }])).toEqual({ online: 2, total: 4, percent: 50 });
  });

  it('an online attendant with more than 3 open tickets is busy', () => {
    expect(BUSY_OPEN_TICKETS).toBe(3);
    expect(attendantStatus({ online: true, tickets: 3, closed: 0 })).toBe('online');
    expect(attendantStatus({ online: true, tickets: 4, closed: 0 })).toBe('busy');
    // the closed ones are no longer being handled
    expect(attendantStatus({ online: true, tickets: 10, closed: 7 })).toBe('online');
    expect(attendantStatus({ online: true, tickets: 10, closed: 6 })).toBe('busy');
    expect(attendantStatus({ online: false, tickets: 10, closed: 0 })).toBe('offline');
    expect(attendantStatus({ online: false, tickets: 0, closed: 0 })).toBe('offline');
    expect(openTickets({ tickets: 2, closed: 3 })).toBe(0);
    expect(ATTENDANT_STATUS_BADGE).toEqual({ online: 'success', busy: 'warning', offline: 'default' });
  });

  it('the statuses read Online, Ocupado, Offline', async () => {
    await import('./dashboardLocales');
    const { default: i18n } = await import('../../i18n');
    const labels = (lng: string) => (['online', 'busy', 'offline'] as const).map((s) => i18n.t(`dashboard:attendants.${s}`, { lng }));
    expect(labels('pt-BR')).toEqual(['Online', 'Ocupado', 'Offline']);
    expect(labels('en')).toEqual(['Online', 'Busy', 'Offline']);
    expect(labels('es')).toEqual(['En línea', 'Ocupado', 'Desconectado']);
  });

  it('rating levels', () => {
    expect(ratingLevel(5)).toBe('excellent');
    expect(ratingLevel(4.5)).toBe('excellent');
    expect(ratingLevel(4.49)).toBe('veryGood');
    expect(ratingLevel(4)).toBe('veryGood');
    expect(ratingLevel(3.5)).toBe('good');
    expect(ratingLevel(3.49)).toBe('needsImprovement');
  });

  it('the overview opens with Indicadores then Métricas Detalhadas, each counter shown once', async () => {
    await import('./dashboardLocales');
    const { default: i18n } = await import('../../i18n');
    expect(INDICATOR_SECTIONS.map((s) => i18n.t(`dashboard:${s.key}.title`, { lng: 'pt-BR' }))).toEqual(['Indicadores', 'Métricas Detalhadas']);
    const counters = INDICATOR_SECTIONS.flatMap((s) => s.figures.map((f) => f.counter));
    expect(new Set(counters).size).toBe(counters.length);
    expect(INDICATOR_SECTIONS[0].figures.map((f) => f.counter)).toEqual(
      expect.arrayContaining(['supportHappening', 'supportPending', 'supportFinished', 'leads']),
    );
    expect(INDICATOR_SECTIONS[1].figures.map((f) => f.counter)).toEqual(['messagesReceived', 'messagesSent', 'activeConnections', 'conversionRate']);
    for (const f of INDICATOR_SECTIONS.flatMap((s) => s.figures)) expect(i18n.exists(`dashboard:indicators.${f.label}`, { lng: 'pt-BR' })).toBe(true);
  });

  it('the export tab takes 1.5 s (spec 002 §2), long enough to read "Gerando Relatório..."', () => {
    expect(DASHBOARD_EXPORT_DELAY_MS).toBe(1500);
  });
});
