import { useCallback, useEffect, useState } from 'react';
import { Card, Col, Flex, Progress, Row, Statistic, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { autoResponseStats, type AutoResponseStats } from '../../api/autoResponses';
import { LoadFailed } from '../../components/LoadFailed';
import { formatDateTime } from '../../format/dates';
import { useCompanyEvent } from '../../socket/SocketContext';
import { PRIORITIES, priorityOf } from './autoResponseRules';
import { snackbarError } from './snackbar';

type MostUsed = AutoResponseStats['mostUsed'][number];

/** The Statistics tab: counts, usage, success and the most used rules; refreshed when a rule changes or is used. */
export function StatsTab() {
  const { t } = useTranslation('autoResponses');
  const [stats, setStats] = useState<AutoResponseStats | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setStats(await autoResponseStats());
    } catch (err) {
      setFailed(true);
      snackbarError(t('errors.stats'), err);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);
  useCompanyEvent<unknown>('autoResponse', () => void load());

  if (failed) return <LoadFailed title={t('errors.stats')} retryLabel={t('buttons.retry')} onRetry={() => void load()} />;

  const columns: ColumnsType<MostUsed> = [
    { title: t('table.name'), dataIndex: 'name' },
    {
      title: t('table.priority'),
      dataIndex: 'priority',
      width: 110,
      align: 'center',
      render: (p: number) => <Tag color={priorityOf(p).color}>{t(`priority.${priorityOf(p).key}`)}</Tag>,
    },
    { title: t('stats.usage'), dataIndex: 'usageCount', width: 90, align: 'center' },
    {
      title: t('stats.lastUsed'),
      dataIndex: 'lastUsed',
      width: 180,
      render: (at: string | null) => formatDateTime(at, { seconds: true }) || t('stats.never'),
    },
    {
      title: t('stats.successRate'),
      dataIndex: 'successRate',
      width: 160,
      render: (rate: number) => <Progress percent={Math.round(rate)} size="small" status={rate >= 80 ? 'success' : rate >= 50 ? 'normal' : 'exception'} />,
    },
  ];

  type StatCard = { key: string; value: number | string; suffix?: string; tooltip?: string };
  const cards: StatCard[] = stats
    ? [
        { key: 'total', value: stats.total },
        { key: 'active', value: stats.active },
        { key: 'inactive', value: stats.inactive },
        { key: 'activeNow', value: stats.activeNow },
        { key: 'totalUsage', value: stats.totalUsage },
        { key: 'averageSuccess', value: Math.round(stats.averageSuccessRate), suffix: '%', tooltip: t('stats.successHint') },
      ]
    : [];

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {(stats ? cards : Array.from({ length: 6 }, (_, i): StatCard => ({ key: String(i), value: 0 }))).map((card) => (
          <Col key={card.key} xs={12} md={8} xl={4}>
            <Card size="small" loading={!stats}>
              <Tooltip title={card.tooltip}>
                <Statistic title={stats ? t(`stats.${card.key}`) : ''} value={card.value} suffix={card.suffix} />
              </Tooltip>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card size="small" title={t('stats.mostUsed')}>
            <Table<MostUsed> rowKey="id" size="small" columns={columns} dataSource={stats?.mostUsed ?? []} loading={!stats} pagination={false} locale={{ emptyText: t('stats.empty') }} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('stats.byPriority')} loading={!stats}>
            <Flex vertical gap={8}>
              {PRIORITIES.map((p) => {
                const count = stats?.byPriority[p.key] ?? 0;
                return (
                  <Flex key={p.key} align="center" gap={8}>
                    <Tag color={p.color} style={{ width: 70, textAlign: 'center' }}>
                      {t(`priority.${p.key}`)}
                    </Tag>
                    <Progress percent={stats?.total ? Math.round((count / stats.total) * 100) : 0} format={() => count} style={{ flex: 1 }} />
                  </Flex>
                );
              })}
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
