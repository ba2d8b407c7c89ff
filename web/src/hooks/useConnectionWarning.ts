import { useEffect, useState } from 'react';
import { listConnections } from '../api/channels';
import { useCompanyEvent } from '../socket/SocketContext';
import { applyStatusEvent, needsAttention, statusesOf, type StatusById } from './connectionWarning';

/** Spec 000 §4: the connections are first checked 2 s after load. */
export const FIRST_CHECK_DELAY_MS = 2000;

/**
 * Whether the menu's connections entry shows its warning: read 2 s after load (for users who see
 * the entry), then kept live by the whatsapp and whatsappSession events. A missing channels
 * service (404, network) means no warning.
 */
export function useConnectionWarning(enabled: boolean): boolean {
  const [statuses, setStatuses] = useState<StatusById>(() => new Map());

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const timer = window.setTimeout(() => {
      listConnections()
        .then((list) => active && setStatuses(statusesOf(list)))
        .catch(() => undefined);
    }, FIRST_CHECK_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [enabled]);

  useCompanyEvent<Parameters<typeof applyStatusEvent>[1]>('whatsapp', (event) => enabled && setStatuses((s) => applyStatusEvent(s, event)));
  useCompanyEvent<Parameters<typeof applyStatusEvent>[1]>('whatsappSession', (event) => enabled && setStatuses((s) => applyStatusEvent(s, event)));

  return enabled && needsAttention(statuses);
}
