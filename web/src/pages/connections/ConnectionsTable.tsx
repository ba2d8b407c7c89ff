import { useState } from 'react';
import { Button, Modal, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleFilled, CheckSquareOutlined, LoadingOutlined, ReloadOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappConnection } from '@atende/kit/contracts';
import { closeImportedTickets, deleteConnection, disconnectSession, requestNewQrCode, retrySession } from '../../api/channels';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { toastError, toastSuccess } from '../../errors/toast';
import { ChannelIcon } from './ChannelIcon';
import { formatUpdatedAt, sessionActions, statusColor, type SessionAction } from './connectionRules';
import { importBadge, type ImportProgressMap } from './importRules';
import { QrCodeDialog } from './QrCodeDialog';

export type ConnectionsTableProps = {
  connections: readonly WhatsappConnection[];
  loading: boolean;
  /** The session column (admins, and users whose allowConnections lets them add and pair connections). */
  manage: boolean;
  /** The actions column (edit, delete): admins only (spec 001 §6: allowConnections only adds); `manage` when absent. */
  editable?: boolean;
  /** The number column (the all-connections dialog leaves it out, spec 001 §2). */
  showNumber?: boolean;
  onEdit(connection: WhatsappConnection): void;
  /** A connection this table deleted. */
  onDeleted(id: number): void;
  /** The live progress of history imports (importMessages-{companyId}); none for another company's list. */
  importProgress?: ImportProgressMap;
  /** The clock the 'preparing' indicator is read with (it ends 35 s after the import started). */
  now?: number;
  /** The imported tickets of a connection were closed (its close-imported button goes). */
  onImportClosed?(id: number): void;
};

/**
 * The connection table of the connections page and of the all-connections dialog (spec 001 §2):
 * channel, name, number, status, session actions by status, last update, default flag, edit/delete.
 * It owns the QR dialog and the confirmations (disconnect, delete).
 */
