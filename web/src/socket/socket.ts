import { io, type Socket } from 'socket.io-client';

/**
 * The live connection (spec 000 §7 "Live events"): path /socket.io on the same origin, the user id
 * and token in the query, reconnecting without limit after 1 second.
 */
export function createSocket(token: string, userId: number): Socket {
  return io({
    path: '/socket.io',
    query: { token, userId: String(userId) },
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 1000,
    randomizationFactor: 0,
  });
}

/** A later reconnection presents the current token (the manager re-reads its query). */
export function updateSocketToken(socket: Socket, token: string): void {
  const opts = socket.io.opts as { query?: Record<string, string> };
  opts.query = { ...(opts.query ?? {}), token };
}

/** `company-{id}-<name>` event names of spec 000 §7. */
export const companyEvent = (companyId: number, name: string): string => `company-${companyId}-${name}`;

/** Outgoing user status heartbeat interval (spec 000 §7). */
export const USER_STATUS_INTERVAL_MS = 300_000;
/** After 'another session' the page reloads after this delay (spec 000 §8, §9). */
export const SESSION_REPLACED_DELAY_MS = 1000;
