import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Flex, Spin, theme, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getTicketsPerDay, getTicketsPerUser, type DashboardPeriod } from '../../api/dashboard';
import { toastError } from '../../errors/toast';
import { defaultPeriod, ticketsPerDayBars, ticketsPerUserBars, type Bar } from './dashboardRules';
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
  const { token } = theme.useToken();
  const state = usePeriodChart(perUser);
  const bars = state.figures?.bars ?? [];
  const max = Math.max(1, ...bars.map((b) => b.total));
  return (
    <ChartCard title={t('charts.perUser')} state={state}>
      <TotalLine total={state.figures?.total ?? 0} format={format} />
      <ul
        aria-label={t('charts.perUser')}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 320, overflowY: 'auto' }}
      >
        {bars.map((b) => (
          <li
            key={b.key}
            aria-label={t('charts.bar', { label: b.label, value: format.count(b.total) })}
            style={{ display: 'grid', gridTemplateColumns: 'minmax(72px, 35%) 1fr auto', alignItems: 'center', gap: 8 }}
          >
            <Typography.Text ellipsis={{ tooltip: b.label }}>{b.label}</Typography.Text>
            <div aria-hidden style={{ background: token.colorFillSecondary, borderRadius: 4, height: 14 }}>
              <div
                style={{ width: `${(100 * b.total) / max}%`, minWidth: b.total > 0 ? 2 : 0, height: '100%', background: token.colorPrimary, borderRadius: 4 }}
              />
            </div>
            <Typography.Text strong>{format.count(b.total)}</Typography.Text>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}

/** At most this many labels under the columns (a year's days would not be readable). */
const MAX_LABELS = 12;

/** Tickets per hour (a one-day period) or per day as columns; long periods scroll sideways. */
export function TicketsPerDayChart({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const state = usePeriodChart(perDay);
  const bars = state.figures?.bars ?? [];
  const max = Math.max(1, ...bars.map((b) => b.total));
  const every = Math.ceil(bars.length / MAX_LABELS);
  // Figures on top of the columns while they are wide enough to hold them.
  const showValues = bars.length <= 31;
  const gap = bars.length > 60 ? 1 : 4;
  const minWidth = bars.length * (10 + gap);
  const title = state.figures?.hourly ? t('charts.perHour') : t('charts.perDay');
  return (
    <ChartCard title={title} state={state}>
      <TotalLine total={state.figures?.total ?? 0} format={format} />
      <div style={{ overflowX: 'auto' }}>
        <ul
          aria-label={title}
          style={{ listStyle: 'none', margin: 0, padding: '16px 0 0', display: 'flex', alignItems: 'flex-end', gap, height: 220, minWidth }}
        >
          {bars.map((b) => (
            <li
              key={b.key}
              aria-label={t('charts.bar', { label: b.label, value: format.count(b.total) })}
              title={`${b.label}: ${format.count(b.total)}`}
              style={{ flex: '1 1 0', minWidth: 10, height: '100%', display: 'flex', alignItems: 'flex-end', justifyContent: 'center' }}
            >
              <div
                style={{
                  position: 'relative',
                  width: '100%',
                  maxWidth: 32,
                  height: `${(100 * b.total) / max}%`,
                  minHeight: b.total > 0 ? 2 : 0,
                  background: token.colorPrimary,
                  borderRadius: '3px 3px 0 0',
                }}
              >
                {showValues && b.total > 0 && (
                  <span
                    aria-hidden
                    style={{ position: 'absolute', bottom: '100%', left: '50%', transform: 'translateX(-50%)', fontSize: 11, color: token.colorTextSecondary }}
                  >
                    {b.total}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
        <div aria-hidden style={{ display: 'flex', gap, minWidth, borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 4 }}>
          {bars.map((b, i) => (
            // a centring flex box: a label wider than its column spills evenly on both sides
            <span
              key={b.key}
              style={{
                flex: '1 1 0',
                minWidth: 10,
                display: 'flex',
                justifyContent: 'center',
                fontSize: 11,
                whiteSpace: 'nowrap',
                color: token.colorTextSecondary,
              }}
            >
              {i % every === 0 ? b.label : ''}
            </span>
          ))}
        </div>
      </div>
    </ChartCard>
  );
}
