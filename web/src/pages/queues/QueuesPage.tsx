import './queuesLocales';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Queue, QueueDetail } from '@atende/kit/contracts';
import { deleteQueue, listQueues } from '../../api/queues';
import { readSetting } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { LoadFailed } from '../../components/LoadFailed';
import NoPermission from '../../components/NoPermission';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { useShellData } from '../../hooks/useShellData';
import { isAdminLike, planAllows } from '../../permissions';
import { useCompanyEvent } from '../../socket/SocketContext';
import { QueueDialog } from './QueueDialog';
import { applyQueueEvent, cutText, filterQueues, isQueueEvent, sortQueues } from './queuesRules';
import { EditDeleteActions } from '../../components/EditDeleteActions';

/** '/queues', Filas & Chatbot (spec 001 §2 Queues screen): admins only; the others get the 403 screen. */
export default function QueuesPage() {
  const { user } = useAuth();
  if (!user || !isAdminLike(user)) return <NoPermission />;
  return <QueuesScreen companyId={user.companyId} />;
}

/** A colour swatch with its code. */
function ColorSwatch({ color, label }: { color: string; label: string }) {
  return (
    <Space size={8} aria-label={label}>
      <span
        style={{
          display: 'inline-block',
          width: 20,
          height: 20,
          borderRadius: 4,
          background: color,
          border: '1px solid rgba(128,128,128,0.4)',
          verticalAlign: 'middle',
        }}
      />
      <Typography.Text code>{color}</Typography.Text>
    </Space>
  );
}

function QueuesScreen({ companyId }: { companyId: number }) {
  const { t } = useTranslation('queues');
  const { plan } = useShellData();
  const [modal, modalHolder] = Modal.useModal();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [scheduleType, setScheduleType] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  const dialogRef = useRef(dialog);
  dialogRef.current = dialog;

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setQueues(sortQueues(await listQueues()));
    } catch (err) {
      setFailed(true);
      toastError(err);
    } finally {
      setLoading(false);
    }
  }, []);

  const readScheduleType = useCallback(() => {
    void readSetting('scheduleType').then(setScheduleType);
  }, []);

  useEffect(() => {
    void load();
    readScheduleType();
  }, [load, readScheduleType]);

  // Live (spec 001 §4): company-{companyId}-queue inserts, replaces or removes rows.
  useCompanyEvent<unknown>('queue', (event) => {
    if (!isQueueEvent(event)) return;
    setQueues((current) => applyQueueEvent(current, event));
    const open = dialogRef.current;
    if (event.action === 'delete' && open.open && open.queueId === event.queueId) {
      setDialog({ open: false, queueId: null });
      toastWarning(t('toasts.deletedElsewhere'));
    }
  });

  const openDialog = (queueId: number | null) => {
    readScheduleType();
    setDialog({ open: true, queueId });
  };
  const closeDialog = useCallback(() => setDialog((d) => ({ ...d, open: false })), []);
  const onSaved = useCallback((saved: QueueDetail) => setQueues((current) => applyQueueEvent(current, { action: 'update', queue: saved })), []);

  const confirmDelete = (target: Queue) => {
    void modal.confirm({
      title: t('confirm.deleteTitle', { name: target.name }),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteQueue(target.id);
          setQueues((current) => applyQueueEvent(current, { action: 'delete', queueId: target.id }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const rows = useMemo(() => filterQueues(queues, search), [queues, search]);

  const columns: ColumnsType<Queue> = [
    { title: t('table.id'), dataIndex: 'id', width: 70, align: 'center' },
    { title: t('table.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: t('table.color'),
      dataIndex: 'color',
      width: 150,
      render: (color: string, row) => <ColorSwatch color={color} label={t('table.colorOf', { name: row.name, color })} />,
    },
    { title: t('table.orderQueue'), dataIndex: 'orderQueue', width: 90, align: 'center', render: (n: number | null) => n ?? '—' },
    {
      title: t('table.greeting'),
      dataIndex: 'greetingMessage',
      render: (text: string) => {
        const cut = cutText(text);
        return cut !== (text ?? '').trim() ? (
          <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>}>
            <Typography.Text>{cut}</Typography.Text>
          </Tooltip>
        ) : (
          <Typography.Text>{cut}</Typography.Text>
        );
      },
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, row) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          editLabel={t('buttons.editQueue', { name: row.name })}
          onEdit={() => openDialog(row.id)}
          deleteTitle={t('buttons.delete')}
          deleteLabel={t('buttons.deleteQueue', { name: row.name })}
          onDelete={() => confirmDelete(row)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')} ({queues.length})
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Space wrap>
          <Input
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            prefix={<SearchOutlined />}
            style={{ width: 240 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog(null)}>
            {t('buttons.add')}
          </Button>
        </Space>
      </Flex>
      {failed && !loading && queues.length === 0 ? (
        <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void load()} />
      ) : (
        <Table<Queue>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={loading}
          pagination={false}
          size="middle"
          scroll={{ x: 800 }}
          locale={{ emptyText: search.trim() ? t('noMatch') : t('empty') }}
        />
      )}
      <QueueDialog
        open={dialog.open}
        queueId={dialog.queueId}
        queues={queues}
        companyId={companyId}
        showSchedules={scheduleType === 'queue'}
        integrationsAllowed={planAllows(plan, 'useIntegrations')}
        onClose={closeDialog}
        onSaved={onSaved}
      />
    </Flex>
  );
}
