import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { Badge, Button, Flex, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@atende/kit/contracts';
import { formatTicketTime } from '../tickets/ticketRules';
import { ChatAvatar } from './ChatAvatar';
import { canDeleteChat, canEditChat, chatPicture, chatTitle, otherParticipant, unreadLabel, unreadsOf } from './chatsRules';

type ChatListItemProps = {
  chat: Chat;
  me: number;
  selected: boolean;
  /** The other person's presence (private chats). */
  isOnline(userId: number, fallback: boolean): boolean;
  onOpen(chat: Chat): void;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
};

/**
 * One chat row (spec 002 §2): avatar (with the other person's presence for a private chat), title,
 * unread badge (99+), participant count, last message and time; the owner's edit (groups) and delete.
 */
export const ChatListItem = memo(function ChatListItem({ chat, me, selected, isOnline, onOpen, onEdit, onDelete }: ChatListItemProps) {
  const { t } = useTranslation('chats');
  const { token } = theme.useToken();
  const title = chatTitle(chat, me);
  const other = otherParticipant(chat, me);
  const online = other ? isOnline(other.id, other.online) : undefined;
  const unreads = unreadsOf(chat, me);
  const badge = unreadLabel(unreads);
  const mayEdit = canEditChat(chat, me);
  const mayDelete = canDeleteChat(chat, me);

  const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();
  const open = () => onOpen(chat);

  return (
    <div
      role="listitem"
      data-testid="chat-row"
      data-chat-id={chat.id}
      aria-current={selected ? 'true' : undefined}
      style={{
        display: 'flex',
        gap: 10,
        alignItems: 'center',
        padding: '10px 12px',
        cursor: 'pointer',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: selected ? token.controlItemBgActive : undefined,
      }}
      onClick={open}
    >
      <ChatAvatar
        name={title}
        picture={chatPicture(chat, me)}
        group={chat.isGroup}
        online={online}
        onlineLabel={online === undefined ? undefined : t(online ? 'presence.online' : 'presence.offline')}
      />
      <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={2}>
        <Flex align="center" gap={6}>
          <button
            type="button"
            onClick={(e) => {
              stop(e);
              open();
            }}
            style={{
              flex: 1,
              minWidth: 0,
              padding: 0,
              border: 'none',
              background: 'none',
              color: 'inherit',
              font: 'inherit',
              textAlign: 'start',
              cursor: 'pointer',
            }}
            aria-label={badge ? `${title}, ${t('list.unread', { count: unreads })}` : title}
          >
            <Typography.Text strong={unreads > 0} ellipsis style={{ display: 'block' }}>
              {title}
            </Typography.Text>
          </button>
          <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
            {formatTicketTime(chat.updatedAt)}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={6}>
          <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0, fontSize: 13 }}>
            {chat.lastMessage || t('list.noMessages')}
          </Typography.Text>
          {badge && <Badge count={badge} data-testid="chat-unread" style={{ boxShadow: 'none' }} />}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {chat.isGroup ? `${t('list.group')} · ` : ''}
          {t('list.participants', { count: chat.users.length })}
        </Typography.Text>
      </Flex>
      {(mayEdit || mayDelete) && (
        <Flex vertical gap={2} onClick={stop} role="group" aria-label={t('list.actions', { name: title })}>
          {mayEdit && (
            <Tooltip title={t('buttons.edit')}>
              <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('buttons.edit')} data-testid="chat-edit" onClick={() => onEdit(chat)} />
            </Tooltip>
          )}
          {mayDelete && (
            <Tooltip title={t('buttons.delete')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('buttons.delete')}
                data-testid="chat-delete"
                onClick={() => onDelete(chat)}
              />
            </Tooltip>
          )}
        </Flex>
      )}
    </div>
  );
});
