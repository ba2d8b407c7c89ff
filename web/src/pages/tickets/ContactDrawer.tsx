import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Avatar, Button, Descriptions, Divider, Drawer, Empty, Flex, Form, Input, List, Modal, Select, Skeleton, Switch, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, LockOutlined, StopOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Contact, Tag as TagType, Ticket, TicketNote } from '@atende/kit/contracts';
import { clearTicketTags, linkTicketTag, listKanbanLanes } from '../../api/kanban';
import {
  blockContact,
  createTicketNote,
  deleteTicketNote,
  getContact,
  getTicket,
  listTicketNotes,
  toggleAcceptAudio,
  toggleDisableBot,
} from '../../api/tickets';
import { toastError, toastSuccess } from '../../errors/toast';
import { useShellData } from '../../hooks/useShellData';
import { planAllows } from '../../permissions';
import { useCompanyEvent } from '../../socket/SocketContext';
import { useNumbersHidden } from './useNumbersHidden';
import { ContactDialog } from '../contacts/ContactDialog';
import { DRAWER_CONTACT_NAME_MAX } from '../contacts/contactRules';
import { currentKanbanStage, displayNumber, kanbanStageCalls, NOTE_MAX_LENGTH, notesWithEdits, validateNote, visibleExtraInfo, type NoteEdits, type NoteProblem } from './dialogs/dialogRules';

/** The default lane (no kanban tag) in the stage select: tag ids are positive. */
const DEFAULT_LANE = 0;

type TicketEvent = { action?: string; ticket?: Ticket };

