import { useEffect, useRef, useState } from 'react';
import type { ImportMessagesEvent, WhatsappConnection } from '@atende/kit/contracts';
import { useAuth } from '../../auth/AuthContext';
import { useSocket } from '../../socket/SocketContext';
import { applyImportEvent, preparingEndsAt, type ImportProgressMap } from './importRules';

/** The spec's live channel of history imports (not a company-{id}-… one). */
export const importMessagesEvent = (companyId: number): string => `importMessages-${companyId}`;

/**
 * importMessages-{companyId} while mounted (spec 001 §4): `update` sets a connection's progress, `refresh`
 * clears it and reloads the list (`onRefresh`). `now` ticks when a 'preparing' indicator of `connections`
 * ends by itself (35 s after its import started), so the row changes without any event.
 */
export function useImportProgress(connections: readonly WhatsappConnection[], onRefresh: () => void): { progress: ImportProgressMap; now: number } {
  const socket = useSocket();
  const { user } = useAuth();
  const companyId = user?.companyId;
  const [progress, setProgress] = useState<ImportProgressMap>({});
  const [now, setNow] = useState(() => Date.now());
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    if (!socket || !companyId) return;
    const name = importMessagesEvent(companyId);
    const listener = (event: ImportMessagesEvent) => {
      setProgress((map) => applyImportEvent(map, event));
      if (event?.action === 'refresh') refresh.current();
    };
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, companyId]);

  // The next moment a preparing indicator ends by itself.
  useEffect(() => {
    const at = Date.now();
    const ends = connections.map((c) => preparingEndsAt(c, at)).filter((t): t is number => t !== null);
    if (ends.length === 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, Math.min(...ends) - at) + 50);
    return () => window.clearTimeout(timer);
  }, [connections, now]);

  return { progress, now };
}
