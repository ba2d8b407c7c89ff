import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getTicketsPerDay, getTicketsPerUser, type DashboardPeriod } from '../../api/dashboard';
import { toastError } from '../../errors/toast';
import { defaultPeriod, ticketsPerDayBars, ticketsPerUserBars, type Bar } from './dashboardRules';
import { ColumnBars, HorizontalBars } from './ChartBars';
import { checkedPeriod, PeriodFields } from './PeriodFields';
import type { DashboardFormat } from './useDashboardFormat';

type Chart = { bars: Bar[]; total: number; hourly: boolean };

const perUser = async (period: DashboardPeriod): Promise<Chart> => {
  const bars = ticketsPerUserBars(await getTicketsPerUser(period));
  return { bars, total: bars.reduce((sum, b) => sum + b.total, 0), hourly: false };
};
const perDay = async (period: DashboardPeriod): Promise<Chart> => {
  const answer = await getTicketsPerDay(period);
  return { bars: ticketsPerDayBars(answer, period), total: answer.count, hourly: period.initialDate === period.finalDate };
};

/** A chart's own period (default: this month) and its figures; Filtrar loads the period being edited. */
function usePeriodChart(load: (period: DashboardPeriod) => Promise<Chart>) {
  const { t, i18n } = useTranslation('dashboard');
  const [draft, setDraft] = useState<Partial<DashboardPeriod>>(defaultPeriod);
  const [figures, setFigures] = useState<Chart | null>(null);
  const [loading, setLoading] = useState(true);
  const request = useRef(0);

  const fetchChart = useCallback(
    async (period: DashboardPeriod) => {
      const id = ++request.current;
      setLoading(true);
      try {
        const next = await load(period);
        if (id === request.current) setFigures(next);
      } catch (err) {
        if (import.meta.env.DEV) console.warn(err);
        if (id === request.current) toastError(i18n.t('errors.charts', { ns: 'dashboard' }));
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [load, i18n],
  );

  useEffect(() => {
    void fetchChart(defaultPeriod());
  }, [fetchChart]);

  const apply = () => {
    const period = checkedPeriod(t, draft);
    if (period) void fetchChart(period);
  };
  return { draft, setDraft, figures, loading, apply };
}
type PeriodChart = ReturnType<typeof usePeriodChart>;

function ChartCard({ title, state, children }: { title: string; state: PeriodChart; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <Flex wrap gap={12} align="flex-end" style={{ marginBottom: 16 }}>
        <PeriodFields value={state.draft} onChange={state.setDraft} />
        <Button icon={<SearchOutlined />} loading={state.loading} onClick={state.apply}>
          {t('filters.apply')}
        </Button>
      </Flex>
      <Spin spinning={state.loading}>
        {state.figures && state.figures.total > 0 ? (
          children
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} style={{ minHeight: 160 }} />
        )}
      </Spin>
    </Card>
  );
}

function TotalLine({ total, format }: { total: number; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  return (
    <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
      {t('charts.total', { total: format.count(total) })}
    </Typography.Text>
  );
}

/** Tickets per attendant as horizontal bars, most first. */
export function TicketsPerUserChart({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const state = usePeriodChart(perUser);
  return (
    <ChartCard title={t('charts.perUser')} state={state}>
      <TotalLine total={state.figures?.total ?? 0} format={format} />
      <HorizontalBars bars={state.figures?.bars ?? []} label={t('charts.perUser')} value={format.count} />
    </ChartCard>
  );
}

/** Tickets per hour (a one-day period) or per day as columns; long periods scroll sideways. */
export function TicketsPerDayChart({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const state = usePeriodChart(perDay);
  const title = state.figures?.hourly ? t('charts.perHour') : t('charts.perDay');
  return (
    <ChartCard title={title} state={state}>
      <TotalLine total={state.figures?.total ?? 0} format={format} />
      <ColumnBars bars={state.figures?.bars ?? []} label={title} value={format.count} />
    </ChartCard>
  );
}
