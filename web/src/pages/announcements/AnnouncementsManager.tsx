import { useCallback, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PaperClipOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@atende/kit/contracts';
import { deleteAnnouncement, listAnnouncements } from '../../api/announcements';
import { toastError, toastSuccess } from '../../errors/toast';
import { useInfiniteList } from '../tags/useInfiniteList';
import { AnnouncementDialog } from './AnnouncementDialog';
import { applyAnnouncementEvent, priorityColor, priorityLabelKey, type AnnouncementEvent, type PriorityColor } from './announcementsRules';
import { useAnnouncementEvents } from './useAnnouncementEvents';
import { EditDeleteActions } from '../../components/EditDeleteActions';

/** antd's preset tag colours for the priorities (grey is the default tag). */
const TAG_COLORS: Record<PriorityColor, string | undefined> = { red: 'red', orange: 'orange', grey: undefined };

/**
 * The announcements table (spec 002 §2): search (500 ms), add, title, priority, attachment, status,
 * edit and delete (confirmed); next page within 100 px of the bottom; kept live from `company-announcement`.
 */
export function AnnouncementsManager() {
  const { t } = useTranslation('announcements');
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; record: Announcement | null }>({ open: false, record: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listAnnouncements({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.records, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<Announcement>(fetchPage);
  const { apply, search } = list;

  // Super users receive inactive ones too (a delete for everyone, then the record for them).
  const applyEvent = (event: AnnouncementEvent, term: string) =>
    apply((current) => applyAnnouncementEvent(current, event, { search: term, activeOnly: false }));
  useAnnouncementEvents((event) => applyEvent(event, search));
  // A saved announcement shows even when it does not match the search (it was just typed in).
  const onSaved = (saved: Announcement) => applyEvent({ action: 'update', record: saved }, '');

  const confirmDelete = (target: Announcement) => {
    void modal.confirm({
      title: t('confirm.deleteTitle', { name: target.title }),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteAnnouncement(target.id);
          applyEvent({ action: 'delete', id: target.id }, search);
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const columns: ColumnsType<Announcement> = [
    {
      title: t('table.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string) => (
        <Typography.Text strong title={title}>
          {title}
        </Typography.Text>
      ),
    },
    {
      title: t('table.priority'),
      dataIndex: 'priority',
      width: 130,
      align: 'center',
      render: (priority: number) => (
        <Tag color={TAG_COLORS[priorityColor(priority)]} data-testid="announcement-priority">
          {t(priorityLabelKey(priority))}
        </Tag>
      ),
    },
    {
      title: t('table.media'),
      dataIndex: 'mediaName',
      width: 220,
      ellipsis: true,
      render: (name: string | null, row) =>
        row.mediaPath ? (
          <a href={row.mediaPath} target="_blank" rel="noopener noreferrer" title={name ?? undefined}>
            <PaperClipOutlined /> {name ?? t('fields.media')}
          </a>
        ) : (
          <Typography.Text type="secondary">{t('table.noMedia')}</Typography.Text>
        ),
    },
    {
      title: t('table.status'),
      dataIndex: 'status',
      width: 110,
      align: 'center',
      render: (status: boolean) => <Tag color={status ? 'green' : undefined}>{status ? t('status.active') : t('status.inactive')}</Tag>,
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, row) => (
        <EditDeleteActions
          editTitle={t('buttons.edit')}
          editLabel={t('buttons.editItem', { name: row.title })}
          onEdit={() => setDialog({ open: true, record: row })}
          deleteTitle={t('buttons.delete')}
          deleteLabel={t('buttons.deleteItem', { name: row.title })}
          onDelete={() => confirmDelete(row)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')} ({list.count})
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, record: null })}>
            {t('buttons.add')}
          </Button>
        </Space>
      </Flex>
      <div
        ref={list.scroller}
        onScroll={list.onScroll}
        style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}
        data-testid="announcements-scroll"
      >
        <Table<Announcement>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          scroll={{ x: 700 }}
          locale={{ emptyText: t('empty') }}
        />
      </div>
      <AnnouncementDialog open={dialog.open} record={dialog.record} onClose={() => setDialog({ open: false, record: null })} onSaved={onSaved} />
    </Flex>
  );
}
