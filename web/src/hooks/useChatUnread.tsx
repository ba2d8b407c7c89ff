import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Chat, ChatSocketPayload } from '@atende/kit/contracts';
import { listChats } from '../api/chats';
import { useAuth } from '../auth/AuthContext';
import { applyUnreadEvent, isChatEvent, unreadChats } from '../pages/chats/chatsRules';
import { planAllows } from '../permissions';
import { useCompanyEvent, useSocket } from '../socket/SocketContext';
import { useShellData } from './useShellData';

export type ChatUnread = {
  /** The company's plan has the internal chat (useInternalChat). */
  enabled: boolean;
  /** The user's chats with unread messages, newest activity first (from the first page of chats, kept live). */
  chats: Chat[];
  /** Some chat has unread messages (the menu's dot). */
  hasUnread: boolean;
  /** The top bar's dot: unread messages the user has not looked at in the bell yet. */
  dot: boolean;
  /** Opening the bell's popover clears the dot (spec 000 §2). */
  seen(): void;
  /** The chat screen read a chat: it leaves the list at once (the server's update follows). */
  markRead(chatId: number): void;
  /** The chat open on screen (its messages neither count nor light the dot); null when none. */
  setOpenChat(chatId: number | null): void;
};

const disabled: ChatUnread = { enabled: false, chats: [], hasUnread: false, dot: false, seen() {}, markRead() {}, setOpenChat() {} };
const Ctx = createContext<ChatUnread>(disabled);

/**
 * The shell's view of the internal chat (spec 000 §2 menu dot and chat bell): the chats with unread
 * messages, read from GET /chats when the page loads (and after a reconnection), kept live from
 * `company-{id}-chat`. Nothing is read without the plan flag useInternalChat.
 */
export function ChatUnreadProvider({ children }: { children: ReactNode }) {
  const { plan } = useShellData();
  const enabled = planAllows(plan, 'useInternalChat');
  const { user } = useAuth();
  const me = user?.id ?? -1;
  const [chats, setChatsState] = useState<Chat[]>([]);
  const chatsRef = useRef(chats);
  const [dot, setDot] = useState(false);
  const openChat = useRef<number | null>(null);
  const request = useRef(0);

  const setChats = useCallback((next: Chat[]) => {
    chatsRef.current = next;
    setChatsState(next);
  }, []);

  const load = useCallback(async () => {
    const id = ++request.current;
    if (!enabled) {
      setChats([]);
      return;
    }
    try {
      const page = await listChats({ pageNumber: 1 });
      if (id !== request.current) return;
      const unread = unreadChats(page.records, me).filter((c) => c.id !== openChat.current);
      setChats(unread);
      setDot(unread.length > 0);
    } catch {
      // the bell stays quiet; the chat screen tells its own errors
    }
  }, [me, enabled, setChats]);

  useEffect(() => {
    void load();
    return () => {
      request.current++;
    };
  }, [load]);

  const socket = useSocket();
  useEffect(() => {
    if (!socket || !enabled) return;
    // Events sent while the socket was away are lost: a reconnection reads the list again.
    const again = () => void load();
    socket.on('connect', again);
    return () => {
      socket.off('connect', again);
    };
  }, [socket, enabled, load]);

  useCompanyEvent<ChatSocketPayload>('chat', (event) => {
    if (!enabled || !isChatEvent(event)) return;
    const next = applyUnreadEvent(chatsRef.current, event, me, openChat.current);
    setChats(next.list);
    if (next.ping) setDot(true);
  });

  useEffect(() => {
    if (chats.length === 0) setDot(false);
  }, [chats.length]);

  const seen = useCallback(() => setDot(false), []);
  const markRead = useCallback(
    (chatId: number) => {
      if (chatsRef.current.some((c) => c.id === chatId)) setChats(chatsRef.current.filter((c) => c.id !== chatId));
    },
    [setChats],
  );
  const setOpenChat = useCallback(
    (chatId: number | null) => {
      openChat.current = chatId;
      if (chatId !== null) markRead(chatId);
    },
    [markRead],
  );

  const value = useMemo<ChatUnread>(
    () => (enabled ? { enabled, chats, hasUnread: chats.length > 0, dot, seen, markRead, setOpenChat } : disabled),
    [enabled, chats, dot, seen, markRead, setOpenChat],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The shell's internal-chat unread state (inert outside the shell or without the plan flag). */
export function useChatUnread(): ChatUnread {
  return useContext(Ctx);
}
