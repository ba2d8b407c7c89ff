import { useCallback, useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Input, Modal, Select, Space, Table, Tooltip, Typography, type MenuProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CheckCircleFilled,
  CloudDownloadOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FileExcelOutlined,
  ImportOutlined,
  LockOutlined,
  MobileOutlined,
  PlusOutlined,
  SearchOutlined,
  StopOutlined,
  UnlockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contact, Tag } from '@atende/kit/contracts';
import { deleteContact, downloadImportTemplate, exportContacts, importFromPhone, listContacts, saveBlob, setContactActive } from '../../api/contacts';
import { listAllTags } from '../../api/tags';
import { useAuth } from '../../auth/AuthContext';
import { formatPhone } from '../../components/formatPhone';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { hasPermission } from '../../permissions';
import { useCompanyEvent } from '../../socket/SocketContext';
import { TagChip } from '../tags/TagsScreen';
import { useInfiniteList } from '../tags/useInfiniteList';
import { NewTicketDialog } from '../tickets/NewTicketDialog';
import { TicketActionsProvider } from '../tickets/TicketActions';
import { ChannelIcon } from '../tickets/TicketListItem';
import { ContactDialog } from './ContactDialog';
import { applyContactEvent, EXPORT_FILE_NAME, shortName, TEMPLATE_FILE_NAME, type ContactEvent } from './contactRules';
import { summarizeImport } from './importRules';

/** The Tickets page picks its list tab itself when the new ticket opens there. */
const keepTab = () => undefined;

/**
 * Contacts screen (spec 001 §2 administration parts). The channel icon starts a ticket with the
 * contact through the inbox's new-ticket dialog (queue and connection, the already-open notice),
 * which then opens /tickets/{uuid}.
 */
