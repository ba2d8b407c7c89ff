import { useMemo, useState } from 'react';
import { Card, Col, Flex, Row, Segmented, Spin, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { formatDuration } from './dashboardRules';
import { shownDay } from './PeriodFields';
import { DEFAULT_RANGE, previousPeriod, rangePeriod, type RangeChoice } from './rangeRules';
import { RangeSelect } from './RangeSelect';
import { TREND_VIEWS, trendRows, type FigureKind, type TrendRow, type TrendView } from './trendRules';
import { useRangeDashboard } from './useRangeDashboard';
import type { DashboardFormat } from './useDashboardFormat';

const VIEWS = Object.keys(TREND_VIEWS) as TrendView[];

/** A figure of a kind as it is written. */
function figureText(kind: FigureKind, n: number, format: DashboardFormat): string {
  switch (kind) {
    case 'count':
      return format.decimal(n);
    case 'percent':
      return format.percent(n);
    case 'score':
      return format.decimal(n);
    case 'minutes':
      return formatDuration(n);
    case 'rating':
      return `${format.decimal(n)}/5`;
  }
}

/** A difference of a kind, signed: '+3', '-2m', '+4,5 p.p.'. */
function differenceText(kind: FigureKind, n: number, format: DashboardFormat, points: string): string {
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  const size = Math.abs(n);
  if (kind === 'minutes') return `${sign}${formatDuration(size)}`;
  if (kind === 'percent') return `${sign}${format.decimal(size)} ${points}`;
  return `${sign}${format.decimal(size)}`;
}

function TrendCard({ row, format }: { row: TrendRow; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const color = row.tone === 'better' ? token.colorSuccess : row.tone === 'worse' ? token.colorError : token.colorTextSecondary;
  // Text arrows: an icon of its own would sit in the initial JS (the icons are one vendor group).
  const arrow = row.direction === 'up' ? '▲' : row.direction === 'down' ? '▼' : '';
  const change =
    row.difference === null
      ? t('trends.unknown')
      : row.percent === null
        ? t('trends.new')
        : `${row.percent > 0 ? '+' : row.percent < 0 ? '−' : ''}${format.percent(Math.abs(row.percent))}`;
  const tone = row.tone === 'neutral' ? '' : ` (${t(`trends.tone.${row.tone}`)})`;
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Flex vertical gap={4}>
        <Typography.Text type="secondary">{t(`trends.figures.${row.key}`)}</Typography.Text>
        <Flex align="baseline" justify="space-between" wrap gap={8}>
          <span style={{ fontSize: 24, fontWeight: 600 }}>{row.current === null ? '—' : figureText(row.kind, row.current, format)}</span>
          <span style={{ color, fontWeight: 600 }} aria-label={`${t('trends.change')}: ${change}${tone}`}>
            <span aria-hidden>{arrow}</span> {change}
          </span>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('trends.previousValue', { value: row.previous === null ? '—' : figureText(row.kind, row.previous, format) })}
          {row.difference !== null && row.difference !== 0 && ` · ${differenceText(row.kind, row.difference, format, t('trends.points'))}`}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * Trend analysis (spec 002 §2): the chosen period against the previous one of the same length (two GET
 * /dashboard), each figure with its previous value and its change in percent, green when it is good news.
 */
export function TrendsTab({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_RANGE);
  const [view, setView] = useState<TrendView>('overview');
  const period = useMemo(() => rangePeriod(choice), [choice]);
  const state = useRangeDashboard(period, { previous: true });
  const figures = state.figures;

  if (state.denied) return <NoPermission />;
  const before = previousPeriod(figures?.period ?? period);
  return (
    <Flex vertical gap={16}>
      <RangeSelect value={choice} onChange={setChoice} period={figures?.period ?? period} loading={state.loading} onReload={state.reload} />
      <Flex wrap gap={12} align="center">
        <Segmented<TrendView>
          value={view}
          onChange={setView}
          options={VIEWS.map((v) => ({ value: v, label: t(`trends.views.${v}`) }))}
          aria-label={t('trends.view')}
        />
        <Typography.Text type="secondary">{t('trends.comparedWith', { from: shownDay(before.initialDate), to: shownDay(before.finalDate) })}</Typography.Text>
      </Flex>
      {figures ? (
        <Spin spinning={state.loading}>
          {figures.previous ? (
            <Row gutter={[16, 16]}>
              {trendRows(TREND_VIEWS[view], figures.data, figures.previous).map((row) => (
                <Col key={row.key} xs={24} sm={12} lg={8} xxl={6}>
                  <TrendCard row={row} format={format} />
                </Col>
              ))}
            </Row>
          ) : (
            <Typography.Text type="danger">{t('trends.previousFailed')}</Typography.Text>
          )}
        </Spin>
      ) : (
        <PageLoading />
      )}
    </Flex>
  );
}
