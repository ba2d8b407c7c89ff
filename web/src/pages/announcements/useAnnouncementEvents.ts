import { useEffect, useRef } from 'react';
import { useSocket } from '../../socket/SocketContext';
import { ANNOUNCEMENT_EVENT, isAnnouncementEvent, type AnnouncementEvent } from './announcementsRules';

/**
 * Calls `handler` with every well-formed `company-announcement` event while mounted (an inactive one
 * reaches normal users as a delete). The handler may change between renders without resubscribing.
 */
export function useAnnouncementEvents(handler: (event: AnnouncementEvent) => void): void {
  const socket = useSocket();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: unknown) => {
      if (isAnnouncementEvent(payload)) ref.current(payload);
    };
    socket.on(ANNOUNCEMENT_EVENT, listener);
    return () => {
      socket.off(ANNOUNCEMENT_EVENT, listener);
    };
  }, [socket]);
}
