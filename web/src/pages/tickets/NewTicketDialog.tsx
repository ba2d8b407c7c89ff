import { useEffect, useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contact } from '@atende/kit/contracts';
import { createTicket, searchContacts } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { errorBodyOf, errorCodeOf } from '../../errors/errorMessage';
import { toastError } from '../../errors/toast';
import { useTicketActions } from './TicketActions';
import type { ListTab } from './ticketRules';

type Values = { contactId?: number; queueId?: number };

/**
 * New ticket (spec 000 §2 dialogs, §4): contact (searched from 3 characters after 500 ms) and queue
 * required; created open. If the contact already has an open ticket, its holder is named, or my own
 * ticket opens.
 */
export function NewTicketDialog({ open, onClose, onTab }: { open: boolean; onClose(): void; onTab(tab: ListTab): void }) {
  const { t } = useTranslation('tickets');
  const { user } = useAuth();
  const navigate = useNavigate();
  const { userQueues, notifyHolder } = useTicketActions();
  const [form] = Form.useForm<Values>();
  const [term, setTerm] = useState('');
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (userQueues.length === 1) form.setFieldValue('queueId', userQueues[0]!.id);
    setTerm('');
    setContacts([]);
  }, [open, form, userQueues]);

  useEffect(() => {
    if (term.trim().length < 3) return;
    let active = true;
    const timer = setTimeout(() => {
      setSearching(true);
      searchContacts(term.trim())
        .then((list) => active && setContacts(list))
        .catch((err) => active && toastError(err))
        .finally(() => active && setSearching(false));
    }, 500);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [term]);

  const submit = async (values: Values) => {
    if (!values.contactId || !values.queueId || !user) return;
    setSaving(true);
    try {
      const ticket = await createTicket({ contactId: values.contactId, queueId: values.queueId, status: 'open', userId: user.id, whatsappId: user.whatsappId ?? undefined });
      onClose();
      onTab(ticket.status === 'group' ? 'group' : 'open');
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      if (errorCodeOf(err) === 'ERR_OTHER_OPEN_TICKET') {
        const body = errorBodyOf(err) as { userId?: number | null; user?: string | null; queue?: string | null; uuid?: string } | undefined;
        onClose();
        if (body?.userId === user.id && body.uuid) {
          onTab('open');
          navigate(`/tickets/${body.uuid}`);
        } else notifyHolder(body?.user ?? null, body?.queue ?? null);
      } else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('newTicket.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="contactId" label={t('fields.contact')} rules={[{ required: true, message: t('validation.contactRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setTerm }}
            loading={searching}
            placeholder={t('newTicket.searchContact')}
            aria-label={t('fields.contact')}
            notFoundContent={term.trim().length < 3 ? t('newTicket.typeMore') : t('newTicket.noContacts')}
            options={contacts.map((c) => ({ value: c.id, label: `${c.name} - ${c.number}` }))}
          />
        </Form.Item>
        <Form.Item name="queueId" label={t('fields.queue')} rules={[{ required: true, message: t('validation.queueRequired') }]}>
          <Select options={userQueues.map((q) => ({ value: q.id, label: q.name }))} placeholder={t('fields.selectQueue')} aria-label={t('fields.queue')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
