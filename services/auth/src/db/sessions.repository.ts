import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { refreshTokens, sessions, type SessionRow } from './schema.js';
import type { AuthDb } from './users.repository.js';

export function sessionsRepository(db: AuthDb) {
  return {
    create: async (values: typeof sessions.$inferInsert): Promise<SessionRow> => (await db.insert(sessions).values(values).returning())[0]!,
    addToken: async (hash: string, sessionId: string): Promise<void> => {
      await db.insert(refreshTokens).values({ hash, sessionId });
    },
    /** The token row with its session, locked for the rotation. */
    findToken: async (hash: string) =>
      (
        await db
          .select({ token: refreshTokens, session: sessions })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.hash, hash))
          .for('update')
          .limit(1)
      )[0],
    markRotated: async (hash: string): Promise<void> => {
      await db.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.hash, hash));
    },
    touch: async (sessionId: string): Promise<void> => {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
    findById: async (sessionId: string): Promise<SessionRow | undefined> => (await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1))[0],
    revoke: async (sessionIds: string[], reason: string): Promise<string[]> => {
      if (sessionIds.length === 0) return [];
      return (
        await db
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: reason })
          .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id })
      ).map((r) => r.id);
    },
    /** Revoke every live session of a user except `keep`; returns the revoked ids. */
    revokeUser: async (userId: number, reason: string, keep?: string): Promise<string[]> =>
      (
        await db
          .update(sessions)
          .set({ revokedAt: new Date(), revokedReason: reason })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
          .returning({ id: sessions.id })
      ).map((r) => r.id),
    /** Sessions ended early since `since`, with when. */
    revokedSince: async (since: Date): Promise<{ id: string; revokedAt: Date }[]> =>
      (await db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions).where(gte(sessions.revokedAt, since))).flatMap((r) =>
        r.revokedAt ? [{ id: r.id, revokedAt: r.revokedAt }] : [],
      ),
    /** Sessions dead for a while are dropped with their tokens. */
    purgeExpired: async (): Promise<void> => {
      await db.delete(sessions).where(sql`${sessions.expiresAt} < now() - interval '1 day' or ${sessions.revokedAt} < now() - interval '30 days'`);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
