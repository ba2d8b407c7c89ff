import { validationError, type AuthUser, type DashboardPeriodQuery, type TicketsPerDay, type TicketsPerUser } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { dashboardRepository } from '../db/dashboard.repository.js';

/** A period of whole days (yyyy-MM-dd, both included) of one company, in its time zone. */
export type DashboardPeriod = { companyId: number; from: string; to: string; timeZone: string };

/** The longest period the charts count at once. */
export const MAX_DASHBOARD_DAYS = 366;

/** The period asked for, checked: the end not before the start, at most MAX_DASHBOARD_DAYS days. */
export function dashboardPeriod(companyId: number, query: Pick<DashboardPeriodQuery, 'initialDate' | 'finalDate'>, timeZone: string): DashboardPeriod {
  const days = (Date.parse(`${query.finalDate}T00:00:00Z`) - Date.parse(`${query.initialDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) throw validationError('finalDate', 'must not be before initialDate');
  if (days > MAX_DASHBOARD_DAYS) throw validationError('finalDate', `the period may span at most ${MAX_DASHBOARD_DAYS} days`);
  return { companyId, from: query.initialDate, to: query.finalDate, timeZone };
}

/** The dashboard's charts (spec 002 §7): tickets opened per hour or day, and per attendant. */
export function createDashboard(deps: TicketsDeps) {
  const period = (auth: AuthUser, query: DashboardPeriodQuery) => dashboardPeriod(auth.companyId, query, deps.config.TICKETS_TIME_ZONE);
  return {
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
