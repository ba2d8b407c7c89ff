import './chatsLocales';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Empty, Flex, Modal, Spin, Tabs, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { Chat, User } from '@atende/kit/contracts';
import { createChat, deleteChat, getChat, markChatRead } from '../../api/chats';
import { useAuth } from '../../auth/AuthContext';
import { PageLoading } from '../../components/PageLoading';
import { toastError, toastSuccess } from '../../errors/toast';
import { useChatUnread } from '../../hooks/useChatUnread';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '../../hooks/useMediaQuery';
import { useRefusedRedirect } from '../../hooks/useRefusedRedirect';
import { useShellData } from '../../hooks/useShellData';
import { planAllows } from '../../permissions';
import { ChatList } from './ChatList';
import { ChatPane } from './ChatPane';
import { privateChatWith, SEARCH_DEBOUNCE_MS, unreadsOf, withUnreadsCleared } from './chatsRules';
import { GroupDialog } from './GroupDialog';
import { PrivateChatDialog } from './PrivateChatDialog';
import { useChats } from './useChats';
import { usePresence } from './usePresence';

/** /chats and /chats/:id (uuid), the internal chat (spec 002 §2): needs the plan flag useInternalChat. */
export default function ChatsPage() {
  const { plan, ready } = useShellData();
  const { user } = useAuth();
  const { t } = useTranslation('chats');
  const allowed = planAllows(plan, 'useInternalChat');

  useRefusedRedirect(ready && !allowed, t('planRefused'));

  if (!ready || !user) return <PageLoading />;
  if (!allowed) return null;
  return <ChatsScreen me={user.id} />;
}