const pad = (n: number) => String(n).padStart(2, '0');
/** dd/MM/yyyy and HH:mm of an instant (notes, LGPD consent). */
function dateParts(iso: string | null | undefined): { date: string; time: string } | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return { date: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/**
 * The contact drawer (spec 000 §2): picture, name, number (hidden for profile user with the
 * setting lgpdHideNumber), e-mail, edit, block/unblock, accept-audio and disable-bot toggles, the
 * ticket's kanban stage, notes and the contact's extra information.
 */
export function ContactDrawer({ open, onClose, contactId, ticketId }: { open: boolean; onClose(): void; contactId: number; ticketId: number }) {
  const { t, i18n } = useTranslation('ticketDialogs');
  const { plan } = useShellData();
  const [modal, modalHolder] = Modal.useModal();
  const [contact, setContact] = useState<Contact | null>(null);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [lanes, setLanes] = useState<TagType[] | null>(null);
  const [notes, setNotes] = useState<TicketNote[]>([]);
  const [notesLoading, setNotesLoading] = useState(false);
  // Notes added or deleted while the list is read: a slow answer is older than them and must not
  // bring a deleted note back or drop an added one.
  const noteEdits = useRef<NoteEdits<TicketNote>>({ added: [], deleted: new Set() });
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<NoteProblem>(null);
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState<'audio' | 'bot' | 'block' | 'stage' | null>(null);
  const [editing, setEditing] = useState(false);
  const kanbanAllowed = planAllows(plan, 'useKanban');
  const hide = useNumbersHidden(open);

  const loadContact = useCallback(() => getContact(contactId).then(setContact), [contactId]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    setContact(null);
    setNote('');
    setNoteProblem(null);
    getContact(contactId)
      .then((c) => active && setContact(c))
      .catch((err) => active && toastError(err));
    getTicket(ticketId)
      .then((tk) => active && setTicket(tk))
      .catch(() => active && setTicket(null));
    setNotesLoading(true);
    noteEdits.current = { added: [], deleted: new Set() };
    listTicketNotes({ contactId, ticketId })
      .then((list) => active && setNotes(notesWithEdits(list, noteEdits.current)))
      .catch(() => active && setNotes([]))
      .finally(() => active && setNotesLoading(false));
    return () => {
      active = false;
    };
  }, [open, contactId, ticketId]);

  useEffect(() => {
    if (!open || !kanbanAllowed) return;
    let active = true;
    listKanbanLanes()
      .then((list) => active && setLanes(list))
      .catch(() => active && setLanes(null));
    return () => {
      active = false;
    };
  }, [open, kanbanAllowed]);

  useCompanyEvent<{ action: string; contact?: Contact }>('contact', (event) => {
    if (event?.action === 'update' && event.contact?.id === contactId) setContact(event.contact);
  });
  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (event?.action === 'update' && event.ticket?.id === ticketId) setTicket(event.ticket);
  });

  const laneIds = useMemo(() => (lanes ?? []).map((l) => l.id), [lanes]);
  const ticketTagIds = useMemo(() => (ticket?.tags ?? []).map((tg) => tg.id), [ticket]);
  const stage = currentKanbanStage(ticketTagIds, laneIds);

  const toggle = async (which: 'audio' | 'bot', fn: () => Promise<Contact>) => {
    setToggling(which);
    try {
      setContact(await fn());
    } catch (err) {
      toastError(err);
    } finally {
      setToggling(null);
    }
  };

  const setActive = async (target: Contact, active: boolean) => {
    setToggling('block');
    try {
      setContact(await blockContact(target.id, active));
      toastSuccess(active ? t('contact.unblocked') : t('contact.blocked'), { form: true });
    } catch (err) {
      toastError(err);
    } finally {
      setToggling(null);
    }
  };

  const askBlock = (target: Contact) => {
    if (!target.active) {
      void setActive(target, true);
      return;
    }
    void modal.confirm({
      title: t('contact.blockTitle', { name: target.name }),
      content: t('contact.blockMessage'),
      okText: t('contact.block'),
      okButtonProps: { danger: true },
      cancelText: t('buttons.cancel'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => setActive(target, false),
    });
  };

  const changeStage = async (target: number | null) => {
    if (!ticket) return;
    const calls = kanbanStageCalls(ticketTagIds, laneIds, target);
    if (calls.length === 0) return;
    setToggling('stage');
    try {
      let answer: Ticket = ticket;
      for (const call of calls) answer = call.op === 'clear' ? await clearTicketTags(ticket.id) : await linkTicketTag(ticket.id, call.tagId);
      setTicket(answer);
      toastSuccess(t('kanban.changed'), { form: true });
    } catch (err) {
      toastError(err);
      getTicket(ticket.id)
        .then(setTicket)
        .catch(() => undefined);
    } finally {
      setToggling(null);
    }
  };

  const addNote = async () => {
    const problem = validateNote(note);
    setNoteProblem(problem);
    if (problem) return;
    setSaving(true);
    try {
      const saved = await createTicketNote({ note: note.trim(), ticketId, contactId });
      noteEdits.current.added.push(saved);
      setNotes((list) => [saved, ...list.filter((n) => n.id !== saved.id)]);
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
          noteEdits.current.deleted.add(target.id);
          setNotes((list) => list.filter((n) => n.id !== target.id));
          toastSuccess(t('notes.deleted'), { form: true });
        } catch (err) {
          toastError(err);
        }
      },
    });
  };

  const noteError = noteProblem ? t(`notes.${noteProblem}`) : undefined;
  const extraInfo = visibleExtraInfo(contact?.extraInfo);
  const consent = dateParts(contact?.lgpdAcceptedAt);

  const money = (value: string) => {
    const n = Number(String(value).replace(/\./g, '').replace(',', '.'));
    return Number.isFinite(n) && /\d/.test(value) ? new Intl.NumberFormat(i18n.language || 'pt-BR', { style: 'currency', currency: 'BRL' }).format(n) : value;
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('contact.title')} size={380} destroyOnHidden closable={{ 'aria-label': t('buttons.close') }}>
      {modalHolder}
      {!contact ? (
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={12} data-testid="contact-drawer">
          <Flex vertical align="center" gap={6}>
            <Avatar size={96} src={contact.urlPicture ?? contact.profilePicUrl ?? undefined} icon={<UserOutlined />} alt={contact.name} />
            <Typography.Title level={5} style={{ margin: 0, textAlign: 'center', wordBreak: 'break-word' }}>
              {contact.name}
            </Typography.Title>
            {!contact.active && (
              <Tag color="red" icon={<StopOutlined />}>
                {t('contact.blockedTag')}
              </Tag>
            )}
            <Flex gap={8} wrap justify="center">
              <Tooltip title={hide ? t('contact.editHidden') : undefined}>
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={hide}>
                  {t('contact.edit')}
                </Button>
              </Tooltip>
              <Button
                danger={contact.active}
                icon={contact.active ? <LockOutlined /> : <UnlockOutlined />}
                loading={toggling === 'block'}
                onClick={() => askBlock(contact)}
              >
                {contact.active ? t('contact.block') : t('contact.unblock')}
              </Button>
            </Flex>
          </Flex>

          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('contact.number')}>
              <span data-testid="contact-number">{displayNumber(contact.number, hide)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('contact.email')}>{contact.email || '-'}</Descriptions.Item>
            {contact.whatsapp && <Descriptions.Item label={t('contact.connection')}>{contact.whatsapp.name}</Descriptions.Item>}
            {consent && <Descriptions.Item label={t('contact.lgpdAccepted')}>{t('contact.lgpdAcceptedAt', consent)}</Descriptions.Item>}
          </Descriptions>

          <Flex justify="space-between" align="center" gap={8}>
            <label htmlFor="contact-accept-audio">{t('contact.acceptAudio')}</label>
            <Switch
              id="contact-accept-audio"
              checked={contact.acceptAudioMessage}
              loading={toggling === 'audio'}
              onChange={() => void toggle('audio', () => toggleAcceptAudio(contact.id))}
            />
          </Flex>
          <Flex justify="space-between" align="center" gap={8}>
            <label htmlFor="contact-disable-bot">{t('contact.disableBot')}</label>
            <Switch
              id="contact-disable-bot"
              checked={contact.disableBot}
              loading={toggling === 'bot'}
              onChange={() => void toggle('bot', () => toggleDisableBot(contact.id))}
            />
          </Flex>

          {kanbanAllowed && lanes !== null && (
            <Flex vertical gap={4}>
              <label htmlFor="contact-kanban-stage">{t('kanban.stage')}</label>
              <Select<number>
                id="contact-kanban-stage"
                value={ticket ? (stage ?? DEFAULT_LANE) : undefined}
                disabled={!ticket}
                loading={toggling === 'stage'}
                onChange={(value) => void changeStage(value === DEFAULT_LANE ? null : value)}
                options={[
                  { value: DEFAULT_LANE, label: t('kanban.defaultLane') },
                  ...lanes.map((l) => ({
                    value: l.id,
                    label: (
                      <Flex align="center" gap={6}>
                        <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: l.color || '#757575', flex: 'none' }} />
                        {l.name}
                      </Flex>
                    ),
                    title: l.name,
                  })),
                ]}
                placeholder={t('kanban.placeholder')}
                notFoundContent={t('kanban.noLanes')}
                aria-label={t('kanban.stage')}
              />
            </Flex>
          )}

          <Divider style={{ margin: '4px 0' }} />
          <section aria-labelledby="contact-extra-title">
            <Typography.Title level={5} id="contact-extra-title">
              {t('extra.title')}
            </Typography.Title>
            {extraInfo.length === 0 ? (
              <Typography.Text type="secondary">{t('extra.empty')}</Typography.Text>
            ) : (
              <Descriptions column={1} size="small">
                {extraInfo.map((e, i) => (
                  <Descriptions.Item key={`${e.name}-${i}`} label={e.name || '-'}>
                    <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {e.name.trim().toLowerCase() === 'valor' ? money(e.value) : e.value}
                    </span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            )}
          </section>

          <Divider style={{ margin: '4px 0' }} />
          <section aria-labelledby="contact-notes-title">
            <Typography.Title level={5} id="contact-notes-title">
              {t('notes.title')}
            </Typography.Title>
            <Form layout="vertical" onFinish={() => void addNote()}>
              <Form.Item validateStatus={noteError ? 'error' : undefined} help={noteError} style={{ marginBottom: 8 }}>
                <Input.TextArea
                  value={note}
                  onChange={(e) => {
                    setNote(e.target.value);
                    if (noteProblem) setNoteProblem(validateNote(e.target.value));
                  }}
                  onKeyDown={(e) => {
                    // Ctrl/Cmd+Enter adds the note; Enter alone is a new line.
                    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                      e.preventDefault();
                      void addNote();
                    }
                  }}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={NOTE_MAX_LENGTH}
                  placeholder={t('notes.placeholder')}
                  aria-label={t('notes.placeholder')}
                  aria-invalid={!!noteError}
                />
              </Form.Item>
              <Flex justify="flex-end">
                <Button type="primary" htmlType="submit" loading={saving}>
                  {t('notes.add')}
                </Button>
              </Flex>
            </Form>
            <List
              size="small"
              loading={notesLoading}
              dataSource={notes}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.empty')} /> }}
              renderItem={(n) => {
                const when = dateParts(n.createdAt);
                return (
                  <List.Item
                    actions={[
                      <Button
                        key="del"
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('notes.delete')}
                        onClick={() => removeNote(n)}
                      />,
                    ]}
                  >
                    <List.Item.Meta
                      title={<span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontWeight: 'normal' }}>{n.note}</span>}
                      description={[n.user?.name, when ? t('notes.at', when) : null].filter(Boolean).join(' · ')}
                    />
                  </List.Item>
                );
              }}
            />
          </section>
        </Flex>
      )}
      {editing && (
        <ContactDialog
          open={editing}
          contactId={contact?.id ?? contactId}
          maxNameLength={DRAWER_CONTACT_NAME_MAX}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setContact(saved);
            void loadContact().catch(() => undefined);
          }}
        />
      )}
    </Drawer>
  );
}
