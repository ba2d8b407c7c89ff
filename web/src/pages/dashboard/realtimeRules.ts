import type { DashboardAttendant, Ticket } from '@atende/kit/contracts';

/** The real-time alerts' thresholds (spec 002 §9): a queue with more than 10 waiting; a wait over 300 s is critical. */
export const REALTIME_LIMITS = { queuePending: 10, waitSeconds: 300 } as const;

/** The tickets the queue is made of now: being handled and waiting (what the real-time panel lists). */
export const LIVE_STATUSES = ['open', 'pending'] as const satisfies readonly Ticket['status'][];

/** After a live event the figures load again once events have paused this long… */
export const REFRESH_DEBOUNCE_MS = 1000;
/** …or at the latest this long after the first event of a burst (a busy company never pauses). */
export const REFRESH_MAX_WAIT_MS = 5000;

/** How long to wait before loading again, for an event at `now` in a burst whose first event came at `firstAt`. */
export function refreshDelay(firstAt: number, now: number): number {
  return Math.max(0, Math.min(REFRESH_DEBOUNCE_MS, firstAt + REFRESH_MAX_WAIT_MS - now));
}

export type QueueLoad = { key: string; queueId: number | null; name: string | null; pending: number };
export type LiveQueue = {
  pending: number;
  open: number;
  /** Pending tickets per queue (no queue: `queueId` null), the longest first. */
  byQueue: QueueLoad[];
  /** How long the ticket waiting longest has waited (since it was opened), in seconds; null when none waits. */
  longestWaitSeconds: number | null;
};

/** Where the tickets stand now (the open and pending ones of the real-time panel). */
export function liveQueue(tickets: readonly Pick<Ticket, 'id' | 'status' | 'queueId' | 'queue' | 'createdAt'>[], now: Date): LiveQueue {
  const queues = new Map<string, QueueLoad>();
  let pending = 0;
  let open = 0;
  let oldest: number | null = null;
  for (const t of tickets) {
    if (t.status === 'open') open += 1;
    if (t.status !== 'pending') continue;
    pending += 1;
    const key = t.queueId === null ? 'none' : `q${t.queueId}`;
    const load = queues.get(key) ?? { key, queueId: t.queueId, name: t.queue?.name ?? null, pending: 0 };
    load.pending += 1;
    queues.set(key, load);
    const opened = Date.parse(t.createdAt);
    if (Number.isFinite(opened) && (oldest === null || opened < oldest)) oldest = opened;
  }
  const byQueue = [...queues.values()].sort((a, b) => b.pending - a.pending || (a.name ?? '').localeCompare(b.name ?? ''));
  return { pending, open, byQueue, longestWaitSeconds: oldest === null ? null : Math.max(0, Math.round((now.getTime() - oldest) / 1000)) };
}

export type RealtimeAlert = { id: string; kind: 'queue'; queue: QueueLoad } | { id: 'wait'; kind: 'wait'; seconds: number };

/** The real-time alerts: every queue with more than 10 waiting, and a wait over 300 s. */
export function realtimeAlerts(live: LiveQueue): RealtimeAlert[] {
  const alerts: RealtimeAlert[] = live.byQueue
    .filter((q) => q.pending > REALTIME_LIMITS.queuePending)
    .map((queue) => ({ id: `queue-${queue.key}`, kind: 'queue', queue }));
  if (live.longestWaitSeconds !== null && live.longestWaitSeconds > REALTIME_LIMITS.waitSeconds) {
    alerts.push({ id: 'wait', kind: 'wait', seconds: live.longestWaitSeconds });
  }
  return alerts;
}

/** A `user:status` event applied to the attendants (the same list when nothing changes). */
export function applyPresence<T extends Pick<DashboardAttendant, 'id' | 'online'>>(attendants: readonly T[], userId: number, online: boolean): readonly T[] {
  return attendants.some((a) => a.id === userId && a.online !== online) ? attendants.map((a) => (a.id === userId ? { ...a, online } : a)) : attendants;
}

/** Seconds as '45s', '5m 20s', '2h 05m'. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  if (days > 0) return `${days}d ${String(hours).padStart(2, '0')}h`;
  return `${hours}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
