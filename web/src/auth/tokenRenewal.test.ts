import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenLifetime } from '@atende/kit/contracts';
import { RETRY_AFTER_MS, renewBeforeExpiry } from './tokenRenewal';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned token with these claims (only its payload is read here). */
const tokenWith = (claims: { iat?: number; exp?: number }) => `${base64url({ alg: 'ES256' })}.${base64url({ sub: '7', ...claims })}.signature`;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A session whose refresh hands out a new 15-minute token, or fails as told. */
function session(start: string, failures: unknown[] = []) {
  let token: string | null = start;
  const listeners = new Set<(t: string | null) => void>();
  const calls = {
    token: () => token,
    onTokenChange: (listener: (t: string | null) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: vi.fn(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      token = tokenWith({ iat: seconds(Date.now()), exp: seconds(Date.now()) + 900 });
      for (const l of listeners) l(token);
    }),
    sessionGone: (err: unknown) => (err as { response?: { status?: number } }).response?.status === 401,
    drop: vi.fn(),
  };
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('tokenLifetime', () => {
  it('reads iat and exp in milliseconds; null without exp or for text that is no token', () => {
    expect(tokenLifetime(tokenWith({ iat: 100, exp: 1000 }))).toEqual({ issuedAt: 100_000, expiresAt: 1_000_000 });
    expect(tokenLifetime(tokenWith({ exp: 1000 }))).toEqual({ issuedAt: null, expiresAt: 1_000_000 });
    expect(tokenLifetime(tokenWith({ iat: 100 }))).toBeNull();
    expect(tokenLifetime('not-a-token')).toBeNull();
  });
});

describe('renewBeforeExpiry', () => {
  it('refreshes a minute before a 15-minute token expires, then again before the new one does', async () => {
    const now = seconds(Date.now());
    const calls = session(tokenWith({ iat: now, exp: now + 900 }));
    const stop = renewBeforeExpiry(calls);
    await vi.advanceTimersByTimeAsync(839_000);
    expect(calls.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(840_000);
    expect(calls.refresh).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls.refresh).toHaveBeenCalledTimes(2);
  });

  it('renews a short-lived token a quarter of its life before it expires, never sooner than a second from now', async () => {
    const now = seconds(Date.now());
    const calls = session(tokenWith({ iat: now, exp: now + 40 }));
    renewBeforeExpiry(calls);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.refresh).toHaveBeenCalledTimes(1);

    const expired = session(tokenWith({ iat: now - 1000, exp: now - 100 }));
    renewBeforeExpiry(expired);
    await vi.advanceTimersByTimeAsync(999);
    expect(expired.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(expired.refresh).toHaveBeenCalledTimes(1);
  });

  it('tries again after 30 s while the server cannot be reached, and signs out when the session is gone', async () => {
    const now = seconds(Date.now());
    const calls = session(tokenWith({ iat: now, exp: now + 900 }), [new Error('Network Error'), Object.assign(new Error('401'), { response: { status: 401 } })]);
    renewBeforeExpiry(calls);
    await vi.advanceTimersByTimeAsync(840_000);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    expect(calls.drop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(calls.refresh).toHaveBeenCalledTimes(2);
    expect(calls.drop).toHaveBeenCalledTimes(1);
  });
});
