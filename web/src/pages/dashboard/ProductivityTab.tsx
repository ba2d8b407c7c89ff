import { useMemo, useState } from 'react';
import { Badge, Flex, Progress, Spin, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import NoPermission from '../../components/NoPermission';
import { PageLoading } from '../../components/PageLoading';
import { productivityRows, SCORE_FULL_TICKETS, type ProductivityRow } from './analysisRules';
import { ALERT_LIMITS } from './dashboardAlerts';
import { ATTENDANT_STATUS_BADGE, attendantStatus, formatDuration } from './dashboardRules';
import { DEFAULT_RANGE, rangePeriod, type RangeChoice } from './rangeRules';
import { RangeSelect } from './RangeSelect';
import { useRangeDashboard } from './useRangeDashboard';
import type { DashboardFormat } from './useDashboardFormat';

/** Sorting by a figure that may be unknown: the unknown ones last. */
const byKnown = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);

/**
 * Productivity statistics (spec 002 §2): per attendant the period's tickets, how many are closed, the average
 * attendance time and rate, their share of the attendants' tickets and their productivity score, the best
 * score first; every column sorts.
 */
export function ProductivityTab({ format }: { format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const [choice, setChoice] = useState<RangeChoice>(DEFAULT_RANGE);
  const period = useMemo(() => rangePeriod(choice), [choice]);
  const state = useRangeDashboard(period);
  const figures = state.figures;
  const rows = useMemo(() => (figures ? productivityRows(figures.data.attendants) : []), [figures]);

  if (state.denied) return <NoPermission />;

  const columns: ColumnsType<ProductivityRow> = [
    {
      title: t('attendants.name'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, row) => {
        const status = attendantStatus(row);
        return (
          <Flex gap={8} align="center">
            <Tooltip title={t(`attendants.${status}`)}>
              <Badge status={ATTENDANT_STATUS_BADGE[status]} aria-label={t(`attendants.${status}`)} />
            </Tooltip>
            <Typography.Text>{name}</Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t('productivity.tickets'),
      dataIndex: 'tickets',
      align: 'right',
      width: 140,
      sorter: (a, b) => a.tickets - b.tickets,
      render: (n: number) => format.count(n),
    },
    {
      title: t('productivity.closed'),
      dataIndex: 'closed',
      align: 'right',
      width: 140,
      sorter: (a, b) => a.closed - b.closed,
      render: (n: number) => format.count(n),
    },
    {
      title: t('attendants.avgSupportTime'),
      dataIndex: 'avgSupportTime',
      align: 'right',
      width: 170,
      sorter: (a, b) => a.avgSupportTime - b.avgSupportTime,
      render: formatDuration,
    },
    {
      title: t('productivity.rating'),
      dataIndex: 'rating',
      align: 'right',
      width: 150,
      sorter: (a, b) => byKnown(a.countRating > 0 ? a.rating : null, b.countRating > 0 ? b.rating : null),
      render: (rating: number, row) =>
        row.countRating > 0 ? (
          <Flex vertical align="flex-end">
            <Typography.Text>{t('attendants.ratingOf', { rating: format.decimal(rating) })}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('attendants.ratingCount', { count: row.countRating })}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('attendants.noRating')}</Typography.Text>
        ),
    },
    {
      title: t('productivity.share'),
      dataIndex: 'share',
      width: 200,
      sorter: (a, b) => a.share - b.share,
      render: (share: number) => (
        <Progress percent={share} status="normal" size="small" format={(p) => format.percent(p ?? 0)} aria-label={format.percent(share)} />
      ),
    },
    {
      title: t('productivity.score'),
      dataIndex: 'score',
      width: 200,
      // The ranking: the most productive first.
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.score - b.score,
      render: (score: number) => (
        <Progress
          percent={score}
          status="normal"
          size="small"
          format={(p) => format.count(p ?? 0)}
          aria-label={t('productivity.scoreOf', { score: format.count(score) })}
        />
      ),
    },
  ];

  const total = rows.reduce((sum, r) => sum + r.tickets, 0);
  const closedTotal = rows.reduce((sum, r) => sum + r.closed, 0);
  return (
    <Flex vertical gap={16}>
      <RangeSelect value={choice} onChange={setChoice} period={figures?.period ?? period} loading={state.loading} onReload={state.reload} />
      {figures ? (
        <Spin spinning={state.loading}>
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              {t('productivity.summary', { tickets: format.count(total), closed: format.count(closedTotal) })}
            </Typography.Text>
            <Table<ProductivityRow>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              size="middle"
              scroll={{ x: 1100 }}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: t('attendants.empty') }}
            />
            <Typography.Text type="secondary">{t('productivity.note')}</Typography.Text>
            <Typography.Text type="secondary">
              {t('productivity.scoreNote', { tickets: SCORE_FULL_TICKETS, minutes: ALERT_LIMITS.supportMinutes })}
            </Typography.Text>
          </Flex>
        </Spin>
      ) : (
        <PageLoading />
      )}
    </Flex>
  );
}
