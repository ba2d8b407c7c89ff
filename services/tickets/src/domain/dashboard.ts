import {
  validationError,
  type AuthUser,
  type DashboardAttendant,
  type DashboardCounters,
  type DashboardData,
  type DashboardPeriodQuery,
  type DashboardQuery,
  type TicketsPerDay,
  type TicketsPerUser,
} from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { dashboardRepository, type AttendantTotals, type OpenedTotals, type PeriodActivity } from '../db/dashboard.repository.js';
import { dayIn } from './variables.js';

/** A period of whole days (yyyy-MM-dd, both included) of one company, in its time zone. */
export type DashboardPeriod = { companyId: number; from: string; to: string; timeZone: string };

/** The longest period the charts count at once. */
export const MAX_DASHBOARD_DAYS = 366;

/** The period asked for, checked: the end not before the start, at most MAX_DASHBOARD_DAYS days. */
export function dashboardPeriod(
  companyId: number,
  query: Pick<DashboardPeriodQuery, 'initialDate' | 'finalDate'>,
  timeZone: string,
  /** How the caller named the end of the period (the field a refusal names). */
  endField = 'finalDate',
): DashboardPeriod {
  const days = (Date.parse(`${query.finalDate}T00:00:00Z`) - Date.parse(`${query.initialDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) throw validationError(endField, 'must not be before the start of the period');
  if (days > MAX_DASHBOARD_DAYS) throw validationError(endField, `the period may span at most ${MAX_DASHBOARD_DAYS} days`);
  return { companyId, from: query.initialDate, to: query.finalDate, timeZone };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The days GET /dashboard counts: the dates given (date_from/date_to, or initialDate/finalDate), else the
 * last `days` days up to today, else the first of the month to today (the web's default period).
 */
export function dashboardRange(query: DashboardQuery, today: string): { initialDate: string; finalDate: string } {
  const finalDate = query.date_to ?? query.finalDate ?? today;
  const initialDate = query.date_from ?? query.initialDate ?? (query.days ? addDays(finalDate, 1 - query.days) : `${finalDate.slice(0, 8)}01`);
  return { initialDate, finalDate };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const percent = (part: number, whole: number) => (whole > 0 ? round2((100 * part) / whole) : 0);
const minutes = (seconds: number | null) => (seconds === null ? 0 : round2(seconds / 60));

/** The counters from the period's totals: shares in percent (0 when nothing to share), times in minutes. */
export function dashboardCounters(opened: OpenedTotals, activity: PeriodActivity): DashboardCounters {
  const rated = opened.promoters + opened.passives + opened.detractors;
  const npsPromotersPerc = percent(opened.promoters, rated);
  const npsDetractorsPerc = percent(opened.detractors, rated);
  const npsScore = rated > 0 ? round2((100 * (opened.promoters - opened.detractors)) / rated) : 0;
  return {
    tickets: opened.tickets,
    supportPending: opened.pending,
    supportHappening: opened.happening,
    supportFinished: opened.finished,
    supportGroups: opened.groups,
    leads: activity.leads,
    messagesReceived: activity.received,
    messagesSent: activity.sent,
    activeConnections: activity.connected,
    conversionRate: percent(opened.finished, opened.tickets),
    avgWaitTime: minutes(opened.waitSeconds),
    avgSupportTime: minutes(opened.supportSeconds),
    withRating: opened.withRating,
    withoutRating: opened.withoutRating,
    waitRating: opened.waitRating,
    percRating: percent(opened.withRating, opened.withRating + opened.withoutRating),
    promoters: opened.promoters,
    passives: opened.passives,
    detractors: opened.detractors,
    npsScore,
    npsPromotersPerc,
    npsPassivePerc: percent(opened.passives, rated),
    npsDetractorsPerc,
    happening: opened.happening,
    pending: opened.pending,
    finished: opened.finished,
    nps: npsScore,
  };
}

export function dashboardAttendant(a: AttendantTotals): DashboardAttendant {
  return {
    id: a.id,
    name: a.name,
    tickets: a.tickets,
    closed: a.closed,
    rating: a.rating === null ? 0 : round2(a.rating),
    countRating: a.countRating,
    avgWaitTime: minutes(a.waitSeconds),
    avgSupportTime: minutes(a.supportSeconds),
    online: a.online,
  };
}

/** The dashboard (spec 002 §3/§7): its counters and attendants; its charts, tickets opened per hour or day and per attendant. */
export function createDashboard(deps: TicketsDeps) {
  const period = (auth: AuthUser, query: DashboardPeriodQuery) => dashboardPeriod(auth.companyId, query, deps.config.TICKETS_TIME_ZONE);
  return {
    /** GET /dashboard: the counters and the attendants of the period (of the queues asked for). */
    async overview(auth: AuthUser, query: DashboardQuery): Promise<DashboardData> {
      const timeZone = deps.config.TICKETS_TIME_ZONE;
      const endField = query.date_to !== undefined ? 'date_to' : query.finalDate !== undefined ? 'finalDate' : query.date_from !== undefined ? 'date_from' : 'initialDate';
      const p = dashboardPeriod(auth.companyId, dashboardRange(query, dayIn(timeZone)), timeZone, endField);
      const { opened, activity, attendants } = await dashboardRepository(deps.db).overview(p, query.queueIds?.length ? query.queueIds : undefined);
      return { counters: dashboardCounters(opened, activity), attendants: attendants.map(dashboardAttendant) };
    },
    /** GET /dashboard/ticketsDay: per hour when the period is one day, else per day. */
    async ticketsDay(auth: AuthUser, query: DashboardPeriodQuery): Promise<TicketsPerDay> {
      const p = period(auth, query);
      const repo = dashboardRepository(deps.db);
      const data = p.from === p.to ? await repo.perHour(p) : await repo.perDay(p);
      return { data, count: data.reduce((sum, row) => sum + row.total, 0) };
    },
    /** GET /dashboard/ticketsUsers: tickets opened in the period per attendant they are assigned to. */
    async ticketsUsers(auth: AuthUser, query: DashboardPeriodQuery): Promise<TicketsPerUser> {
      return { data: await dashboardRepository(deps.db).perUser(period(auth, query)) };
    },
  };
}
