import { maskNumber, validationError, type AuthUser, type TicketReport, type TicketReportQuery, type TicketReportRow, type TicketStatus } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { ticketReportRepository, type TicketReportFilter, type TicketReportRecord } from '../db/ticket-report.repository.js';
import { createAccess } from './access.js';
import { escapeLike, hidesNumbers } from './contacts.js';

/**
 * The report's selection from its query: the search matches the contact's name, its number (when the text
 * is a number of 3 digits or more, and numbers are not hidden from the caller) or a ticket id; the period
 * must not end before it starts.
 */
export function ticketReportFilter(companyId: number, query: TicketReportQuery, timeZone: string, numbersHidden: boolean): TicketReportFilter {
  if (query.dateFrom && query.dateTo && query.dateTo < query.dateFrom) throw validationError('dateTo', 'must not be before dateFrom');
  const text = query.searchParam?.trim() ?? '';
  const digits = text.replace(/\D/g, '');
  const numeric = digits.length > 0 && digits.length === text.replace(/[\s()+\-.#]/g, '').length;
  const ticketId = numeric && digits.length <= 9 ? Number(digits) : null;
  return {
    companyId,
    search: text ? { term: `%${escapeLike(text)}%`, digits: numeric && digits.length >= 3 && !numbersHidden ? `%${digits}%` : null, ticketId } : null,
    contactId: query.contactId ?? null,
    whatsappIds: query.whatsappId ?? [],
    userIds: query.users ?? [],
    queueIds: query.queueIds ?? [],
    statuses: query.status ?? [],
    from: query.dateFrom ?? null,
    to: query.dateTo ?? null,
    timeZone,
    onlyRated: query.onlyRated ?? false,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/** Minutes from the ticket's first acceptance (or its opening, when nobody accepted it) to its closing; null while not closed. */
export function supportMinutes(row: Pick<TicketReportRecord, 'createdAt' | 'acceptedAt' | 'closedAt'>): number | null {
  if (!row.closedAt) return null;
  const start = row.acceptedAt && row.acceptedAt <= row.closedAt ? row.acceptedAt : row.createdAt;
  return Math.max(0, Math.round((row.closedAt.getTime() - start.getTime()) / 600) / 100);
}

export function ticketReportRow(row: TicketReportRecord, numbersHidden: boolean): TicketReportRow {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status as TicketStatus,
    lastMessage: row.lastMessage,
    whatsappId: row.whatsappId,
    whatsappName: row.whatsappName,
    contactId: row.contactId,
    contactName: row.contactName,
    contactNumber: numbersHidden ? maskNumber(row.contactNumber) : row.contactNumber,
    userId: row.userId,
    userName: row.userName,
    queueId: row.queueId,
    queueName: row.queueName,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    supportTime: supportMinutes(row),
    nps: row.userRating,
    NPS: row.userRating,
  };
}

/** The tickets report (spec 002 §4): every ticket of the caller's company, whoever handles it; reports permission. */
export function createTicketReport(deps: TicketsDeps) {
  const access = createAccess(deps);
  return {
    async report(auth: AuthUser, query: TicketReportQuery): Promise<TicketReport> {
      const numbersHidden = hidesNumbers(auth, await access.settings(auth.companyId));
      const filter = ticketReportFilter(auth.companyId, query, deps.config.TICKETS_TIME_ZONE, numbersHidden);
      const { rows, total } = await ticketReportRepository(deps.db).page(filter);
      return { tickets: rows.map((row) => ticketReportRow(row, numbersHidden)), totalTickets: { total } };
    },
  };
}
