import { tokenLifetime } from '@atende/kit/token-lifetime';

export type RenewalCalls = {
  token(): string | null;
  /** Subscribes to token changes; returns the unsubscribe function. */
  onTokenChange(listener: (token: string | null) => void): () => void;
  /** A fresh token, stored (onTokenChange hears it). */
  refresh(): Promise<unknown>;
  /** Whether a failed refresh means the session is gone (401/403), not a network failure. */
  sessionGone(err: unknown): boolean;
  drop(): void;
};

/**
 * A token is renewed a minute before it expires (a quarter of its life before, for short-lived ones, and
 * never sooner than a second from now); a refresh that could not reach the server is tried again 30 s later.
 */
export const RENEW_BEFORE_MS = 60_000;
export const RETRY_AFTER_MS = 30_000;
const SOONEST_MS = 1000;

/**
 * Renews the access token shortly before it expires while the page is signed in, so that neither the
 * next request (403, retried) nor the live socket (ended at its token's expiry) meets an expired one.
 * Returns the function that stops it.
 */
export function renewBeforeExpiry(calls: RenewalCalls, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const renew = async () => {
    const before = calls.token();
    try {
      await calls.refresh();
    } catch (err) {
      if (stopped || calls.token() !== before) return;
      if (calls.sessionGone(err)) calls.drop();
      else timer = setTimeout(() => void renew(), RETRY_AFTER_MS);
    }
  };
  const plan = (token: string | null) => {
    clearTimeout(timer);
    const life = token ? tokenLifetime(token) : null;
    if (life === null || stopped) return;
    const lead = life.issuedAt === null ? RENEW_BEFORE_MS : Math.min(RENEW_BEFORE_MS, (life.expiresAt - life.issuedAt) / 4);
    timer = setTimeout(() => void renew(), Math.max(SOONEST_MS, life.expiresAt - lead - now()));
  };
  plan(calls.token());
  const off = calls.onTokenChange(plan);
  return () => {
    stopped = true;
    clearTimeout(timer);
    off();
  };
}
