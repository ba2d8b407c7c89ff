import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { pinnedTickets, tickets } from './schema.js';

export type PinRow = typeof pinnedTickets.$inferSelect;
export type PinWithTicket = { pin: PinRow; ticket: typeof tickets.$inferSelect };

/** A user's pinned tickets (spec 000 §4: at most 10). */
export function pinsRepository(db: TicketsDb) {
  return {
    ofUser: async (companyId: number, userId: number): Promise<PinWithTicket[]> =>
      db
        .select({ pin: pinnedTickets, ticket: tickets })
        .from(pinnedTickets)
        .innerJoin(tickets, eq(tickets.id, pinnedTickets.ticketId))
        .where(and(eq(pinnedTickets.companyId, companyId), eq(pinnedTickets.userId, userId)))
        .orderBy(asc(pinnedTickets.createdAt), asc(pinnedTickets.id)),
    find: async (companyId: number, userId: number, id: number): Promise<PinRow | undefined> =>
      (await db.select().from(pinnedTickets).where(and(eq(pinnedTickets.id, id), eq(pinnedTickets.companyId, companyId), eq(pinnedTickets.userId, userId))).limit(1))[0],
    findByTicket: async (userId: number, ticketId: number): Promise<PinRow | undefined> =>
      (await db.select().from(pinnedTickets).where(and(eq(pinnedTickets.userId, userId), eq(pinnedTickets.ticketId, ticketId))).limit(1))[0],
    /** Serialises one user's pinning (the limit counts the others). */
    lockUser: async (userId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x70696e73}, ${userId})`);
    },
    insert: async (values: typeof pinnedTickets.$inferInsert): Promise<PinRow> => (await db.insert(pinnedTickets).values(values).returning())[0]!,
    remove: async (ids: number[]): Promise<void> => {
      if (ids.length > 0) await db.delete(pinnedTickets).where(inArray(pinnedTickets.id, ids));
    },
  };
}
