import { useLayoutEffect, useRef, type UIEvent } from 'react';
import { Button, Empty, Flex, Input, Spin, theme } from 'antd';
import { SearchOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@atende/kit/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { ChatListItem } from './ChatListItem';
import { isNearBottom } from './chatsRules';
import type { ChatsList } from './useChats';

type ChatListProps = {
  list: ChatsList;
  me: number;
  selectedUuid: string | undefined;
  search: string;
  onSearch(value: string): void;
  isOnline(userId: number, fallback: boolean): boolean;
  onOpen(chat: Chat): void;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
  onNewGroup(): void;
  onNewPrivate(): void;
};

/** The left pane (spec 002 §2): 'Criar Grupo', 'Conversa Particular', a search and the chats, the next page within 100 px of the bottom. */
export function ChatList({ list, me, selectedUuid, search, onSearch, isOnline, onOpen, onEdit, onDelete, onNewGroup, onNewPrivate }: ChatListProps) {
  const { t } = useTranslation('chats');
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const { chats, loading, loaded, failed, hasMore, loadMore, reload } = list;

  // A first page that does not fill the box cannot be scrolled: read the next one right away.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && loaded && !loading && hasMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [chats, loaded, loading, hasMore, loadMore]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(e.currentTarget)) loadMore();
  };

  let body;
  if (!loaded && failed) body = <LoadFailed title={t('list.loadFailed')} retryLabel={t('list.retry')} onRetry={reload} />;
  else if (!loaded) body = <Spin style={{ display: 'block', margin: '24px auto' }} />;
  else if (chats.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={search.trim() ? t('list.noResults') : t('list.empty')} />;
  else
    body = (
      <div role="list" aria-label={t('list.label')} aria-busy={loading}>
        {chats.map((chat) => (
          <ChatListItem
            key={chat.id}
            chat={chat}
            me={me}
            selected={chat.uuid === selectedUuid}
            isOnline={isOnline}
            onOpen={onOpen}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ))}
        {loading && <Spin size="small" style={{ display: 'block', margin: '12px auto' }} />}
      </div>
    );

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="chat-list">
      <Flex gap={8} wrap style={{ padding: 12, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <Button type="primary" icon={<TeamOutlined />} onClick={onNewGroup} data-testid="chat-new-group" style={{ flex: 1 }}>
          {t('buttons.newGroup')}
        </Button>
        <Button icon={<UserAddOutlined />} onClick={onNewPrivate} data-testid="chat-new-private" style={{ flex: 1 }}>
          {t('buttons.newPrivate')}
        </Button>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          style={{ width: '100%' }}
        />
      </Flex>
      <div ref={scroller} onScroll={onScroll} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {body}
      </div>
    </Flex>
  );
}
