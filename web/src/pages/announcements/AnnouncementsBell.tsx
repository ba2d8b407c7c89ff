import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import { UnreadDot } from '../../layout/UnreadDot';
import { useSocket } from '../../socket/SocketContext';
import { AnnouncementsIcon } from './AnnouncementsIcon';

/** One chunk, loaded once the shell has rendered: the dot check and the popover's list. */
const loadBell = () => import('./AnnouncementsBellList');
const AnnouncementsBellList = lazy(loadBell);

/**
 * The top bar's announcements bell (spec 000 §2, spec 002 §2): a dot while some active announcement
 * has not been viewed by this user; opening the popover lists them and marks them viewed. Only the
 * icon lives in the initial JS: the dot check (a page-1 read, then the live events) is a chunk loaded
 * once the shell has rendered.
 */
export function AnnouncementsBell() {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const socket = useSocket();
  const [dot, setDot] = useState(false);
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    loadBell()
      .then((m) => {
        if (!cancelled) stop = m.watchAnnouncements({ socket, userId, isOpen: () => openRef.current, onDot: setDot });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [socket, userId]);

  if (!userId) return null;
  const label = t('announcementsBell.label');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        openRef.current = next;
        setOpen(next);
        if (next) setDot(false);
      }}
      // Unmounted once hidden: the list (and its marking as viewed) only lives while it shows.
      destroyOnHidden
      content={
        <Suspense fallback={<Spin size="small" style={{ display: 'block', margin: 12 }} />}>
          <AnnouncementsBellList userId={userId} />
        </Suspense>
      }
    >
      <span style={{ position: 'relative', display: 'inline-flex' }}>
        <Button
          type="text"
          data-testid="announcements-bell"
          title={label}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          icon={<AnnouncementsIcon />}
        />
        {dot && <UnreadDot overlay label={t('announcementsBell.unseen')} testId="announcements-bell-dot" />}
      </span>
    </Popover>
  );
}
