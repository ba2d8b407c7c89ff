import './reportsLocales';
import '../dashboard/dashboardLocales';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TICKET_REPORT_MAX_PAGE_SIZE, type TicketReportRow } from '@atende/kit/contracts';
import { saveBlob } from '../../api/contacts';
import { getTicketReport } from '../../api/reports';
import { useAuth } from '../../auth/AuthContext';
import NoPermission from '../../components/NoPermission';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { canSee } from '../../permissions';
import { ExportTab } from '../dashboard/ExportTab';
import { useDashboardFormat } from '../dashboard/useDashboardFormat';
import { TicketLogDialog } from '../tickets/conversation/TicketLogDialog';
import { ReportFilters } from './ReportFilters';
import { DEFAULT_PAGE_SIZE, defaultFilter, exportFileName, exportRows, filterProblem, pageAfterResize, reportParams, type ReportFilter } from './reportRules';
import { ReportTable } from './ReportTable';
import { xlsxBlob } from './xlsxWriter';
import { PageTitle } from '../../components/PageTitle';

/**
 * '/reports' (spec 002 §2 "Report export screen" and "Tickets report", §6): the tickets report, then the
 * export of the period's figures as PDF, Excel or CSV. Admins, super users and users with showDashboard;
 * the others — and anyone the server refuses (403) — get the no-permission screen.
 */
export default function ReportsPage() {
  const { user } = useAuth();
  if (!canSee(user, 'reports')) return <NoPermission />;
  return <Report />;
}

/** Whether the server refused the report to this user. */
const refused = (err: unknown): boolean =>
  errorCodeOf(err) === 'ERR_NO_PERMISSION' || (err as { response?: { status?: number } } | null)?.response?.status === 403;

/** What the table shows: a filter applied (a new object on every Filtrar, even with the same values) and the page asked for. */
type Query = { filter: ReportFilter; page: number; size: number };
type Shown = { rows: TicketReportRow[]; total: number };

function Report() {
  const { t } = useTranslation(['reports', 'tickets']);
  const format = useDashboardFormat();
  const [draft, setDraft] = useState<ReportFilter>(() => defaultFilter());
  const [query, setQuery] = useState<Query | null>(null);
  const [shown, setShown] = useState<Shown>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [denied, setDenied] = useState(false);
  const [logTicketId, setLogTicketId] = useState<number | null>(null);
  const closeLogs = useCallback(() => setLogTicketId(null), []);
  const request = useRef(0);

  useEffect(() => {
    if (!query) return;
    const id = ++request.current;
    const abort = new AbortController();
    setLoading(true);
    getTicketReport(reportParams(query.filter, query.page, query.size), abort.signal)
      .then((answer) => {
        if (id === request.current) setShown({ rows: answer.tickets, total: answer.totalTickets.total });
      })
      .catch((err: unknown) => {
        if (id !== request.current || abort.signal.aborted) return;
        if (refused(err)) setDenied(true);
        else toastError(err);
      })
      .finally(() => {
        if (id === request.current) setLoading(false);
      });
    return () => abort.abort();
  }, [query]);

  /** The form's filter, or null after saying why the server would refuse it. */
  const checked = (): ReportFilter | null => {
    if (filterProblem(draft) === 'periodOrder') {
      toastError(t('errors.periodOrder'));
      return null;
    }
    return draft;
  };

  const apply = () => {
    const filter = checked();
    if (filter) setQuery((current) => ({ filter, page: 1, size: current?.size ?? DEFAULT_PAGE_SIZE }));
  };

  const changePage = useCallback((current: number, size: number) => {
    setQuery((q) => (q ? { ...q, page: size === q.size ? current : pageAfterResize(q.page, q.size, size), size } : q));
  }, []);

  /** Every ticket the form's filter matches (page 1 of the largest page the server gives) as an .xlsx download. */
  const exportExcel = async () => {
    const filter = checked();
    if (!filter) return;
    setExporting(true);
    try {
      const answer = await getTicketReport(reportParams(filter, 1, TICKET_REPORT_MAX_PAGE_SIZE));
      const rows = answer.tickets;
      if (!rows.length) {
        toastWarning(t('export.empty'));
        return;
      }
      const sheet = exportRows(rows, { header: (c) => t(`columns.${c}`), status: (s) => t(`tickets:status.${s}`, { defaultValue: s }) });
      saveBlob(xlsxBlob(sheet, { sheetName: t('export.sheet'), freezeHeader: true }), exportFileName(t('export.fileName'), filter));
      if (answer.totalTickets.total > rows.length)
        toastWarning(t('export.truncated', { count: rows.length, total: answer.totalTickets.total }), { seconds: 8 });
      else toastSuccess(t('export.done', { count: rows.length }));
    } catch (err) {
      if (refused(err)) setDenied(true);
      else toastError(err);
    } finally {
      setExporting(false);
    }
  };

  if (denied) return <NoPermission />;

  return (
    <Flex vertical gap={16}>
      <PageTitle title={t('title')} subtitle={t('subtitle')} />
      <ReportFilters value={draft} onChange={setDraft} onApply={apply} onExport={() => void exportExcel()} loading={loading} exporting={exporting} />
      <ReportTable
        rows={shown.rows}
        total={shown.total}
        page={query ? { current: query.page, size: query.size } : null}
        loading={loading}
        onPage={changePage}
        onLogs={setLogTicketId}
      />
      {logTicketId !== null && <TicketLogDialog ticketId={logTicketId} open onClose={closeLogs} />}
      <section aria-labelledby="reports-export" style={{ marginTop: 16 }}>
        <Flex vertical gap={12}>
          <div>
            <Typography.Title level={4} id="reports-export" style={{ margin: 0 }}>
              {t('exportSection.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('exportSection.subtitle')}</Typography.Text>
          </div>
          <ExportTab format={format} />
        </Flex>
      </section>
    </Flex>
  );
}
