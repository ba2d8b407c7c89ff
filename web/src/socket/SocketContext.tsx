import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { dropSession, getAccessToken, onAccessTokenChange, refreshSession, sessionGone } from '../api/http';
import i18n from '../i18n';
import { useAuth } from '../auth/AuthContext';
import { toastWarning } from '../errors/toast';
import { keepSignedIn } from './keepSignedIn';
import { companyEvent, createSocket, SESSION_REPLACED_DELAY_MS, updateSocketToken, USER_STATUS_INTERVAL_MS } from './socket';

const Ctx = createContext<Socket | null>(null);

/**
 * One socket per signed-in user. On `company-{id}-auth` (the account was opened elsewhere) it says
 * so, then clears local storage and reloads after 1 s. When the server ends the socket (its token
 * expired, the user changed) it comes back with a refreshed token (keepSignedIn).
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [socket, setSocket] = useState<Socket | null>(null);
  const userId = user?.id;
  const companyId = user?.companyId;

  useEffect(() => {
    const token = getAccessToken();
    if (!userId || !companyId || !token) return;
    const s = createSocket(token, userId);
    // A refreshed token goes into the next connection's query and to the server at once: the socket
    // then outlives the token it connected with.
    const offToken = onAccessTokenChange((next) => {
      if (!next) return;
      updateSocketToken(s, next);
      if (s.connected) s.emit('token', next);
    });
    const stopKeeping = keepSignedIn(s, {
      refresh: refreshSession,
      sessionGone,
      drop: dropSession,
    });
    let replaced = false;
    s.on(companyEvent(companyId, 'auth'), () => {
      if (replaced) return;
      replaced = true;
      // The page reloads signed out: the socket cut that follows is not to be answered.
      stopKeeping();
      toastWarning(i18n.t('auth:sessionReplaced'));
      window.setTimeout(() => {
        try {
          localStorage.clear();
        } catch {
          // ignore
        }
        window.location.reload();
      }, SESSION_REPLACED_DELAY_MS);
    });
    const heartbeat = window.setInterval(() => {
      if (s.connected) s.emit('userStatus');
    }, USER_STATUS_INTERVAL_MS);
    setSocket(s);
    return () => {
      window.clearInterval(heartbeat);
      stopKeeping();
      offToken();
      s.removeAllListeners();
      s.disconnect();
      setSocket(null);
    };
  }, [userId, companyId]);

  return <Ctx.Provider value={socket}>{children}</Ctx.Provider>;
}

/** The live socket of the signed-in user (null while signed out or connecting). */
export function useSocket(): Socket | null {
  return useContext(Ctx);
}

/**
 * Subscribes to a company event (`company-{companyId}-<name>`) while mounted.
 * The handler may change between renders without resubscribing.
 */
export function useCompanyEvent<T = unknown>(name: string, handler: (payload: T) => void): void {
  const socket = useSocket();
  const { user } = useAuth();
  const ref = useRef(handler);
  ref.current = handler;
  const companyId = user?.companyId;
  useEffect(() => {
    if (!socket || !companyId) return;
    const event = companyEvent(companyId, name);
    const listener = (payload: T) => ref.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, companyId, name]);
}

/** Subscribes to a platform event that is not company-prefixed (`dashboard:update`, `user:status`, …) while mounted. */
export function useSocketEvent<T = unknown>(name: string, handler: (payload: T) => void): void {
  const socket = useSocket();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: T) => ref.current(payload);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, name]);
}

/** Realtime's presence event (`user:status`), read safely: the handler gets the user and whether they are online. */
export function usePresenceEvent(handler: (userId: number, online: boolean) => void): void {
  useSocketEvent<{ userId?: unknown; online?: unknown } | null>('user:status', (event) => {
    if (typeof event?.userId === 'number') handler(event.userId, !!event.online);
  });
}

/**
 * Calls `onBack` each time the socket connects again after it was down: whatever was sent meanwhile never
 * arrived, so a live view reads its data again.
 */
export function useReconnected(onBack: () => void): void {
  const socket = useSocket();
  const ref = useRef(onBack);
  ref.current = onBack;
  useEffect(() => {
    if (!socket) return;
    let down = false;
    const lost = () => {
      down = true;
    };
    const back = () => {
      if (!down) return;
      down = false;
      ref.current();
    };
    socket.on('disconnect', lost);
    socket.on('connect', back);
    return () => {
      socket.off('disconnect', lost);
      socket.off('connect', back);
    };
  }, [socket]);
}
