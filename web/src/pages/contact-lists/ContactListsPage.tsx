import '../campaigns/campaignsLocales';
import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { downloadImportTemplate, saveBlob } from '../../api/contacts';
import { createContactList, deleteContactList, listContactLists, updateContactList, type ContactList } from '../../api/campaigns';
import { toastError, toastSuccess } from '../../errors/toast';
import { applyRecordEvent, textMatches } from '../campaigns/liveRecords';
import { PlanGate } from '../campaigns/PlanGate';
import { useInfiniteList } from '../tags/useInfiniteList';
import { contactListNameProblem } from './contactListRules';
import { useContactListEvents } from './useContactListEvents';

/** '/contact-lists' (spec 002 §2): admins whose plan has useCampaigns. */
export default function ContactListsPage() {
  const { t } = useTranslation('campaigns');
  return (
    <PlanGate flag="useCampaigns" adminOnly refusedText={t('planRefused')}>
      <ContactListsScreen />
    </PlanGate>
  );
}

function ContactListsScreen() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ open: boolean; record: ContactList | null }>({ open: false, record: null });

  const fetchPage = useCallback(async (search: string, page: number) => {
    const answer = await listContactLists({ searchParam: search || undefined, pageNumber: page });
    return { items: answer.records, hasMore: answer.hasMore, count: answer.count };
  }, []);
  const list = useInfiniteList<ContactList>(fetchPage);
  const { apply, search } = list;

  useContactListEvents((event) => apply((current) => applyRecordEvent(current, event, (r) => textMatches(search, r.name))));

  // The example sheet is the contacts import model (Nome, Número, Email): the upload reads those headers.
  const downloadExample = async () => {
    try {
      saveBlob(await downloadImportTemplate(), t('lists.exampleFile'));
    } catch (err) {
      toastError(err);
    }
  };

  const confirmDelete = (target: ContactList) => {
    void modal.confirm({
      title: t('confirm.deleteListTitle', { name: target.name }),
      content: t('confirm.deleteListMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteContactList(target.id);
          apply((current) => applyRecordEvent(current, { action: 'delete', id: target.id }));
          toastSuccess(t('toasts.listDeleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const columns: ColumnsType<ContactList> = [
    { title: t('lists.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: t('lists.contactsCount'), dataIndex: 'contactsCount', width: 140, align: 'center', render: (n: number | undefined) => n ?? 0 },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 190,
      align: 'center',
      render: (_: unknown, row) => (
        <Space size={2}>
          <Tooltip title={t('lists.example')}>
            <Button type="text" icon={<DownloadOutlined />} aria-label={t('lists.exampleOf', { name: row.name })} onClick={() => void downloadExample()} />
          </Tooltip>
          <Tooltip title={t('lists.contacts')}>
            <Button
              type="text"
              icon={<TeamOutlined />}
              aria-label={t('lists.contactsOf', { name: row.name })}
              onClick={() => navigate(`/contact-lists/${row.id}/contacts`)}
            />
          </Tooltip>
          <Tooltip title={t('buttons.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={t('lists.editItem', { name: row.name })}
              onClick={() => setDialog({ open: true, record: row })}
            />
          </Tooltip>
          <Tooltip title={t('buttons.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('lists.deleteItem', { name: row.name })} onClick={() => confirmDelete(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} style={{ height: '100%', minHeight: 0 }}>
      {modalHolder}
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('lists.title')} ({list.count})
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
            {t('lists.add')}
          </Button>
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }}>
        <Table<ContactList>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          locale={{ emptyText: t('lists.empty') }}
        />
      </div>
      <ContactListDialog
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog({ open: false, record: null })}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: saved }))}
      />
    </Flex>
  );
}

type ContactListDialogProps = { open: boolean; record: ContactList | null; onClose(): void; onSaved(saved: ContactList): void };

/** Add/edit a contact list: name required, 2 to 50 (spec 002 §5). */
function ContactListDialog({ open, record, onClose, onSaved }: ContactListDialogProps) {
  const { t } = useTranslation('campaigns');
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: record?.name ?? '' });
  }, [open, record, form]);

  const submit = async () => {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { name: values.name.trim() };
      const saved = record ? await updateContactList(record.id, body) : await createContactList(body);
      toastSuccess(t('toasts.listSaved'), { form: true });
      onSaved({ ...saved, contactsCount: saved.contactsCount ?? record?.contactsCount ?? 0 });
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
      title={record ? t('lists.editTitle') : t('lists.addTitle')}
      onCancel={onClose}
      forceRender
      okText={record ? t('buttons.save') : t('buttons.create')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
    >
      <Form form={form} layout="vertical" name="contact-list-form" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('lists.name')}
          required
          rules={[
            {
              validator: async (_r: unknown, value: string) => {
                const problem = contactListNameProblem(value ?? '');
                if (problem) throw new Error(t(`validation.${problem}`));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
