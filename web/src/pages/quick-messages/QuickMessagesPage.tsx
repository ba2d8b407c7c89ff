import { useCallback, useState } from 'react';
import { Button, Flex, Input, Modal, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleFilled, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canEditQuickMessage, type QuickMessage } from '@atende/kit/contracts';
import { deleteQuickMessage, listQuickMessages } from '../../api/quickMessages';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { useInfiniteList } from '../tags/useInfiniteList';
import { QuickMessageDialog } from './QuickMessageDialog';
import { applyQuickMessageEvent, preview, type QuickMessageEvent } from './quickMessageRules';

/** Quick messages screen (spec 002 §2): search, add, table, edit/delete; others' unshared ones read-only. */
export default function QuickMessagesPage() {
  const { t } = useTranslation('quickMessages');
  const { user } = useAuth();
  const actor = { userId: user?.id ?? 0, admin: user?.profile === 'admin' };
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; record: QuickMessage | null }>({ open: false, record: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listQuickMessages({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.records, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<QuickMessage>(fetchPage);
  const { apply, search } = list;

  useCompanyEvent<QuickMessageEvent>('quickmessage', (event) => {
    if (!event || typeof event !== 'object') return;
    if (event.action !== 'delete' && !event.record) return;
    apply((current) => applyQuickMessageEvent(current, event, search));
  });

  const onSaved = (saved: QuickMessage) => apply((current) => applyQuickMessageEvent(current, { action: 'update', record: saved }, ''));

  const confirmDelete = (target: QuickMessage) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteQuickMessage(target.id);
          apply((current) => applyQuickMessageEvent(current, { action: 'delete', id: target.id }, search));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const columns: ColumnsType<QuickMessage> = [
    { title: t('table.shortcode'), dataIndex: 'shortcode', render: (s: string) => <Typography.Text strong>/{s}</Typography.Text> },
    { title: t('table.message'), dataIndex: 'message', render: (m: string) => preview(m) },
    {
      title: t('table.media'),
      dataIndex: 'mediaName',
      width: 200,
      render: (name: string | null, row) =>
        name || row.mediaPath ? <Typography.Text>{name ?? row.mediaPath}</Typography.Text> : <Typography.Text type="secondary">{t('table.noMedia')}</Typography.Text>,
    },
    {
      title: t('table.geral'),
      dataIndex: 'geral',
      width: 100,
      align: 'center',
      render: (geral: boolean) => (geral ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('table.shared')} /> : null),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, row) => {
        const editable = canEditQuickMessage(row, actor);
        return (
          <Space size={4}>
            <Tooltip title={editable ? t('buttons.edit') : t('buttons.view')}>
              <Button
                type="text"
                icon={editable ? <EditOutlined /> : <EyeOutlined />}
                aria-label={editable ? t('buttons.editItem', { name: row.shortcode }) : t('buttons.viewItem', { name: row.shortcode })}
                onClick={() => setDialog({ open: true, record: row })}
              />
            </Tooltip>
            {editable && (
              <Tooltip title={t('buttons.delete')}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteItem', { name: row.shortcode })} onClick={() => confirmDelete(row)} />
              </Tooltip>
            )}
          </Space>
        );
      },
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
            {t('buttons.addQuickMessage')}
          </Button>
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }} data-testid="quick-messages-scroll">
        <Table<QuickMessage>
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
      <QuickMessageDialog open={dialog.open} record={dialog.record} onClose={() => setDialog({ open: false, record: null })} onSaved={onSaved} />
    </Flex>
  );
}
