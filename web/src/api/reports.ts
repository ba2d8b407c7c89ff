import type { TicketReport, TicketReportRow } from '@atende/kit/contracts';
import { http } from './http';

/**
 * The tickets report (spec 002 §7 GET /ticketreport/reports). Lists travel as JSON text of a list
 * (`users=[1,2]`, `status=["open"]`), as the server's other list filters read them; empty ones are left out.
 */
export type TicketReportStatus = TicketReportRow['status'];

export type TicketReportParams = {
  searchParam?: string;
  contactId?: number | null;
  whatsappIds?: readonly number[];
  userIds?: readonly number[];
  queueIds?: readonly number[];
  statuses?: readonly TicketReportStatus[];
  /** YYYY-MM-DD, whole days of the company's time zone; null: no bound. */
  dateFrom?: string | null;
  dateTo?: string | null;
  onlyRated?: boolean;
  page: number;
  pageSize: number;
};

/** The query string of a report request (pure: the rules test it). */
export function ticketReportQuery(p: TicketReportParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: p.page, pageSize: p.pageSize };
  const search = p.searchParam?.trim();
  if (search) query.searchParam = search;
  if (p.contactId) query.contactId = p.contactId;
  if (p.whatsappIds?.length) query.whatsappId = JSON.stringify(p.whatsappIds);
  if (p.userIds?.length) query.users = JSON.stringify(p.userIds);
  if (p.queueIds?.length) query.queueIds = JSON.stringify(p.queueIds);
  if (p.statuses?.length) query.status = JSON.stringify(p.statuses);
  if (p.dateFrom) query.dateFrom = p.dateFrom;
  if (p.dateTo) query.dateTo = p.dateTo;
  if (p.onlyRated) query.onlyRated = 'true';
  return query;
}

/** GET /api/ticketreport/reports: one page of the company's tickets matching the filter, and how many match in all. */
export async function getTicketReport(params: TicketReportParams, signal?: AbortSignal): Promise<TicketReport> {
  const { data } = await http.get<TicketReport>('/ticketreport/reports', { params: ticketReportQuery(params), signal });
  return {
    tickets: Array.isArray(data?.tickets) ? data.tickets : [],
    totalTickets: { total: typeof data?.totalTickets?.total === 'number' ? data.totalTickets.total : 0 },
  };
}
