import type { Channel, SessionStatus } from '@atende/kit';

/**
 * Channels whose sessions this service runs itself: a socket held by a worker (WhatsApp), or a page
 * token checked and used by one worker (Facebook, Instagram over Meta's Graph API: drivers/facebook.ts).
 */
export const sessionChannels: readonly Channel[] = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'];

/** First wait before reconnecting a session that could not connect; doubles per failure up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * How long to wait before attempt `retries` + 1 after `retries` failures in a row: exponential, capped,
 * with ±20 % jitter so the sessions of a dead worker do not all reconnect in the same instant.
 */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(Math.max(0, retries), 20));
  const jitter = 0.8 + 0.4 * random();
  return Math.round(Math.min(RETRY_MAX_MS, exponential * jitter));
}

/** Why a driver's socket closed, as the session rules need it. */
export type CloseReason =
  /** The phone removed this device (or the credentials were rejected). */
  | 'loggedOut'
  /** The server asks for a new socket (normal right after a QR scan). */
  | 'restartRequired'
  /** Another socket took over these credentials (another worker, or a stale one). */
  | 'replaced'
  /** Nobody scanned the QR codes in time. */
  | 'qrTimeout'
  /** Network trouble, server closed, timeouts. */
  | 'lost';

export type AfterClose =
  | { kind: 'loggedOut' }
  | { kind: 'reconnect'; delayMs: number }
  /** Stay down until someone asks (retry or new QR): status DISCONNECTED, no timer. */
  | { kind: 'idle' };

/** What a session does after its socket closed (`retries`: failures in a row before this one). */
export function afterClose(reason: CloseReason, retries: number, random?: () => number): AfterClose {
  switch (reason) {
    case 'loggedOut':
      return { kind: 'loggedOut' };
    case 'restartRequired':
      return { kind: 'reconnect', delayMs: 0 };
    case 'replaced':
    case 'qrTimeout':
      return { kind: 'idle' };
    case 'lost':
      return { kind: 'reconnect', delayMs: retryDelayMs(retries, random) };
  }
}

export type SessionState = { status: SessionStatus; qrcode: string; retries: number; number: string };

/**
 * The stored state after a driver's report: the QR text only while showing one, retries counted per
 * failed connection (DISCONNECTED reported by the driver) and reset once connected, the number learnt on
 * connection kept otherwise. null: nothing changed (no write, no event).
 */
export function nextSessionState(current: SessionState, update: { status: SessionStatus; qrcode?: string; number?: string }): SessionState | null {
  const next: SessionState = {
    status: update.status,
    qrcode: update.status === 'qrcode' ? (update.qrcode ?? '') : '',
    retries: update.status === 'CONNECTED' ? 0 : update.status === 'DISCONNECTED' ? current.retries + 1 : current.retries,
    number: update.number ?? current.number,
  };
  const same = next.status === current.status && next.qrcode === current.qrcode && next.number === current.number && next.retries === current.retries;
  // A repeated DISCONNECTED is a new failure (retries grow), so it is never "the same".
  return same && update.status !== 'DISCONNECTED' ? null : next;
}

/**
 * Whether a worker resumes a connection's session on start: a channel it runs, and either credentials
 * are stored (it was paired: reconnect without a new QR) or someone was pairing it (OPENING, qrcode,
 * PAIRING: a new QR is shown). A DISCONNECTED connection without credentials (logged out, never
 * paired) waits for a person to ask.
 */
export function shouldResume(connection: { channel: string; status: string }, hasCredentials: boolean): boolean {
  if (!sessionChannels.includes(connection.channel as Channel)) return false;
  return hasCredentials || ['OPENING', 'qrcode', 'PAIRING'].includes(connection.status);
}

/**
 * What happens to a send command whose connection no session delivers right now: it fails (ack -1,
 * ERR_WAPP_NOT_INITIALIZED) only when the connection is logged out (DISCONNECTED without credentials);
 * otherwise it waits for the session to connect (ack stays 0).
 */
export function undeliveredSend(connection: { status: string }, hasCredentials: boolean): 'fail' | 'wait' {
  return connection.status === 'DISCONNECTED' && !hasCredentials ? 'fail' : 'wait';
}

/** A driver's send found its socket down: the command is kept for the next connection, not failed. */
export class SessionNotConnectedError extends Error {
  constructor(message = 'session not connected') {
    super(message);
    this.name = 'SessionNotConnectedError';
  }
}
