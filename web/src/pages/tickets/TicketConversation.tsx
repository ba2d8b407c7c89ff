import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Result, Spin, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  FilePdfOutlined,
  HistoryOutlined,
  IdcardOutlined,
  PushpinFilled,
  PushpinOutlined,
  RedoOutlined,
  RobotOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX_PINNED_TICKETS, type Message, type PinnedTicket, type Ticket } from '@atende/kit/contracts';
import { getTicketByUuid, listPins, pinTicket, setTicketIntegration, unpinTicket } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { canSee, hasPermission } from '../../permissions';
import type { ContactEvent } from '../contacts/contactRules';
import { useCompanyEvent, useReconnected, useSocket } from '../../socket/SocketContext';
import { ContactTagsBar } from './conversation/ContactTagsBar';
import { ExportPdfDialog } from './conversation/ExportPdfDialog';
import { takePrefetched, ticketKey } from './conversation/prefetch';
import { SocialWindowNotice, type WindowInput } from './conversation/SocialWindowNotice';
import { TicketLogDialog } from './conversation/TicketLogDialog';
import { isSocialChannel, lastInboundAt } from './conversation/time';
import { ContactDrawer } from './ContactDrawer';
import { MessageInput } from './MessageInput';
import { MessagesList } from './MessagesList';
import { useTicketActions } from './TicketActions';
import type { TicketEvent } from './TicketList';
import { ChannelIcon } from './TicketListItem';
import { applyContactToTicket, canWrite } from './ticketRules';

const sameWindow = (a: WindowInput, b: WindowInput) => a.lastInbound === b.lastInbound && a.oldest === b.oldest && a.complete === b.complete;

/**
 * The conversation panel of /tickets/:uuid (spec 000 §2 'Ticket conversation screen'): header with
 * contact, ticket number and attendant, the status actions (accept, ignore, resolve with or without
 * farewell, return to queue, transfer, reopen, delete), pin, log, contact drawer and PDF export; the
 * contact's tags; the 24-hour notice of social channels; the message list and the composer.
 */
