import { memo, useState, type CSSProperties } from 'react';
import { Avatar, Badge, Button, Dropdown, Tag } from 'antd';
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
import { stripWhatsapp } from './conversation/whatsappFormat';
import { LazyTooltip } from './list/LazyTooltip';
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

// Plain elements and shared styles rather than antd Flex/Typography (and tooltips mounted on hover,
// menus on click): while the list scrolls, a whole screen of cards is mounted on every frame.
const ROW: CSSProperties = { display: 'flex', alignItems: 'center', minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', flex: 'none' };
const TAG: CSSProperties = { marginInlineEnd: 0, maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' };
const ELLIPSIS: CSSProperties = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
/** Colours of the theme, set as CSS variables on the list by TicketList. */
const SECONDARY = 'var(--ticket-text-secondary, rgba(0,0,0,0.45))';
const SUCCESS = 'var(--ticket-success, #52c41a)';
const BODY: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, flex: 1, minWidth: 0 };
const LINE1: CSSProperties = { ...ROW, justifyContent: 'space-between', gap: 8, height: 22 };
const LINE2: CSSProperties = { ...ROW, justifyContent: 'space-between', gap: 8, height: 20 };
const LINE3: CSSProperties = { ...ROW, gap: 4, height: 22 };
const LINE4: CSSProperties = { ...ROW, gap: 4, height: 24 };
const NAME: CSSProperties = { ...ELLIPSIS, flex: 1, fontWeight: 600, color: 'var(--ticket-text, inherit)' };
const CONNECTION: CSSProperties = { ...ELLIPSIS, color: SECONDARY, fontSize: 12, maxWidth: 130 };
const LAST_MESSAGE: CSSProperties = { ...ELLIPSIS, color: SECONDARY, fontSize: 13, flex: 1 };
// The channel icon over the avatar's bottom-right corner (as a Badge with a custom count would place it).
const AVATAR: CSSProperties = { position: 'relative', display: 'inline-block', lineHeight: 1 };
const CHANNEL: CSSProperties = { position: 'absolute', top: 36, right: 4, transform: 'translate(50%, -50%)', fontSize: 14, lineHeight: 1 };
const MARKS: CSSProperties = { display: 'flex', gap: 6, alignItems: 'center', flex: 'none' };

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

  // The resolve menu is only mounted while open.
  const [resolveMenu, setResolveMenu] = useState(false);
  const resolveButton = (
    <Button
      size="small"
      type="primary"
      ghost
      icon={<CheckOutlined />}
      loading={busy}
      aria-haspopup="menu"
      aria-expanded={resolveMenu}
      onClick={(e) => {
        e.stopPropagation();
        setResolveMenu((open) => !open);
      }}
    >
      {t('tickets:buttons.resolve')}
    </Button>
  );

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
      <LazyTooltip title={ticket.queue?.name ?? t('tickets:item.noQueue')} placement="right">
        <span
          aria-label={ticket.queue?.name ?? t('tickets:item.noQueue')}
          style={{ width: 6, alignSelf: 'stretch', background: ticket.queue?.color ?? '#7c7c7c', borderRadius: '0 3px 3px 0', flex: 'none' }}
        />
      </LazyTooltip>
      <div style={{ flex: 'none', paddingTop: 2 }}>
        <span style={AVATAR}>
          <Avatar size={42} src={picture} icon={<UserOutlined />} alt="" />
          <span style={CHANNEL}>
            <ChannelIcon channel={ticket.channel} />
          </span>
        </span>
      </div>
      <div style={BODY}>
        <div style={LINE1}>
          <span style={NAME} title={ticket.contact?.name}>
            {cut(ticket.contact?.name, NAME_CUT)}
          </span>
          {ticket.whatsapp && (
            <span style={CONNECTION} title={ticket.whatsapp.name}>
              {ticket.whatsapp.name}
            </span>
          )}
          <span style={{ fontSize: 12, flex: 'none', color: ticket.unreadMessages ? SUCCESS : SECONDARY }}>
            <time dateTime={ticket.updatedAt}>{formatTicketTime(ticket.updatedAt)}</time>
          </span>
        </div>
        <div style={LINE2}>
          <span style={LAST_MESSAGE}>{cut(stripWhatsapp(ticket.lastMessage), LAST_MESSAGE_CUT)}</span>
          <div style={MARKS}>
            {emoji && (
              <LazyTooltip title={t('tickets:item.rating', { rate: ticket.userRating?.rate })}>
                <span role="img" aria-label={t('tickets:item.rating', { rate: ticket.userRating?.rate })} style={{ fontSize: 15, lineHeight: 1 }}>
                  {emoji}
                </span>
              </LazyTooltip>
            )}
            {ticket.unreadMessages > 0 && (
              <Badge
                count={ticket.unreadMessages}
                color="green"
                overflowCount={99}
                size="small"
                aria-label={t('tickets:item.unread', { count: ticket.unreadMessages })}
              />
            )}
          </div>
        </div>
        <div style={LINE3}>
          <Tag color={statusColor(ticket.status)} style={TAG}>
            {t(`tickets:status.${ticket.status}`)}
          </Tag>
          <LazyTooltip title={ticket.queue?.name ?? t('tickets:item.noQueue')}>
            <Tag color={queue.kind === 'queue' ? ticket.queue?.color : queue.kind === 'lgpd' ? 'orange' : undefined} style={TAG}>
              {queue.kind === 'lgpd' ? 'LGPD' : queue.kind === 'none' ? t('tickets:item.noQueueTag') : queue.text}
            </Tag>
          </LazyTooltip>
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
            <LazyTooltip title={ticket.tags.map((tag) => tag.name).join(', ')}>
              <Tag color={tags.first.color} style={TAG}>
                {tags.first.name}
                {tags.more > 0 ? ` +${tags.more}` : ''}
              </Tag>
            </LazyTooltip>
          )}
        </div>
        <div style={LINE4} onClick={(e) => e.stopPropagation()}>
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
          {has('resolve') &&
            (resolveMenu ? (
              <Dropdown
                open
                trigger={['click']}
                onOpenChange={(open) => !open && setResolveMenu(false)}
                menu={{
                  items: [
                    { key: 'farewell', label: t('tickets:buttons.resolveWithFarewell') },
                    { key: 'silent', label: t('tickets:buttons.resolveWithoutFarewell') },
                  ],
                  onClick: ({ key, domEvent }) => {
                    domEvent.stopPropagation();
                    setResolveMenu(false);
                    actions.resolve(ticket, key === 'farewell');
                  },
                }}
              >
                {resolveButton}
              </Dropdown>
            ) : (
              resolveButton
            ))}
          {has('returnToQueue') && (
            <LazyTooltip title={t('tickets:buttons.returnToQueue')}>
              <Button
                size="small"
                icon={<RollbackOutlined />}
                disabled={busy}
                aria-label={t('tickets:buttons.returnToQueue')}
                onClick={stop(() => actions.returnToQueue(ticket))}
              />
            </LazyTooltip>
          )}
          {has('transfer') && (
            <LazyTooltip title={t('tickets:buttons.transfer')}>
              <Button
                size="small"
                icon={<SwapOutlined />}
                disabled={busy}
                aria-label={t('tickets:buttons.transfer')}
                onClick={stop(() => actions.transfer(ticket))}
              />
            </LazyTooltip>
          )}
          {has('integration') && (
            <LazyTooltip title={ticket.useIntegration ? t('buttons.integrationOff') : t('buttons.integrationOn')}>
              <Button
                size="small"
                type={ticket.useIntegration ? 'primary' : 'default'}
                icon={<RobotOutlined />}
                disabled={busy}
                aria-label={t('buttons.integration')}
                aria-pressed={ticket.useIntegration}
                onClick={stop(() => void toggleIntegration())}
              />
            </LazyTooltip>
          )}
          {has('reopen') && (
            <Button size="small" icon={<RedoOutlined />} loading={busy} onClick={stop(() => actions.reopen(ticket))}>
              {t('tickets:buttons.reopen')}
            </Button>
          )}
          {has('delete') && (
            // A closed ticket cannot be deleted: the button says how (spec 000 §2).
            <LazyTooltip title={t('item.reopenToDelete')}>
              <span style={{ display: 'inline-flex', cursor: 'not-allowed' }}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled
                  aria-label={`${t('tickets:buttons.deleteTicket')}: ${t('item.reopenToDelete')}`}
                />
              </span>
            </LazyTooltip>
          )}
        </div>
      </div>
    </div>
  );
});
