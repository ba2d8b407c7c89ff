import { useMemo, useState } from 'react';
import { Alert, Col, Empty, Flex, Progress, Row, Select, Spin, Table, Tabs, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardData } from '@atende/kit/contracts';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import {
  attendantBars,
  attendantsByLevel,
  defaultRadarIds,
  npsFromDistribution,
  RADAR_AXES,
  radarSeries,
  RATING_LEVELS,
  ratingBars,
  temporalSummary,
  type AttendantFigure,
} from './analysisRules';
import { ColumnBars, HorizontalBars } from './ChartBars';
import { ALERT_LIMITS } from './dashboardAlerts';
import { formatDuration } from './dashboardRules';
import { RadarChart, RadarLegend, useRadarColors } from './RadarChart';
import { DEFAULT_RANGE, rangePeriod, type RangeChoice } from './rangeRules';
import { RangeSelect } from './RangeSelect';
import { averageRating } from './trendRules';
import { ViewCard } from './ViewCard';
import { useRangeDashboard, type PerDay } from './useRangeDashboard';
import type { DashboardFormat } from './useDashboardFormat';

const VIEWS = ['performance', 'temporal', 'satisfaction', 'nps', 'radar'] as const;
type View = (typeof VIEWS)[number];

function NoFigures({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ minHeight: 120 }} />;
}

/** Advanced analyses (spec 002 §2): the chosen period's figures seen by attendant, by time, by rate, as NPS and on a radar. */
export function AnalysesTab({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_RANGE);
  const [view, setView] = useState<View>('performance');
  const period = useMemo(() => rangePeriod(choice), [choice]);
  const state = useRangeDashboard(period, { perDay: true });
  const figures = state.figures;

  if (state.denied) return <NoPermission />;
  return (
    <Flex vertical gap={16}>
      <RangeSelect value={choice} onChange={setChoice} period={figures?.period ?? period} loading={state.loading} onReload={state.reload} />
      {figures ? (
        <Spin spinning={state.loading}>
          <Tabs
            size="small"
            activeKey={view}
            onChange={(key) => setView(key as View)}
            items={VIEWS.map((key) => ({ key, label: t(`analyses.views.${key}`) }))}
          />
          {view === 'performance' && <PerformanceView data={figures.data} format={format} />}
          {view === 'temporal' && <TemporalView perDay={figures.perDay} format={format} />}
          {view === 'satisfaction' && <SatisfactionView data={figures.data} format={format} />}
          {view === 'nps' && <NpsView data={figures.data} format={format} />}
          {view === 'radar' && <RadarView key={`${figures.period.initialDate}|${figures.period.finalDate}`} figures={figures} format={format} />}
        </Spin>
      ) : (
        <PageLoading />
      )}
    </Flex>
  );
}

