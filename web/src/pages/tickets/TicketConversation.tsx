import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Modal, Result, Spin, Table, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  HistoryOutlined,
  IdcardOutlined,
  PushpinFilled,
  PushpinOutlined,
  RedoOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Message, PinnedTicket, Ticket, TicketLogEntry } from '@atende/kit/contracts';
import { getTicketByUuid, listPins, listTicketLog, pinTicket, unpinTicket } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { toastError } from '../../errors/toast';
import { hasPermission } from '../../permissions';
import { useCompanyEvent, useSocket } from '../../socket/SocketContext';
import { ContactDrawer } from './ContactDrawer';
import { MessageInput } from './MessageInput';
import { MessagesList } from './MessagesList';
import { useTicketActions } from './TicketActions';
import type { TicketEvent } from './TicketList';
import { ChannelIcon } from './TicketListItem';
import { canWrite } from './ticketRules';

/** The conversation panel of /tickets/:uuid (spec 000 §2 'Ticket conversation screen'). */
export function TicketConversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation('tickets');
  const { user } = useAuth();
  const navigate = useNavigate();
  const socket = useSocket();
  const actions = useTicketActions();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [failed, setFailed] = useState(false);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [pin, setPin] = useState<PinnedTicket | null>(null);
  const [log, setLog] = useState<TicketLogEntry[] | null>(null);

  useEffect(() => {
    let active = true;
    setTicket(null);
    setFailed(false);
    setReplyTo(null);
    getTicketByUuid(uuid)
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
    listPins()
      .then((pins) => setPin(pins.find((p) => p.ticketId === ticketId) ?? null))
      .catch(() => setPin(null));
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

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (!event || !ticketId) return;
    if (event.action === 'update' && event.ticket?.id === ticketId) setTicket(event.ticket);
    else if (event.action === 'delete' && event.ticketId === ticketId) navigate('/tickets');
  });

  const onReply = useCallback((m: Message) => setReplyTo(m), []);

  const togglePin = async () => {
    if (!ticket) return;
    try {
      if (pin) {
        await unpinTicket(pin.id);
        setPin(null);
      } else setPin(await pinTicket(ticket.id));
    } catch (err) {
      toastError(err);
    }
  };

  const openLog = async () => {
    if (!ticket) return;
    try {
      setLog(await listTicketLog(ticket.id));
    } catch (err) {
      toastError(err);
    }
  };

  if (failed) return <Result status="404" title={t('conversation.notFound')} extra={<Button onClick={() => navigate('/tickets')}>{t('buttons.back')}</Button>} />;
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
  const mayDelete = hasPermission(user, 'ticket-options:deleteTicket');

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }}>
      <Flex align="center" gap={10} wrap style={{ padding: '8px 12px', borderBottom: '1px solid rgba(128,128,128,0.2)' }}>
        <Avatar size={40} src={ticket.contact.urlPicture ?? ticket.contact.profilePicUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <Flex vertical style={{ flex: 1, minWidth: 160 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            <ChannelIcon channel={ticket.channel} /> {ticket.contact.name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('conversation.ticketNumber', { id: ticket.id })}
            {ticket.user ? ` · ${t('conversation.assignedTo', { name: ticket.user.name })}` : ''}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
          </Typography.Text>
        </Flex>
        <Flex gap={6} wrap>
          {pending && (
            <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={() => actions.accept(ticket)}>
              {t('buttons.accept')}
            </Button>
          )}
          {active && (
            <>
              <Tooltip title={t('buttons.returnToQueue')}>
                <Button icon={<RollbackOutlined />} aria-label={t('buttons.returnToQueue')} disabled={busy} onClick={() => actions.returnToQueue(ticket)} />
              </Tooltip>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'farewell', label: t('buttons.resolveWithFarewell') },
                    { key: 'silent', label: t('buttons.resolveWithoutFarewell') },
                  ],
                  onClick: ({ key }) => actions.resolve(ticket, key === 'farewell'),
                }}
              >
                <Button type="primary" icon={<CheckOutlined />} loading={busy}>
                  {t('buttons.resolve')}
                </Button>
              </Dropdown>
              <Button icon={<SwapOutlined />} disabled={busy} onClick={() => actions.transfer(ticket)}>
                {t('buttons.transfer')}
              </Button>
            </>
          )}
          {status === 'closed' && (
            <Button icon={<RedoOutlined />} loading={busy} onClick={() => actions.reopen(ticket)}>
              {t('buttons.reopen')}
            </Button>
          )}
          <Tooltip title={pin ? t('buttons.unpin') : t('buttons.pin')}>
            <Button icon={pin ? <PushpinFilled /> : <PushpinOutlined />} aria-label={pin ? t('buttons.unpin') : t('buttons.pin')} aria-pressed={!!pin} onClick={() => void togglePin()} />
          </Tooltip>
          <Tooltip title={t('buttons.log')}>
            <Button icon={<HistoryOutlined />} aria-label={t('buttons.log')} onClick={() => void openLog()} />
          </Tooltip>
          <Tooltip title={t('buttons.contact')}>
            <Button icon={<IdcardOutlined />} aria-label={t('buttons.contact')} onClick={() => setDrawer(true)} />
          </Tooltip>
          {mayDelete && status !== 'closed' && (
            <Tooltip title={t('buttons.delete')}>
              <Button danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteTicket')} onClick={() => actions.remove(ticket)} />
            </Tooltip>
          )}
        </Flex>
      </Flex>
      {(ticket.channel === 'facebook' || ticket.channel === 'instagram') && (
        <Typography.Text type="warning" style={{ padding: '4px 12px', fontSize: 12 }}>
          {t('conversation.social24h')}
        </Typography.Text>
      )}
      <MessagesList ticketId={ticket.id} onReply={onReply} />
      <MessageInput ticketId={ticket.id} enabled={canWrite(status)} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
      <ContactDrawer open={drawer} onClose={() => setDrawer(false)} contactId={ticket.contactId} ticketId={ticket.id} />
      <Modal open={!!log} title={t('log.title', { id: ticket.id })} footer={null} onCancel={() => setLog(null)} width={640} destroyOnHidden>
        <Table<TicketLogEntry>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={log ?? []}
          locale={{ emptyText: t('log.empty') }}
          columns={[
            { title: t('log.type'), dataIndex: 'type', render: (type: string) => t(`logTypes.${type}`) },
            { title: t('log.user'), key: 'user', render: (_: unknown, row) => row.user?.name ?? '-' },
            { title: t('log.queue'), key: 'queue', render: (_: unknown, row) => row.queue?.name ?? '-' },
            { title: t('log.when'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
          ]}
        />
      </Modal>
    </Flex>
  );
}
