import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardData, Ticket } from '@atende/kit/contracts';
import { getDashboard } from '../../api/dashboard';
import { listMoments } from '../../api/moments';
import { errorCodeOf } from '../../errors/errorMessage';
import { toastError } from '../../errors/toast';
import { useCompanyEvent, usePresenceEvent, useSocket, useSocketEvent } from '../../socket/SocketContext';
import { rangePeriod } from './rangeRules';
import { applyPresence, LIVE_STATUSES, refreshDelay } from './realtimeRules';

export type RealtimeState = {
  /** Today's figures (GET /dashboard of today) with the attendants' presence kept live. */
  today: DashboardData | null;
  /** The open and pending tickets now (GET /dashboard/moments); null for a user without the real-time panel, or when it failed. */
  tickets: readonly Ticket[] | null;
  loading: boolean;
  denied: boolean;
  /** When the figures last changed (an answer, or a presence event). */
  updatedAt: Date | null;
  /** The live connection is up (events arrive). */
  connected: boolean;
};

/**
 * The real-time metrics: today's figures and the tickets waiting and in service now, loaded again a moment
 * after the company's ticket and message events and `dashboard:update` (debounced: at most one load per burst, at the latest 5 s
 * after its first event) and after a reconnection; presence changes (`user:status`) apply at once.
 */
export function useRealtimeMetrics(options: { panel: boolean; showAll: boolean }): RealtimeState & { reload(): void } {
  const { panel, showAll } = options;
  const [state, setState] = useState<RealtimeState>({ today: null, tickets: null, loading: true, denied: false, updatedAt: null, connected: false });
  const running = useRef(false);
  const again = useRef(false);
  const burstStart = useRef<number | null>(null);
  const timer = useRef<number | null>(null);
  const alive = useRef(true);

  const load = useCallback(async () => {
    if (running.current) {
      // One load at a time: a change seen meanwhile loads once more after it.
      again.current = true;
      return;
    }
    running.current = true;
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    try {
      const [today, tickets] = await Promise.all([
        getDashboard({ ...rangePeriod('24h'), queueIds: [] }),
        panel
          ? Promise.all(LIVE_STATUSES.map((status) => listMoments({ status, showAll })))
              .then((lists) => [...new Map(lists.flat().map((t) => [t.id, t])).values()])
              .catch(() => null)
          : Promise.resolve(null),
      ]);
      if (alive.current) setState((s) => ({ ...s, today, tickets, loading: false, denied: false, updatedAt: new Date() }));
    } catch (err) {
      if (!alive.current) return;
      if (errorCodeOf(err) === 'ERR_NO_PERMISSION') setState((s) => ({ ...s, loading: false, denied: true }));
      else {
        toastError(err);
        setState((s) => ({ ...s, loading: false }));
      }
    } finally {
      running.current = false;
      if (again.current && alive.current) {
        again.current = false;
        void load();
      }
    }
  }, [panel, showAll]);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    };
  }, [load]);

  /** A live event: load again once the burst pauses (or has lasted long enough). */
  const changed = useCallback(() => {
    const now = Date.now();
    if (burstStart.current === null) burstStart.current = now;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => {
        timer.current = null;
        burstStart.current = null;
        void load();
      },
      refreshDelay(burstStart.current, now),
    );
  }, [load]);

  // dashboard:update: a company-wide figure changed, also through tickets this user may not see.
  useSocketEvent('dashboard:update', changed);
  useCompanyEvent('ticket', changed);
  useCompanyEvent('appMessage', changed);

  usePresenceEvent((userId, online) =>
    setState((s) => {
      if (!s.today) return s;
      const attendants = applyPresence(s.today.attendants, userId, online);
      return attendants === s.today.attendants ? s : { ...s, today: { ...s.today, attendants: [...attendants] }, updatedAt: new Date() };
    }),
  );

  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => {
      setState((s) => ({ ...s, connected: true }));
      // Events sent while the socket was away are lost.
      void load();
    };
    const onDisconnect = () => setState((s) => ({ ...s, connected: false }));
    setState((s) => ({ ...s, connected: socket.connected }));
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    };
  }, [socket, load]);

  const reload = useCallback(() => void load(), [load]);
  return { ...state, reload };
}
