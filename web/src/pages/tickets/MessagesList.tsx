import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { Badge, Button, Empty, Image, Modal, Spin } from 'antd';
import { CloseOutlined, DownOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import { deleteMessage, listMessages, reactToMessage } from '../../api/tickets';
import { useAuth } from '../../auth/AuthContext';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError, toastInfo, toastSuccess } from '../../errors/toast';
import { useCompanyEvent, useReconnected } from '../../socket/SocketContext';
import type { VCardContact } from './conversation/cards';
import { EditMessageDialog } from './conversation/EditMessageDialog';
import { firstMessagesKey, takePrefetched } from './conversation/prefetch';
import { ForwardDialog } from './conversation/ForwardDialog';
import { buildListItems } from './conversation/messages';
import { ReactionDialog } from './conversation/ReactionDialog';
import { dayLabel } from './conversation/time';
import { useStartConversation } from './conversation/useStartConversation';
import { MessageBubble, type MessageAction } from './MessageBubble';
import type { AppMessageEvent } from './TicketList';
import { applyMessageEvent, HISTORY_SCROLL_THRESHOLD, mergeMessages } from './ticketRules';

/** How close to the bottom still counts as 'at the bottom' (new messages then scroll into view). */
const BOTTOM_SLACK = 120;

type Props = {
  ticketId: number;
  onReply(message: Message): void;
  /** Group ticket: participants' names and 'talk to' in the menu. */
  group?: boolean;
  /** A Facebook or Instagram ticket: what was sent cannot be edited, deleted or reacted to. */
  social?: boolean;
  /** Queue and connection where 'Conversar' opens tickets. */
  origin?: { queueId: number | null; whatsappId: number | null };
  /** The loaded messages and whether the whole history is loaded (PDF export, 24-hour window). */
  onMessages?(messages: Message[], complete: boolean): void;
};

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

/**
 * The conversation history (spec 000 §2): newest at the bottom, older pages when scrolled within 50 px
 * of the top (the position is kept), day separators, live create/update/delete of this ticket's
 * messages, and the message actions: reply (quote), react, forward (one or several selected
 * messages), copy, edit (own, 15 minutes), delete (own), talk to a group participant.
 */
