import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import type { TicketListFilter } from '../domain/ticket-list-filter.js';
import { tickets } from './schema.js';
import { dayEnd, dayStart, listConditions } from './tickets.repository.js';

/** Tickets created within [from, to] (days of the company's time zone, both inclusive). */
export type CreatedRange = { from: string | null; to: string | null };

/** The board's read: which tickets sit on it (their details come from ticket-details.repository). */
export function kanbanRepository(db: TicketsDb) {
  const where = (filter: TicketListFilter, created: CreatedRange, timeZone: string): SQL =>
    and(
      listConditions(filter, timeZone),
      created.from ? sql`${tickets.createdAt} >= ${dayStart(created.from, timeZone)}` : undefined,
      created.to ? sql`${tickets.createdAt} < ${dayEnd(created.to, timeZone)}` : undefined,
    )!;

  return {
    /** Up to `limit` ticket ids in the board's order (ticket number, or latest update first), and how many match. */
    boardIds: async (filter: TicketListFilter, created: CreatedRange, orderBy: 'id' | 'updatedAt', limit: number, timeZone: string): Promise<{ ids: number[]; count: number }> => {
      const condition = where(filter, created, timeZone);
      const order = orderBy === 'id' ? [asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
      const [rows, counted] = await Promise.all([
        db.select({ id: tickets.id }).from(tickets).where(condition).orderBy(...order).limit(limit),
        db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(condition),
      ]);
      return { ids: rows.map((r) => r.id), count: counted[0]?.n ?? 0 };
    },
  };
}
