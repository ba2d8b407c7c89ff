import { useCallback, useEffect, useRef, useState } from 'react';
import type { Chat, ChatSocketPayload } from '@atende/kit/contracts';
import { listChats } from '../../api/chats';
import { useCompanyEvent, useSocket } from '../../socket/SocketContext';
import { applyChatEvent, isChatEvent, mergeChatPage, sortChats } from './chatsRules';

export type ChatsList = {
  chats: Chat[];
  /** A page is being read. */
  loading: boolean;
  /** The first page arrived (the list is the server's, kept live since). */
  loaded: boolean;
  /** The last read failed. */
  failed: boolean;
  hasMore: boolean;
  /** Reads the next page (infinite scroll). */
  loadMore(): void;
  /** Reads the first page again. */
  reload(): void;
  /** Puts a chat in the list (a created or fetched one), or replaces it. */
  upsert(chat: Chat): void;
  remove(chatId: number): void;
};

/**
 * The user's chats (GET /chats, 20 a page, newest activity first), filtered by `search`, kept live from
 * `company-{id}-chat` (spec 002 §4): create/update upsert, delete removes (and `onRemoved` is told),
 * a new message moves its chat to the top with its new unreads. A reconnection reads the first page again.
 */
export function useChats(search: string, onRemoved?: (chatId: number) => void): ChatsList {
  const [chats, setChats] = useState<Chat[]>([]);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);
  /** A page is asked for or being read (set at once: two scroll events in a row must not skip a page). */
  const busy = useRef(true);
  const more = useRef(false);
  const searchRef = useRef(search);
  searchRef.current = search;
  const removedRef = useRef(onRemoved);
  removedRef.current = onRemoved;

  // A new search starts over at page 1.
  useEffect(() => {
    setPageNumber(1);
  }, [search]);

  useEffect(() => {
    const id = ++request.current;
    const abort = new AbortController();
    busy.current = true;
    setLoading(true);
    setFailed(false);
    listChats({ searchParam: search || undefined, pageNumber }, abort.signal)
      .then((page) => {
        if (id !== request.current) return;
        setChats((current) => (pageNumber === 1 ? sortChats(page.records) : mergeChatPage(current, page.records)));
        more.current = page.hasMore;
        setHasMore(page.hasMore);
        setLoaded(true);
      })
      .catch(() => {
        if (id === request.current && !abort.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (id !== request.current) return;
        busy.current = false;
        setLoading(false);
      });
    return () => abort.abort();
  }, [search, pageNumber, attempt]);

  useCompanyEvent<ChatSocketPayload>('chat', (event) => {
    if (!isChatEvent(event)) return;
    setChats((current) => applyChatEvent(current, event, searchRef.current));
    if (event.action === 'delete') removedRef.current?.(event.id);
  });

  const reload = useCallback(() => {
    setPageNumber(1);
    setAttempt((a) => a + 1);
  }, []);

  // Events sent while the socket was away are lost: a reconnection reads the list again.
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    let first = socket.connected;
    const again = () => {
      if (first) reload();
      first = true;
    };
    socket.on('connect', again);
    return () => {
      socket.off('connect', again);
    };
  }, [socket, reload]);

  const loadMore = useCallback(() => {
    if (busy.current || !more.current || failed) return;
    busy.current = true;
    setPageNumber((p) => p + 1);
  }, [failed]);

  const upsert = useCallback((chat: Chat) => {
    setChats((current) => sortChats(current.some((c) => c.id === chat.id) ? current.map((c) => (c.id === chat.id ? chat : c)) : [chat, ...current]));
  }, []);

  const remove = useCallback((chatId: number) => {
    setChats((current) => (current.some((c) => c.id === chatId) ? current.filter((c) => c.id !== chatId) : current));
  }, []);

  return { chats, loading, loaded, failed, hasMore, loadMore, reload, upsert, remove };
}