export function MessagesList({ ticketId, onReply, group = false, social = false, origin, onMessages }: Props) {
  const { t } = useTranslation('conversation');
  const { user } = useAuth();
  const me = user?.id ?? -1;
  const [modal, modalHolder] = Modal.useModal();
  const [messages, setMessages] = useState<Message[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const [selection, setSelection] = useState<Set<number> | null>(null);
  const [reacting, setReacting] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [forwarding, setForwarding] = useState<Message[] | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [atBottom, setAtBottom] = useState(true);
  const scroller = useRef<HTMLDivElement>(null);
  /** Scroll anchor: keep the view still while older messages are prepended; stick to the bottom otherwise. */
  const anchor = useRef<{ mode: 'bottom' } | { mode: 'keep'; height: number; top: number }>({ mode: 'bottom' });
  const request = useRef(0);
  /** Whether the view is (was, before the last change) at the bottom. */
  const stick = useRef(true);
  const content = useRef<HTMLDivElement>(null);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const talk = useStartConversation(origin ?? { queueId: null, whatsappId: null });
  const startTalk = talk.start;

  useEffect(() => {
    const id = ++request.current;
    setLoading(true);
    (pageNumber === 1 ? takePrefetched(firstMessagesKey(ticketId), () => listMessages(ticketId, 1)) : listMessages(ticketId, pageNumber))
      .then((page) => {
        if (id !== request.current) return;
        const el = scroller.current;
        anchor.current = pageNumber === 1 || !el ? { mode: 'bottom' } : { mode: 'keep', height: el.scrollHeight, top: el.scrollTop };
        setMessages((current) => mergeMessages(pageNumber === 1 ? [] : current, page.messages));
        setHasMore(page.hasMore);
      })
      .catch((err) => {
        if (id === request.current) toastError(err);
      })
      .finally(() => {
        if (id === request.current) setLoading(false);
      });
  }, [ticketId, pageNumber]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const a = anchor.current;
    if (a.mode === 'bottom') el.scrollTop = el.scrollHeight;
    else {
      el.scrollTop = a.top + (el.scrollHeight - a.height);
      anchor.current = { mode: 'bottom' };
    }
  }, [messages]);

  // Pictures that finish loading or a taller composer must not push the newest message out of view.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current && anchor.current.mode === 'bottom') el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // A first page too short to scroll can never reach the 50 px mark: load the next one by itself.
  useEffect(() => {
    const el = scroller.current;
    if (!el || loading || !hasMore) return;
    if (el.scrollHeight <= el.clientHeight + HISTORY_SCROLL_THRESHOLD) setPageNumber((p) => p + 1);
  }, [messages, loading, hasMore]);

  useEffect(() => {
    onMessages?.(messages, !hasMore && !loading);
  }, [messages, hasMore, loading, onMessages]);

  // Back from a lost connection: the newest page again, merged into what is shown (the events of the
  // meantime never came); the view stays where it was unless it was at the bottom.
  useReconnected(() => {
    listMessages(ticketId, 1)
      .then((page) => {
        const el = scroller.current;
        if (!stick.current && el) anchor.current = { mode: 'keep', height: el.scrollHeight, top: el.scrollTop };
        setMessages((current) => mergeMessages(current, page.messages));
      })
      .catch(() => undefined); // the live events go on; the next reconnection tries again
  });

  useCompanyEvent<AppMessageEvent>('appMessage', (event) => {
    if (!event) return;
    const el = scroller.current;
    const bottom = !el || el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    const keep = () => (el ? { mode: 'keep' as const, height: el.scrollHeight, top: el.scrollTop } : { mode: 'bottom' as const });
    if (event.action === 'delete') {
      if (event.ticketId !== ticketId) return;
      anchor.current = keep();
      setMessages((list) => applyMessageEvent(list, event));
      return;
    }
    if (!event.message || event.message.ticketId !== ticketId) return;
    const known = messagesRef.current.some((m) => m.id === event.message.id);
    if (event.action === 'create' && !known && (bottom || event.message.fromMe)) anchor.current = { mode: 'bottom' };
    else {
      anchor.current = keep();
      if (event.action === 'create' && !known) setUnseen((n) => n + 1);
    }
    setMessages((list) => applyMessageEvent(list, event));
  });

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop < HISTORY_SCROLL_THRESHOLD && hasMore && !loading) setPageNumber((p) => p + 1);
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    stick.current = bottom;
    if (bottom !== atBottom) setAtBottom(bottom);
    if (bottom && unseen) setUnseen(0);
  };

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setUnseen(0);
  };

  const replace = useCallback((m: Message) => setMessages((list) => list.map((x) => (x.id === m.id ? m : x))), []);

  const goToQuoted = useCallback(
    (message: Message) => {
      const id = message.quotedMsg?.id ?? message.quotedMsgId;
      const target = id ? scroller.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`) : null;
      if (!target) {
        toastInfo(t('quote.notLoaded'));
        return;
      }
      target.scrollIntoView({ block: 'center', behavior: 'smooth' });
      setHighlight(id!);
      window.setTimeout(() => setHighlight((h) => (h === id ? null : h)), 1600);
    },
    [t],
  );

  const onAction = useCallback(
    (action: MessageAction, message: Message) => {
      switch (action) {
        case 'reply':
          onReply(message);
          break;
        case 'react':
          setReacting(message);
          break;
        case 'forward':
          setForwarding([message]);
          break;
        case 'select':
          setSelection(new Set([message.id]));
          break;
        case 'toggle':
          setSelection((current) => {
            if (!current) return current;
            const next = new Set(current);
            if (next.has(message.id)) next.delete(message.id);
            else next.add(message.id);
            return next;
          });
          break;
        case 'edit':
          setEditing(message);
          break;
        case 'copy':
          void navigator.clipboard
            ?.writeText(message.body)
            .then(() => toastSuccess(t('actions.copied')))
            .catch(() => toastError(t('actions.copyFailed')));
          break;
        case 'talkTo':
          if (message.contact) void startTalk({ contactId: message.contact.id });
          break;
        case 'preview':
          setPreview(message.mediaUrl);
          break;
        case 'quote':
          goToQuoted(message);
          break;
        case 'delete':
          void modal.confirm({
            title: t('delete.title'),
            content: t('delete.content'),
            okText: t('delete.ok'),
            okButtonProps: { danger: true },
            cancelText: t('common.cancel'),
            onOk: async () => {
              try {
                await deleteMessage(message.id);
              } catch (err) {
                toastError(err);
              }
            },
          });
          break;
      }
    },
    [goToQuoted, modal, onReply, startTalk, t],
  );

  const onTalk = useCallback((card: VCardContact) => void startTalk(card), [startTalk]);

  const react = async (emoji: string) => {
    const target = reacting;
    setReacting(null);
    if (!target) return;
    try {
      await reactToMessage(target.id, emoji);
    } catch (err) {
      toastError(errorCodeOf(err) ? err : t('reaction.failed'));
    }
  };

  const items = useMemo(() => buildListItems(messages), [messages]);
  const selecting = selection !== null;
  const selectedMessages = () => messages.filter((m) => selection?.has(m.id));

  return (
    <div style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
      <div
        ref={scroller}
        onScroll={onScroll}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 0', overflowAnchor: 'none' }}
        data-testid="messages-list"
        role="log"
        aria-label={t('list.label')}
        aria-busy={loading}
      >
        {modalHolder}
        {!loading && messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />}
        <div ref={content}>
          {items.map((item) =>
            item.kind === 'day' ? (
              <DaySeparator key={item.key} at={item.at} />
            ) : (
              <MessageBubble
                key={item.key}
                message={item.message}
                reactions={item.reactions}
                own={item.message.fromMe && item.message.userId === me}
                group={group}
                social={social}
                menuOpen={menuFor === item.message.id}
                selecting={selecting}
                selected={selecting && selection.has(item.message.id)}
                highlight={highlight === item.message.id}
                onAction={onAction}
                onMenu={setMenuFor}
                onTalk={onTalk}
              />
            ),
          )}
        </div>
      </div>
      {loading && (
        <div
          style={{ position: 'absolute', top: 8, left: 0, right: 0, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
          aria-label={t('list.loading')}
        >
          <Spin size="small" />
        </div>
      )}
      {!atBottom && !selecting && (
        <div style={{ position: 'absolute', right: 16, bottom: 12 }}>
          <Badge count={unseen} size="small">
            <Button
              shape="circle"
              icon={<DownOutlined />}
              onClick={toBottom}
              aria-label={t('list.toBottom')}
              style={{ boxShadow: '0 2px 8px rgba(0,0,0,0.2)' }}
            />
          </Badge>
        </div>
      )}
      {selecting && (
        <div
          role="toolbar"
          aria-label={t('select.toolbar')}
          style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px', borderTop: '1px solid rgba(128,128,128,0.2)' }}
        >
          <Button type="text" icon={<CloseOutlined />} aria-label={t('select.cancel')} onClick={() => setSelection(null)} />
          <span style={{ flex: 1 }}>{t('select.count', { count: selection.size })}</span>
          <Button
            type="primary"
            icon={<ShareAltOutlined />}
            disabled={selection.size === 0}
            onClick={() => {
              const list = selectedMessages();
              if (list.length === 0) toastInfo(t('forward.needMessage'));
              else setForwarding(list);
            }}
          >
            {t('select.forward')}
          </Button>
        </div>
      )}
      <ReactionDialog open={!!reacting} onPick={(emoji) => void react(emoji)} onClose={() => setReacting(null)} />
      <EditMessageDialog message={editing} onClose={() => setEditing(null)} onSaved={replace} />
      <ForwardDialog
        messages={forwarding}
        onClose={() => setForwarding(null)}
        onDone={() => {
          setForwarding(null);
          setSelection(null);
        }}
      />
      {preview && (
        <Image src={preview} alt="" style={{ display: 'none' }} preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }} />
      )}
    </div>
  );
}
