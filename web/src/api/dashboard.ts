import type { DashboardData, DashboardPeriodQuery, TicketsPerDay, TicketsPerUser } from '@atende/kit/contracts';
import { http } from './http';

/** Whole days, YYYY-MM-DD, both included (the company's time zone on the server). */
export type DashboardPeriod = Pick<DashboardPeriodQuery, 'initialDate' | 'finalDate'>;

/** GET /api/dashboard: the period's counters and attendants, narrowed to the queues given (none: every queue). */
export async function getDashboard(params: DashboardPeriod & { queueIds: number[] }): Promise<DashboardData> {
  const query: Record<string, string> = { date_from: params.initialDate, date_to: params.finalDate };
  // queueIds as JSON text of a list, as the other list filters send it.
  if (params.queueIds.length) query.queueIds = JSON.stringify(params.queueIds);
  const { data } = await http.get<DashboardData>('/dashboard', { params: query });
  return data;
}

/** GET /api/dashboard/ticketsUsers: tickets opened in the period per attendant. */
export async function getTicketsPerUser(period: DashboardPeriod): Promise<TicketsPerUser> {
  const { data } = await http.get<TicketsPerUser>('/dashboard/ticketsUsers', { params: period });
  return data;
}

/** GET /api/dashboard/ticketsDay: tickets opened in the period per hour (one day) or per day. */
export async function getTicketsPerDay(period: DashboardPeriod): Promise<TicketsPerDay> {
  const { data } = await http.get<TicketsPerDay>('/dashboard/ticketsDay', { params: period });
  return data;
}
