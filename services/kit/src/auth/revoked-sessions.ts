import type { Bus, Subscription } from '../bus/types.js';
import { ACCESS_TOKEN_TTL_MS } from './tokens.js';

/**
 * Sessions ended before their access tokens expire (logout, a sign-in elsewhere, a new password, the user
 * deleted), as auth announces them (auth.session.revoked): every service refuses their tokens from then on,
 * until those tokens would have expired anyway. Kept in memory per process: a process started after the
 * announcement accepts such a token for what is left of its 15 minutes, as before this list existed.
 */
export class RevokedSessions {
  /** Session id → until when it is refused; insertion order is expiry order (every entry lives keepMs). */
  private readonly until = new Map<string, number>();

  constructor(private readonly keepMs = ACCESS_TOKEN_TTL_MS) {}

  add(sessionIds: readonly string[], now = Date.now()): void {
    for (const [id, at] of this.until) {
      if (at > now) break;
      this.until.delete(id);
    }
    for (const id of sessionIds) {
      this.until.delete(id);
      this.until.set(id, now + this.keepMs);
    }
  }

  has(sessionId: string, now = Date.now()): boolean {
    const at = this.until.get(sessionId);
    return at !== undefined && at > now;
  }
}

/** The revoked sessions, kept current from auth's announcements. */
export async function watchRevokedSessions(bus: Bus): Promise<{ revoked: RevokedSessions; subscription: Subscription }> {
  const revoked = new RevokedSessions();
  const subscription = await bus.fanout('auth.session.revoked', (envelope) => revoked.add((envelope.data as { sessionIds: string[] }).sessionIds));
  return { revoked, subscription };
}
