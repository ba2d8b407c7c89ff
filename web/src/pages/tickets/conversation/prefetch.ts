/**
 * Requests started when a ticket is clicked in the list, before the conversation mounts: the route
 * change renders the whole conversation panel first, and the panel then asked for the ticket and only
 * after it for its messages (by id). Clicking starts both at once; the panel takes them when it mounts.
 * Taken once, and only fresh ones (a click not followed by a mount leaves nothing usable behind).
 */
const MAX_AGE_MS = 2_000;

const started = new Map<string, { at: number; promise: Promise<unknown> }>();

export function prefetch<T>(key: string, load: () => Promise<T>, now = Date.now()): void {
  for (const [k, entry] of started) if (now - entry.at > MAX_AGE_MS) started.delete(k);
  const promise = load();
  promise.catch(() => undefined); // reported by whoever takes it
  started.set(key, { at: now, promise });
}

/** The prefetched request of `key` when fresh (removed), or a new one. */
export function takePrefetched<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const entry = started.get(key);
  started.delete(key);
  return entry && now - entry.at <= MAX_AGE_MS ? (entry.promise as Promise<T>) : load();
}

export const ticketKey = (uuid: string) => `ticket:${uuid}`;
export const firstMessagesKey = (ticketId: number) => `messages:${ticketId}:1`;
