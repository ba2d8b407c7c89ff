import './dashboardLocales';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Col, Empty, Flex, Row, Space, Spin, Tabs } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardData } from '@atende/kit/contracts';
import { getDashboard } from '../../api/dashboard';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { isLanding } from '../../auth/guards';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError } from '../../errors/toast';
import { canSee } from '../../permissions';
import { AttendantsTable } from './AttendantsTable';
import { dashboardAlerts, dismissedAlertsKey, readDismissedAlerts } from './dashboardAlerts';
import { DashboardFilters, type DashboardFilter } from './DashboardFilters';
import { DASHBOARD_EXPORT_DELAY_MS, defaultPeriod } from './dashboardRules';
import { IndicatorCards } from './IndicatorCards';
import { shownDay } from './PeriodFields';
import { SatisfactionCards } from './SatisfactionCards';
import { SmartAlerts } from './SmartAlerts';
import { TicketsPerDayChart, TicketsPerUserChart } from './TicketsCharts';
import { useDashboardFormat } from './useDashboardFormat';
import { LoadFailed } from '../../components/LoadFailed';
import { PageTitle } from '../../components/PageTitle';

// The other tabs load with their first opening (the overview is what most visits look at).
const AnalysesTab = lazy(() => import('./AnalysesTab').then((m) => ({ default: m.AnalysesTab })));
const RealtimeTab = lazy(() => import('./RealtimeTab').then((m) => ({ default: m.RealtimeTab })));
const ProductivityTab = lazy(() => import('./ProductivityTab').then((m) => ({ default: m.ProductivityTab })));
const TrendsTab = lazy(() => import('./TrendsTab').then((m) => ({ default: m.TrendsTab })));
const ExportTab = lazy(() => import('./ExportTab').then((m) => ({ default: m.ExportTab })));

