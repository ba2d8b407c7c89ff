import type { Socket } from 'socket.io-client';
import type { Announcement } from '@atende/kit/contracts';
import { listAnnouncements } from '../../api/announcements';
import {
  ANNOUNCEMENT_EVENT,
  applyAnnouncementEvent,
  hasUnviewed,
  isAnnouncementEvent,
  markViewed,
  parseViewed,
  serializeViewed,
  viewedStorageKey,
  type ViewedMap,
} from './announcementsRules';

/** What this user has viewed (local storage, per user). */
export function readViewed(userId: number): ViewedMap {
  try {
    return parseViewed(localStorage.getItem(viewedStorageKey(userId)));
  } catch {
    return new Map();
  }
}

/** Marks these announcements viewed for this user. */
export function storeViewed(userId: number, rows: readonly Pick<Announcement, 'id' | 'updatedAt'>[]): void {
  const { map, changed } = markViewed(readViewed(userId), rows);
  if (!changed) return;
  try {
    localStorage.setItem(viewedStorageKey(userId), serializeViewed(map));
  } catch {
    // no storage: the dot comes back on the next visit
  }
}

export type WatchOptions = {
  socket: Socket | null;
  userId: number;
  /** While the popover is open its list marks what it shows viewed: the dot stays off. */
  isOpen(): boolean;
  onDot(dot: boolean): void;
};

/**
 * The top bar's dot (spec 000 §2), loaded after the shell rendered: page 1 of the announcements,
 * kept live from `company-announcement`; the dot shows while one of them is active and not viewed
 * (a create or an edit lights it again). Reads again after a reconnection. Answers the stop function.
 */
export function watchAnnouncements({ socket, userId, isOpen, onDot }: WatchOptions): () => void {
  let stopped = false;
  let request = 0;
  let rows: Announcement[] = [];

  const recompute = () => {
    if (!stopped && !isOpen()) onDot(hasUnviewed(rows, readViewed(userId)));
  };
  const load = async () => {
    const id = ++request;
    try {
      const page = await listAnnouncements({ pageNumber: 1 });
      if (stopped || id !== request) return;
      rows = page.records;
      recompute();
    } catch {
      // the bell stays quiet; the popover tells its own errors
    }
  };

  const onEvent = (payload: unknown) => {
    if (!isAnnouncementEvent(payload)) return;
    rows = applyAnnouncementEvent(rows, payload, { search: '', activeOnly: true }).list;
    recompute();
  };
  // Events sent while the socket was away are lost: a reconnection reads page 1 again.
  let wasDown = false;
  const onDisconnect = () => {
    wasDown = true;
  };
  const onConnect = () => {
    if (!wasDown) return;
    wasDown = false;
    void load();
  };
  // Another tab viewed them.
  const onStorage = (e: StorageEvent) => {
    if (e.key === viewedStorageKey(userId)) recompute();
  };

  void load();
  socket?.on(ANNOUNCEMENT_EVENT, onEvent);
  socket?.on('disconnect', onDisconnect);
  socket?.on('connect', onConnect);
  window.addEventListener('storage', onStorage);
  return () => {
    stopped = true;
    socket?.off(ANNOUNCEMENT_EVENT, onEvent);
    socket?.off('disconnect', onDisconnect);
    socket?.off('connect', onConnect);
    window.removeEventListener('storage', onStorage);
  };
}