export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  const { user } = useAuth();
  const canDelete = hasPermission(user, 'contacts-page:deleteContact');
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [tagOptions, setTagOptions] = useState<Tag[]>([]);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [ticketContact, setTicketContact] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listAllTags()
      .then(setTagOptions)
      .catch(() => undefined);
  }, []);

  const tagKey = tagIds.join(',');
  const fetchPage = useCallback(
    async (search: string, page: number) => {
      const contactTag = tagKey ? tagKey.split(',').map(Number) : undefined;
      const answer = await listContacts({ searchParam: search || undefined, pageNumber: page, contactTag });
      return { items: answer.contacts, hasMore: answer.hasMore, count: answer.count };
    },
    [tagKey],
  );
  const list = useInfiniteList<Contact>(fetchPage);
  const { apply, search } = list;
  const filter = useMemo(() => ({ search, tagIds }), [search, tagIds]);

  useCompanyEvent<ContactEvent>('contact', (event) => {
    if (!event || typeof event !== 'object') return;
    if (event.action !== 'delete' && !event.contact) return;
    apply((current) => applyContactEvent(current, event, filter));
  });

  // A saved contact shows even when it does not match the search (it was just typed in).
  const onSaved = (saved: Contact) => apply((current) => applyContactEvent(current, { action: 'update', contact: saved }, { search: '', tagIds }));

  const toggleBlock = async (row: Contact) => {
    try {
      const saved = await setContactActive(row.id, !row.active);
      apply((current) => ({ list: current.map((c) => (c.id === saved.id ? saved : c)), delta: 0 }));
      toastSuccess(saved.active ? t('toasts.unblocked') : t('toasts.blocked'));
    } catch (err) {
      toastError(err);
    }
  };

  const confirmBlock = (row: Contact) => {
    void modal.confirm({
      title: row.active ? t('confirm.blockTitle', { name: row.name }) : t('confirm.unblockTitle', { name: row.name }),
      content: row.active ? t('confirm.blockMessage') : t('confirm.unblockMessage'),
      okText: row.active ? t('buttons.block') : t('buttons.unblock'),
      cancelText: t('buttons.cancel'),
      onOk: () => toggleBlock(row),
    });
  };

  const confirmDelete = (row: Contact) => {
    void modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await deleteContact(row.id);
          apply((current) => applyContactEvent(current, { action: 'delete', contactId: row.id }, filter));
          toastSuccess(t('toasts.deleted'));
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const runExport = async () => {
    setBusy(true);
    try {
      saveBlob(await exportContacts(tagIds), EXPORT_FILE_NAME);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const runTemplate = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadImportTemplate(), TEMPLATE_FILE_NAME);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const runPhoneImport = () => {
    void modal.confirm({
      title: t('confirm.phoneTitle'),
      content: t('confirm.phoneMessage'),
      okText: t('buttons.import'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          const s = summarizeImport(await importFromPhone(), t('import.row'));
          const text = t('import.summary', { created: s.created, ignored: s.ignored });
          if (s.kind === 'success') toastSuccess(text);
          else toastWarning(text);
          list.reload();
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const menu: MenuProps['items'] = [
    { key: 'phone', icon: <MobileOutlined />, label: t('menu.importPhone'), onClick: runPhoneImport },
    { key: 'excel', icon: <ImportOutlined />, label: t('menu.importExcel'), onClick: () => void navigate('/contacts/import') },
    { key: 'export', icon: <FileExcelOutlined />, label: t('menu.exportExcel'), onClick: () => void runExport() },
    { key: 'template', icon: <CloudDownloadOutlined />, label: t('menu.template'), onClick: () => void runTemplate() },
  ];

  const columns: ColumnsType<Contact> = [
    {
      title: t('table.avatar'),
      dataIndex: 'urlPicture',
      width: 70,
      align: 'center',
      render: (src: string | null, row) => <Avatar src={src ?? row.profilePicUrl ?? undefined} icon={<UserOutlined />} alt={row.name} />,
    },
    {
      title: t('table.name'),
      dataIndex: 'name',
      render: (name: string) => (
        <Tooltip title={name.length > 30 ? name : undefined}>
          <Typography.Text>{shortName(name)}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('table.number'), dataIndex: 'number', render: (number: string) => formatPhone(number) },
    { title: t('table.email'), dataIndex: 'email' },
    {
      title: t('table.tags'),
      dataIndex: 'tags',
      render: (tags: Contact['tags']) => (
        <Space size={2} wrap>
          {tags.map((x) => (
            <TagChip key={x.id} name={x.name} color={x.color} />
          ))}
        </Space>
      ),
    },
    { title: t('table.connection'), dataIndex: ['whatsapp', 'name'], render: (name: string | undefined) => name ?? '' },
    {
      title: t('table.status'),
      dataIndex: 'active',
      width: 90,
      align: 'center',
      render: (active: boolean) =>
        active ? (
          <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('status.active')} title={t('status.active')} />
        ) : (
          <StopOutlined style={{ color: '#ff4d4f' }} aria-label={t('status.blocked')} title={t('status.blocked')} />
        ),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      width: 180,
      align: 'center',
      render: (_: unknown, row) => (
        <Space size={4}>
          <Tooltip title={t('buttons.startTicket')}>
            <Button type="text" icon={<ChannelIcon channel={row.channel} />} aria-label={t('buttons.startTicketWith', { name: row.name })} onClick={() => setTicketContact(row)} />
          </Tooltip>
          <Tooltip title={t('buttons.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('buttons.editContact', { name: row.name })} onClick={() => setDialog({ open: true, contactId: row.id })} />
          </Tooltip>
          <Tooltip title={row.active ? t('buttons.block') : t('buttons.unblock')}>
            <Button
              type="text"
              icon={row.active ? <LockOutlined /> : <UnlockOutlined />}
              aria-label={row.active ? t('buttons.blockContact', { name: row.name }) : t('buttons.unblockContact', { name: row.name })}
              onClick={() => confirmBlock(row)}
            />
          </Tooltip>
          {canDelete && (
            <Tooltip title={t('buttons.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteContact', { name: row.name })} onClick={() => confirmDelete(row)} />
            </Tooltip>
          )}
        </Space>
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
            style={{ width: 220 }}
          />
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            value={tagIds}
            onChange={setTagIds}
            placeholder={t('tagFilter')}
            aria-label={t('tagFilter')}
            optionFilterProp="label"
            options={tagOptions.map((x) => ({ value: x.id, label: x.name }))}
            style={{ width: 220 }}
          />
          <Dropdown menu={{ items: menu }} trigger={['click']}>
            <Button loading={busy}>
              {t('buttons.importExport')} <DownOutlined />
            </Button>
          </Dropdown>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, contactId: null })}>
            {t('buttons.addContact')}
          </Button>
        </Space>
      </Flex>
      <div ref={list.scroller} onScroll={list.onScroll} style={{ flex: 1, minHeight: 300, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' }} data-testid="contacts-scroll">
        <Table<Contact>
          rowKey="id"
          columns={columns}
          dataSource={list.items}
          loading={list.loading}
          pagination={false}
          size="middle"
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('empty') }}
        />
      </div>
      <ContactDialog open={dialog.open} contactId={dialog.contactId} onClose={() => setDialog({ open: false, contactId: null })} onSaved={onSaved} />
      {/* Kept mounted: the already-open notice outlives the dialog. */}
      <TicketActionsProvider onTab={keepTab}>
        <NewTicketDialog open={!!ticketContact} contact={ticketContact} onClose={() => setTicketContact(null)} />
      </TicketActionsProvider>
    </Flex>
  );
}
