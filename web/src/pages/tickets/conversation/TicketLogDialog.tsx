import { useEffect, useState } from 'react';
import { Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketLogEntry } from '@atende/kit/contracts';
import { listTicketLog } from '../../../api/tickets';
import { toastError } from '../../../errors/toast';
import { formatDateTime } from '../../../format/dates';

const TYPE_COLORS: Record<string, string> = {
  create: 'blue',
  chatBot: 'purple',
  queue: 'cyan',
  open: 'green',
  access: 'default',
  transfered: 'orange',
  receivedTransfer: 'orange',
  pending: 'gold',
  closed: 'red',
  reopen: 'lime',
  redirect: 'geekblue',
};

/** The ticket log (GET /tickets-log/:ticketId): event type, user, queue and time, newest first. */
export function TicketLogDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose(): void }) {
  const { t } = useTranslation(['conversation', 'tickets']);
  const [entries, setEntries] = useState<TicketLogEntry[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setLoading(true);
    // Newest first; the entries one transition writes at the same moment too (by id: created before opened).
    listTicketLog(ticketId)
      .then((list) => active && setEntries([...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)))
      .catch((err) => {
        if (!active) return;
        toastError(err);
        onClose();
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [open, ticketId, onClose]);

  return (
    <Modal open={open} title={t('tickets:log.title', { id: ticketId })} footer={null} onCancel={onClose} width={680} destroyOnHidden>
      <Table<TicketLogEntry>
        rowKey="id"
        size="small"
        loading={loading}
        pagination={entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        dataSource={entries}
        locale={{ emptyText: t('tickets:log.empty') }}
        columns={[
          {
            title: t('tickets:log.type'),
            dataIndex: 'type',
            render: (type: string) => <Tag color={TYPE_COLORS[type] ?? 'default'}>{t(`tickets:logTypes.${type}`, { defaultValue: type })}</Tag>,
          },
          { title: t('tickets:log.user'), key: 'user', render: (_: unknown, row) => row.user?.name ?? '-' },
          { title: t('tickets:log.queue'), key: 'queue', render: (_: unknown, row) => row.queue?.name ?? '-' },
          { title: t('tickets:log.when'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Modal>
  );
}
