import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SendCommand, SessionStatus } from '@atende/kit';
import type { ChannelsDb } from '../deps.js';
import { connections, pendingSends, sessionKeys, sessionLeases } from './schema.js';

/** The key under which a session's credentials (Baileys' `creds`) are stored: present = paired. */
export const CREDENTIALS_KEY = 'creds';

export type SessionConnectionRow = typeof connections.$inferSelect;
export type PendingSendRow = { id: number; connectionId: number; companyId: number; command: SendCommand };

/** Sessions' stored state: keys, leases, status and the sends waiting for a session (drizzle queries only). */
export function sessionsRepository(db: ChannelsDb) {
  return {
    /** The connection whatever its company (a session acts on ids it was given by its own service). */
    connection: async (id: number): Promise<SessionConnectionRow | undefined> =>
      (await db.select().from(connections).where(eq(connections.id, id)).limit(1))[0],

    /** Whether the connection takes group messages (its allowGroup; a connection gone takes none). */
    allowsGroups: async (id: number): Promise<boolean> =>
      (await db.select({ allowGroup: connections.allowGroup }).from(connections).where(eq(connections.id, id)).limit(1))[0]?.allowGroup ?? false,

    /** Paired (WhatsApp: stored creds) or linked (Facebook, Instagram: a page token). */
    hasCredentials: async (connectionId: number): Promise<boolean> =>
      (await db.select({ key: sessionKeys.key }).from(sessionKeys).where(and(eq(sessionKeys.connectionId, connectionId), eq(sessionKeys.key, CREDENTIALS_KEY))).limit(1))
        .length > 0 ||
      (await db.select({ id: connections.id }).from(connections).where(and(eq(connections.id, connectionId), isNotNull(connections.facebookUserToken))).limit(1)).length > 0,

    /** A logout: the session's keys and a Facebook / Instagram connection's page token are forgotten. */
    forgetCredentials: async (connectionId: number): Promise<void> => {
      await db.delete(sessionKeys).where(eq(sessionKeys.connectionId, connectionId));
      await db.update(connections).set({ facebookUserToken: null }).where(and(eq(connections.id, connectionId), isNotNull(connections.facebookUserToken)));
    },

    /** Writes a session's state; answers the row as stored. */
    setState: async (id: number, state: { status: SessionStatus; qrcode: string; retries: number; number: string }): Promise<SessionConnectionRow | undefined> =>
      (await db.update(connections).set({ ...state, updatedAt: new Date() }).where(eq(connections.id, id)).returning())[0],

    /** Writes a connection's history import state (spec 001 §3); answers the row as stored. */
    setImportState: async (
      id: number,
      changes: { statusImportMessages: string | null; importOldMessages?: null; importRecentMessages?: null },
    ): Promise<SessionConnectionRow | undefined> => (await db.update(connections).set(changes).where(eq(connections.id, id)).returning())[0],

    // --- keys (the driver's auth state) ---
    getKeys: async (connectionId: number, keys: string[]): Promise<Map<string, unknown>> => {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: sessionKeys.key, value: sessionKeys.value })
        .from(sessionKeys)
        .where(and(eq(sessionKeys.connectionId, connectionId), inArray(sessionKeys.key, keys)));
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    /** Upserts the entries with a value, deletes those whose value is null. */
    setKeys: async (connectionId: number, entries: { key: string; value: unknown | null }[]): Promise<void> => {
      const upserts = new Map<string, unknown>();
      const removals = new Set<string>();
      // The last write of a key wins within one call (Baileys may set and clear the same key in a batch).
      for (const e of entries) {
        if (e.value === null || e.value === undefined) {
          upserts.delete(e.key);
          removals.add(e.key);
        } else {
          removals.delete(e.key);
          upserts.set(e.key, e.value);
        }
      }
      if (removals.size > 0) await db.delete(sessionKeys).where(and(eq(sessionKeys.connectionId, connectionId), inArray(sessionKeys.key, [...removals])));
      if (upserts.size > 0) {
        await db
          .insert(sessionKeys)
          .values([...upserts].map(([key, value]) => ({ connectionId, key, value, updatedAt: new Date() })))
          .onConflictDoUpdate({ target: [sessionKeys.connectionId, sessionKeys.key], set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` } });
      }
    },
    clearKeys: async (connectionId: number): Promise<void> => {
      await db.delete(sessionKeys).where(eq(sessionKeys.connectionId, connectionId));
    },

    // --- leases (which worker runs a session) ---
    /** Takes the lease when free, expired or already ours; true when this owner holds it afterwards. */
    acquireLease: async (connectionId: number, owner: string, ms: number): Promise<boolean> => {
      const rows = await db.execute(sql`
        insert into ${sessionLeases} (connection_id, owner, expires_at)
        values (${connectionId}, ${owner}, now() + ${ms} * interval '1 millisecond')
        on conflict (connection_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
        where ${sessionLeases.expiresAt} < now() or ${sessionLeases.owner} = excluded.owner
        returning connection_id`);
      return rows.length > 0;
    },
    /** Extends this owner's leases; answers the ids still held (a lease another worker took over is lost). */
    renewLeases: async (connectionIds: number[], owner: string, ms: number): Promise<number[]> => {
      if (connectionIds.length === 0) return [];
      const rows = await db
        .update(sessionLeases)
        .set({ expiresAt: sql`now() + ${ms} * interval '1 millisecond'` })
        .where(and(inArray(sessionLeases.connectionId, connectionIds), eq(sessionLeases.owner, owner)))
        .returning({ connectionId: sessionLeases.connectionId });
      return rows.map((r) => r.connectionId);
    },
    releaseLease: async (connectionId: number, owner: string): Promise<void> => {
      await db.delete(sessionLeases).where(and(eq(sessionLeases.connectionId, connectionId), eq(sessionLeases.owner, owner)));
    },
    /**
     * Connections of the given channels no worker runs: no lease (never started, or given up on a worker's
     * shutdown) or an expired one (its worker died), with whether credentials are stored.
     */
    unheldSessions: async (channels: readonly string[]): Promise<(SessionConnectionRow & { hasCredentials: boolean })[]> => {
      const rows = await db
        .select({
          connection: connections,
          hasCredentials: sql<boolean>`(${connections.facebookUserToken} is not null or exists (select 1 from ${sessionKeys} where ${sessionKeys.connectionId} = ${connections.id} and ${sessionKeys.key} = ${CREDENTIALS_KEY}))`,
        })
        .from(connections)
        .leftJoin(sessionLeases, eq(sessionLeases.connectionId, connections.id))
        .where(and(inArray(connections.channel, [...channels]), sql`(${sessionLeases.connectionId} is null or ${sessionLeases.expiresAt} < now())`))
        .orderBy(asc(connections.id));
      return rows.map((r) => ({ ...r.connection, hasCredentials: r.hasCredentials }));
    },
    /** Whether some worker (any) holds a live lease on the connection. */
    leaseHolder: async (connectionId: number): Promise<string | null> =>
      (
        await db
          .select({ owner: sessionLeases.owner })
          .from(sessionLeases)
          .where(and(eq(sessionLeases.connectionId, connectionId), sql`${sessionLeases.expiresAt} >= now()`))
          .limit(1)
      )[0]?.owner ?? null,

    // --- sends waiting for a session ---
    addPendingSend: async (companyId: number, command: SendCommand): Promise<void> => {
      await db.insert(pendingSends).values({ companyId, connectionId: command.connectionId, command });
    },
    hasPendingSends: async (connectionId: number): Promise<boolean> =>
      (await db.select({ id: pendingSends.id }).from(pendingSends).where(eq(pendingSends.connectionId, connectionId)).limit(1)).length > 0,
    /** The oldest waiting send of the connection, locked (another transaction skips it). */
    nextPendingSend: async (connectionId: number): Promise<PendingSendRow | undefined> =>
      (
        await db
          .select()
          .from(pendingSends)
          .where(eq(pendingSends.connectionId, connectionId))
          .orderBy(asc(pendingSends.id))
          .limit(1)
          .for('update', { skipLocked: true })
      ).map((r) => ({ id: r.id, connectionId: r.connectionId, companyId: r.companyId, command: r.command as SendCommand }))[0],
    removePendingSend: async (id: number): Promise<void> => {
      await db.delete(pendingSends).where(eq(pendingSends.id, id));
    },
    /** Removes and answers every waiting send of the connection (they fail: logged out, deleted). */
    takePendingSends: async (connectionId: number): Promise<PendingSendRow[]> =>
      (await db.delete(pendingSends).where(eq(pendingSends.connectionId, connectionId)).returning()).map((r) => ({
        id: r.id,
        connectionId: r.connectionId,
        companyId: r.companyId,
        command: r.command as SendCommand,
      })),
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
