import type { Socket } from 'socket.io-client';

/** What keepSignedIn needs of the socket (`active`: whether it reconnects by itself, false once the server refused or ended it). */
export type SignedSocket = Pick<Socket, 'connected' | 'active' | 'connect' | 'on' | 'off'>;

export type SessionCalls = {
  /** A fresh access token, stored (the socket's next connection presents it). */
  refresh(): Promise<unknown>;
  /** Whether a failed refresh means the session is gone (401/403), not a network failure. */
  sessionGone(err: unknown): boolean;
  /** Signs the user out. */
  drop(): void;
};

/** Waits between attempts while the refresh cannot reach the server, longest last. */
export const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * The server ends a socket when its token expires, its session ends or its user changes, and refuses a
 * connection with a stale token; socket.io does not come back by itself after either. This refreshes the
 * token and connects again (at once the first time, then waiting longer each time), or signs the user out
 * when the session is gone. Returns the function that stops it.
 */
export function keepSignedIn(socket: SignedSocket, session: SessionCalls, delays: readonly number[] = RETRY_DELAYS_MS): () => void {
  let stopped = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  const reconnect = async () => {
    if (stopped || running || socket.connected) return;
    running = true;
    try {
      await session.refresh();
    } catch (err) {
      if (stopped) return;
      if (session.sessionGone(err)) session.drop();
      else later();
      return;
    } finally {
      running = false;
    }
    if (!stopped && !socket.connected) socket.connect();
  };
  /** The next attempt after the wait that follows the attempts made so far. */
  const later = () => {
    clearTimeout(timer);
    const wait = delays[Math.min(Math.max(attempts - 1, 0), delays.length - 1)];
    attempts++;
    timer = setTimeout(() => void reconnect(), wait);
  };
  const soonOrLater = () => (attempts === 0 ? (attempts++, void reconnect()) : later());

  const onConnect = () => {
    attempts = 0;
  };
  const onDisconnect = (reason: string) => {
    if (reason === 'io server disconnect') soonOrLater();
  };
  const onRefused = () => {
    // A transport failure (server restarting) leaves the client reconnecting by itself.
    if (!socket.active) soonOrLater();
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onRefused);
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onRefused);
  };
}
