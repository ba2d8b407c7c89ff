import { lazy, Suspense, useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useChatUnread } from '../hooks/useChatUnread';
import { UnreadDot } from './UnreadDot';

/** The popover's list comes with its own small chunk when the bell is first opened. */
const ChatBellList = lazy(() => import('./ChatBellList'));

/**
 * The top bar's internal-chat bell (spec 000 §2): a dot while there are unread chat messages not yet
 * looked at; opening the popover clears it and lists the chats with unread messages. Only with the plan
 * flag useInternalChat.
 */
export function ChatBell() {
  const { t } = useTranslation('shell');
  const { enabled, dot, seen } = useChatUnread();
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  const label = t('chatBell.label');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) seen();
      }}
      title={t('chatBell.title')}
      content={
        open ? (
          <Suspense fallback={<Spin size="small" style={{ display: 'block', margin: 12 }} />}>
            <ChatBellList onPick={() => setOpen(false)} />
          </Suspense>
        ) : null
      }
    >
      <span style={{ position: 'relative', display: 'inline-flex' }}>
        <Button type="text" data-testid="chat-bell" title={label} aria-label={label} aria-haspopup="dialog" aria-expanded={open} icon={<MessageOutlined />} />
        {dot && <UnreadDot overlay label={t('chatBell.title')} testId="chat-bell-dot" />}
      </span>
    </Popover>
  );
}
