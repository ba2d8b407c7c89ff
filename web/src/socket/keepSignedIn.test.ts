import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSignedIn, type SignedSocket } from './keepSignedIn';

/** A socket as socket.io-client behaves around a server that ends or refuses it. */
function fakeSocket() {
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  const socket = {
    connected: true,
    active: true,
    connects: 0,
    connect() {
      socket.connects++;
    },
    on(event: string, listener: (...args: never[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event: string, listener: (...args: never[]) => void) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
    },
    /** The server ended the socket: socket.io does not reconnect by itself. */
    cutByServer() {
      socket.connected = false;
      socket.active = false;
      socket.emit('disconnect', 'io server disconnect');
    },
    refusedByServer(code: string) {
      socket.connected = false;
      socket.active = false;
      socket.emit('connect_error', new Error(code));
    },
    opened() {
      socket.connected = true;
      socket.active = true;
      socket.emit('connect');
    },
  };
  return socket;
}

const gone = Object.assign(new Error('401'), { response: { status: 401 } });
const offline = new Error('Network Error');

function session(results: unknown[] = []) {
  const refresh = vi.fn(async () => {
    const next = results.shift();
    if (next instanceof Error) throw next;
    return next;
  });
  return { refresh, drop: vi.fn(), sessionGone: (err: unknown) => (err as { response?: { status?: number } }).response?.status === 401 };
}

/** Lets pending promise callbacks (the refresh's answer) run; timers stay faked. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('keepSignedIn', () => {
  it('refreshes the token and connects again when the server ends the socket (token expired, user changed)', async () => {
    const socket = fakeSocket();
    const calls = session();
    keepSignedIn(socket as unknown as SignedSocket, calls);
    socket.cutByServer();
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    expect(calls.drop).not.toHaveBeenCalled();
  });

  it('signs the user out when the refresh says the session is gone', async () => {
    const socket = fakeSocket();
    const calls = session([gone]);
    keepSignedIn(socket as unknown as SignedSocket, calls);
    socket.cutByServer();
    await vi.waitFor(() => expect(calls.drop).toHaveBeenCalledTimes(1));
    expect(socket.connects).toBe(0);
  });

  it('answers a refused connection (stale token) the same way, and waits longer while the refresh cannot reach the server', async () => {
    const socket = fakeSocket();
    const calls = session([offline, offline, 'token']);
    keepSignedIn(socket as unknown as SignedSocket, calls, [1000, 5000]);
    socket.refusedByServer('ERR_SESSION_EXPIRED');
    await vi.waitFor(() => expect(calls.refresh).toHaveBeenCalledTimes(1));
    await settle();
    vi.advanceTimersByTime(999);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(calls.refresh).toHaveBeenCalledTimes(2));
    await settle();
    vi.advanceTimersByTime(4999);
    expect(calls.refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(calls.drop).not.toHaveBeenCalled();
  });

  it('leaves a transport failure to socket.io, which reconnects by itself', async () => {
    const socket = fakeSocket();
    const calls = session();
    keepSignedIn(socket as unknown as SignedSocket, calls);
    socket.connected = false;
    socket.emit('disconnect', 'transport close');
    socket.emit('connect_error', new Error('xhr poll error'));
    await settle();
    vi.advanceTimersByTime(60_000);
    expect(calls.refresh).not.toHaveBeenCalled();
    expect(socket.connects).toBe(0);
  });

  it('comes back at once again after a connection that held, and does nothing once stopped', async () => {
    const socket = fakeSocket();
    const calls = session();
    const stop = keepSignedIn(socket as unknown as SignedSocket, calls);
    socket.cutByServer();
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    socket.opened();
    socket.cutByServer();
    await vi.waitFor(() => expect(socket.connects).toBe(2));
    socket.opened();
    stop();
    socket.cutByServer();
    await settle();
    vi.advanceTimersByTime(60_000);
    expect(calls.refresh).toHaveBeenCalledTimes(2);
    expect(socket.connects).toBe(2);
  });
});
