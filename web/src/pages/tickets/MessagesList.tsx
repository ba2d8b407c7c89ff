import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Empty, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message } from '@atende/kit/contracts';
import { deleteMessage, editMessage, listMessages, reactToMessage } from '../../api/tickets';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { MessageBubble, type MessageAction } from './MessageBubble';
import type { AppMessageEvent } from './TicketList';
import { applyMessageEvent, HISTORY_SCROLL_THRESHOLD, mergeMessages } from './ticketRules';

/** The 24 reactions of the reaction dialog. */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏', '👏', '🔥', '🎉', '😍', '😡', '🤔', '👌', '😁', '😅', '🙌', '💯', '✅', '❌', '👀', '🤝', '💪', '😴', '🥳'];

/**
 * The conversation history (spec 000 §2): newest at the bottom, older pages when scrolled within
 * 50 px of the top; live create/update/delete for this ticket; reply, react, edit (own, 15 min), delete (own).
 */
export function MessagesList({ ticketId, onReply }: { ticketId: number; onReply(message: Message): void }) {
  const { t } = useTranslation('tickets');
  const [modal, modalHolder] = Modal.useModal();
  const [messages, setMessages] = useState<Message[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [reacting, setReacting] = useState<Message | null>(null);
  const [editing, setEditing] = useState<{ message: Message; text: string } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  /** Scroll anchor: keep the view still while older messages are prepended; stick to the bottom otherwise. */
  const anchor = useRef<{ mode: 'bottom' } | { mode: 'keep'; height: number; top: number }>({ mode: 'bottom' });
  const request = useRef(0);

  useEffect(() => {
    setMessages([]);
    setPageNumber(1);
    setHasMore(false);
    anchor.current = { mode: 'bottom' };
  }, [ticketId]);

  useEffect(() => {
    const id = ++request.current;
    setLoading(true);
    listMessages(ticketId, pageNumber)
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

  useCompanyEvent<AppMessageEvent>('appMessage', (event) => {
    if (!event) return;
    const el = scroller.current;
    const atBottom = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    if (event.action === 'delete') {
      if (event.ticketId !== ticketId) return;
      anchor.current = el ? { mode: 'keep', height: el.scrollHeight, top: el.scrollTop } : { mode: 'bottom' };
      setMessages((list) => applyMessageEvent(list, event));
      return;
    }
    if (!event.message || event.message.ticketId !== ticketId) return;
    anchor.current = event.action === 'create' && (atBottom || event.message.fromMe) ? { mode: 'bottom' } : el ? { mode: 'keep', height: el.scrollHeight, top: el.scrollTop } : { mode: 'bottom' };
    setMessages((list) => applyMessageEvent(list, event));
  });

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (e.currentTarget.scrollTop < HISTORY_SCROLL_THRESHOLD && hasMore && !loading) setPageNumber((p) => p + 1);
  };

  const replace = (m: Message) => setMessages((list) => list.map((x) => (x.id === m.id ? m : x)));

  const onAction = useCallback(
    (action: MessageAction, message: Message) => {
      if (action === 'reply') onReply(message);
      else if (action === 'react') setReacting(message);
      else if (action === 'edit') setEditing({ message, text: message.body });
      else if (action === 'delete') {
        void modal.confirm({
          title: t('confirm.deleteMessageTitle'),
          content: t('confirm.deleteMessage'),
          okText: t('buttons.delete'),
          okButtonProps: { danger: true },
          cancelText: t('buttons.cancel'),
          onOk: async () => {
            try {
              await deleteMessage(message.id);
            } catch (err) {
              toastError(err);
            }
          },
        });
      }
    },
    [modal, onReply, t],
  );

  const react = async (emoji: string) => {
    const target = reacting;
    setReacting(null);
    if (!target) return;
    try {
      await reactToMessage(target.id, emoji);
    } catch (err) {
      toastError(errorCodeOf(err) ? err : t('errors.reaction'));
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    const text = editing.text.trim();
    if (!text) return;
    try {
      replace(await editMessage(editing.message.id, text));
      setEditing(null);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div ref={scroller} onScroll={onScroll} style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 0' }} data-testid="messages-list" role="log" aria-label={t('conversation.messages')}>
      {modalHolder}
      {loading && (
        <div style={{ textAlign: 'center', padding: 8 }}>
          <Spin size="small" />
        </div>
      )}
      {!loading && messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('conversation.noMessages')} />}
      {messages.map((m) => (
        <MessageBubble key={m.id} message={m} onAction={onAction} />
      ))}
      <Modal open={!!reacting} title={t('reaction.title')} footer={null} onCancel={() => setReacting(null)} destroyOnHidden>
        <div role="group" aria-label={t('reaction.title')} style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 6 }}>
          {REACTIONS.map((emoji) => (
            <button key={emoji} type="button" onClick={() => void react(emoji)} aria-label={emoji} style={{ fontSize: 22, background: 'none', border: 'none', cursor: 'pointer', padding: 4 }}>
              {emoji}
            </button>
          ))}
        </div>
      </Modal>
      <Modal
        open={!!editing}
        title={t('edit.title')}
        onCancel={() => setEditing(null)}
        onOk={() => void saveEdit()}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: !editing?.text.trim() }}
        destroyOnHidden
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} value={editing?.text ?? ''} onChange={(e) => setEditing((cur) => (cur ? { ...cur, text: e.target.value } : cur))} aria-label={t('edit.title')} />
      </Modal>
    </div>
  );
}
