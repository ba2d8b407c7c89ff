import { lazy, Suspense, useState } from 'react';
import { Button, Popover, Spin, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNotifiedTickets } from '../hooks/useNotifiedTickets';

/** The popover's list comes with its own small chunk when the bell is first opened. */
const NotificationsBellList = lazy(() => import('./NotificationsBellList'));

/**
 * The top bar's notification bell (spec 000 §2): the count of tickets with new messages for this user
 * (the notification rule of spec 000 §4); the popover lists them and a click opens the ticket.
 */
export function NotificationsBell() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const tickets = useNotifiedTickets();
  const [open, setOpen] = useState(false);
  const count = tickets.length;
  const label = count > 0 ? t('notificationsBell.labelCount', { count }) : t('notificationsBell.label');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('notificationsBell.title')}
      content={
        open ? (
          <Suspense fallback={<Spin size="small" style={{ display: 'block', margin: 12 }} />}>
            <NotificationsBellList tickets={tickets} onPick={() => setOpen(false)} />
          </Suspense>
        ) : null
      }
    >
      <span style={{ position: 'relative', display: 'inline-flex' }}>
        <Button
          type="text"
          data-testid="notifications-bell"
          title={label}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          icon={<BellOutlined />}
        />
        {count > 0 && (
          <span
            data-testid="notifications-bell-count"
            aria-hidden
            style={{
              position: 'absolute',
              top: 0,
              insetInlineEnd: 0,
              minWidth: 16,
              height: 16,
              padding: '0 4px',
              borderRadius: 8,
              background: token.colorError,
              color: '#fff',
              fontSize: 10,
              lineHeight: '16px',
              textAlign: 'center',
              pointerEvents: 'none',
              boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
            }}
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </Popover>
  );
}
