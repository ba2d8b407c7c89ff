import { and, eq, inArray } from 'drizzle-orm';
import type { CampaignsDb } from '../deps.js';
import { queues } from './contact-lists.schema.js';

export type QueueRow = typeof queues.$inferSelect;

/** The projection of tickets' queues, fed by tickets.queue.* events (events/contact-lists.ts). */
export function queuesRepository(db: CampaignsDb) {
  return {
    upsert: async (row: QueueRow): Promise<void> => {
      const { id: _id, ...changes } = row;
      await db.insert(queues).values(row).onConflictDoUpdate({ target: queues.id, set: changes });
    },
    remove: async (id: number): Promise<void> => {
      await db.delete(queues).where(eq(queues.id, id));
    },
    /** The queue with this id whatever its company, or null when the projection does not know it (yet). */
    find: async (id: number): Promise<QueueRow | null> => (await db.select().from(queues).where(eq(queues.id, id)).limit(1))[0] ?? null,
    /** The company's queues among `ids` (others' and unknown ones are left out). */
    byIds: async (companyId: number, ids: number[]): Promise<Map<number, QueueRow>> => {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, [...new Set(ids)])));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
