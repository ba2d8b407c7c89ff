import type { Logger } from 'pino';
import { ask } from '../bus/envelope.js';
import type { Bus, Subscription } from '../bus/types.js';
import type { ResponseOf } from '../contracts/events.js';
import type { User } from '../contracts/users.js';
import { ACCESS_TOKEN_TTL_MS, type AuthUser } from './tokens.js';

/**
 * What changed since an access token was signed, as auth announces it, so every service reads a token as its
 * session now is rather than as it was up to 15 minutes ago:
 * - sessions ended early (auth.session.revoked: logout, a sign-in elsewhere, a new password, the user deleted)
 *   are refused until their tokens would have expired anyway;
 * - a user whose profile or super flag changed (auth.user.updated) acts with the new ones (a demoted admin
 *   loses the admin routes at once).
 * Kept in memory per process; a process that starts asks auth for the changes of the last token lifetime
 * (auth.session.recentChanges), so it does not read a token as it was signed either.
 */
export class SessionChanges {
  /** Session id → until when it is refused. Insertion order is expiry order (every entry lives keepMs). */
  private readonly revoked = new Map<string, number>();
  /** User id → their profile and super flag as last announced, until no token signed before can be alive. */
  private readonly users = new Map<number, { profile: AuthUser['profile']; super: boolean; until: number }>();

  constructor(private readonly keepMs = ACCESS_TOKEN_TTL_MS) {}

  revoke(sessionIds: readonly string[], now = Date.now()): void {
    forgetExpired(this.revoked, now, (until) => until);
    for (const id of sessionIds) {
      this.revoked.delete(id);
      this.revoked.set(id, now + this.keepMs);
    }
  }

  isRevoked(sessionId: string, now = Date.now()): boolean {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until > now;
  }

  userChanged(user: Pick<User, 'id' | 'profile' | 'super'>, now = Date.now()): void {
    forgetExpired(this.users, now, (entry) => entry.until);
    this.users.delete(user.id);
    this.users.set(user.id, { profile: user.profile, super: user.super, until: now + this.keepMs });
  }

  /**
   * Changes that happened before this process listened (auth's answer at startup), each kept for a token's
   * lifetime from when it happened; never shortens what an announcement heard meanwhile set.
   */
  catchUp(recent: ResponseOf<'auth.session.recentChanges'>, now = Date.now()): void {
    for (const { sessionId, at } of recent.revoked) {
      const until = Date.parse(at) + this.keepMs;
      if (until > now && until > (this.revoked.get(sessionId) ?? 0)) this.revoked.set(sessionId, until);
    }
    for (const user of recent.users) {
      const until = Date.parse(user.at) + this.keepMs;
      if (until > now && until > (this.users.get(user.id)?.until ?? 0)) this.users.set(user.id, { profile: user.profile, super: user.super, until });
    }
  }

  /** The caller with the profile and super flag their user has now (as last announced). */
  current(auth: AuthUser, now = Date.now()): AuthUser {
    const user = this.users.get(auth.userId);
    if (!user || user.until <= now || (user.profile === auth.profile && user.super === auth.super)) return auth;
    return { ...auth, profile: user.profile, super: user.super };
  }
}

/** Drops the entries whose time is over (the oldest come first). */
function forgetExpired<K, V>(entries: Map<K, V>, now: number, until: (value: V) => number): void {
  for (const [key, value] of entries) {
    if (until(value) > now) break;
    entries.delete(key);
  }
}

/**
 * The session changes, kept current from auth's announcements, and caught up with what happened before
 * this process listened. The catch-up runs in the background (auth may not answer yet: it may be starting in
 * this very process), asked again a few times; `caughtUp` settles when it is done or given up.
 */
export async function watchSessionChanges(
  bus: Bus,
  options: { logger?: Pick<Logger, 'warn'>; tries?: number; retryMs?: number } = {},
): Promise<{ changes: SessionChanges; subscriptions: Subscription[]; caughtUp: Promise<boolean> }> {
  const changes = new SessionChanges();
  const subscriptions = await Promise.all([
    bus.fanout('auth.session.revoked', (envelope) => changes.revoke((envelope.data as { sessionIds: string[] }).sessionIds)),
    bus.fanout('auth.user.updated', (envelope) => changes.userChanged((envelope.data as { user: User }).user)),
  ]);
  const { tries = 10, retryMs = 1000 } = options;
  const caughtUp = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        changes.catchUp(await ask(bus, 'auth.session.recentChanges', { withinMs: ACCESS_TOKEN_TTL_MS }, { timeoutMs: 5000 }));
        return true;
      } catch (err) {
        if (attempt >= tries) {
          options.logger?.warn({ err }, 'recent session changes unavailable; tokens are read as signed until their expiry');
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      }
    }
  })();
  return { changes, subscriptions, caughtUp };
}
