import { problemStatuses } from '@atende/kit/contracts';

/**
 * The menu's connection warning (spec 000 §2, §4): lit while any connection is in qrcode, PAIRING,
 * DISCONNECTED, TIMEOUT or OPENING. Pure; unit-tested in connectionWarning.test.ts.
 */
export type StatusById = ReadonlyMap<number, string>;

export function statusesOf(list: readonly { id: number; status: string }[]): StatusById {
  return new Map(list.map((c) => [c.id, c.status]));
}

type LiveEvent =
  | { action: 'update'; whatsapp?: { id?: unknown; status?: unknown } }
  | { action: 'delete'; whatsappId?: unknown }
  | { action: 'update'; session?: { id?: unknown; status?: unknown } };

/** A company-{id}-whatsapp or company-{id}-whatsappSession event applied to the known statuses. */
export function applyStatusEvent(statuses: StatusById, event: LiveEvent | null | undefined): StatusById {
  if (!event) return statuses;
  if (event.action === 'delete') {
    if (typeof event.whatsappId !== 'number' || !statuses.has(event.whatsappId)) return statuses;
    const next = new Map(statuses);
    next.delete(event.whatsappId);
    return next;
  }
  const target = 'whatsapp' in event && event.whatsapp ? event.whatsapp : 'session' in event ? event.session : undefined;
  if (!target || typeof target.id !== 'number' || typeof target.status !== 'string') return statuses;
  if (statuses.get(target.id) === target.status) return statuses;
  return new Map(statuses).set(target.id, target.status);
}

export function needsAttention(statuses: StatusById): boolean {
  for (const status of statuses.values()) if ((problemStatuses as readonly string[]).includes(status)) return true;
  return false;
}
