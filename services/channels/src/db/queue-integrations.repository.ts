import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { connections, queueIntegrations } from './schema.js';
import type { ConnectionRow } from './connections.repository.js';

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;
export type NewQueueIntegrationRow = typeof queueIntegrations.$inferInsert;

/** The unique index a duplicate name violates (lower(name) per company). */
export const QUEUE_INTEGRATION_NAME_KEY = 'queue_integrations_company_name_key';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  return or(sql`${queueIntegrations.name} ilike ${like}`, sql`${queueIntegrations.type} ilike ${like}`, sql`${queueIntegrations.projectName} ilike ${like}`);
}

/** Alphabetical as people read it, whatever the database's collation. */
const byName = [sql`lower(${queueIntegrations.name})`, asc(queueIntegrations.name), asc(queueIntegrations.id)];

/** A company's queue integrations (drizzle queries only; every query scoped by the company). */
export function queueIntegrationsRepository(db: ChannelsDb) {
  return {
    page: async (companyId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: QueueIntegrationRow[]; count: number }> => {
      const where = and(eq(queueIntegrations.companyId, companyId), matching(search));
      const [rows, counted] = await Promise.all([
        db.select().from(queueIntegrations).where(where).orderBy(...byName).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(queueIntegrations).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    /**
     * The integration of the company; `lock` 'update' for a writer, 'share' for a reader that names it
     * (a connection saved with it), so a delete waits and then clears the new reference too.
     */
    find: async (companyId: number, id: number, options: { lock?: 'update' | 'share' } = {}): Promise<QueueIntegrationRow | undefined> => {
      const query = db.select().from(queueIntegrations).where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for(options.lock) : query))[0];
    },
    nameTaken: async (companyId: number, name: string, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: queueIntegrations.id })
          .from(queueIntegrations)
          .where(
            and(
              eq(queueIntegrations.companyId, companyId),
              sql`lower(${queueIntegrations.name}) = lower(${name})`,
              exceptId ? ne(queueIntegrations.id, exceptId) : undefined,
            ),
          )
          .limit(1)
      ).length > 0,
    insert: async (values: NewQueueIntegrationRow): Promise<QueueIntegrationRow> => (await db.insert(queueIntegrations).values(values).returning())[0]!,
    update: async (companyId: number, id: number, changes: Partial<NewQueueIntegrationRow>): Promise<QueueIntegrationRow | undefined> =>
      (
        await db
          .update(queueIntegrations)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId)))
          .returning()
      )[0],
    remove: async (companyId: number, id: number): Promise<QueueIntegrationRow | undefined> =>
      (await db.delete(queueIntegrations).where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId))).returning())[0],
    /** The company's connections that used the integration lose it; answers the rows it changed. */
    clearFromConnections: async (companyId: number, id: number): Promise<ConnectionRow[]> =>
      db
        .update(connections)
        .set({ integrationId: null, updatedAt: new Date() })
        .where(and(eq(connections.companyId, companyId), eq(connections.integrationId, id)))
        .returning(),
  };
}
