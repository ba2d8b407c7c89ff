import { and, eq, inArray } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { queues } from './schema.js';

export type QueueRow = typeof queues.$inferSelect;

/** The projection of tickets' queues: names and colours, and which queues are a company's. */
export function queuesRepository(db: ChannelsDb) {
  return {
    /** The queues among `ids` that belong to the company. */
    byIds: async (companyId: number, ids: number[]): Promise<QueueRow[]> =>
      ids.length === 0 ? [] : db.select().from(queues).where(and(eq(queues.companyId, companyId), inArray(queues.id, ids))),
    /** Queues by id whatever their company (rows already scoped: the queues of connections read for an answer). */
    byIdsAnyCompany: async (ids: number[]): Promise<QueueRow[]> => (ids.length === 0 ? [] : db.select().from(queues).where(inArray(queues.id, ids))),
    upsert: async (row: QueueRow): Promise<void> => {
      await db
        .insert(queues)
        .values(row)
        .onConflictDoUpdate({ target: queues.id, set: { companyId: row.companyId, name: row.name, color: row.color } });
    },
    remove: async (id: number): Promise<QueueRow | undefined> => (await db.delete(queues).where(eq(queues.id, id)).returning())[0],
  };
}
