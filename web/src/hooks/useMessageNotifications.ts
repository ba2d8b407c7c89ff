import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router-dom';
import { listUnreadTickets, readSetting } from '../api/tickets';
import { useAuth } from '../auth/AuthContext';
import { playNotificationSound } from '../pages/tickets/sound';
import type { TicketEvent } from '../pages/tickets/TicketList';
import { useCompanyEvent, useSocket } from '../socket/SocketContext';
import {
  addNotified,
  browserNotice,
  notifies,
  pendingNotificationsOn,
  removeNotified,
  seedNotified,
  type BrowserNotice,
  type NewMessageEvent,
  type NotifiedTickets,
} from './messageNotifications';
import { useUnreadInTitle } from './useUnreadInTitle';
import { getVolume } from './useVolume';

const notificationApi = (): typeof Notification | null => (typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null);

/** Permission is asked once per page load. */
let permissionAsked = false;

/**
 * Asks for the browser notification permission while it is undecided. Firefox and Safari only show
 * the prompt from a user gesture, so the question waits for the first click or key press.
 */
function askPermissionOnce(): () => void {
  const api = notificationApi();
  if (permissionAsked || !api || api.permission !== 'default') return () => undefined;
  function stop() {
    window.removeEventListener('pointerdown', ask, true);
    window.removeEventListener('keydown', ask, true);
  }
  function ask() {
    stop();
    if (permissionAsked || !api || api.permission !== 'default') return;
    permissionAsked = true;
    void Promise.resolve(api.requestPermission()).catch(() => undefined);
  }
  window.addEventListener('pointerdown', ask, true);
  window.addEventListener('keydown', ask, true);
  return stop;
}

function showBrowserNotice(notice: BrowserNotice, onOpen: (uuid: string) => void): void {
  const api = notificationApi();
  if (!api || api.permission !== 'granted') return;
  try {
    const shown = new api(notice.title, { body: notice.body, icon: notice.icon, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      onOpen(notice.uuid);
      shown.close();
    };
  } catch {
    // Some mobile browsers only notify through a service worker: the sound and the title remain.
  }
}

/**
 * New-message notifications on every private page (spec 000 §4 notification rule, §2 title):
 * mounted once by the shell. A message that passes the rule plays the sound at the chosen volume
 * and shows a browser notification (contact name, message text, contact picture; a click focuses
 * the window and opens /tickets/{uuid}), except for the ticket open on a visible page. The page
 * title counts the tickets notified and not opened since; the notification bell lists them. They start
 * as the tickets with unread messages the rule lets through.
 */
export function useMessageNotifications(): NotifiedTickets {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const navigate = useNavigate();
  const socket = useSocket();
  const openTicketUuid = useMatch('/tickets/:ticketId')?.params.ticketId;
  const showPending = useRef(false);
  const [notified, setNotified] = useState<NotifiedTickets>(() => new Map());
  const userId = user?.id;
  const viewer = useRef(user);
  viewer.current = user;
  const openUuid = useRef(openTicketUuid);
  openUuid.current = openTicketUuid;

  useUnreadInTitle(notified.size);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    const pending = readSetting('showNotificationPending').then((value) => {
      if (active) showPending.current = pendingNotificationsOn(value);
    });
    void Promise.all([pending, listUnreadTickets()])
      .then(([, unread]) => {
        if (active && viewer.current)
          setNotified((current) =>
            seedNotified(
              current,
              unread.filter((t) => t.uuid !== openUuid.current),
              viewer.current!,
              { showNotificationPending: showPending.current },
            ),
          );
      })
      .catch(() => undefined);
    const stopAsking = askPermissionOnce();
    return () => {
      active = false;
      stopAsking();
    };
  }, [userId]);

  // The notification room (spec 000 §7 'joinNotification'), again after a reconnection.
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit('joinNotification');
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket]);

  // The ticket being looked at is no longer waiting: now, and whenever the page becomes visible again.
  useEffect(() => {
    if (!openTicketUuid) return;
    const seen = () => {
      if (document.visibilityState === 'visible') setNotified((current) => removeNotified(current, { uuid: openTicketUuid }));
    };
    seen();
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [openTicketUuid]);

  useCompanyEvent<NewMessageEvent>('appMessage', (event) => {
    if (!user) return;
    const watching = { openTicketUuid, visible: typeof document === 'undefined' || document.visibilityState === 'visible' };
    if (!notifies(event, user, { showNotificationPending: showPending.current }, watching)) return;
    playNotificationSound(getVolume());
    showBrowserNotice(browserNotice(event.message, event.ticket, t('notifications.newMessage')), (uuid) => navigate(`/tickets/${uuid}`));
    setNotified((current) => addNotified(current, event.ticket, event.message.body));
  });

  useCompanyEvent<TicketEvent>('ticket', (event) => {
    if (event?.action === 'updateUnread' || event?.action === 'delete') {
      const id = event.ticketId;
      setNotified((current) => removeNotified(current, { id }));
    } else if (event?.action === 'update' && event.ticket?.unreadMessages === 0) {
      const id = event.ticket.id;
      setNotified((current) => removeNotified(current, { id }));
    }
  });

  return notified;
}