/** The dashboard's tabs (spec 002 §2), the overview first; `?tab=` names the open one. */
const TABS = ['overview', 'analyses', 'realtime', 'productivity', 'trends', 'alerts', 'export'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/**
 * '/' (spec 002 §2): admins, super users and users with showDashboard; the others get the 403 screen (back to
 * /tickets) — or, when they only landed here (after login), the tickets.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  const location = useLocation();
  if (!canSee(user, 'dashboard')) return isLanding(location.state) ? <Navigate to="/tickets" replace /> : <NoPermission />;
  return <Dashboard />;
}

/** The figures on screen and the filter they were counted with (a failed reload keeps them). */
type Shown = { data: DashboardData; filter: DashboardFilter };
type Load = { shown: Shown | null; loading: boolean; denied: boolean };

function Dashboard() {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const [filter, setFilter] = useState<DashboardFilter>(() => ({ ...defaultPeriod(), queueIds: [] }));
  const [load, setLoad] = useState<Load>({ shown: null, loading: true, denied: false });
  // The filters mount on their first opening (their queue list loads then) and stay mounted, their draft kept.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersMounted, setFiltersMounted] = useState(false);
  const request = useRef(0);

  const fetchDashboard = useCallback(async (next: DashboardFilter) => {
    const id = ++request.current;
    setLoad((current) => ({ ...current, loading: true }));
    try {
      const data = await getDashboard(next);
      if (id === request.current) setLoad({ shown: { data, filter: next }, loading: false, denied: false });
    } catch (err) {
      if (id !== request.current) return;
      // The flags may have changed since the session was read: the server's refusal wins.
      if (errorCodeOf(err) === 'ERR_NO_PERMISSION') {
        setLoad({ shown: null, loading: false, denied: true });
        return;
      }
      toastError(err);
      setLoad((current) => ({ ...current, loading: false }));
    }
  }, []);

  // Every apply (a new filter object, even with the same values) loads again.
  useEffect(() => {
    void fetchDashboard(filter);
  }, [filter, fetchDashboard]);

  const reload = () => setFilter((current) => ({ ...current }));
  const data = load.shown?.data;
  const alerts = useMemo(() => (data ? dashboardAlerts(data.counters, data.attendants) : []), [data]);
  // Dismissed alerts stay hidden on the overview and in the alerts tab alike for the rest of the session (this tab).
  const { user } = useAuth();
  const dismissedKey = dismissedAlertsKey(user?.id ?? 0);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => {
    try {
      return readDismissedAlerts(sessionStorage.getItem(dismissedKey));
    } catch {
      return new Set(); // no storage: hidden while the dashboard is open
    }
  });
  const dismiss = useCallback(
    (id: string) =>
      setDismissed((current) => {
        const next = new Set(current).add(id);
        try {
          sessionStorage.setItem(dismissedKey, JSON.stringify([...next]));
        } catch {
          // storage full or unavailable: hidden while the dashboard is open
        }
        return next;
      }),
    [dismissedKey],
  );
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'overview';
  const openTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'overview') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  if (load.denied) return <NoPermission />;

  // The header names what the figures on screen count; while the first load runs, what was asked.
  const counted = load.shown?.filter ?? filter;
  const scope = counted.queueIds.length ? t('queueCount', { count: counted.queueIds.length }) : t('allQueues');
  // The filters count the overview and the alerts; the other tabs choose their own period.
  const filtered = tab === 'overview' || tab === 'alerts';
  const figures = (content: (shown: DashboardData) => ReactNode) =>
    data ? (
      <Spin spinning={load.loading}>{content(data)}</Spin>
    ) : load.loading ? (
      <PageLoading />
    ) : (
      <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} />
    );
  const visibleAlerts = alerts.filter((a) => !dismissed.has(a.id));
  const lazyTab = (content: ReactNode) => <Suspense fallback={<PageLoading />}>{content}</Suspense>;

  const overview = (
    <Flex vertical gap={24}>
      {figures((shown) => (
        <Flex vertical gap={24}>
          <SmartAlerts alerts={alerts} format={format} dismissed={dismissed} onDismiss={dismiss} />
          <IndicatorCards counters={shown.counters} format={format} />
          <SatisfactionCards counters={shown.counters} format={format} />
          <AttendantsTable attendants={shown.attendants} format={format} />
        </Flex>
      ))}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <TicketsPerUserChart format={format} />
        </Col>
        <Col xs={24} xl={12}>
          <TicketsPerDayChart format={format} />
        </Col>
      </Row>
    </Flex>
  );

  const panes: Record<Tab, ReactNode> = {
    overview,
    analyses: lazyTab(<AnalysesTab format={format} />),
    realtime: lazyTab(<RealtimeTab format={format} />),
    productivity: lazyTab(<ProductivityTab format={format} />),
    trends: lazyTab(<TrendsTab format={format} />),
    alerts: figures(() =>
      visibleAlerts.length ? (
        <SmartAlerts alerts={alerts} format={format} dismissed={dismissed} onDismiss={dismiss} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.none')} />
      ),
    ),
    export: lazyTab(<ExportTab format={format} minGeneratingMs={DASHBOARD_EXPORT_DELAY_MS} />),
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <PageTitle
          title={t('title')}
          subtitle={
            filtered ? `${t('period', { from: shownDay(counted.initialDate), to: shownDay(counted.finalDate) })} · ${scope}` : t(`tabs.subtitle.${tab}`)
          }
        />
        {filtered && (
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={reload} disabled={load.loading}>
              {t('refresh')}
            </Button>
            <Button
              aria-expanded={filtersOpen}
              aria-controls="dashboard-filters"
              onClick={() => {
                setFiltersOpen((open) => !open);
                setFiltersMounted(true);
              }}
            >
              {filtersOpen ? t('filters.hide') : t('filters.show')}
            </Button>
          </Space>
        )}
      </Flex>

      {filtersMounted && (
        <div hidden={!filtersOpen || !filtered}>
          <DashboardFilters id="dashboard-filters" applied={filter} loading={load.loading} onApply={setFilter} />
        </div>
      )}

      <Tabs activeKey={tab} onChange={openTab} items={TABS.map((key) => ({ key, label: t(`tabs.${key}`), children: panes[key] }))} />
    </Flex>
  );
}
