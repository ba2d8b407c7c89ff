import '../campaigns/campaignsLocales';
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DownloadOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { InfiniteTablePage } from '../../components/InfiniteTablePage';
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
    <InfiniteTablePage<ContactList>
      title={t('lists.title')}
      list={list}
      columns={columns}
      searchPlaceholder={t('searchPlaceholder')}
      addLabel={t('lists.add')}
      onAdd={() => setDialog({ open: true, record: null })}
      emptyText={t('lists.empty')}
    >
      {modalHolder}
      <ContactListDialog
        open={dialog.open}
        record={dialog.record}
        onClose={() => setDialog({ open: false, record: null })}
        onSaved={(saved) => apply((current) => applyRecordEvent(current, { action: 'update', record: saved }))}
      />
    </InfiniteTablePage>
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
