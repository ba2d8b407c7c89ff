import { Avatar, Empty, Flex, Typography, theme } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NotifiedTicket } from '../hooks/messageNotifications';
import { stripWhatsapp } from '../pages/tickets/conversation/whatsappFormat';
import { cut, formatTicketTime, LAST_MESSAGE_CUT } from '../pages/tickets/ticketRules';
import { bellItemStyle } from './bellItemStyle';

/** The notification bell's popover (lazy): the tickets with new messages; a click opens /tickets/{uuid}. */
export default function NotificationsBellList({ tickets, onPick }: { tickets: NotifiedTicket[]; onPick(): void }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const navigate = useNavigate();

  return (
    <div style={{ width: 320, maxWidth: '80vw' }} data-testid="notifications-bell-list">
      {tickets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notificationsBell.empty')} />
      ) : (
        <div role="list" style={{ maxHeight: 360, overflowY: 'auto' }}>
          {tickets.map((ticket) => (
            <div role="listitem" key={ticket.id}>
              <button
                type="button"
                data-testid="notifications-bell-item"
                onClick={() => {
                  onPick();
                  navigate(`/tickets/${ticket.uuid}`);
                }}
                style={bellItemStyle(token)}
              >
                <Avatar src={ticket.picture} icon={<UserOutlined />} alt="" />
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Flex justify="space-between" gap={8}>
                    <Typography.Text strong ellipsis>
                      {ticket.name || `#${ticket.id}`}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
                      {formatTicketTime(ticket.updatedAt)}
                    </Typography.Text>
                  </Flex>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {cut(stripWhatsapp(ticket.lastMessage), LAST_MESSAGE_CUT)}
                  </Typography.Text>
                </Flex>
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
