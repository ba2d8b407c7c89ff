import { Badge, Flex, Rate, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DashboardAttendant } from '@atende/kit/contracts';
import { ATTENDANT_STATUS_BADGE, attendantStatus, formatDuration, onlineShare, ratingLevel } from './dashboardRules';
import type { DashboardFormat } from './useDashboardFormat';

/** Atendentes (spec 002 §2): every user of the company with the period's tickets, average rate and times, and whether online, busy or offline. */
export function AttendantsTable({ attendants, format }: { attendants: DashboardAttendant[]; format: DashboardFormat }) {
  const { t } = useTranslation('dashboard');
  const presence = onlineShare(attendants);
  const columns: ColumnsType<DashboardAttendant> = [
    {
      title: t('attendants.name'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, row) => {
        const status = attendantStatus(row);
        return (
          <Flex gap={8} align="center" wrap>
            <Badge status={ATTENDANT_STATUS_BADGE[status]} />
            <Typography.Text>{name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`attendants.${status}`)}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t('attendants.tickets'),
      dataIndex: 'tickets',
      align: 'right',
      width: 130,
      sorter: (a, b) => a.tickets - b.tickets,
      render: (n: number) => format.count(n),
    },
    {
      title: t('attendants.rating'),
      dataIndex: 'rating',
      width: 220,
      sorter: (a, b) => a.rating - b.rating,
      render: (rating: number, row) =>
        row.countRating === 0 ? (
          <Typography.Text type="secondary">{t('attendants.noRating')}</Typography.Text>
        ) : (
          <Flex vertical>
            <Tooltip title={t(`attendants.levels.${ratingLevel(rating)}`)}>
              {/* stars to the nearest half; the exact average is written beside */}
              <span style={{ alignSelf: 'flex-start' }}>
                <Rate disabled allowHalf value={Math.round(rating * 2) / 2} style={{ fontSize: 14 }} />
              </span>
            </Tooltip>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('attendants.ratingOf', { rating: format.decimal(rating) })} · {t('attendants.ratingCount', { count: row.countRating })}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: t('attendants.avgWaitTime'),
      dataIndex: 'avgWaitTime',
      align: 'right',
      width: 150,
      sorter: (a, b) => a.avgWaitTime - b.avgWaitTime,
      render: formatDuration,
    },
    {
      title: t('attendants.avgSupportTime'),
      dataIndex: 'avgSupportTime',
      align: 'right',
      width: 170,
      sorter: (a, b) => a.avgSupportTime - b.avgSupportTime,
      render: formatDuration,
    },
  ];
  return (
    <section aria-labelledby="dashboard-attendants">
      <Flex align="baseline" justify="space-between" wrap gap={8}>
        <Typography.Title level={4} id="dashboard-attendants">
          {t('attendants.title')}
        </Typography.Title>
        {presence.total > 0 && (
          <Typography.Text type="secondary">{t('attendants.presence', { online: presence.online, total: presence.total })}</Typography.Text>
        )}
      </Flex>
      <Table<DashboardAttendant>
        rowKey="id"
        columns={columns}
        dataSource={attendants}
        size="middle"
        scroll={{ x: 760 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('attendants.empty') }}
      />
    </section>
  );
}
