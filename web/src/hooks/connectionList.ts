import type { ConnectionOption } from '../api/channels';

/**
 * Pure rules of the connection list (spec 000 §4 'Live events update the connection list'; §2 new
 * ticket dialog). Unit-tested in connectionList.test.ts.
 */
export type ConnectionEvent = { action: 'update'; whatsapp: ConnectionOption } | { action: 'delete'; whatsappId: number };

/** A live `whatsapp` event: update replaces (or adds) the connection, delete removes it. */
export function applyConnectionEvent(list: readonly ConnectionOption[], event: ConnectionEvent | null | undefined): readonly ConnectionOption[] {
  if (event?.action === 'delete' && typeof event.whatsappId === 'number') {
    return list.some((c) => c.id === event.whatsappId) ? list.filter((c) => c.id !== event.whatsappId) : list;
  }
  if (event?.action === 'update' && event.whatsapp && typeof event.whatsapp.id === 'number') {
    const next = event.whatsapp;
    const index = list.findIndex((c) => c.id === next.id);
    if (index < 0) return [...list, next];
    const copy = list.slice();
    copy[index] = { ...copy[index]!, ...next };
    return copy;
  }
  return list;
}

/**
 * The connection a new ticket starts on: the user's own default connection when listed, else the
 * company's default one, else the only one; none when the choice is open.
 */
export function defaultConnectionId(list: readonly ConnectionOption[], userConnectionId: number | null | undefined): number | undefined {
  if (userConnectionId && list.some((c) => c.id === userConnectionId)) return userConnectionId;
  const marked = list.find((c) => c.isDefault);
  if (marked) return marked.id;
  return list.length === 1 ? list[0]!.id : undefined;
}
