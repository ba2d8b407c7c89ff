import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { ticketNotes, tickets, users } from './schema.js';

export type TicketNoteRow = typeof ticketNotes.$inferSelect;
export type NewTicketNoteRow = typeof ticketNotes.$inferInsert;
/** A note with its author's name and, when it hangs on a ticket, what visibility needs of that ticket. */
export type NoteWithRelations = {
  note: TicketNoteRow;
  user: { id: number; name: string } | null;
  ticket: Pick<typeof tickets.$inferSelect, 'id' | 'status' | 'userId' | 'queueId' | 'isGroup'> | null;
};

/** Ticket notes (spec 000 §3): observations about a contact, usually written from one of its tickets. */
export function notesRepository(db: TicketsDb) {
  const withRelations = (where: SQL) =>
    db
      .select({
        note: ticketNotes,
        user: { id: users.id, name: users.name },
        ticket: { id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup },
      })
      .from(ticketNotes)
      .leftJoin(users, eq(users.id, ticketNotes.userId))
      .leftJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
      .where(where)
      .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
  const shape = (rows: Awaited<ReturnType<typeof withRelations>>): NoteWithRelations[] =>
    rows.map((r) => ({ note: r.note, user: r.user?.id ? r.user : null, ticket: r.ticket?.id ? r.ticket : null }));

  return {
    insert: async (values: NewTicketNoteRow): Promise<TicketNoteRow> => (await db.insert(ticketNotes).values(values).returning())[0]!,
    find: async (companyId: number, id: number): Promise<NoteWithRelations | undefined> =>
      shape(await withRelations(and(eq(ticketNotes.id, id), eq(ticketNotes.companyId, companyId))!))[0],
    list: async (companyId: number, filter: { contactId?: number | null; ticketId?: number | null }): Promise<NoteWithRelations[]> =>
      shape(
        await withRelations(
          and(
            eq(ticketNotes.companyId, companyId),
            filter.contactId ? eq(ticketNotes.contactId, filter.contactId) : undefined,
            filter.ticketId ? eq(ticketNotes.ticketId, filter.ticketId) : undefined,
          )!,
        ).limit(1000),
      ),
    remove: async (companyId: number, id: number): Promise<void> => {
      await db.delete(ticketNotes).where(and(eq(ticketNotes.id, id), eq(ticketNotes.companyId, companyId)));
    },
  };
}
