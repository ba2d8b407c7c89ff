import { Avatar, Badge, Empty, Flex, Typography, theme } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useChatUnread } from '../hooks/useChatUnread';
import { chatPicture, chatTitle, initials, unreadLabel, unreadsOf } from '../pages/chats/chatsRules';
import { bellItemStyle } from './bellItemStyle';

/** The chat bell's popover (lazy): the chats with unread messages; a click opens /chats/{uuid}. */
export default function ChatBellList({ onPick }: { onPick(): void }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const { user } = useAuth();
  const { chats } = useChatUnread();
  const navigate = useNavigate();
  const me = user?.id ?? -1;

  return (
    <div style={{ width: 300, maxWidth: '80vw' }} data-testid="chat-bell-list">
      {chats.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chatBell.empty')} />
      ) : (
        <div role="list" style={{ maxHeight: 360, overflowY: 'auto' }}>
          {chats.map((chat) => {
            const title = chatTitle(chat, me);
            const picture = chatPicture(chat, me);
            return (
              <div role="listitem" key={chat.id}>
                <button
                  type="button"
                  data-testid="chat-bell-item"
                  onClick={() => {
                    onPick();
                    navigate(`/chats/${chat.uuid}`);
                  }}
                  style={bellItemStyle(token)}
                >
                  <Avatar src={picture ?? undefined} icon={!picture && chat.isGroup ? <TeamOutlined /> : undefined} alt={title}>
                    {!picture && !chat.isGroup ? initials(title) : null}
                  </Avatar>
                  <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text strong ellipsis>
                      {title}
                    </Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                      {chat.lastMessage}
                    </Typography.Text>
                  </Flex>
                  <Badge count={unreadLabel(unreadsOf(chat, me))} title={t('chatBell.unread', { count: unreadsOf(chat, me) })} />
                </button>
              </div>
            );
          })}
        </div>
      )}
      <Link to="/chats" onClick={onPick} style={{ display: 'block', textAlign: 'center', paddingTop: 8 }}>
        {t('chatBell.openAll')}
      </Link>
    </div>
  );
}
