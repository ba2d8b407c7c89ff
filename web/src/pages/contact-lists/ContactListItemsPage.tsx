import '../campaigns/campaignsLocales';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Space, Table, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  createContactListItem,
  deleteContactListItem,
  getContactList,
  listContactListItems,
  updateContactListItem,
  uploadContactListSheet,
  type ContactList,
  type ContactListItem,
  type ContactListUploadResult,
} from '../../api/campaigns';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess } from '../../errors/toast';
import { hasPermission } from '../../permissions';
import { applyRecordEvent, textMatches } from '../campaigns/liveRecords';
import { PlanGate } from '../campaigns/PlanGate';
import { useInfiniteList } from '../tags/useInfiniteList';
import { zodRule } from '../users/zodRule';
import { isSpreadsheet, itemFieldSchemas, itemFormValues, SHEET_ACCEPT, toItemBody, uploadCounts, type ItemFormValues } from './contactListRules';
import { useContactListItemEvents } from './useContactListEvents';

/** '/contact-lists/:contactListId/contacts' (spec 002 §2): the contacts of one list; profile user gets the no-access view. */
export default function ContactListItemsPage() {
  const { t } = useTranslation('campaigns');
  return (
    <PlanGate flag="useCampaigns" adminOnly refusedText={t('planRefused')}>
      <ContactListItemsScreen />
    </PlanGate>
  );
}

function ContactListItemsScreen() {
  const { t } = useTranslation('campaigns');
  const { user } = useAuth();
  const navigate = useNavigate();
  const { contactListId } = useParams();
  const listId = Number(contactListId);
  const [modal, modalHolder] = Modal.useModal();
  const [contactList, setContactList] = useState<ContactList | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; record: ContactListItem | null }>({ open: false, record: null });
  const [uploading, setUploading] = useState(false);
  const [uploadResult, setUploadResult] = useState<ContactListUploadResult | null>(null);
  const canDelete = hasPermission(user, 'contacts-page:deleteContact');

  useEffect(() => {
    if (!Number.isInteger(listId) || listId <= 0) return;
    getContactList(listId).then(setContactList, toastError);
  }, [listId]);

  const fetchPage = useCallback(
    async (search: string, page: number) => {
      const answer = await listContactListItems({ contactListId: listId, searchParam: search || undefined, pageNumber: page });
      return { items: answer.contacts, hasMore: answer.hasMore, count: answer.count };
    },
    [listId],
  );
  const list = useInfiniteList<ContactListItem>(fetchPage);
  const { apply, search, reload } = list;

  useContactListItemEvents((event) => {
    // Events of other lists are not this page's (a delete without a list id may be: removing an absent row is harmless).
    if (event.action === 'reload' || event.action === 'delete') {
      if (event.contactListId !== undefined && event.contactListId !== listId) return;
      if (event.action === 'reload') return reload();
    } else if (event.record.contactListId !== listId) return;
    apply((current) => applyRecordEvent(current, event, (r) => textMatches(search, r.name, r.number, r.email)));
  });

  const upload = async (file: File) => {
    if (!isSpreadsheet(file.name)) {
      toastError(t('items.sheetOnly'));
      return;
    }
    setUploading(true);
    setUploadResult(null);
    try {
      const result = await uploadContactListSheet(listId, file, file.name);
      setUploadResult(result);
      toastSuccess(t('items.imported'));
      reload();
    } catch (err) {
      toastError(err);
    } finally {
      setUploading(false);
    }
  };

  const confirmDelete = (target: ContactListItem) => {
    void modal.confirm({
      title: t('confirm.deleteItemTitle', { name: target.name }),
      content: t('confirm.deleteItemMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteContactListItem(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
          toastSuccess(t('toasts.itemDeleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const columns: ColumnsType<ContactListItem> = [
    {
      title: '',
      dataIndex: 'isWhatsappValid',
      width: 50,
      align: 'center',
      render: (valid: boolean) =>
        valid ? (
          <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('items.valid')} title={t('items.valid')} />
        ) : (
          <CloseCircleOutlined style={{ color: '#999' }} aria-label={t('items.invalid')} title={t('items.invalid')} />
        ),
    },
    { title: t('items.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('items.number'), dataIndex: 'number' },
    { title: t('items.email'), dataIndex: 'email', render: (email: string | null) => email || '—' },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 110,
      align: 'center',
      render: (_: unknown, row) => (
        <Space size={2}>
          <Tooltip title={t('buttons.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('items.editItem', { name: row.name })}
              onClick={() => setDialog({ open: true, record: row })}
            />
          </Tooltip>
          {canDelete && (
            <Tooltip title={t('buttons.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('items.deleteItem', { name: row.name })} onClick={() => confirmDelete(row)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const counts = uploadCounts(uploadResult);

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('items.title', { name: contactList?.name ?? '' })} ({list.count})
        </Typography.Title>
        <Space wrap>
          <Input
            allowClear
            value={list.input}
            onChange={(e) => list.setInput(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            prefix={<SearchOutlined />}
            style={{ width: 220 }}
          />
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/contact-lists')}>
            {t('buttons.back')}
          </Button>
          <Upload
            accept={SHEET_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('items.import')}
            </Button>
          </Upload>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, record: null })}>
            {t('items.add')}
          </Button>
        </Space>
      </Flex>
      {counts.length > 0 && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setUploadResult(null) }}
          title={t('items.importResult')}
          description={
            <>
              <div>{counts.map((c) => `${t(`items.counts.${c.key}`)}: ${c.value}`).join(' · ')}</div>
              {(uploadResult?.errors ?? []).slice(0, 5).map((issue) => (
                <div key={`${issue.row}-${issue.field ?? ''}`}>{t('items.issue', { row: issue.row, message: issue.message })}</div>
              ))}
            </>
          }
          data-testid="contact-list-import-result"
        />
      )}
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 220px)', overflow: 'auto' }}>
        <Table<ContactListItem>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          scroll={{ x: 700 }}
          locale={{ emptyText: t('items.empty') }}
        />
      </div>
      <ContactListItemDialog
        open={dialog.open}
        record={dialog.record}
        contactListId={listId}
        onClose={() => setDialog({ open: false, record: null })}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: saved }))}
      />
    </Flex>
  );
}

type ItemDialogProps = { open: boolean; record: ContactListItem | null; contactListId: number; onClose(): void; onSaved(saved: ContactListItem): void };

/** Add/edit a list item: name 2..50, number 8..50, valid email (spec 002 §5). */
function ContactListItemDialog({ open, record, contactListId, onClose, onSaved }: ItemDialogProps) {
  const { t } = useTranslation('campaigns');
  const [form] = Form.useForm<ItemFormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(itemFormValues(record));
  }, [open, record, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toItemBody(form.getFieldsValue(true) as ItemFormValues, contactListId);
      const saved = record ? await updateContactListItem(record.id, body) : await createContactListItem(body);
      toastSuccess(t('toasts.itemSaved'), { form: true });
      onSaved(saved);
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? t('items.editTitle') : t('items.addTitle')}
      onCancel={onClose}
      forceRender
      okText={record ? t('buttons.save') : t('buttons.create')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
    >
      <Form form={form} layout="vertical" name="contact-list-item-form">
        <Form.Item name="name" label={t('items.name')} required rules={[zodRule(itemFieldSchemas.name)]}>
          <Input autoFocus maxLength={60} />
        </Form.Item>
        <Form.Item name="number" label={t('items.number')} required rules={[zodRule(itemFieldSchemas.number)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="email" label={t('items.email')} rules={[zodRule(itemFieldSchemas.email, { optionalEmpty: true })]}>
          <Input maxLength={120} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
