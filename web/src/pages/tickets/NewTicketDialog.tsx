import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Form, Modal, Select, Tooltip, Typography, type RefSelectProps } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contact } from '@atende/kit/contracts';
import { createTicket } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError } from '../../errors/toast';
import { defaultConnectionId } from '../../hooks/connectionList';
import { useConnections } from '../../hooks/useConnections';
import { ContactDialog } from '../contacts/ContactDialog';
import { QueueSelect } from './dialogs/QueueSelect';
import { useTicketActions } from './TicketActions';
import { useContactSearch } from './useContactSearch';
import { useNumbersHidden } from './useNumbersHidden';
import { displayNumber, navigationAfter, preselectedQueue, searchTerm, type ListTab } from './dialogs/dialogRules';

type Values = { contactId?: number; queueId?: number; whatsappId?: number };

type Props = {
  open: boolean;
  onClose(): void;
  /** The list tab to show once the ticket opens (the Tickets page). */
  onTab?(tab: ListTab): void;
  /** A contact chosen beforehand (the Contacts screen's start-ticket action). */
  contact?: Contact | null;
};

/**
 * New ticket (spec 000 §2 dialogs, §4, §5): contact (searched from 3 characters after 500 ms, or
 * added on the spot) and queue required; created open for me. If the contact already has an open
 * ticket, its holder is named, or my own ticket opens.
 *
 * Connection: required once the company has one (GET /api/whatsapp, channels service), preselected
 * (see defaultConnectionId). Without a list the select is hidden and the ticket is created on the
 * user's default connection, or on the company's default one, as the tickets service allows.
 */
export function NewTicketDialog({ open, onClose, onTab, contact = null }: Props) {
  const { t } = useTranslation('ticketDialogs');
  const { user } = useAuth();
  const navigate = useNavigate();
  const { userQueues, queues, handleOpenTicketConflict } = useTicketActions();
  const { connections, loading: connectionsLoading } = useConnections(open);
  const [form] = Form.useForm<Values>();
  const [term, setTerm] = useState('');
  // The chosen contact's option must keep its label once the select's search text is cleared.
  const { contacts, setContacts, searching } = useContactSearch(term, { keepWhenShort: true });
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  // A user without queues may pick any (the server only narrows users who have queues).
  const offeredQueues = userQueues.length > 0 ? userQueues : queues;
  const hide = useNumbersHidden(open);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldValue('queueId', preselectedQueue(offeredQueues.map((q) => q.id)));
    setTerm('');
    setContacts(contact ? [contact] : []);
    if (contact) form.setFieldValue('contactId', contact.id);
    // Only when the dialog opens (the queues arrive once per page).
  }, [open]);

  // Queues read after the dialog opened: a single one is still preselected.
  useEffect(() => {
    if (!open || form.getFieldValue('queueId')) return;
    const single = preselectedQueue(offeredQueues.map((q) => q.id));
    if (single) form.setFieldValue('queueId', single);
  }, [open, offeredQueues, form]);

  // The connection list arrives after the dialog opened: its default is preselected.
  useEffect(() => {
    if (!open || form.getFieldValue('whatsappId')) return;
    const preset = defaultConnectionId(connections, user?.whatsappId);
    if (preset) form.setFieldValue('whatsappId', preset);
  }, [open, connections, form, user?.whatsappId]);

  const contactOptions = useMemo(() => contacts.map((c) => ({ value: c.id, label: `${c.name} - ${displayNumber(c.number, hide)}` })), [contacts, hide]);

  const submit = async (values: Values) => {
    if (!values.contactId || !values.queueId || !user) return;
    if (connections.length > 0 && !values.whatsappId) return;
    setSaving(true);
    try {
      const ticket = await createTicket({
        contactId: values.contactId,
        queueId: values.queueId,
        status: 'open',
        userId: user.id,
        whatsappId: connections.length > 0 ? values.whatsappId : (user.whatsappId ?? undefined),
      });
      onClose();
      const target = navigationAfter('create', ticket);
      if (target.tab) onTab?.(target.tab);
      navigate(target.path);
    } catch (err) {
      if (handleOpenTicketConflict(err)) onClose();
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  // The dialog stays mounted while closed (forceRender): autoFocus only ever fires once, so the contact
  // field takes the focus each time the dialog opens, and with it the keyboard (Esc closes the dialog).
  const contactField = useRef<RefSelectProps>(null);

  const emptyText = searching ? t('newTicket.searching') : searchTerm(term) ? t('newTicket.noContacts') : t('newTicket.typeMore');

  return (
    <>
      <Modal
        open={open}
        title={t('newTicket.title')}
        onCancel={onClose}
        onOk={() => form.submit()}
        okText={t('buttons.create')}
        cancelText={t('buttons.cancel')}
        confirmLoading={saving}
        okButtonProps={{ disabled: connectionsLoading }}
        destroyOnHidden
        forceRender
        afterOpenChange={(opened) => {
          if (opened) contactField.current?.focus();
        }}
      >
        <Form<Values> form={form} layout="vertical" name="new-ticket" onFinish={(v) => void submit(v)}>
          <Form.Item label={t('fields.contact')} htmlFor="new-ticket_contactId" required>
            <Flex gap={8}>
              <Form.Item name="contactId" noStyle rules={[{ required: true, message: t('validation.contactRequired') }]}>
                <Select
                  ref={contactField}
                  autoFocus
                  style={{ flex: 1, minWidth: 0 }}
                  showSearch={{ filterOption: false, onSearch: setTerm }}
                  loading={searching}
                  placeholder={t('newTicket.searchContact')}
                  aria-label={t('fields.contact')}
                  notFoundContent={
                    <Flex vertical align="center" gap={6} style={{ padding: 8 }}>
                      <Typography.Text type="secondary">{emptyText}</Typography.Text>
                      {!searching && searchTerm(term) && (
                        <Button size="small" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                          {t('newTicket.addContact')}
                        </Button>
                      )}
                    </Flex>
                  }
                  options={contactOptions}
                />
              </Form.Item>
              <Tooltip title={t('newTicket.addContact')}>
                <Button icon={<UserAddOutlined />} aria-label={t('newTicket.addContact')} onClick={() => setAdding(true)} />
              </Tooltip>
            </Flex>
          </Form.Item>
          <Form.Item name="queueId" label={t('fields.queue')} rules={[{ required: true, message: t('validation.queueRequired') }]}>
            <QueueSelect queues={offeredQueues} />
          </Form.Item>
          {connections.length > 0 && (
            <Form.Item name="whatsappId" label={t('fields.connection')} rules={[{ required: true, message: t('validation.connectionRequired') }]}>
              <Select
                placeholder={t('fields.selectConnection')}
                aria-label={t('fields.connection')}
                showSearch={{ optionFilterProp: 'label' }}
                options={connections.map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
      {/* Mounted only while used: a hidden contact form would repeat the field ids of another one. */}
      {adding && (
        <ContactDialog
          open={adding}
          contactId={null}
          onClose={() => setAdding(false)}
          onSaved={(contact) => {
            setContacts((list) => [contact, ...list.filter((c) => c.id !== contact.id)]);
            form.setFieldValue('contactId', contact.id);
            void form.validateFields(['contactId']).catch(() => undefined);
          }}
        />
      )}
    </>
  );
}
