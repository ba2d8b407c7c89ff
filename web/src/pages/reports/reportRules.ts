import dayjs from 'dayjs';
import type { TicketReportRow } from '@atende/kit/contracts';
import type { TicketReportParams, TicketReportStatus } from '../../api/reports';
import type { XlsxRow } from './xlsxWriter';
import { formatDuration } from '../dashboard/dashboardRules';
import { formatDateTime } from '../../format/dates';

/**
 * The tickets report's rules (spec 002 §2 "Tickets report"): the filter form and the query it
 * makes, the texts of the table (cut, dates, support time) and the rows of the Excel export.
 * Pure: no React, no i18next (texts are passed in).
 */

export const PAGE_SIZES = [5, 10, 15, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Contact and last message are cut to this many characters in the table. */
export const CUT_LENGTH = 20;
/** The statuses a ticket can have, in the order the filter offers them. */
export const REPORT_STATUSES: readonly TicketReportStatus[] = ['pending', 'open', 'closed', 'nps', 'group', 'lgpd'];

const DAY = 'YYYY-MM-DD';

/** What the filter form holds; dates as YYYY-MM-DD (null: no bound). */
export type ReportFilter = {
  contactId: number | null;
  whatsappIds: number[];
  userIds: number[];
  queueIds: number[];
  statuses: TicketReportStatus[];
  dateFrom: string | null;
  dateTo: string | null;
  onlyRated: boolean;
};

/** The form as it opens: no contact, connection, user, queue or status; the first day of the current month to today. */
export function defaultFilter(today: Date = new Date()): ReportFilter {
  const day = dayjs(today);
  return {
    contactId: null,
    whatsappIds: [],
    userIds: [],
    queueIds: [],
    statuses: [],
    dateFrom: day.startOf('month').format(DAY),
    dateTo: day.format(DAY),
    onlyRated: false,
  };
}

export type FilterProblem = 'periodOrder';

/** Why the server would refuse the filter (the end day before the start day), or null. */
export function filterProblem(filter: ReportFilter): FilterProblem | null {
  if (filter.dateFrom && filter.dateTo && filter.dateTo < filter.dateFrom) return 'periodOrder';
  return null;
}

/** The request of one page of the report for a filter. */
export function reportParams(filter: ReportFilter, page: number, pageSize: number): TicketReportParams {
  return {
    contactId: filter.contactId,
    whatsappIds: filter.whatsappIds,
    userIds: filter.userIds,
    queueIds: filter.queueIds,
    statuses: filter.statuses,
    dateFrom: filter.dateFrom,
    dateTo: filter.dateTo,
    onlyRated: filter.onlyRated,
    page: Math.max(1, Math.floor(page)),
    pageSize: Math.max(1, Math.floor(pageSize)),
  };
}

/** The page to ask for once the page size changes, keeping the first row shown in view. */
export function pageAfterResize(page: number, oldSize: number, newSize: number): number {
  return Math.floor(((page - 1) * oldSize) / newSize) + 1;
}

/** Text cut to `max` characters (whole characters, emoji included) with '...' when longer; null/undefined → ''. */
export function cut(text: string | null | undefined, max: number = CUT_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}


/** An attendance time as the dashboard shows durations ('45s', '12m', '1h 05m', '2d 03h'); '' when unknown. */
export function formatSupportTime(minutes: number | null | undefined): string {
  return minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0 ? '' : formatDuration(minutes);
}

/** The export's columns, in order (their header texts come from the 'reports' namespace: columns.<key>). */
export const EXPORT_COLUMNS = [
  'id',
  'connection',
  'contact',
  'number',
  'user',
  'queue',
  'status',
  'lastMessage',
  'openedAt',
  'closedAt',
  'supportTime',
  'supportMinutes',
  'nps',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export type ExportTexts = {
  header(column: ExportColumn): string;
  status(status: TicketReportStatus): string;
};

/** The export's rows: a header, then one row per ticket with the whole texts (not cut), times as on screen and the numbers as numbers. */
export function exportRows(rows: readonly TicketReportRow[], texts: ExportTexts): XlsxRow[] {
  const body = rows.map((r): XlsxRow => {
    const cells: Record<ExportColumn, XlsxRow[number]> = {
      id: r.id,
      connection: r.whatsappName ?? '',
      contact: r.contactName,
      number: r.contactNumber,
      user: r.userName ?? '',
      queue: r.queueName ?? '',
      status: texts.status(r.status),
      lastMessage: r.lastMessage,
      openedAt: formatDateTime(r.createdAt),
      closedAt: formatDateTime(r.closedAt),
      supportTime: formatSupportTime(r.supportTime),
      // Hundredths: a few seconds of attendance are not 0.
      supportMinutes: r.supportTime === null ? null : Math.round(r.supportTime * 100) / 100,
      nps: r.nps,
    };
    return EXPORT_COLUMNS.map((c) => cells[c]);
  });
  return [EXPORT_COLUMNS.map((c) => texts.header(c)), ...body];
}

/** The export's file name: '<prefix>_<from>_<to>.xlsx' (the period's bounds that are set, else the day of the export). */
export function exportFileName(prefix: string, filter: Pick<ReportFilter, 'dateFrom' | 'dateTo'>, today: Date = new Date()): string {
  const bounds = [filter.dateFrom, filter.dateTo].filter((d): d is string => !!d);
  const period = bounds.length ? bounds.join('_') : dayjs(today).format(DAY);
  const safe = prefix.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'report';
  return `${safe}_${period}.xlsx`;
}
