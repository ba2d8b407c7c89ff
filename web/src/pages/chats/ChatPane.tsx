import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { Button, Empty, Flex, Spin, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chat, ChatMessage } from '@atende/kit/contracts';
import { dayKey, dayLabel } from '../tickets/conversation/time';
import { formatClock } from '../tickets/ticketRules';
import { ChatAvatar } from './ChatAvatar';
import { ChatComposer } from './ChatComposer';
import { ChatMedia } from './ChatMedia';
import { canDeleteChat, canEditChat, chatPicture, chatTitle, isNearBottom, isNearTop, otherParticipant } from './chatsRules';
import { ImagePreviewDialog } from './ImagePreviewDialog';
import { useChatMessages } from './useChatMessages';

/** How close to the bottom still counts as 'at the bottom' (new messages then scroll into view). */
const BOTTOM_SLACK = 120;

type ChatPaneProps = {
  chat: Chat;
  me: number;
  isOnline(userId: number, fallback: boolean): boolean;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
};

/**
 * The message pane of one chat (spec 002 §2): header with the name and the other person's presence (or
 * the participant count), the owner's edit (groups) and delete; the messages, own ones on the right,
 * older pages when scrolled within 600 px of the top (the view stays where it was); the composer.
 * Mounted once per chat (keyed by the page).
 */
