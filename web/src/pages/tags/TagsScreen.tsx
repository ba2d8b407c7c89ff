import { useCallback, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tag as Chip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Tag } from '@atende/kit/contracts';
import { deleteTag, listTags } from '../../api/tags';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { isAdmin } from '../../permissions';
import { useCompanyEvent } from '../../socket/SocketContext';
import { TagContactsDialog } from './TagContactsDialog';
import { TagDialog } from './TagDialog';
import { applyTagEvent, DEFAULT_TAG_COLOR, tagSearchText, textColorOn, type TagEvent } from './tagRules';
import { useInfiniteList } from './useInfiniteList';
import { EditDeleteActions } from '../../components/EditDeleteActions';

/** A tag name as a coloured chip. */
export function TagChip({ name, color }: { name: string; color?: string | null }) {
  const bg = color || DEFAULT_TAG_COLOR;
  return (
    <Chip variant="filled" style={{ background: bg, color: textColorOn(bg), borderColor: bg }}>
      {name}
    </Chip>
  );
}

/**
 * Tags screen (spec 001 §2) and, with kanbanMode, the kanban lane management of /TagsKanban:
 * search, add, table, edit/delete (admins; the server allows nothing else), infinite scroll, live updates.
 */
export function TagsScreen({ kanbanMode }: { kanbanMode: boolean }) {
  const { t } = useTranslation('tags');
  const { user } = useAuth();
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; tag: Tag | null }>({ open: false, tag: null });
  const [viewing, setViewing] = useState<Tag | null>(null);

  const fetchPage = useCallback(
    async (search: string, page: number) => {
      const answer = await listTags({ searchParam: tagSearchText(search), pageNumber: page, kanban: kanbanMode ? 1 : undefined });
      return { items: answer.tags, hasMore: answer.hasMore, count: answer.count };
    },
    [kanbanMode],
  );
  const list = useInfiniteList<Tag>(fetchPage);
  const { apply, search } = list;

  useCompanyEvent<TagEvent>('tag', (event) => {
    if (!event || typeof event !== 'object') return;
    if (event.action !== 'delete' && !event.tag) return;
    apply((current) => applyTagEvent(current, event, { search, kanbanOnly: kanbanMode }));
  });

  // A saved tag shows even when it does not match the search (it was just typed in).
  const onSaved = (saved: Tag) => apply((current) => applyTagEvent(current, { action: 'update', tag: saved }, { search: '', kanbanOnly: kanbanMode }));

  const confirmDelete = (target: Tag) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteTag(target.id);
          apply((current) => applyTagEvent(current, { action: 'delete', tagId: target.id }, { search, kanbanOnly: kanbanMode }));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const columns: ColumnsType<Tag> = [
    ...(kanbanMode ? [] : [{ title: t('table.id'), dataIndex: 'id', width: 70, align: 'center' as const }]),
    { title: t('table.name'), dataIndex: 'name', render: (name: string, row: Tag) => <TagChip name={name} color={row.color} /> },
    kanbanMode
      ? { title: t('table.tickets'), dataIndex: 'ticketsCount', width: 140, align: 'center' as const, render: (n: number | null) => n ?? 0 }
      : {
          title: t('table.contacts'),
          dataIndex: 'contactsCount',
          width: 160,
          align: 'center' as const,
          render: (n: number, row: Tag) => (
            <Button type="link" icon={<TeamOutlined />} aria-label={t('contacts.view', { name: row.name, count: n ?? 0 })} onClick={() => setViewing(row)}>
              {n ?? 0}
            </Button>
          ),
        },
    ...(admin
      ? [
          {
            title: t('table.actions'),
            key: 'actions',
            width: 110,
            align: 'center' as const,
            render: (_: unknown, row: Tag) => (
              <EditDeleteActions
                editTitle={t('buttons.edit')}
                editLabel={t('buttons.editTag', { name: row.name })}
                onEdit={() => setDialog({ open: true, tag: row })}
                deleteTitle={t('buttons.delete')}
                deleteLabel={t('buttons.deleteTag', { name: row.name })}
                onDelete={() => confirmDelete(row)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {kanbanMode ? t('kanbanTitle') : t('title')} ({list.count})
        </Typography.Title>
        <Space wrap>
          <Input
            allowClear
            value={list.input}
            onChange={(e) => list.setInput(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            prefix={<SearchOutlined />}
            style={{ width: 240 }}
          />
          {kanbanMode && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/Kanban')}>
              {t('buttons.backToKanban')}
            </Button>
          )}
          {/* Kanban lanes are the admins' to manage (the server refuses others); plain tags anyone adds. */}
          {(admin || !kanbanMode) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, tag: null })}>
              {t('buttons.addTag')}
            </Button>
          )}
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }} data-testid="tags-scroll">
        <Table<Tag> rowKey="id" columns={columns} dataSource={list.items} loading={list.loading} pagination={false} size="middle" locale={{ emptyText: t('empty') }} />
      </div>
      <TagDialog open={dialog.open} tag={dialog.tag} kanbanMode={kanbanMode} onClose={() => setDialog({ open: false, tag: null })} onSaved={onSaved} />
      <TagContactsDialog
        tag={viewing}
        onClose={() => setViewing(null)}
        onChanged={(tagId, n) => apply((current) => ({ list: current.map((x) => (x.id === tagId ? { ...x, contactsCount: n } : x)), delta: 0 }))}
      />
    </Flex>
  );
}
