import { useEffect, useState } from 'react';
import { Avatar, Button, Descriptions, Drawer, Flex, Input, List, Modal, Switch, Typography } from 'antd';
import { DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Contact, TicketNote } from '@atende/kit/contracts';
import { blockContact, createTicketNote, deleteTicketNote, getContact, listTicketNotes, toggleAcceptAudio, toggleDisableBot } from '../../api/tickets';
import { toastError, toastSuccess } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { formatTicketTime, NOTE_MIN } from './ticketRules';

/** The contact drawer (spec 000 §2): picture, name, number, email, block, audio and bot toggles, notes. */
export function ContactDrawer({ open, onClose, contactId, ticketId }: { open: boolean; onClose(): void; contactId: number; ticketId: number }) {
  const { t } = useTranslation('tickets');
  const [modal, modalHolder] = Modal.useModal();
  const [contact, setContact] = useState<Contact | null>(null);
  const [notes, setNotes] = useState<TicketNote[]>([]);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    getContact(contactId).then(setContact).catch(toastError);
    listTicketNotes({ contactId, ticketId })
      .then(setNotes)
      .catch(() => setNotes([]));
  }, [open, contactId, ticketId]);

  useCompanyEvent<{ action: string; contact?: Contact }>('contact', (event) => {
    if (event?.action === 'update' && event.contact?.id === contactId) setContact(event.contact);
  });

  const wrap = async (fn: () => Promise<Contact>, success?: string) => {
    try {
      setContact(await fn());
      if (success) toastSuccess(success, { form: true });
    } catch (err) {
      toastError(err);
    }
  };

  const addNote = async () => {
    const text = note.trim();
    if (text.length < NOTE_MIN) return;
    setSaving(true);
    try {
      const saved = await createTicketNote({ note: text, ticketId, contactId });
      setNotes((list) => [saved, ...list]);
      setNote('');
      toastSuccess(t('notes.added'), { form: true });
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const removeNote = (target: TicketNote) => {
    void modal.confirm({
      title: t('notes.deleteTitle'),
      content: t('notes.deleteMessage'),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        try {
          await deleteTicketNote(target.id);
          setNotes((list) => list.filter((n) => n.id !== target.id));
          toastSuccess(t('notes.deleted'), { form: true });
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const tooShort = note.trim().length > 0 && note.trim().length < NOTE_MIN;

  return (
    <Drawer open={open} onClose={onClose} title={t('contact.title')} size={360} destroyOnHidden>
      {modalHolder}
      {contact && (
        <Flex vertical gap={16}>
          <Flex vertical align="center" gap={8}>
            <Avatar size={96} src={contact.urlPicture ?? contact.profilePicUrl ?? undefined} icon={<UserOutlined />} alt={contact.name} />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {contact.name}
            </Typography.Title>
          </Flex>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('contact.number')}>{contact.number}</Descriptions.Item>
            <Descriptions.Item label={t('contact.email')}>{contact.email || '-'}</Descriptions.Item>
          </Descriptions>
          <Button danger={contact.active} onClick={() => void wrap(() => blockContact(contact.id, !contact.active), contact.active ? t('contact.blocked') : t('contact.unblocked'))}>
            {contact.active ? t('contact.block') : t('contact.unblock')}
          </Button>
          <Flex justify="space-between" align="center">
            <span id="accept-audio-label">{t('contact.acceptAudio')}</span>
            <Switch checked={contact.acceptAudioMessage} aria-labelledby="accept-audio-label" onChange={() => void wrap(() => toggleAcceptAudio(contact.id))} />
          </Flex>
          <Flex justify="space-between" align="center">
            <span id="disable-bot-label">{t('contact.disableBot')}</span>
            <Switch checked={contact.disableBot} aria-labelledby="disable-bot-label" onChange={() => void wrap(() => toggleDisableBot(contact.id))} />
          </Flex>
          <div>
            <Typography.Title level={5}>{t('notes.title')}</Typography.Title>
            <Input.TextArea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder={t('notes.placeholder')}
              aria-label={t('notes.placeholder')}
              status={tooShort ? 'error' : undefined}
            />
            {tooShort && <Typography.Text type="danger">{t('notes.tooShort')}</Typography.Text>}
            <Flex justify="flex-end" style={{ marginTop: 6 }}>
              <Button type="primary" onClick={() => void addNote()} loading={saving} disabled={note.trim().length < NOTE_MIN}>
                {t('notes.add')}
              </Button>
            </Flex>
            <List
              size="small"
              dataSource={notes}
              locale={{ emptyText: t('notes.empty') }}
              renderItem={(n) => (
                <List.Item
                  actions={[<Button key="del" type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('notes.delete')} onClick={() => removeNote(n)} />]}
                >
                  <List.Item.Meta title={<span style={{ whiteSpace: 'pre-wrap' }}>{n.note}</span>} description={`${n.user?.name ?? ''} · ${formatTicketTime(n.createdAt)}`} />
                </List.Item>
              )}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