function PerformanceView({ data, format }: { data: DashboardData; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const charts: { figure: AttendantFigure; value(n: number): string; color: string }[] = [
    { figure: 'tickets', value: format.count, color: token.colorPrimary },
    { figure: 'avgWaitTime', value: formatDuration, color: token.colorWarning },
    { figure: 'avgSupportTime', value: formatDuration, color: token.colorInfo },
    { figure: 'rating', value: (n) => t('attendants.ratingOf', { rating: format.decimal(n) }), color: token.colorSuccess },
  ];
  return (
    <Row gutter={[16, 16]}>
      {charts.map((c) => {
        const bars = attendantBars(data.attendants, c.figure);
        const title = t(`analyses.performance.${c.figure}`);
        return (
          <Col key={c.figure} xs={24} xl={12}>
            <ViewCard title={title}>
              {bars.length ? (
                <HorizontalBars bars={bars} label={title} value={c.value} color={c.color} />
              ) : (
                <NoFigures text={t('analyses.performance.empty')} />
              )}
            </ViewCard>
          </Col>
        );
      })}
    </Row>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Flex vertical>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span style={{ fontSize: 22, fontWeight: 600 }}>{value}</span>
    </Flex>
  );
}

function TemporalView({ perDay, format }: { perDay: PerDay | null; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  if (!perDay) return <Alert type="error" showIcon title={t('errors.charts')} />;
  const title = perDay.hourly ? t('charts.perHour') : t('charts.perDay');
  const summary = temporalSummary(perDay.bars);
  return (
    <ViewCard title={title}>
      <Flex wrap gap={32} style={{ marginBottom: 16 }}>
        <Figure label={t('analyses.temporal.total')} value={format.count(perDay.total)} />
        <Figure
          label={perDay.hourly ? t('analyses.temporal.peakHour') : t('analyses.temporal.peakDay')}
          value={summary.peak ? t('analyses.temporal.peak', { label: summary.peak.label, count: summary.peak.total }) : '—'}
        />
        <Figure label={perDay.hourly ? t('analyses.temporal.perHour') : t('analyses.temporal.perDay')} value={format.decimal(summary.average)} />
      </Flex>
      {perDay.total > 0 ? <ColumnBars bars={perDay.bars} label={title} value={format.count} /> : <NoFigures text={t('charts.empty')} />}
    </ViewCard>
  );
}

function SatisfactionView({ data, format }: { data: DashboardData; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const c = data.counters;
  const stars = ratingBars(c).map((b) => ({ ...b, label: t(`analyses.satisfaction.stars.${b.key}`) }));
  const rated = stars.reduce((sum, b) => sum + b.total, 0);
  const status = [
    { key: 'withRating', label: t('tickets.withRating'), total: c.withRating },
    { key: 'waitRating', label: t('tickets.waitRating'), total: c.waitRating },
    { key: 'withoutRating', label: t('tickets.withoutRating'), total: c.withoutRating },
  ];
  const levels = attendantsByLevel(data.attendants);
  const levelBars = RATING_LEVELS.map((level) => ({ key: level, label: t(`attendants.levels.${level}`), total: levels[level] }));
  const average = averageRating(data.attendants);
  const share = (n: number) => (rated > 0 ? format.percent((100 * n) / rated) : format.percent(0));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ViewCard title={t('analyses.satisfaction.distribution')}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('satisfaction.ratings', { count: rated })}
            {average !== null && ` · ${t('analyses.satisfaction.average', { rating: format.decimal(average) })}`}
          </Typography.Text>
          {rated > 0 ? (
            <HorizontalBars
              bars={stars}
              label={t('analyses.satisfaction.distribution')}
              value={(n) => `${format.count(n)} (${share(n)})`}
              color={token.colorSuccess}
            />
          ) : (
            <NoFigures text={t('analyses.satisfaction.noRatings')} />
          )}
        </ViewCard>
      </Col>
      <Col xs={24} xl={12}>
        <ViewCard title={t('analyses.satisfaction.status')}>
          <HorizontalBars bars={status} label={t('analyses.satisfaction.status')} value={format.count} color={token.colorInfo} />
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            {t('ratingIndex.title')}: {format.percent(c.percRating)}
          </Typography.Text>
        </ViewCard>
      </Col>
      <Col xs={24}>
        <ViewCard title={t('analyses.satisfaction.levels')}>
          {levelBars.some((b) => b.total > 0) ? (
            <HorizontalBars bars={levelBars} label={t('analyses.satisfaction.levels')} value={(n) => t('analyses.satisfaction.attendants', { count: n })} />
          ) : (
            <NoFigures text={t('analyses.satisfaction.noRatings')} />
          )}
        </ViewCard>
      </Col>
    </Row>
  );
}

function NpsView({ data, format }: { data: DashboardData; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const nps = npsFromDistribution(data.counters);
  const color =
    nps.score === null ? token.colorTextSecondary : nps.score >= ALERT_LIMITS.nps ? token.colorSuccess : nps.score >= 0 ? token.colorWarning : token.colorError;
  const groups = [
    { key: 'promoters', count: data.counters.promoters, percent: nps.promotersPercent, color: token.colorSuccess },
    { key: 'passives', count: data.counters.passives, percent: nps.passivesPercent, color: token.colorWarning },
    { key: 'detractors', count: data.counters.detractors, percent: nps.detractorsPercent, color: token.colorError },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <ViewCard title={t('analyses.nps.score')}>
          <Flex vertical align="center" gap={8}>
            <span style={{ fontSize: 48, fontWeight: 700, color }} aria-label={t('analyses.nps.score')}>
              {nps.score === null ? '—' : format.decimal(nps.score)}
            </span>
            <Typography.Text type="secondary">{t('satisfaction.ratings', { count: nps.ratings })}</Typography.Text>
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t('analyses.nps.formula')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('analyses.nps.goal', { limit: ALERT_LIMITS.nps })}</Typography.Text>
          </Flex>
        </ViewCard>
      </Col>
      <Col xs={24} lg={15}>
        <ViewCard title={t('analyses.nps.groups')}>
          {nps.ratings > 0 ? (
            <Flex vertical gap={12}>
              {groups.map((g) => (
                <div key={g.key}>
                  <Flex justify="space-between">
                    <Typography.Text>{t(`analyses.nps.group.${g.key}`)}</Typography.Text>
                    <Typography.Text strong>{t('analyses.nps.count', { count: g.count })}</Typography.Text>
                  </Flex>
                  <Progress
                    percent={g.percent}
                    status="normal"
                    strokeColor={g.color}
                    format={(p) => format.percent(p ?? 0)}
                    aria-label={`${t(`satisfaction.${g.key}`)}: ${format.percent(g.percent)}`}
                  />
                </div>
              ))}
            </Flex>
          ) : (
            <NoFigures text={t('analyses.satisfaction.noRatings')} />
          )}
        </ViewCard>
      </Col>
    </Row>
  );
}

/** At most this many attendants on one radar (more would not be readable). */
const RADAR_MAX = 6;

function RadarView({ figures, format }: { figures: { period: { initialDate: string; finalDate: string }; data: DashboardData }; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const colors = useRadarColors();
  const attendants = figures.data.attendants;
  const [chosen, setChosen] = useState<number[]>(() => defaultRadarIds(attendants));
  const inputs = attendants;
  // Normalised over every attendant, so a figure means the same whoever is compared.
  const all = radarSeries(inputs);
  const series = chosen.map((id) => all.find((s) => s.id === id)).filter((s) => s !== undefined);
  const byId = new Map(inputs.map((a) => [a.id, a]));
  const rows = series.map((s) => ({ ...s, attendant: byId.get(s.id)! }));
  return (
    <ViewCard title={t('analyses.radar.title')}>
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('analyses.radar.pick', { max: RADAR_MAX })}</Typography.Text>
          <Select<number[]>
            mode="multiple"
            value={chosen}
            onChange={(ids) => setChosen(ids.slice(0, RADAR_MAX))}
            options={attendants.map((a) => ({ value: a.id, label: a.name }))}
            optionFilterProp="label"
            placeholder={t('analyses.radar.placeholder')}
            aria-label={t('analyses.radar.pick', { max: RADAR_MAX })}
            style={{ width: '100%' }}
          />
        </Flex>
        {series.length ? (
          <>
            <RadarChart series={series} colors={colors} />
            <RadarLegend series={series} colors={colors} />
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={rows}
              scroll={{ x: 640 }}
              columns={[
                { title: t('attendants.name'), dataIndex: 'name' },
                ...RADAR_AXES.map((axis) => ({
                  title: t(`analyses.radar.axes.${axis}`),
                  key: axis,
                  align: 'right' as const,
                  render: (_: unknown, row: (typeof rows)[number]) => (
                    <Flex vertical align="flex-end">
                      <Typography.Text>{format.percent(100 * row.values[axis])}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {radarRaw(axis, row.attendant, t, format)}
                      </Typography.Text>
                    </Flex>
                  ),
                })),
              ]}
            />
            <Typography.Text type="secondary">{t('analyses.radar.legend')}</Typography.Text>
          </>
        ) : (
          <NoFigures text={t('analyses.radar.empty')} />
        )}
      </Flex>
    </ViewCard>
  );
}

/** What an axis' share stands for: the tickets, the average time, the rate, the closed tickets. */
function radarRaw(
  axis: (typeof RADAR_AXES)[number],
  a: { tickets: number; avgSupportTime: number; rating: number; countRating: number; closed: number },
  t: (key: string, options?: Record<string, unknown>) => string,
  format: DashboardFormat,
): string {
  switch (axis) {
    case 'tickets':
      return t('analyses.radar.raw.tickets', { count: a.tickets });
    case 'speed':
      return a.avgSupportTime > 0 ? formatDuration(a.avgSupportTime) : '—';
    case 'rating':
      return a.countRating > 0 ? t('attendants.ratingOf', { rating: format.decimal(a.rating) }) : t('attendants.noRating');
    case 'resolution':
      return t('analyses.radar.raw.closed', { closed: a.closed, tickets: a.tickets });
  }
}
