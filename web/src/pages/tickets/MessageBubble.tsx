import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { Checkbox, Dropdown, type MenuProps } from 'antd';
import {
  AudioFilled,
  CheckOutlined,
  ClockCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  LockOutlined,
  MessageOutlined,
  RollbackOutlined,
  ShareAltOutlined,
  SmileOutlined,
  StopOutlined,
  CheckSquareOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import type { VCardContact } from './conversation/cards';
import { MessageMedia } from './conversation/MessageMedia';
import { ackState, bodyIsCaption, groupReactions } from './conversation/messages';
import { formatDateTime } from '../../format/dates';
import { canEditMessage, changeableOnChannel, editTimeLeft, formatClock } from './conversation/time';
import { stripWhatsapp } from './conversation/whatsappFormat';
import { WhatsappText } from './conversation/WhatsappText';

export type MessageAction = 'reply' | 'react' | 'forward' | 'edit' | 'delete' | 'copy' | 'talkTo' | 'select' | 'toggle' | 'preview' | 'quote';

const ACK_COLORS = { read: '#1677ff', played: '#1677ff', failed: '#ff4d4f' } as const;

function Ack({ ack, mediaType }: { ack: number; mediaType: string }) {
  const { t } = useTranslation('conversation');
  const state = ackState(ack, mediaType);
  const label = t(`ack.${state}`);
  const common = { 'aria-label': label, title: label, 'data-ack': state } as const;
  if (state === 'failed') return <ExclamationCircleOutlined {...common} style={{ color: ACK_COLORS.failed }} />;
  if (state === 'clock') return <ClockCircleOutlined {...common} />;
  if (state === 'sent') return <CheckOutlined {...common} />;
  if (state === 'played') return <AudioFilled {...common} style={{ color: ACK_COLORS.played }} />;
  return (
    <span {...common} role="img" style={{ color: state === 'read' ? ACK_COLORS.read : undefined, display: 'inline-flex' }}>
      <CheckOutlined />
      <CheckOutlined style={{ marginInlineStart: -7 }} />
    </span>
  );
}

type Props = {
  message: Message;
  /** Emojis reacted to this message, space separated (own reactions and folded reaction messages). */
  reactions?: string;
  /** Written by the current user (may be edited within 15 minutes and deleted). */
  own?: boolean;
  /** Group tickets: the participant's name above the text and 'talk to' in the menu. */
  group?: boolean;
  /** Facebook/Instagram tickets: no edit, delete or reaction of what was sent (changeableOnChannel). */
  social?: boolean;
  menuOpen?: boolean;
  selecting?: boolean;
  selected?: boolean;
  highlight?: boolean;
  onAction(action: MessageAction, message: Message): void;
  onMenu?(messageId: number | null): void;
  onTalk?(card: VCardContact): void;
};

const noop = () => undefined;

/**
 * A message bubble (spec 000 §2): marks (private note, forwarded, edited, deleted), quote, media,
 * text, reactions, time and acknowledgement, and the actions menu. Cheap: memoized, the menu is
 * only mounted while open and its items are decided when it opens (the 15-minute edit window).
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  reactions = '',
  own,
  group,
  social,
  menuOpen,
  selecting,
  selected,
  highlight,
  onAction,
  onMenu = noop,
  onTalk = noop,
}: Props) {
  const { t } = useTranslation('conversation');
  const fromMe = message.fromMe;
  const mine = own ?? fromMe;
  const background = message.isPrivate ? 'rgba(250,219,20,0.22)' : fromMe ? 'rgba(82,196,26,0.16)' : 'rgba(128,128,128,0.12)';
  const showBody = !message.isDeleted && bodyIsCaption(message);
  const reactionList = reactions && !message.isDeleted ? groupReactions(reactions) : [];

  const menuItems = (): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    const shared = !message.isPrivate;
    const changeable = changeableOnChannel(message, !!social);
    if (shared) {
      items.push({ key: 'reply', icon: <RollbackOutlined />, label: t('actions.reply') });
      if (changeable) items.push({ key: 'react', icon: <SmileOutlined />, label: t('actions.react') });
      items.push({ key: 'forward', icon: <ShareAltOutlined />, label: t('actions.forward') });
    }
    if (message.body && (message.mediaType === 'chat' || bodyIsCaption(message))) items.push({ key: 'copy', icon: <CopyOutlined />, label: t('actions.copy') });
    if (group && !fromMe && message.contact)
      items.push({ key: 'talkTo', icon: <MessageOutlined />, label: t('actions.talkTo', { name: message.contact.name }) });
    if (shared) items.push({ key: 'select', icon: <CheckSquareOutlined />, label: t('actions.select') });
    if (mine && changeable && canEditMessage(message)) {
      const minutes = Math.max(1, Math.ceil(editTimeLeft(message) / 60_000));
      items.push({ key: 'edit', icon: <EditOutlined />, label: t('actions.editLeft', { count: minutes }) });
    }
    if (mine && changeable && !message.isDeleted) items.push({ key: 'delete', icon: <DeleteOutlined />, label: t('actions.delete'), danger: true });
    return items;
  };

  const toggle = () => onAction('toggle', message);
  const selectable = selecting && !message.isPrivate && !message.isDeleted;
  const rowProps = selectable
    ? {
        onClick: (e: MouseEvent) => {
          if ((e.target as HTMLElement).closest('a,button,audio,video')) return;
          toggle();
        },
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            toggle();
          }
        },
        role: 'checkbox',
        'aria-checked': !!selected,
        tabIndex: 0,
        style: { cursor: 'pointer' },
      }
    : {};

  const trigger = (
    <button
      type="button"
      aria-label={t('actions.label')}
      aria-haspopup="menu"
      aria-expanded={!!menuOpen}
      onClick={() => onMenu(menuOpen ? null : message.id)}
      className="message-menu-button"
      style={{
        position: 'absolute',
        top: 2,
        right: 2,
        border: 'none',
        background: 'transparent',
        color: 'inherit',
        opacity: 0.55,
        cursor: 'pointer',
        padding: '2px 4px',
        lineHeight: 1,
      }}
    >
      <DownOutlined style={{ fontSize: 11 }} />
    </button>
  );

  return (
    <div
      data-testid={`message-${message.id}`}
      data-message-id={message.id}
      {...rowProps}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        justifyContent: fromMe ? 'flex-end' : 'flex-start',
        padding: '2px 12px',
        background: selected ? 'rgba(22,119,255,0.10)' : highlight ? 'rgba(250,173,20,0.18)' : undefined,
        transition: 'background 0.4s',
        ...('style' in rowProps ? rowProps.style : {}),
      }}
    >
      {selectable && <Checkbox checked={!!selected} tabIndex={-1} aria-hidden style={{ order: fromMe ? 0 : -1 }} />}
      <div style={{ maxWidth: '75%', minWidth: 96, background, borderRadius: 8, padding: '6px 26px 4px 10px', position: 'relative', wordBreak: 'break-word' }}>
        {!message.isDeleted &&
          !selecting &&
          (menuOpen ? (
            <Dropdown
              open
              trigger={['click']}
              onOpenChange={(open) => !open && onMenu(null)}
              menu={{ items: menuItems(), onClick: ({ key }) => (onMenu(null), onAction(key as MessageAction, message)) }}
            >
              {trigger}
            </Dropdown>
          ) : (
            trigger
          ))}
        {(message.isPrivate || message.isForwarded) && (
          <div style={{ display: 'flex', gap: 8, fontSize: 12, opacity: 0.75, marginBottom: 2 }}>
            {message.isPrivate && (
              <span data-mark="private" style={{ color: '#ad8b00' }}>
                <LockOutlined /> {t('marks.private')}
              </span>
            )}
            {message.isForwarded && (
              <span data-mark="forwarded" style={{ fontStyle: 'italic' }}>
                <ShareAltOutlined /> {t('marks.forwarded')}
              </span>
            )}
          </div>
        )}
        {group && !fromMe && message.contact && <div style={{ fontSize: 12, fontWeight: 600, color: '#1677ff' }}>{message.contact.name}</div>}
        {message.quotedMsg && (
          <button
            type="button"
            onClick={() => onAction('quote', message)}
            aria-label={t('quote.goTo')}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'start',
              border: 'none',
              borderLeft: '3px solid #1677ff',
              padding: '2px 8px',
              margin: '4px 0',
              background: 'rgba(0,0,0,0.06)',
              borderRadius: 4,
              color: 'inherit',
              cursor: 'pointer',
            }}
          >
            <span style={{ fontSize: 12, fontWeight: 600, display: 'block', opacity: 0.8 }}>
              {message.quotedMsg.fromMe ? t('marks.you') : (message.quotedMsg.contactName ?? '')}
            </span>
            <span style={{ fontSize: 13, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {stripWhatsapp(message.quotedMsg.body) || t(`media.kind.${message.quotedMsg.mediaType}`, { defaultValue: t('media.kind.application') })}
            </span>
          </button>
        )}
        {message.isDeleted ? (
          <span data-mark="deleted" style={{ fontStyle: 'italic', opacity: 0.6 }}>
            <StopOutlined /> {t('marks.deleted')}
          </span>
        ) : message.mediaType === 'reactionMessage' ? (
          <span>{t('media.reacted', { emoji: message.body })}</span>
        ) : (
          <MessageMedia message={message} onPreview={(m) => onAction('preview', m)} onTalk={onTalk} />
        )}
        {showBody && (
          <div style={{ whiteSpace: 'pre-wrap' }}>
            <WhatsappText text={message.body} />
          </div>
        )}
        {reactionList.length > 0 && (
          <div aria-label={t('marks.reactions')} role="group" style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginTop: 2 }}>
            {reactionList.map((r) => (
              <span key={r.emoji} style={{ fontSize: 13, background: 'rgba(128,128,128,0.16)', borderRadius: 10, padding: '0 6px' }}>
                {r.emoji}
                {r.count > 1 ? ` ${r.count}` : ''}
              </span>
            ))}
          </div>
        )}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 6, alignItems: 'center', fontSize: 11, opacity: 0.7, marginTop: 2 }}>
          {message.isEdited && !message.isDeleted && <span data-mark="edited">{t('marks.edited')}</span>}
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatClock(message.createdAt)}
          </time>
          {fromMe && !message.isPrivate && <Ack ack={message.ack} mediaType={message.mediaType} />}
        </div>
      </div>
    </div>
  );
});
