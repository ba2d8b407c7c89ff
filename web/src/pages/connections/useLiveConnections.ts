import { useCallback, useEffect, useState } from 'react';
import type { WhatsappConnection } from '@atende/kit/contracts';
import { toastError } from '../../errors/toast';
import { useCompanyEvent, useReconnected } from '../../socket/SocketContext';
import { applyConnectionEvent, applySessionEvent, type ConnectionEvent, type SessionEvent } from './connectionRules';

export type LiveConnections = {
  connections: WhatsappConnection[];
  loading: boolean;
  failed: boolean;
  reload(): Promise<void>;
  /** Applies a change this screen made itself (the socket's copy follows, to the same effect). */
  apply(event: ConnectionEvent): void;
};

/**
 * A connection list read by `load` and kept live by company-{id}-whatsapp (update, delete) and
 * company-{id}-whatsappSession (status, QR code), read again after a reconnection. `live` is false for another company's list (the
 * super user's dialog): the socket only carries the user's own company.
 */
export function useLiveConnections(load: () => Promise<WhatsappConnection[]>, live = true): LiveConnections {
  const [connections, setConnections] = useState<WhatsappConnection[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setConnections(await load());
    } catch (err) {
      setFailed(true);
      toastError(err);
    } finally {
      setLoading(false);
    }
  }, [load]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useCompanyEvent<ConnectionEvent>('whatsapp', (event) => live && setConnections((list) => applyConnectionEvent(list, event)));
  useCompanyEvent<SessionEvent>('whatsappSession', (event) => live && setConnections((list) => applySessionEvent(list, event)));
  // Status changes and QR codes sent while the socket was down never arrived: read the list again.
  useReconnected(() => {
    if (live) void reload();
  });

  const apply = useCallback((event: ConnectionEvent) => setConnections((list) => applyConnectionEvent(list, event)), []);
  return { connections, loading, failed, reload, apply };
}
