import dayjs from 'dayjs';
import type { DashboardAttendant, DashboardCounters, TicketsPerDay, TicketsPerUser } from '@atende/kit/contracts';
import type { DashboardPeriod } from '../../api/dashboard';
import { DAY_FORMAT } from '../../format/dates';

/** The dashboard's export tab takes 1.5 s at least (spec 002 §2), so "Gerando Relatório..." is seen before the file comes. */
export const DASHBOARD_EXPORT_DELAY_MS = 1500;

/** The longest period the server counts at once (it refuses longer ones). */
export const MAX_PERIOD_DAYS = 366;

const DAY = 'YYYY-MM-DD';

/** The default period (spec 002 §2): the first day of the current month to today. */
export function defaultPeriod(today: Date = new Date()): DashboardPeriod {
  const day = dayjs(today);
  return { initialDate: day.startOf('month').format(DAY), finalDate: day.format(DAY) };
}

export type PeriodProblem = 'missing' | 'order' | 'tooLong';

/** Why a period cannot be asked for (both dates, the end not before the start, at most MAX_PERIOD_DAYS days), or null. */
export function periodProblem(period: Partial<DashboardPeriod>): PeriodProblem | null {
  if (!period.initialDate || !period.finalDate) return 'missing';
  const days = dayjs(period.finalDate).diff(dayjs(period.initialDate), 'day') + 1;
  if (days < 1) return 'order';
  if (days > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes as people read them: '45s', '12m', '1h 05m', '2d 03h' ('0m' when none). */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '0m';
  const seconds = Math.round(minutes * 60);
  if (seconds < 60) return `${seconds}s`;
  const whole = Math.round(minutes);
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const rest = whole % 60;
  if (days > 0) return `${days}d ${pad(hours)}h`;
  if (hours > 0) return `${hours}h ${pad(rest)}m`;
  return `${rest}m`;
}

export type Bar = { key: string; label: string; total: number };

/**
 * The bars of the tickets-per-day chart. The server lists only the hours or days that had tickets;
 * the chart shows every hour of a one-day period (per hour, as the server counts it) or every day of
 * a longer one, the others at zero.
 */
export function ticketsPerDayBars(answer: TicketsPerDay, period: DashboardPeriod): Bar[] {
  if (period.initialDate === period.finalDate) {
    const byHour = new Map(answer.data.filter((r) => r.horario !== undefined).map((r) => [r.horario, r.total]));
    return Array.from({ length: 24 }, (_, hour) => ({ key: `h${hour}`, label: `${pad(hour)}h`, total: byHour.get(hour) ?? 0 }));
  }
  const byDay = new Map(answer.data.filter((r) => r.data !== undefined).map((r) => [r.data, r.total]));
  const first = dayjs(period.initialDate);
  const count = Math.min(dayjs(period.finalDate).diff(first, 'day') + 1, MAX_PERIOD_DAYS);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => {
    const day = first.add(i, 'day');
    const key = day.format(DAY_FORMAT);
    return { key, label: day.format('DD/MM'), total: byDay.get(key) ?? 0 };
  });
}

/** The bars of the tickets-per-attendant chart: most tickets first (by name on a tie). */
export function ticketsPerUserBars(answer: TicketsPerUser): Bar[] {
  return [...answer.data]
    .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome))
    .map((r, i) => ({ key: `${i}-${r.nome}`, label: r.nome, total: r.quantidade }));
}

/** How many of the attendants are online, and their share in percent (null when there is no attendant). */
export function onlineShare(attendants: Pick<DashboardAttendant, 'online'>[]): { online: number; total: number; percent: number | null } {
  const online = attendants.filter((a) => a.online).length;
  const total = attendants.length;
  return { online, total, percent: total > 0 ? (100 * online) / total : null };
}

/** An online attendant with more open tickets than this is busy (spec 002 §9: "busy when over 3 tickets"). */
export const BUSY_OPEN_TICKETS = 3;

export type AttendantStatus = 'online' | 'busy' | 'offline';

/** The badge each status shows: busy in orange, between online (green) and offline (grey). */
export const ATTENDANT_STATUS_BADGE = { online: 'success', busy: 'warning', offline: 'default' } as const satisfies Record<AttendantStatus, string>;

/**
 * An attendant's tickets still open: those of the period assigned to them and not closed yet (the dashboard's
 * data counts no other open tickets per attendant, so one opened before the period is not seen).
 */
export function openTickets(a: Pick<DashboardAttendant, 'tickets' | 'closed'>): number {
  return Math.max(0, a.tickets - a.closed);
}

/** Offline, online, or busy: online with more than BUSY_OPEN_TICKETS open tickets. */
export function attendantStatus(a: Pick<DashboardAttendant, 'online' | 'tickets' | 'closed'>): AttendantStatus {
  if (!a.online) return 'offline';
  return openTickets(a) > BUSY_OPEN_TICKETS ? 'busy' : 'online';
}

export type RatingLevel = 'excellent' | 'veryGood' | 'good' | 'needsImprovement';

/** The level of an average rate (spec 002 §9): 4.5 Excelente, 4 Muito Bom, 3.5 Bom, else Precisa Melhorar. */
export function ratingLevel(rating: number): RatingLevel {
  if (rating >= 4.5) return 'excellent';
  if (rating >= 4) return 'veryGood';
  if (rating >= 3.5) return 'good';
  return 'needsImprovement';
}

/** A figure of the overview's cards: a counter, shown as a count, a percent or a duration. */
export type IndicatorFigure = { counter: keyof DashboardCounters; label: string; kind: 'count' | 'percent' | 'duration' };

/**
 * The overview's first two sections (spec 002 §2): Indicadores, where the period's tickets stand (in
 * service, waiting, finished, new contacts and the average times); Métricas Detalhadas, the messages,
 * the connections and the conversion rate.
 */
export const INDICATOR_SECTIONS: { key: 'indicators' | 'detailed'; figures: IndicatorFigure[] }[] = [
  {
    key: 'indicators',
    figures: [
      { counter: 'supportHappening', label: 'happening', kind: 'count' },
      { counter: 'supportPending', label: 'pending', kind: 'count' },
      { counter: 'supportFinished', label: 'finished', kind: 'count' },
      { counter: 'leads', label: 'leads', kind: 'count' },
      { counter: 'avgWaitTime', label: 'avgWaitTime', kind: 'duration' },
      { counter: 'avgSupportTime', label: 'avgSupportTime', kind: 'duration' },
    ],
  },
  {
    key: 'detailed',
    figures: [
      { counter: 'messagesReceived', label: 'messagesReceived', kind: 'count' },
      { counter: 'messagesSent', label: 'messagesSent', kind: 'count' },
      { counter: 'activeConnections', label: 'activeConnections', kind: 'count' },
      { counter: 'conversionRate', label: 'conversionRate', kind: 'percent' },
    ],
  },
];
