import { describe, expect, it } from 'vitest';
import type { TicketReportRow } from '@atende/kit/contracts';
import { ticketReportQuery } from '../../api/reports';
import {
  cut,
  defaultFilter,
  EXPORT_COLUMNS,
  exportFileName,
  exportRows,
  filterProblem,
  formatSupportTime,
  pageAfterResize,
  reportParams,
  type ReportFilter,
} from './reportRules';
import { formatDateTime } from '../../format/dates';

const row = (over: Partial<TicketReportRow> = {}): TicketReportRow => ({
  id: 41,
  uuid: 'u-41',
  status: 'closed',
  lastMessage: 'última mensagem do atendimento',
  whatsappId: 7001,
  whatsappName: 'Loja',
  contactId: 3,
  contactName: 'Ana Paula Ferreira da Silva',
  contactNumber: '5511987650001',
  userId: 71,
  userName: 'Bia',
  queueId: 2,
  queueName: 'Suporte',
  createdAt: '2026-04-01T12:00:00.000Z',
  closedAt: '2026-04-01T12:55:30.000Z',
  supportTime: 45.5,
  nps: 4,
  ...over,
});

describe('the filter form', () => {
  it('opens on the first day of the current month to today, nothing else chosen', () => {
    expect(defaultFilter(new Date(2026, 3, 17, 10))).toEqual({
      contactId: null,
      whatsappIds: [],
      userIds: [],
      queueIds: [],
      statuses: [],
      dateFrom: '2026-04-01',
      dateTo: '2026-04-17',
      onlyRated: false,
    });
    expect(defaultFilter(new Date(2026, 0, 1)).dateFrom).toBe('2026-01-01');
  });

  it('refuses an end day before the start day (the server answers 400)', () => {
    const base = defaultFilter(new Date(2026, 3, 17));
    expect(filterProblem(base)).toBeNull();
    expect(filterProblem({ ...base, dateFrom: '2026-04-10', dateTo: '2026-04-09' })).toBe('periodOrder');
    expect(filterProblem({ ...base, dateFrom: '2026-04-10', dateTo: '2026-04-10' })).toBeNull();
    expect(filterProblem({ ...base, dateFrom: null })).toBeNull();
  });

  it('builds the query the server reads: lists as JSON text, empty ones and unset bounds left out', () => {
    const filter: ReportFilter = {
      contactId: 3,
      whatsappIds: [7001, 7002],
      userIds: [71],
      queueIds: [2],
      statuses: ['open', 'pending'],
      dateFrom: '2026-04-01',
      dateTo: '2026-04-30',
      onlyRated: true,
    };
    expect(ticketReportQuery(reportParams(filter, 2, 15))).toEqual({
      page: 2,
      pageSize: 15,
      contactId: 3,
      whatsappId: '[7001,7002]',
      users: '[71]',
      queueIds: '[2]',
      status: '["open","pending"]',
      dateFrom: '2026-04-01',
      dateTo: '2026-04-30',
      onlyRated: 'true',
    });
    const empty = { ...defaultFilter(new Date(2026, 3, 17)), dateFrom: null };
    expect(ticketReportQuery(reportParams(empty, 1, 10))).toEqual({ page: 1, pageSize: 10, dateTo: '2026-04-17' });
    expect(ticketReportQuery({ ...reportParams(empty, 0, 0), searchParam: '  ana ' })).toEqual({
      page: 1,
      pageSize: 1,
      dateTo: '2026-04-17',
      searchParam: 'ana',
    });
  });

  it('keeps the first row in view when the page size changes', () => {
    expect(pageAfterResize(1, 10, 30)).toBe(1);
    expect(pageAfterResize(4, 10, 30)).toBe(2); // row 31
    expect(pageAfterResize(2, 30, 5)).toBe(7); // row 31
  });
});

describe('texts of the table', () => {
  it('cuts at 20 characters', () => {
    expect(cut('Ana Paula Ferreira da Silva')).toBe('Ana Paula Ferreira d...');
    expect(cut('12345678901234567890')).toBe('12345678901234567890');
    expect(cut('😀'.repeat(21))).toBe(`${'😀'.repeat(20)}...`);
    expect(cut(null)).toBe('');
    expect(cut('abcdef', 3)).toBe('abc...');
  });

  it('shows the support time as people read it', () => {
    expect(formatSupportTime(0.5)).toBe('30s');
    expect(formatSupportTime(0)).toBe('0m');
    expect(formatSupportTime(45.5)).toBe('46m');
    expect(formatSupportTime(65)).toBe('1h 05m');
    expect(formatSupportTime(60)).toBe('1h 00m');
    expect(formatSupportTime(1440 * 2 + 190)).toBe('2d 03h');
    expect(formatSupportTime(null)).toBe('');
    expect(formatSupportTime(-1)).toBe('');
  });
});

describe('the export', () => {
  const texts = { header: (c: string) => `h:${c}`, status: (s: string) => `s:${s}` };

  it('keeps a few seconds of attendance in its minutes (hundredths), not 0', () => {
    const [, shortOne] = exportRows([row({ supportTime: 0.04 })], texts);
    expect(shortOne![EXPORT_COLUMNS.indexOf('supportMinutes')]).toBe(0.04);
  });

  it('has a header and one row per ticket, whole texts and numbers as numbers', () => {
    const rows = exportRows(
      [row(), row({ id: 42, whatsappName: null, userName: null, queueName: null, closedAt: null, supportTime: null, nps: null, status: 'pending' })],
      texts,
    );
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((c) => `h:${c}`));
    expect(rows[1]).toEqual([
      41,
      'Loja',
      'Ana Paula Ferreira da Silva',
      '5511987650001',
      'Bia',
      'Suporte',
      's:closed',
      'última mensagem do atendimento',
      formatDateTime('2026-04-01T12:00:00.000Z'),
      formatDateTime('2026-04-01T12:55:30.000Z'),
      '46m',
      45.5,
      4,
    ]);
    expect(rows[2]).toEqual([
      42,
      '',
      'Ana Paula Ferreira da Silva',
      '5511987650001',
      '',
      '',
      's:pending',
      'última mensagem do atendimento',
      formatDateTime('2026-04-01T12:00:00.000Z'),
      '',
      '',
      null,
      null,
    ]);
    expect(exportRows([], texts)).toHaveLength(1);
  });

  it('names the file after the period', () => {
    expect(exportFileName('relatorio tickets', { dateFrom: '2026-04-01', dateTo: '2026-04-30' })).toBe('relatorio-tickets_2026-04-01_2026-04-30.xlsx');
    expect(exportFileName('x/y', { dateFrom: null, dateTo: null }, new Date(2026, 3, 17))).toBe('x-y_2026-04-17.xlsx');
    expect(exportFileName('', { dateFrom: '2026-04-01', dateTo: null })).toBe('report_2026-04-01.xlsx');
  });
});
