import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatSocketPayload } from '@atende/kit/contracts';
import { listChatMessages } from '../../api/chats';
import { toastError } from '../../errors/toast';
import { useCompanyEvent } from '../../socket/SocketContext';
import { isChatEvent, mergeMessages } from './chatsRules';

export type ChatMessagesState = {
  /** Oldest first. */
  messages: ChatMessage[];
  loading: boolean;
  /** The first page arrived. */
  loaded: boolean;
  /** Older pages exist. */
  hasMore: boolean;
  /** Reads the next older page (the caller keeps the scroll position); false when none was asked for (busy, or no more). */
  loadOlder(): boolean;
  /** Adds a message (the answer of a send; the live event brings the same one again). */
  add(message: ChatMessage): void;
};

/**
 * The messages of one chat: GET /chats/:id/messages page 1 (the newest) when the chat opens, older
 * pages on demand, and the chat's new messages as they arrive on `company-{id}-chat` (spec 002 §4).
 * One chat per mount: the pane is keyed by the chat.
 */
export function useChatMessages(chatId: number): ChatMessagesState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const request = useRef(0);
  /** A page is asked for or being read (set at once: two scroll events in a row must not skip a page). */
  const busy = useRef(true);
  const more = useRef(false);

  useEffect(() => {
    const id = ++request.current;
    const abort = new AbortController();
    busy.current = true;
    setLoading(true);
    listChatMessages(chatId, pageNumber, abort.signal)
      .then((page) => {
        if (id !== request.current) return;
        setMessages((list) => mergeMessages(pageNumber === 1 ? [] : list, page.records));
        more.current = page.hasMore;
        setHasMore(page.hasMore);
        setLoaded(true);
      })
      .catch((err) => {
        if (id === request.current && !abort.signal.aborted) toastError(err);
      })
      .finally(() => {
        if (id !== request.current) return;
        busy.current = false;
        setLoading(false);
      });
    return () => abort.abort();
  }, [chatId, pageNumber]);

  useCompanyEvent<ChatSocketPayload>('chat', (event) => {
    if (isChatEvent(event) && event.action === 'new-message' && event.newMessage.chatId === chatId) {
      setMessages((list) => mergeMessages(list, [event.newMessage]));
    }
  });

  const loadOlder = useCallback(() => {
    if (busy.current || !more.current) return false;
    busy.current = true;
    setPageNumber((p) => p + 1);
    return true;
  }, []);

  const add = useCallback(
    (message: ChatMessage) => {
      if (message?.chatId === chatId) setMessages((list) => mergeMessages(list, [message]));
    },
    [chatId],
  );

  return { messages, loading, loaded, hasMore, loadOlder, add };
}