export function ConnectionsTable({ connections, loading, manage, editable = manage, showNumber = true, onEdit, onDeleted, importProgress, now, onImportClosed }: ConnectionsTableProps) {
  const { t } = useTranslation('connections');
  const [modal, modalHolder] = Modal.useModal();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [busy, setBusy] = useState<Record<number, SessionAction | 'closeImported' | undefined>>({});
  const [openedAt] = useState(() => Date.now());
  const clock = now ?? openedAt;

  const run = async (row: WhatsappConnection, action: SessionAction | 'closeImported', call: () => Promise<void>, done: string) => {
    setBusy((b) => ({ ...b, [row.id]: action }));
    try {
      await call();
      toastSuccess(done);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy((b) => ({ ...b, [row.id]: undefined }));
    }
  };

  const confirmDisconnect = (row: WhatsappConnection) => {
    void modal.confirm({
      title: t('confirm.disconnectTitle', { name: row.name }),
      content: row.channel === 'facebook' || row.channel === 'instagram' ? t('confirm.disconnectSocialText') : t('confirm.disconnectText'),
      okText: t('session.disconnect'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => run(row, 'disconnect', () => disconnectSession(row.id), t('toasts.disconnected')),
    });
  };

  /** Spec 001 §2 closedImported confirmation: the tickets the import created are closed. */
  const confirmCloseImported = (row: WhatsappConnection) => {
    void modal.confirm({
      title: t('confirm.closedImportedTitle', { name: row.name }),
      content: t('confirm.closedImportedText'),
      okText: t('session.closeImported'),
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: () =>
        run(
          row,
          'closeImported',
          async () => {
            await closeImportedTickets(row.id);
            onImportClosed?.(row.id);
          },
          t('toasts.importedClosed'),
        ),
    });
  };

  const importButton = (row: WhatsappConnection) => {
    switch (importBadge(row, importProgress?.[row.id], clock)) {
      case 'closeTickets':
        return (
          <Button key="closeImported" size="small" icon={<CheckSquareOutlined />} loading={busy[row.id] === 'closeImported'} onClick={() => confirmCloseImported(row)}>
            {t('session.closeImported')}
          </Button>
        );
      case 'preparing':
        return (
          <Button key="preparing" size="small" disabled icon={<LoadingOutlined />} data-testid="import-preparing">
            {t('session.preparing')}
          </Button>
        );
      default:
        return null;
    }
  };

  const confirmDelete = (row: WhatsappConnection) => {
    void modal.confirm({
      title: t('confirm.deleteTitle', { name: row.name }),
      content: t('confirm.deleteText'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteConnection(row.id);
          onDeleted(row.id);
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const sessionButtons = (row: WhatsappConnection) => (
    <Space size={4} wrap>
      {sessionActions(row.status, row.channel).map((action) => {
        const pending = busy[row.id] === action;
        switch (action) {
          case 'showQr':
            return (
              <Button key={action} size="small" type="primary" onClick={() => setQrFor(row.id)}>
                {t('session.showQr')}
              </Button>
            );
          case 'retry':
            return (
              <Button key={action} size="small" icon={<ReloadOutlined />} loading={pending} onClick={() => void run(row, action, () => retrySession(row.id), t('toasts.retrying'))}>
                {t('session.retry')}
              </Button>
            );
          case 'newQr':
            return (
              <Button key={action} size="small" type="primary" loading={pending} onClick={() => void run(row, action, () => requestNewQrCode(row.id), t('toasts.newQr'))}>
                {t('session.newQr')}
              </Button>
            );
          case 'disconnect':
            return (
              <Button key={action} size="small" danger icon={<StopOutlined />} loading={pending} onClick={() => confirmDisconnect(row)}>
                {t('session.disconnect')}
              </Button>
            );
          case 'connecting':
            return (
              <Button key={action} size="small" disabled icon={<LoadingOutlined />}>
                {t('session.connecting')}
              </Button>
            );
        }
      })}
      {importButton(row)}
    </Space>
  );

  const columns: ColumnsType<WhatsappConnection> = [
    {
      title: t('table.channel'),
      dataIndex: 'channel',
      width: 80,
      align: 'center',
      render: (channel: string) => <ChannelIcon channel={channel} label={t(`channels.${channel}`, { defaultValue: channel })} />,
    },
    { title: t('table.name'), dataIndex: 'name' },
    ...(showNumber ? [{ title: t('table.number'), dataIndex: 'number', render: (n: string) => n || '—' }] : []),
    {
      title: t('table.status'),
      dataIndex: 'status',
      width: 150,
      render: (status: string) => (
        <Tag color={statusColor(status)} icon={status === 'OPENING' ? <SyncOutlined spin /> : undefined} data-testid="connection-status">
          {t(`status.${status}`, { defaultValue: status })}
        </Tag>
      ),
    },
    ...(manage ? [{ title: t('table.session'), key: 'session', render: (_: unknown, row: WhatsappConnection) => sessionButtons(row) }] : []),
    { title: t('table.updatedAt'), dataIndex: 'updatedAt', width: 140, render: (v: string) => formatUpdatedAt(v) },
    {
      title: t('table.default'),
      dataIndex: 'isDefault',
      width: 90,
      align: 'center',
      render: (isDefault: boolean) =>
        isDefault ? (
          <Tooltip title={t('table.isDefault')}>
            <CheckCircleFilled role="img" aria-label={t('table.isDefault')} style={{ color: '#52c41a', fontSize: 18 }} />
          </Tooltip>
        ) : null,
    },
    ...(editable
      ? [
          {
            title: t('table.actions'),
            key: 'actions',
            width: 110,
            align: 'center' as const,
            render: (_: unknown, row: WhatsappConnection) => (
              <EditDeleteActions
                editTitle={t('buttons.edit')}
                editLabel={t('buttons.editConnection', { name: row.name })}
                onEdit={() => onEdit(row)}
                deleteTitle={t('buttons.delete')}
                deleteLabel={t('buttons.deleteConnection', { name: row.name })}
                onDelete={() => confirmDelete(row)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {modalHolder}
      <Table<WhatsappConnection>
        rowKey="id"
        columns={columns}
        dataSource={connections as WhatsappConnection[]}
        loading={loading}
        pagination={false}
        size="middle"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('empty') }}
      />
      <QrCodeDialog connectionId={qrFor} onClose={() => setQrFor(null)} />
    </>
  );
}
