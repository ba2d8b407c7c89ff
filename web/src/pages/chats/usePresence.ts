import { useCallback, useEffect, useState } from 'react';
import { listPresence } from '../../api/users';
import { usePresenceEvent } from '../../socket/SocketContext';
import { PRESENCE_POLL_MS, presenceMap, presenceOf } from './chatsRules';

/**
 * Who is online (spec 002 §4): GET /presence now and every 30 s, and the live `user:status` events in
 * between. Answers `isOnline(userId, fallback)`; the fallback is the chat's own flag until a poll or an event said otherwise.
 */
export function usePresence(): (userId: number, fallback: boolean) => boolean {
  const [known, setKnown] = useState<Map<number, boolean>>(() => new Map());

  useEffect(() => {
    let abort: AbortController | null = null;
    const poll = () => {
      abort?.abort();
      abort = new AbortController();
      listPresence(abort.signal)
        .then((rows) => setKnown(presenceMap(rows)))
        .catch(() => undefined);
    };
    poll();
    const timer = window.setInterval(poll, PRESENCE_POLL_MS);
    return () => {
      window.clearInterval(timer);
      abort?.abort();
    };
  }, []);

  usePresenceEvent((userId, online) => setKnown((map) => (map.get(userId) === online ? map : new Map(map).set(userId, online))));

  return useCallback((userId: number, fallback: boolean) => presenceOf(userId, known, fallback), [known]);
}
