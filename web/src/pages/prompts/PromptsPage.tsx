import './promptsLocales';
import { useCallback, useState } from 'react';
import { Modal, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { confirmDeletion } from '../../components/confirmDeletion';
import { InfiniteTablePage } from '../../components/InfiniteTablePage';
import { deletePrompt, listPrompts, type Prompt } from '../../api/prompts';
import { toastError, toastSuccess } from '../../errors/toast';
import { applyRecordEvent, textMatches, toRecordEvent } from '../campaigns/liveRecords';
import { PlanGate } from '../campaigns/PlanGate';
import { useCompanyEvent } from '../../socket/SocketContext';
import { useInfiniteList } from '../tags/useInfiniteList';
import { PromptDialog } from './PromptDialog';

/** '/prompts' (spec 002 §2 "AI prompts"): admins whose plan has useOpenAi (spec 002 §6). */
export default function PromptsPage() {
  const { t } = useTranslation('prompts');
  return (
    <PlanGate flag="useOpenAi" adminOnly refusedText={t('planRefused')}>
      <PromptsScreen />
    </PlanGate>
  );
}

/** company-{companyId}-prompt: { action: 'create' | 'update', prompt } or { action: 'delete', promptId }. */
const PROMPT_EVENT_KEYS = { record: 'prompt', id: 'promptId' };

function PromptsScreen() {
  const { t } = useTranslation('prompts');
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; promptId: number | null }>({ open: false, promptId: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listPrompts({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.prompts, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<Prompt>(fetchPage);
  const { apply, search } = list;

  useCompanyEvent<unknown>('prompt', (payload) => {
    const event = toRecordEvent<Prompt>(payload, PROMPT_EVENT_KEYS);
    if (event) apply((current) => applyRecordEvent(current, event, (p) => textMatches(search, p.name)));
  });

  const confirmDelete = (target: Prompt) => {
    confirmDeletion(
      modal,
      {
        title: t('confirm.deleteTitle', { name: target.name }),
        content: t('confirm.deleteMessage'),
        okText: t('buttons.delete'),
        cancelText: t('buttons.cancel'),
      },
      async () => {
        try {
          await deletePrompt(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    );
  };

  const columns: ColumnsType<Prompt> = [
    { title: t('table.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: t('table.queue'),
      key: 'queue',
      render: (_: unknown, row) => (row.queue ? row.queue.name : <Typography.Text type="secondary">{t('table.noQueue')}</Typography.Text>),
    },
    { title: t('table.maxTokens'), dataIndex: 'maxTokens', width: 170, align: 'center' },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 130,
      align: 'center',
      render: (_: unknown, row) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          deleteTitle={t('buttons.delete')}
          editLabel={t('buttons.editItem', { name: row.name })}
          deleteLabel={t('buttons.deleteItem', { name: row.name })}
          onEdit={() => setDialog({ open: true, promptId: row.id })}
          onDelete={() => confirmDelete(row)}
        />
      ),
    },
  ];

  return (
    <InfiniteTablePage<Prompt>
      title={t('title')}
      list={list}
      columns={columns}
      searchPlaceholder={t('searchPlaceholder')}
      addLabel={t('buttons.add')}
      onAdd={() => setDialog({ open: true, promptId: null })}
      emptyText={t('empty')}
    >
      {modalHolder}
      <PromptDialog
        open={dialog.open}
        promptId={dialog.promptId}
        onClose={() => setDialog({ open: false, promptId: null })}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: saved }, (p) => textMatches(search, p.name)))}
      />
    </InfiniteTablePage>
  );
}
