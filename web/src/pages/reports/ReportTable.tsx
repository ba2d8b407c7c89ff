import { useMemo } from 'react';
import { Button, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EyeOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TicketReportRow } from '@atende/kit/contracts';
import type { TicketReportStatus } from '../../api/reports';
import { stripWhatsapp } from '../tickets/conversation/whatsappFormat';
import { formatDateTime } from '../../format/dates';
import { cut, formatSupportTime, PAGE_SIZES } from './reportRules';

const STATUS_COLORS: Record<TicketReportStatus, string> = {
  pending: 'gold',
  open: 'green',
  closed: 'default',
  nps: 'purple',
  group: 'blue',
  lgpd: 'cyan',
};

/** A cut text with the whole one on hover. */
function Cut({ text }: { text: string | null | undefined }) {
  const shown = cut(text);
  if (!text) return <>-</>;
  return shown === text ? <>{text}</> : <span title={text}>{shown}</span>;
}

type Props = {
  rows: readonly TicketReportRow[];
  total: number;
  /** null before any filter was applied: no pagination, the "apply a filter" text. */
  page: { current: number; size: number } | null;
  loading: boolean;
  onPage(current: number, size: number): void;
  onLogs(ticketId: number): void;
};

/** The report's table (spec 002 §2): one row per ticket, paged by the server (5, 10, 15 or 30 a page). */
export function ReportTable({ rows, total, page, loading, onPage, onLogs }: Props) {
  const { t } = useTranslation(['reports', 'tickets']);
  const navigate = useNavigate();

  const columns = useMemo<ColumnsType<TicketReportRow>>(
    () => [
      { title: t('columns.id'), dataIndex: 'id', width: 80 },
      { title: t('columns.connection'), dataIndex: 'whatsappName', render: (v: string | null) => v ?? '-' },
      {
        title: t('columns.contact'),
        dataIndex: 'contactName',
        render: (_: unknown, r) => <span title={`${r.contactName} - ${r.contactNumber}`}>{cut(r.contactName) || '-'}</span>,
      },
      { title: t('columns.user'), dataIndex: 'userName', render: (v: string | null) => v ?? '-' },
      { title: t('columns.queue'), dataIndex: 'queueName', render: (v: string | null) => v ?? '-' },
      {
        title: t('columns.status'),
        dataIndex: 'status',
        render: (s: TicketReportStatus) => <Tag color={STATUS_COLORS[s] ?? 'default'}>{t(`tickets:status.${s}`, { defaultValue: s })}</Tag>,
      },
      { title: t('columns.lastMessage'), dataIndex: 'lastMessage', render: (v: string) => <Cut text={stripWhatsapp(v)} /> },
      { title: t('columns.openedAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) || '-' },
      { title: t('columns.closedAt'), dataIndex: 'closedAt', render: (v: string | null) => formatDateTime(v) || '-' },
      { title: t('columns.supportTime'), dataIndex: 'supportTime', render: (v: number | null) => formatSupportTime(v) || '-' },
      { title: t('columns.nps'), dataIndex: 'nps', align: 'center', render: (v: number | null) => v ?? '-' },
      {
        title: t('columns.actions'),
        key: 'actions',
        align: 'center',
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={4}>
            <Tooltip title={t('actions.logs')}>
              <Button type="text" size="small" icon={<HistoryOutlined />} aria-label={`${t('actions.logs')} ${r.id}`} onClick={() => onLogs(r.id)} />
            </Tooltip>
            <Tooltip title={t('actions.open')}>
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={`${t('actions.open')} ${r.id}`}
                onClick={() => navigate(`/tickets/${r.uuid}`)}
              />
            </Tooltip>
          </Space>
        ),
      },
    ],
    [t, onLogs, navigate],
  );

  return (
    <Table<TicketReportRow>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows as TicketReportRow[]}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: page ? t('empty') : t('emptyBeforeFilter') }}
      pagination={
        page
          ? {
              current: page.current,
              pageSize: page.size,
              total,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (count) => t('total', { count }),
              onChange: onPage,
            }
          : false
      }
    />
  );
}