export function TicketConversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation(['conversation', 'tickets', 'ticketsList']);
  const { user } = useAuth();
  const navigate = useNavigate();
  const socket = useSocket();
  const actions = useTicketActions();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [failed, setFailed] = useState(false);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [pin, setPin] = useState<PinnedTicket | null>(null);
  const [pinning, setPinning] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [windowInput, setWindowInput] = useState<WindowInput>({ lastInbound: null, oldest: null, complete: false });
  const loaded = useRef<{ messages: Message[]; complete: boolean }>({ messages: [], complete: false });

  useEffect(() => {
    let active = true;
    setTicket(null);
    setFailed(false);
    setReplyTo(null);
    setLogOpen(false);
    setPdfOpen(false);
    loaded.current = { messages: [], complete: false };
    setWindowInput({ lastInbound: null, oldest: null, complete: false });
    takePrefetched(ticketKey(uuid), () => getTicketByUuid(uuid))
      .then((tk) => active && setTicket(tk))
      .catch((err) => {
        if (!active) return;
        setFailed(true);
        toastError(err);
      });
    return () => {
      active = false;
    };
  }, [uuid]);

  const ticketId = ticket?.id;

  useEffect(() => {
    if (!ticketId) return;
    let active = true;
    listPins()
      .then((pins) => active && setPin(pins.find((p) => p.ticketId === ticketId) ?? null))
      .catch(() => active && setPin(null));
    return () => {
      active = false;
    };
  }, [ticketId]);

  // The chat-box room of this ticket (and again after a reconnection).
  useEffect(() => {
    if (!socket || !ticketId) return;
    const join = () => socket.emit('joinChatBox', String(ticketId));
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveChatBox', String(ticketId));
    };
  }, [socket, ticketId]);

  // Back from a lost connection: the ticket read again (accepted, transferred or closed meanwhile).
  useReconnected(() => {
    if (!ticketId) return;
    getTicketByUuid(uuid)
      .then((tk) => setTicket((current) => (current?.id === tk.id ? tk : current)))
      .catch(() => undefined); // a ticket deleted meanwhile: the list no longer shows it either
  });

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (!event || !ticketId) return;
    if (event.action === 'update' && event.ticket?.id === ticketId) setTicket(event.ticket);
    else if (event.action === 'delete' && event.ticketId === ticketId) navigate('/tickets');
  });

  // Spec 000 §4/§7: the contact edited (in the drawer, or by another user) shows at once in the header,
  // as on the list card: its name, picture and the rest of the contact the ticket holds.
  useCompanyEvent<ContactEvent>('contact', (event) => {
    if (event?.action !== 'update' || !event.contact) return;
    const contact = event.contact;
    setTicket((current) => (current ? applyContactToTicket(current, contact) : current));
  });

  const onReply = useCallback((m: Message) => setReplyTo(m), []);
  const clearReply = useCallback(() => setReplyTo(null), []);
  const closeLog = useCallback(() => setLogOpen(false), []);
  const getMessages = useCallback(() => loaded.current.messages, []);

  const onMessages = useCallback((messages: Message[], complete: boolean) => {
    loaded.current = { messages, complete };
    const next = { lastInbound: lastInboundAt(messages), oldest: messages[0]?.createdAt ?? null, complete };
    setWindowInput((current) => (sameWindow(current, next) ? current : next));
  }, []);

  // Spec 000 §4 "toggle integration": the queue integration (bot) of an open ticket on or off.
  const [switchingBot, setSwitchingBot] = useState(false);
  const toggleIntegration = async () => {
    if (!ticket || switchingBot) return;
    setSwitchingBot(true);
    try {
      setTicket(await setTicketIntegration(ticket.id, !ticket.useIntegration));
    } catch (err) {
      toastError(err);
    } finally {
      setSwitchingBot(false);
    }
  };

  const togglePin = async () => {
    if (!ticket || pinning) return;
    setPinning(true);
    try {
      if (pin) {
        await unpinTicket(pin.id);
        setPin(null);
        toastSuccess(t('header.unpinned'));
      } else {
        const pins = await listPins();
        const existing = pins.find((p) => p.ticketId === ticket.id);
        if (existing) setPin(existing);
        else if (pins.length >= MAX_PINNED_TICKETS) toastWarning(t('header.pinLimit', { count: MAX_PINNED_TICKETS }));
        else {
          setPin(await pinTicket(ticket.id));
          toastSuccess(t('header.pinned'));
        }
      }
    } catch (err) {
      toastError(err);
    } finally {
      setPinning(false);
    }
  };

  if (failed)
    return (
      <Result
        status="404"
        title={t('tickets:conversation.notFound')}
        extra={<Button onClick={() => navigate('/tickets')}>{t('tickets:buttons.back')}</Button>}
      />
    );
  if (!ticket)
    return (
      <Flex justify="center" align="center" style={{ height: '100%' }}>
        <Spin />
      </Flex>
    );

  const busy = actions.busyId === ticket.id;
  const status = ticket.status;
  const pending = status === 'pending' || status === 'lgpd';
  const active = status === 'open' || status === 'group';
  // Waiting for the contact's rating (nps) counts as resolved: it may be reopened, or closed without the rate.
  const awaitingRating = status === 'nps';
  const closed = status === 'closed' || awaitingRating;
  const mayDelete = hasPermission(user, 'ticket-options:deleteTicket');
  // Ignore (close a waiting ticket without farewell): admins, or users with userClosePendingTicket, as on the list card.
  const mayIgnore = canSee(user, 'ignorePending');
  const social = isSocialChannel(ticket.channel) ? (ticket.channel as 'facebook' | 'instagram') : null;
  const pinLabel = pin ? t('tickets:buttons.unpin') : t('tickets:buttons.pin');

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <Flex component="header" align="center" gap={10} wrap style={{ padding: '8px 12px', borderBottom: '1px solid rgba(128,128,128,0.2)' }}>
        <Avatar size={40} src={ticket.contact.urlPicture ?? ticket.contact.profilePicUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <Flex vertical style={{ flex: 1, minWidth: 160 }}>
          <Typography.Title level={5} style={{ margin: 0, cursor: 'pointer' }} ellipsis onClick={() => setDrawer(true)} data-testid="conversation-contact">
            <ChannelIcon channel={ticket.channel} /> {ticket.contact.name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="conversation-meta">
            {t('tickets:conversation.ticketNumber', { id: ticket.id })}
            {` · ${ticket.user ? t('tickets:conversation.assignedTo', { name: ticket.user.name }) : t('header.unassigned')}`}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
            {` · ${t(`tickets:status.${status}`)}`}
          </Typography.Text>
        </Flex>
        <Flex gap={6} wrap align="center">
          {status === 'pending' && (
            <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={() => actions.accept(ticket)}>
              {t('tickets:buttons.accept')}
            </Button>
          )}
          {pending && mayIgnore && (
            <Button danger icon={<CloseCircleOutlined />} disabled={busy} onClick={() => actions.ignore(ticket)}>
              {t('ticketsList:buttons.ignore')}
            </Button>
          )}
          {active && (
            <>
              <Tooltip title={t('tickets:buttons.returnToQueue')}>
                <Button
                  icon={<RollbackOutlined />}
                  aria-label={t('tickets:buttons.returnToQueue')}
                  disabled={busy}
                  onClick={() => actions.returnToQueue(ticket)}
                />
              </Tooltip>
              <Dropdown
                trigger={['click']}
                disabled={busy}
                menu={{
                  items: [
                    { key: 'farewell', label: t('tickets:buttons.resolveWithFarewell') },
                    { key: 'silent', label: t('tickets:buttons.resolveWithoutFarewell') },
                  ],
                  onClick: ({ key }) => actions.resolve(ticket, key === 'farewell'),
                }}
              >
                <Button type="primary" icon={<CheckOutlined />} loading={busy}>
                  {t('tickets:buttons.resolve')}
                </Button>
              </Dropdown>
              <Button icon={<SwapOutlined />} disabled={busy} onClick={() => actions.transfer(ticket)}>
                {t('tickets:buttons.transfer')}
              </Button>
              <Tooltip title={ticket.useIntegration ? t('ticketsList:buttons.integrationOff') : t('ticketsList:buttons.integrationOn')}>
                <Button
                  type={ticket.useIntegration ? 'primary' : 'default'}
                  icon={<RobotOutlined />}
                  aria-label={t('ticketsList:buttons.integration')}
                  aria-pressed={ticket.useIntegration}
                  loading={switchingBot}
                  disabled={busy}
                  onClick={() => void toggleIntegration()}
                />
              </Tooltip>
            </>
          )}
          {closed && (
            <Button icon={<RedoOutlined />} loading={busy} onClick={() => actions.reopen(ticket)}>
              {t('tickets:buttons.reopen')}
            </Button>
          )}
          {awaitingRating && (
            <Button icon={<CheckOutlined />} disabled={busy} onClick={() => actions.endRating(ticket)}>
              {t('tickets:buttons.endRating')}
            </Button>
          )}
          <Tooltip title={pinLabel}>
            <Button
              icon={pin ? <PushpinFilled /> : <PushpinOutlined />}
              aria-label={pinLabel}
              aria-pressed={!!pin}
              loading={pinning}
              onClick={() => void togglePin()}
            />
          </Tooltip>
          <Tooltip title={t('tickets:buttons.log')}>
            <Button icon={<HistoryOutlined />} aria-label={t('tickets:buttons.log')} onClick={() => setLogOpen(true)} />
          </Tooltip>
          <Tooltip title={t('header.exportPdf')}>
            <Button icon={<FilePdfOutlined />} aria-label={t('header.exportPdf')} onClick={() => setPdfOpen(true)} />
          </Tooltip>
          <Tooltip title={t('tickets:buttons.contact')}>
            <Button icon={<IdcardOutlined />} aria-label={t('tickets:buttons.contact')} onClick={() => setDrawer(true)} />
          </Tooltip>
          {mayDelete && (
            <Tooltip title={status === 'closed' ? t('header.deleteClosed') : t('tickets:buttons.deleteTicket')}>
              <Button
                danger
                icon={<DeleteOutlined />}
                aria-label={t('tickets:buttons.deleteTicket')}
                disabled={status === 'closed'}
                onClick={() => actions.remove(ticket)}
              />
            </Tooltip>
          )}
        </Flex>
      </Flex>
      <ContactTagsBar contactId={ticket.contactId} />
      {social && <SocialWindowNotice channel={social} input={windowInput} />}
      <MessagesList
        key={ticket.id}
        ticketId={ticket.id}
        onReply={onReply}
        group={ticket.isGroup}
        social={social !== null}
        origin={{ queueId: ticket.queueId, whatsappId: ticket.whatsappId }}
        onMessages={onMessages}
      />
      <MessageInput ticketId={ticket.id} enabled={canWrite(status)} replyTo={replyTo} onClearReply={clearReply} channel={ticket.channel} contactId={ticket.contactId} />
      <ContactDrawer open={drawer} onClose={() => setDrawer(false)} contactId={ticket.contactId} ticketId={ticket.id} />
      <TicketLogDialog ticketId={ticket.id} open={logOpen} onClose={closeLog} />
      <ExportPdfDialog open={pdfOpen} ticket={ticket} messages={getMessages} complete={windowInput.complete} onClose={() => setPdfOpen(false)} />
    </Flex>
  );
}