/** Whether the browser tab is showing (the read marker waits for it). */
function usePageVisible(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

type MobileTab = 'chats' | 'messages';

function ChatsScreen({ me }: { me: number }) {
  const { t } = useTranslation('chats');
  const { token } = theme.useToken();
  const { id: uuid } = useParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [tab, setTab] = useState<MobileTab>(uuid ? 'messages' : 'chats');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  /** The group dialog (chat null: a new group); the chat stays while the dialog closes. */
  const [group, setGroup] = useState<{ open: boolean; chat: Chat | null }>({ open: false, chat: null });
  const [privateOpen, setPrivateOpen] = useState(false);
  const [opening, setOpening] = useState<number | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const isOnline = usePresence();
  const { setOpenChat, markRead } = useChatUnread();
  const visible = usePageVisible();
  const uuidRef = useRef(uuid);
  uuidRef.current = uuid;

  useEffect(() => {
    setTab(uuid ? 'messages' : 'chats');
  }, [uuid]);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput]);

  const currentIdRef = useRef<number | null>(null);
  /** Chats deleted while on screen: their address is left without asking the server for them again. */
  const gone = useRef(new Set<string>());
  const chatsRef = useRef<Chat[]>([]);
  const onRemoved = useCallback(
    (chatId: number) => {
      const uuidOf = chatsRef.current.find((c) => c.id === chatId)?.uuid;
      if (uuidOf) gone.current.add(uuidOf);
      // The open chat was deleted (or the user was taken out of it): back to the list.
      if (chatId === currentIdRef.current) navigate('/chats', { replace: true });
    },
    [navigate],
  );
  const list = useChats(search, onRemoved);
  const { upsert, remove } = list;
  chatsRef.current = list.chats;
  const current = uuid ? (list.chats.find((c) => c.uuid === uuid) ?? null) : null;
  const currentId = current?.id ?? null;
  currentIdRef.current = currentId;

  // A chat that is not listed (further down, or outside the search) is read by itself.
  const listed = !!current;
  useEffect(() => {
    if (!uuid || listed || !list.loaded) return;
    // (the router's navigation is a transition: the list may lose the chat a render before the address does)
    if (gone.current.has(uuid)) {
      navigate('/chats', { replace: true });
      return;
    }
    let active = true;
    getChat(uuid)
      .then((chat) => {
        if (active) upsert(chat);
      })
      .catch((err) => {
        if (!active) return;
        toastError(err);
        navigate('/chats', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [uuid, listed, list.loaded, upsert, navigate]);

  // The shell's bell and menu dot leave the open chat out.
  useEffect(() => {
    setOpenChat(currentId);
  }, [currentId, setOpenChat]);
  useEffect(() => () => setOpenChat(null), [setOpenChat]);

  // Opening a chat with unread messages (or receiving one in it) posts the read marker and clears its badge (spec 002 §4).
  const myUnreads = current ? unreadsOf(current, me) : 0;
  const currentRef = useRef(current);
  currentRef.current = current;
  useEffect(() => {
    const chat = currentRef.current;
    if (!chat || myUnreads === 0 || !visible) return;
    upsert(withUnreadsCleared(chat, me));
    markRead(chat.id);
    markChatRead(chat.id, me).catch((err) => console.warn('chat read marker not saved', err));
  }, [currentId, myUnreads, visible, me, upsert, markRead]);

  const openChat = useCallback(
    (chat: Chat) => {
      setTab('messages');
      if (chat.uuid !== uuidRef.current) navigate(`/chats/${chat.uuid}`);
    },
    [navigate],
  );

  const removeChat = useCallback(
    async (chat: Chat) => {
      try {
        await deleteChat(chat.id);
      } catch {
        toastError(t('errors.delete'));
        return;
      }
      gone.current.add(chat.uuid);
      remove(chat.id);
      toastSuccess(t('toasts.deleted'));
      if (chat.uuid === uuidRef.current) navigate('/chats', { replace: true });
    },
    [t, remove, navigate],
  );

  /** The list's delete: "Esta ação não pode ser revertida, confirmar?" (spec 002 §8). */
  const confirmDelete = useCallback(
    (chat: Chat) => {
      void modal.confirm({
        title: t('delete.title'),
        content: t('delete.confirm'),
        okText: t('delete.ok'),
        cancelText: t('delete.cancel'),
        okButtonProps: { danger: true },
        onOk: () => removeChat(chat),
      });
    },
    [modal, t, removeChat],
  );

  /** The message pane's delete asks through the browser's own confirm (spec 002 §8). */
  const confirmDeleteOpen = useCallback(
    (chat: Chat) => {
      if (window.confirm(t('delete.browserConfirm'))) void removeChat(chat);
    },
    [t, removeChat],
  );

  const editGroup = useCallback((chat: Chat) => setGroup({ open: true, chat }), []);
  const closeGroup = () => setGroup((g) => ({ ...g, open: false }));

  /** 'Conversa Particular': the listed chat with that person, else a new one (the server reuses an existing one too). */
  const openPrivate = async (user: User) => {
    const existing = privateChatWith(list.chats, me, user.id);
    if (existing) {
      setPrivateOpen(false);
      openChat(existing);
      return;
    }
    setOpening(user.id);
    try {
      const chat = await createChat({ title: '', users: [{ id: user.id }], isGroup: false });
      upsert(chat);
      setPrivateOpen(false);
      openChat(chat);
    } catch {
      toastError(t('errors.create'));
    } finally {
      setOpening(null);
    }
  };

  const onGroupSaved = (chat: Chat) => {
    const created = !group.chat;
    upsert(chat);
    closeGroup();
    if (created) openChat(chat);
  };

  const listPane = (
    <ChatList
      list={list}
      me={me}
      selectedUuid={uuid}
      search={searchInput}
      onSearch={setSearchInput}
      isOnline={isOnline}
      onOpen={openChat}
      onEdit={editGroup}
      onDelete={confirmDelete}
      onNewGroup={() => setGroup({ open: true, chat: null })}
      onNewPrivate={() => setPrivateOpen(true)}
    />
  );
  const messagePane = current ? (
    <ChatPane key={current.id} chat={current} me={me} isOnline={isOnline} onEdit={editGroup} onDelete={confirmDeleteOpen} />
  ) : uuid ? (
    <Spin style={{ display: 'block', margin: '48px auto' }} />
  ) : (
    <Flex justify="center" align="center" style={{ height: '100%' }}>
      <Empty description={t('pane.select')} />
    </Flex>
  );

  const frame = {
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    overflow: 'hidden',
  };

  return (
    <>
      {narrow ? (
        <Flex vertical style={{ height: 'calc(100vh - 112px)', minHeight: 0, ...frame }} data-testid="chats-page">
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as MobileTab)}
            centered
            size="small"
            aria-label={t('tabs.label')}
            style={{ marginBottom: 0 }}
            items={[
              { key: 'chats', label: t('tabs.chats') },
              { key: 'messages', label: t('tabs.messages') },
            ]}
          />
          <div style={{ flex: 1, minHeight: 0, display: tab === 'chats' ? 'flex' : 'none', flexDirection: 'column' }}>{listPane}</div>
          <div style={{ flex: 1, minHeight: 0, display: tab === 'messages' ? 'flex' : 'none', flexDirection: 'column' }}>{messagePane}</div>
        </Flex>
      ) : (
        <Flex style={{ height: 'calc(100vh - 112px)', minHeight: 400, ...frame }} data-testid="chats-page">
          <div
            style={{
              width: 360,
              flex: 'none',
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {listPane}
          </div>
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>{messagePane}</div>
        </Flex>
      )}
      <GroupDialog open={group.open} chat={group.chat} me={me} onClose={closeGroup} onSaved={onGroupSaved} />
      <PrivateChatDialog open={privateOpen} me={me} busyUserId={opening} onClose={() => setPrivateOpen(false)} onPick={(u) => void openPrivate(u)} />
      {modalHolder}
    </>
  );
}
