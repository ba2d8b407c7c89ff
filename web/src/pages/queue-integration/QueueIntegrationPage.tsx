import './queueIntegrationsLocales';
import { useCallback, useState } from 'react';
import { Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { confirmDeletion } from '../../components/confirmDeletion';
import { InfiniteTablePage } from '../../components/InfiniteTablePage';
import { deleteQueueIntegration, listQueueIntegrations, type QueueIntegration } from '../../api/queueIntegrations';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { toastError, toastSuccess } from '../../errors/toast';
import { applyRecordEvent, textMatches } from '../campaigns/liveRecords';
import { PlanGate } from '../campaigns/PlanGate';
import { useInfiniteList } from '../tags/useInfiniteList';
import { IntegrationTypeLogo } from './IntegrationTypeLogo';
import { QueueIntegrationDialog } from './QueueIntegrationDialog';
import { useQueueIntegrationEvents } from './useQueueIntegrationEvents';

/** '/queue-integration' (spec 002 §2): admins whose plan has useIntegrations. */
export default function QueueIntegrationPage() {
  const { t } = useTranslation('queueIntegrations');
  return (
    <PlanGate flag="useIntegrations" adminOnly refusedText={t('planRefused')}>
      <QueueIntegrationScreen />
    </PlanGate>
  );
}

function QueueIntegrationScreen() {
  const { t } = useTranslation('queueIntegrations');
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listQueueIntegrations({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.queueIntegrations, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<QueueIntegration>(fetchPage);
  const { apply, search } = list;
  const matches = (r: QueueIntegration) => textMatches(search, r.name, r.type, r.projectName);

  useQueueIntegrationEvents((event) => apply((current) => applyRecordEvent(current, event, matches)));

  const confirmDelete = (target: QueueIntegration) => {
    confirmDeletion(
      modal,
      { title: t('confirm.deleteTitle', { name: target.name }), content: t('confirm.deleteText'), okText: t('actions.delete'), cancelText: t('dialog.cancel') },
      async () => {
        try {
          await deleteQueueIntegration(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    );
  };

  const columns: ColumnsType<QueueIntegration> = [
    {
      title: t('table.type'),
      dataIndex: 'type',
      width: 90,
      align: 'center',
      render: (type: QueueIntegration['type']) => <IntegrationTypeLogo type={type} label={t(`types.${type}`)} />,
    },
    { title: t('table.id'), dataIndex: 'id', width: 80, align: 'center' },
    { title: t('table.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 120,
      align: 'center',
      render: (_: unknown, row) => (
        <EditDeleteActions
          editTitle={t('actions.edit')}
          deleteTitle={t('actions.delete')}
          editLabel={t('actions.editItem', { name: row.name })}
          deleteLabel={t('actions.deleteItem', { name: row.name })}
          onEdit={() => setDialog({ open: true, id: row.id })}
          onDelete={() => confirmDelete(row)}
        />
      ),
    },
  ];

  return (
    <InfiniteTablePage<QueueIntegration>
      title={t('title')}
      list={list}
      columns={columns}
      searchPlaceholder={t('searchPlaceholder')}
      addLabel={t('add')}
      onAdd={() => setDialog({ open: true, id: null })}
      emptyText={t('table.empty')}
    >
      {modalHolder}
      <QueueIntegrationDialog
        open={dialog.open}
        integrationId={dialog.id}
        onClose={() => setDialog({ open: false, id: null })}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: { ...saved, jsonContent: '' } }, matches))}
      />
    </InfiniteTablePage>
  );
}
