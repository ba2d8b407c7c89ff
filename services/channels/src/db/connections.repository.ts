import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { connections, sessionKeys, sessionLeases } from './schema.js';

export type ConnectionRow = typeof connections.$inferSelect;
export type NewConnectionRow = typeof connections.$inferInsert;

/** The constraints of the connections table a unique violation may name. */
export const CONNECTION_NAME_KEY = 'connections_company_name_key';
export const CONNECTION_DEFAULT_KEY = 'connections_company_default_key';
export const CONNECTION_TOKEN_KEY = 'connections_token_key';

/** The Postgres constraint a unique violation names (drizzle wraps the driver's error in `cause`), else null. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint_name?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint_name ?? pg.constraint ?? '';
  }
  return null;
}

/** Alphabetical as people read it, whatever the database's collation. */
const byName = [sql`lower(${connections.name})`, asc(connections.name), asc(connections.id)];

/** A company's messaging connections (drizzle queries only; every query is scoped by company unless it says otherwise). */
export function connectionsRepository(db: ChannelsDb) {
  return {
    list: async (companyId: number, channel?: string): Promise<ConnectionRow[]> =>
      db
        .select()
        .from(connections)
        .where(and(eq(connections.companyId, companyId), channel ? eq(connections.channel, channel) : undefined))
        .orderBy(...byName),
    /** Every company's connections (super user's all-connections page), by company then name. */
    listAll: async (channel?: string): Promise<ConnectionRow[]> =>
      db
        .select()
        .from(connections)
        .where(channel ? eq(connections.channel, channel) : undefined)
        .orderBy(asc(connections.companyId), ...byName),
    /** `companyId` null: any company's (super users). */
    findById: async (companyId: number | null, id: number, options: { lock?: boolean } = {}): Promise<ConnectionRow | undefined> => {
      const query = db
        .select()
        .from(connections)
        .where(and(eq(connections.id, id), companyId === null ? undefined : eq(connections.companyId, companyId)))
        .limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    count: async (companyId: number): Promise<number> =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(connections).where(eq(connections.companyId, companyId)))[0]?.n ?? 0,
    /** Serialises connection writers of one company (the plan limit, the name and the default flag read the others). */
    lockCompany: async (companyId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x636f6e6e}, ${companyId})`);
    },
    nameTaken: async (companyId: number, name: string, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: connections.id })
          .from(connections)
          .where(and(eq(connections.companyId, companyId), sql`lower(${connections.name}) = lower(${name})`, exceptId ? ne(connections.id, exceptId) : undefined))
          .limit(1)
      ).length > 0,
    /** Clears the default flag of the company's other connections; answers the rows it changed. */
    unsetDefaults: async (companyId: number, exceptId: number | null): Promise<ConnectionRow[]> =>
      db
        .update(connections)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(connections.companyId, companyId), eq(connections.isDefault, true), exceptId ? ne(connections.id, exceptId) : undefined))
        .returning(),
    /** The company's oldest connection (the next default when the default one is deleted). */
    oldest: async (companyId: number): Promise<ConnectionRow | undefined> =>
      (await db.select().from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.createdAt), asc(connections.id)).limit(1))[0],
    insert: async (values: NewConnectionRow): Promise<ConnectionRow> => (await db.insert(connections).values(values).returning())[0]!,
    update: async (companyId: number, id: number, changes: Partial<NewConnectionRow>): Promise<ConnectionRow> =>
      (await db.update(connections).set({ ...changes, updatedAt: new Date() }).where(and(eq(connections.id, id), eq(connections.companyId, companyId))).returning())[0]!,
    /** Deletes the connection with its session's keys and lease. */
    remove: async (companyId: number, id: number): Promise<ConnectionRow | undefined> => {
      const [row] = await db.delete(connections).where(and(eq(connections.id, id), eq(connections.companyId, companyId))).returning();
      if (!row) return undefined;
      await db.delete(sessionKeys).where(eq(sessionKeys.connectionId, id));
      await db.delete(sessionLeases).where(eq(sessionLeases.connectionId, id));
      return row;
    },
    /**
     * Drops a deleted queue from the company's connections; answers the rows it changed. Besides the offered
     * queues, a redirect to it goes (sendIdQueue, with its time) and so does an import waiting to file its
     * tickets there (queueIdImportMessages, with the import's dates): neither can work without the queue.
     */
    withoutQueue: async (companyId: number, queueId: number): Promise<ConnectionRow[]> => {
      const redirects = sql`${connections.sendIdQueue} = ${queueId}`;
      const imports = sql`${connections.queueIdImportMessages} = ${queueId}`;
      return db
        .update(connections)
        .set({
          queueIds: sql`array_remove(${connections.queueIds}, ${queueId})`,
          sendIdQueue: sql`case when ${redirects} then null else ${connections.sendIdQueue} end`,
          timeSendQueue: sql`case when ${redirects} then 0 else ${connections.timeSendQueue} end`,
          queueIdImportMessages: sql`case when ${imports} then null else ${connections.queueIdImportMessages} end`,
          importOldMessages: sql`case when ${imports} then null else ${connections.importOldMessages} end`,
          importRecentMessages: sql`case when ${imports} then null else ${connections.importRecentMessages} end`,
          updatedAt: new Date(),
        })
        .where(and(eq(connections.companyId, companyId), or(sql`${queueId} = any(${connections.queueIds})`, redirects, imports)))
        .returning();
    },
    /** Clears a deleted prompt from the company's connections; answers the rows it changed. */
    withoutPrompt: async (companyId: number, promptId: number): Promise<ConnectionRow[]> =>
      db
        .update(connections)
        .set({ promptId: null, updatedAt: new Date() })
        .where(and(eq(connections.companyId, companyId), eq(connections.promptId, promptId)))
        .returning(),
  };
}
