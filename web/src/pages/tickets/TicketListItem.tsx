import { memo } from 'react';
import { Avatar, Badge, Button, Dropdown, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, FacebookFilled, InstagramFilled, RedoOutlined, RollbackOutlined, SwapOutlined, UserOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@atende/kit/contracts';
import { cut, formatTicketTime, LAST_MESSAGE_CUT, NAME_CUT, QUEUE_TAG_CUT } from './ticketRules';
import { useTicketActions } from './TicketActions';

const RATING_EMOJI: Record<number, string> = { 1: '😠', 2: '😞', 3: '😐', 4: '🙂', 5: '😍' };
const STATUS_COLOR: Record<string, string> = { pending: 'warning', lgpd: 'warning', open: 'success', group: 'success', closed: 'default' };

export function ChannelIcon({ channel }: { channel: Ticket['channel'] }) {
  if (channel === 'facebook') return <FacebookFilled style={{ color: '#1877f2' }} />;
  if (channel === 'instagram') return <InstagramFilled style={{ color: '#e1306c' }} />;
  return <WhatsAppOutlined style={{ color: '#25d366' }} />;
}

type Props = { ticket: Ticket; selected: boolean; showAttendant: boolean; onSelect(ticket: Ticket): void };

/** A ticket card of the list (spec 000 §2 'Ticket list item'). */
export const TicketListItem = memo(function TicketListItem({ ticket, selected, showAttendant, onSelect }: Props) {
  const { t } = useTranslation('tickets');
  const actions = useTicketActions();
  const busy = actions.busyId === ticket.id;
  const queueColor = ticket.queue?.color ?? '#7c7c7c';
  const queueLabel = ticket.status === 'lgpd' ? 'LGPD' : ticket.queue ? cut(ticket.queue.name, QUEUE_TAG_CUT).replace(/\.\.\.$/, '') : t('item.noQueueTag');
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
    e.stopPropagation();
    fn();
  };
  const pending = ticket.status === 'pending' || ticket.status === 'lgpd';

  return (
    <div
      role="listitem"
      data-testid={`ticket-item-${ticket.id}`}
      className={`ticket-item${selected ? ' is-selected' : ''}`}
      onClick={() => onSelect(ticket)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) onSelect(ticket);
      }}
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      aria-label={ticket.contact?.name ?? String(ticket.id)}
      style={{
        display: 'flex',
        gap: 10,
        padding: '8px 10px 8px 0',
        cursor: 'pointer',
        borderBottom: '1px solid rgba(128,128,128,0.18)',
        background: selected ? 'rgba(22,119,255,0.10)' : pending ? 'rgba(250,173,20,0.08)' : undefined,
      }}
    >
      <Tooltip title={ticket.queue?.name ?? t('item.noQueue')}>
        <span aria-hidden style={{ width: 6, alignSelf: 'stretch', background: queueColor, borderRadius: '0 3px 3px 0', flex: 'none' }} />
      </Tooltip>
      <Badge count={<ChannelIcon channel={ticket.channel} />} offset={[-4, 34]}>
        <Avatar size={42} src={picture} icon={<UserOutlined />} alt="" />
      </Badge>
      <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={2}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
            {cut(ticket.contact?.name, NAME_CUT)}
          </Typography.Text>
          <Typography.Text type={ticket.unreadMessages ? 'success' : 'secondary'} style={{ fontSize: 12, flex: 'none' }}>
            {formatTicketTime(ticket.lastMessageAt ?? ticket.updatedAt)}
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" gap={8} align="center">
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 13, minWidth: 0 }}>
            {cut(ticket.lastMessage, LAST_MESSAGE_CUT)}
          </Typography.Text>
          <Flex gap={4} align="center" style={{ flex: 'none' }}>
            {ticket.status === 'closed' && ticket.userRating && <span aria-label={t('item.rating', { rate: ticket.userRating.rate })}>{RATING_EMOJI[ticket.userRating.rate]}</span>}
            {ticket.unreadMessages > 0 && <Badge count={ticket.unreadMessages} color="green" aria-label={t('item.unread', { count: ticket.unreadMessages })} />}
          </Flex>
        </Flex>
        <Flex gap={4} wrap align="center">
          <Tag color={STATUS_COLOR[ticket.status]} style={{ marginInlineEnd: 0 }}>
            {t(`status.${ticket.status}`)}
          </Tag>
          <Tag color={ticket.queue?.color} style={{ marginInlineEnd: 0 }}>
            {queueLabel}
          </Tag>
          {ticket.whatsapp && (
            <Tag style={{ marginInlineEnd: 0 }} bordered={false}>
              {ticket.whatsapp.name}
            </Tag>
          )}
          {ticket.isGroup && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t('item.group')}
            </Tag>
          )}
          {showAttendant && ticket.user && (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {ticket.user.name}
            </Tag>
          )}
          {ticket.tags?.[0] && (
            <Tag color={ticket.tags[0].color} style={{ marginInlineEnd: 0 }}>
              {ticket.tags[0].name}
              {ticket.tags.length > 1 ? ` +${ticket.tags.length - 1}` : ''}
            </Tag>
          )}
        </Flex>
        <Flex gap={4} wrap onClick={(e) => e.stopPropagation()}>
          {pending && (
            <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy} onClick={stop(() => actions.accept(ticket))}>
              {t('buttons.accept')}
            </Button>
          )}
          {(ticket.status === 'open' || ticket.status === 'group') && (
            <>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'farewell', label: t('buttons.resolveWithFarewell') },
                    { key: 'silent', label: t('buttons.resolveWithoutFarewell') },
                  ],
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    actions.resolve(ticket, key === 'farewell');
                  },
                }}
              >
                <Button size="small" icon={<CheckOutlined />} loading={busy} onClick={(e) => e.stopPropagation()}>
                  {t('buttons.resolve')}
                </Button>
              </Dropdown>
              <Button size="small" icon={<RollbackOutlined />} disabled={busy} onClick={stop(() => actions.returnToQueue(ticket))}>
                {t('buttons.returnToQueue')}
              </Button>
              <Button size="small" icon={<SwapOutlined />} disabled={busy} onClick={stop(() => actions.transfer(ticket))}>
                {t('buttons.transfer')}
              </Button>
            </>
          )}
          {ticket.status === 'closed' && (
            <Button size="small" icon={<RedoOutlined />} loading={busy} onClick={stop(() => actions.reopen(ticket))}>
              {t('buttons.reopen')}
            </Button>
          )}
        </Flex>
      </Flex>
    </div>
  );
});
