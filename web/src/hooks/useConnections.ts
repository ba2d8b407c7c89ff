import { useEffect, useState } from 'react';
import { listConnections, type ConnectionOption } from '../api/channels';
import { useCompanyEvent } from '../socket/SocketContext';
import { applyConnectionEvent, type ConnectionEvent } from './connectionList';

/**
 * The company's connections (GET /api/whatsapp/?session=0), read each time `enabled` turns on and
 * kept live. The channels service may not be deployed: a 404, a network error or an empty answer
 * all mean "no connections", silently (the screens then work without one).
 */
export function useConnections(enabled = true): { connections: readonly ConnectionOption[]; loading: boolean } {
  const [connections, setConnections] = useState<readonly ConnectionOption[]>([]);
  const [loading, setLoading] = useState(enabled);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    setLoading(true);
    listConnections()
      .then((list) => active && setConnections(list))
      .catch(() => active && setConnections([]))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [enabled]);

  useCompanyEvent<ConnectionEvent>('whatsapp', (event) => setConnections((list) => applyConnectionEvent(list, event)));

  return { connections, loading };
}