export function ChatPane({ chat, me, isOnline, onEdit, onDelete }: ChatPaneProps) {
  const { t } = useTranslation('chats');
  const { token } = theme.useToken();
  const { messages, loading, loaded, hasMore, loadOlder, add } = useChatMessages(chat.id);
  const [preview, setPreview] = useState<{ src: string; name: string } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** The scroll position before an older page was asked for (kept when it is prepended). */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  /** The view is at the bottom: new messages scroll into view. */
  const stick = useRef(true);
  const firstId = useRef<number | null>(null);

  const title = chatTitle(chat, me);
  const other = otherParticipant(chat, me);
  const online = other ? isOnline(other.id, other.online) : undefined;

  const older = useCallback(() => {
    const el = scroller.current;
    if (el && loadOlder()) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
  }, [loadOlder]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    const prepended = firstId.current !== null && first !== firstId.current;
    firstId.current = first;
    if (prepended && anchor.current) {
      el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
      anchor.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  // A page answered without older messages leaves nothing to anchor.
  useLayoutEffect(() => {
    if (!loading) anchor.current = null;
  }, [loading]);

  // Pictures that finish loading or a taller composer must not push the newest message out of view.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current && !anchor.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // While the history is short enough to be within 600 px of the top, the next older page loads by itself.
  useEffect(() => {
    const el = scroller.current;
    if (el && loaded && !loading && hasMore && isNearTop(el)) older();
  }, [messages, loaded, loading, hasMore, older]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    stick.current = isNearBottom(el, BOTTOM_SLACK);
    if (isNearTop(el)) older();
  };

  const openPreview = useCallback((src: string, name: string) => setPreview({ src, name }), []);

  const onSent = useCallback(
    (message: ChatMessage) => {
      stick.current = true;
      add(message);
    },
    [add],
  );

  const items = useMemo(() => withDays(messages), [messages]);
  const status = chat.isGroup ? t('list.participants', { count: chat.users.length }) : t(online ? 'presence.online' : 'presence.offline');

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="chat-pane">
      <Flex align="center" gap={10} style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <ChatAvatar
          name={title}
          picture={chatPicture(chat, me)}
          group={chat.isGroup}
          online={online}
          size={36}
          onlineLabel={online === undefined ? undefined : status}
        />
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis data-testid="chat-pane-title">
            {title}
          </Typography.Text>
          <Typography.Text type={online ? 'success' : 'secondary'} style={{ fontSize: 12 }} data-testid="chat-pane-status">
            {status}
          </Typography.Text>
        </Flex>
        {canEditChat(chat, me) && (
          <Tooltip title={t('buttons.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('buttons.edit')} onClick={() => onEdit(chat)} />
          </Tooltip>
        )}
        {canDeleteChat(chat, me) && (
          <Tooltip title={t('buttons.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('buttons.delete')}
              data-testid="chat-pane-delete"
              onClick={() => onDelete(chat)}
            />
          </Tooltip>
        )}
      </Flex>
      <div
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t('pane.history')}
        aria-busy={loading}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 12px', background: token.colorFillQuaternary }}
      >
        <div ref={content}>
          {loading && loaded && <Spin size="small" style={{ display: 'block', margin: '4px auto' }} aria-label={t('pane.loadingOlder')} />}
          {!loaded && <Spin style={{ display: 'block', margin: '24px auto' }} />}
          {loaded && messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pane.empty')} />}
          {items.map((item) =>
            item.kind === 'day' ? (
              <DaySeparator key={item.key} at={item.at} />
            ) : (
              <Bubble key={item.key} message={item.message} own={item.message.senderId === me} showSender={chat.isGroup} onPreview={openPreview} />
            ),
          )}
        </div>
      </div>
      <ChatComposer chatId={chat.id} onSent={onSent} />
      <ImagePreviewDialog image={preview} onClose={() => setPreview(null)} />
    </Flex>
  );
}

type Item = { kind: 'day'; key: string; at: string } | { kind: 'message'; key: string; message: ChatMessage };

/** Messages with a separator before each new day. */
function withDays(messages: readonly ChatMessage[]): Item[] {
  const items: Item[] = [];
  let lastDay = '';
  for (const m of messages) {
    const day = dayKey(m.createdAt);
    if (day && day !== lastDay) {
      items.push({ kind: 'day', key: `day-${day}`, at: m.createdAt });
      lastDay = day;
    }
    items.push({ kind: 'message', key: `m-${m.id}`, message: m });
  }
  return items;
}

const DaySeparator = memo(function DaySeparator({ at }: { at: string }) {
  const { t } = useTranslation('conversation');
  const label = dayLabel(at);
  return (
    <div role="separator" style={{ display: 'flex', justifyContent: 'center', padding: '8px 0 4px' }}>
      <span style={{ fontSize: 12, padding: '2px 10px', borderRadius: 10, background: 'rgba(128,128,128,0.16)', opacity: 0.85 }}>
        {label.kind === 'date' ? label.text : t(`days.${label.kind}`)}
      </span>
    </div>
  );
});

type BubbleProps = { message: ChatMessage; own: boolean; showSender: boolean; onPreview(src: string, name: string): void };

/** One message: own ones on the right; in groups the sender's name above the others' messages; the time below. */
const Bubble = memo(function Bubble({ message, own, showSender, onPreview }: BubbleProps) {
  const { token } = theme.useToken();
  return (
    <div
      style={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start', margin: '4px 0' }}
      data-testid="chat-message"
      data-own={own ? 'true' : 'false'}
    >
      <div
        style={{
          maxWidth: 'min(75%, 520px)',
          padding: '6px 10px',
          borderRadius: 10,
          borderEndEndRadius: own ? 2 : 10,
          borderEndStartRadius: own ? 10 : 2,
          background: own ? token.colorPrimaryBg : token.colorBgContainer,
          boxShadow: '0 1px 1px rgba(0,0,0,0.08)',
        }}
      >
        {showSender && !own && (
          <Typography.Text strong style={{ display: 'block', fontSize: 12, color: token.colorPrimary }}>
            {message.sender.name}
          </Typography.Text>
        )}
        {message.mediaPath && (
          <div style={{ marginBlock: 4 }}>
            <ChatMedia message={message} onPreview={onPreview} />
          </div>
        )}
        {message.message && <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</div>}
        <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'end', fontSize: 11 }}>
          <time dateTime={message.createdAt}>{formatClock(message.createdAt)}</time>
        </Typography.Text>
      </div>
    </div>
  );
});
