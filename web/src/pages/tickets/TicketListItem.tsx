import { memo, useState, type CSSProperties } from 'react';
import { Avatar, Badge, Button, Dropdown, Flex, Tag, Tooltip, Typography } from 'antd';
import {
  CheckOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  FacebookFilled,
  InstagramFilled,
  RedoOutlined,
  RobotOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@atende/kit/contracts';
import { setTicketIntegration } from '../../api/tickets';
import { toastError } from '../../errors/toast';
import { cut, formatTicketTime, LAST_MESSAGE_CUT, NAME_CUT } from './ticketRules';
import { useTicketActions } from './TicketActions';
import { ITEM_HEIGHT, isWaiting, itemActions, queueTag, ratingEmoji, statusColor, tagSummary, type ItemAction, type ItemPermissions } from './list/itemRules';

export function ChannelIcon({ channel }: { channel: Ticket['channel'] }) {
  if (channel === 'facebook') return <FacebookFilled style={{ color: '#1877f2' }} />;
  if (channel === 'instagram') return <InstagramFilled style={{ color: '#e1306c' }} />;
  return <WhatsAppOutlined style={{ color: '#25d366' }} />;
}

type Props = {
  ticket: Ticket;
  selected: boolean;
  /** The attendant tag (admins only). */
  showAttendant: boolean;
  perms: ItemPermissions;
  onSelect(ticket: Ticket): void;
  /** Position in the (virtual) list: top offset in px, 1-based index and list size for assistive technology. */
  top?: number;
  index?: number;
  size?: number;
};

const ROW: CSSProperties = { minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', flex: 'none' };
const TAG: CSSProperties = { marginInlineEnd: 0, maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' };

/** A ticket card of the list (spec 000 §2 'Ticket list item'), of a fixed height (ITEM_HEIGHT). */
export const TicketListItem = memo(function TicketListItem({ ticket, selected, showAttendant, perms, onSelect, top, index, size }: Props) {
  const { t } = useTranslation(['ticketsList', 'tickets']);
  const actions = useTicketActions();
  const [localBusy, setLocalBusy] = useState(false);
  const busy = actions.busyId === ticket.id || localBusy;
  const queue = queueTag(ticket);
  const tags = tagSummary(ticket.tags);
  const emoji = ratingEmoji(ticket);
  const picture = ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined;
  const waiting = isWaiting(ticket.status);
  const buttons = itemActions(ticket.status, perms);
  const has = (a: ItemAction) => buttons.includes(a);
  const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
    e.stopPropagation();
    fn();
  };

  const toggleIntegration = async () => {
    setLocalBusy(true);
    try {
      await setTicketIntegration(ticket.id, !ticket.useIntegration);
    } catch (err) {
      toastError(err);
    } finally {
      setLocalBusy(false);
    }
  };

  const positioned = top !== undefined;
  const background = selected ? 'rgba(22,119,255,0.12)' : waiting ? 'rgba(250,173,20,0.10)' : undefined;

  return (
    <div
      role="listitem"
      data-testid={`ticket-item-${ticket.id}`}
      data-status={ticket.status}
      className={`ticket-item${selected ? ' is-selected' : ''}${waiting ? ' is-waiting' : ''}`}
      onClick={() => onSelect(ticket)}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
          e.preventDefault();
          onSelect(ticket);
        }
      }}
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      aria-label={ticket.contact?.name ?? String(ticket.id)}
      aria-posinset={index}
      aria-setsize={size}
      style={{
        ...(positioned ? { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${top}px)` } : null),
        height: ITEM_HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        gap: 10,
        padding: '8px 10px 8px 0',
        cursor: 'pointer',
        overflow: 'hidden',
        borderBottom: '1px solid rgba(128,128,128,0.18)',
        background,
        boxShadow: waiting && !selected ? 'inset 3px 0 0 #faad14' : undefined,
      }}
    >
      <Tooltip title={ticket.queue?.name ?? t('tickets:item.noQueue')} placement="right">
        <span
          aria-label={ticket.queue?.name ?? t('tickets:item.noQueue')}
          style={{ width: 6, alignSelf: 'stretch', background: ticket.queue?.color ?? '#7c7c7c', borderRadius: '0 3px 3px 0', flex: 'none' }}
        />
      </Tooltip>
      <div style={{ flex: 'none', paddingTop: 2 }}>
        <Badge count={<ChannelIcon channel={ticket.channel} />} offset={[-4, 36]}>
          <Avatar size={42} src={picture} icon={<UserOutlined />} alt="" />
        </Badge>
      </div>
      <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={4}>
        <Flex justify="space-between" align="center" gap={8} style={{ ...ROW, height: 22 }}>
          <Typography.Text strong ellipsis style={{ minWidth: 0, flex: 1 }} title={ticket.contact?.name}>
            {cut(ticket.contact?.name, NAME_CUT)}
          </Typography.Text>
          {ticket.whatsapp && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 130 }} title={ticket.whatsapp.name}>
              {ticket.whatsapp.name}
            </Typography.Text>
          )}
          <Typography.Text type={ticket.unreadMessages ? 'success' : 'secondary'} style={{ fontSize: 12, flex: 'none' }}>
            <time dateTime={ticket.updatedAt}>{formatTicketTime(ticket.updatedAt)}</time>
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" gap={8} align="center" style={{ ...ROW, height: 20 }}>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 13, minWidth: 0, flex: 1 }}>
            {cut(ticket.lastMessage, LAST_MESSAGE_CUT)}
          </Typography.Text>
          <Flex gap={6} align="center" style={{ flex: 'none' }}>
            {emoji && (
              <Tooltip title={t('tickets:item.rating', { rate: ticket.userRating?.rate })}>
                <span role="img" aria-label={t('tickets:item.rating', { rate: ticket.userRating?.rate })} style={{ fontSize: 15, lineHeight: 1 }}>
                  {emoji}
                </span>
              </Tooltip>
            )}
            {ticket.unreadMessages > 0 && (
              <Badge count={ticket.unreadMessages} color="green" overflowCount={99} size="small" aria-label={t('tickets:item.unread', { count: ticket.unreadMessages })} />
            )}
          </Flex>
        </Flex>
        <Flex gap={4} align="center" style={{ ...ROW, height: 22 }}>
          <Tag color={statusColor(ticket.status)} style={TAG}>
            {t(`tickets:status.${ticket.status}`)}
          </Tag>
          <Tooltip title={ticket.queue?.name ?? t('tickets:item.noQueue')}>
            <Tag color={queue.kind === 'queue' ? ticket.queue?.color : queue.kind === 'lgpd' ? 'orange' : undefined} style={TAG}>
              {queue.kind === 'lgpd' ? 'LGPD' : queue.kind === 'none' ? t('tickets:item.noQueueTag') : queue.text}
            </Tag>
          </Tooltip>
          {ticket.isGroup && (
            <Tag color="purple" style={TAG}>
              {t('tickets:item.group')}
            </Tag>
          )}
          {showAttendant && ticket.user && (
            <Tag color="blue" style={TAG} title={t('item.attendant', { name: ticket.user.name })}>
              {ticket.user.name}
            </Tag>
          )}
          {tags && (
            <Tooltip title={ticket.tags.map((tag) => tag.name).join(', ')}>
              <Tag color={tags.first.color} style={TAG}>
                {tags.first.name}
                {tags.more > 0 ? ` +${tags.more}` : ''}
              </Tag>
            </Tooltip>
          )}
        </Flex>
        <Flex gap={4} align="center" style={{ ...ROW, height: 24 }} onClick={(e) => e.stopPropagation()}>
          {has('accept') && (
            <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy} onClick={stop(() => actions.accept(ticket))}>
              {t('tickets:buttons.accept')}
            </Button>
          )}
          {has('ignore') && (
            <Button size="small" danger icon={<CloseCircleOutlined />} disabled={busy} onClick={stop(() => actions.ignore(ticket))}>
              {t('buttons.ignore')}
            </Button>
          )}
          {has('resolve') && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'farewell', label: t('tickets:buttons.resolveWithFarewell') },
                  { key: 'silent', label: t('tickets:buttons.resolveWithoutFarewell') },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  actions.resolve(ticket, key === 'farewell');
                },
              }}
            >
              <Button size="small" type="primary" ghost icon={<CheckOutlined />} loading={busy} onClick={(e) => e.stopPropagation()}>
                {t('tickets:buttons.resolve')}
              </Button>
            </Dropdown>
          )}
          {has('returnToQueue') && (
            <Tooltip title={t('tickets:buttons.returnToQueue')}>
              <Button size="small" icon={<RollbackOutlined />} disabled={busy} aria-label={t('tickets:buttons.returnToQueue')} onClick={stop(() => actions.returnToQueue(ticket))} />
            </Tooltip>
          )}
          {has('transfer') && (
            <Tooltip title={t('tickets:buttons.transfer')}>
              <Button size="small" icon={<SwapOutlined />} disabled={busy} aria-label={t('tickets:buttons.transfer')} onClick={stop(() => actions.transfer(ticket))} />
            </Tooltip>
          )}
          {has('integration') && (
            <Tooltip title={ticket.useIntegration ? t('buttons.integrationOff') : t('buttons.integrationOn')}>
              <Button
                size="small"
                type={ticket.useIntegration ? 'primary' : 'default'}
                icon={<RobotOutlined />}
                disabled={busy}
                aria-label={t('buttons.integration')}
                aria-pressed={ticket.useIntegration}
                onClick={stop(() => void toggleIntegration())}
              />
            </Tooltip>
          )}
          {has('reopen') && (
            <Button size="small" icon={<RedoOutlined />} loading={busy} onClick={stop(() => actions.reopen(ticket))}>
              {t('tickets:buttons.reopen')}
            </Button>
          )}
          {has('delete') && (
            // A closed ticket cannot be deleted: the button says how (spec 000 §2).
            <Tooltip title={t('item.reopenToDelete')}>
              <Button size="small" danger icon={<DeleteOutlined />} disabled aria-label={`${t('tickets:buttons.deleteTicket')}: ${t('item.reopenToDelete')}`} />
            </Tooltip>
          )}
        </Flex>
      </Flex>
    </div>
  );
});
