import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toMessage, type MediaUrl, type TicketRow } from '../domain/presenters.js';
import { contacts, messages, tickets } from './schema.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

const quoted = alias(messages, 'quoted');
const quotedContact = alias(contacts, 'quoted_contact');

/** The columns a message answer shows, with its author contact and the quoted message in one query. */
const withRelations = {
  message: messages,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number, urlPicture: contacts.urlPicture },
  quoted: { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType, isDeleted: quoted.isDeleted },
  quotedContactName: quotedContact.name,
};

type RelatedRow = {
  message: MessageRow;
  contact: { id: number; name: string; number: string; urlPicture: string | null } | null;
  quoted: { id: number; body: string; fromMe: boolean; mediaType: string; isDeleted: boolean } | null;
  quotedContactName: string | null;
};

function present(rows: RelatedRow[], ticket: Pick<TicketRow, 'id' | 'uuid' | 'status' | 'queueId' | 'whatsappId'>, mediaUrl: MediaUrl): Message[] {
  return rows.map((r) =>
    toMessage(
      r.message,
      {
        ticket,
        contact: r.contact?.id ? r.contact : null,
        quoted: r.quoted?.id ? { ...r.quoted, body: r.quoted.isDeleted ? '' : r.quoted.body, contactName: r.quotedContactName } : null,
      },
      mediaUrl,
    ),
  );
}

export function messagesRepository(db: TicketsDb) {
  const related = () =>
    db
      .select(withRelations)
      .from(messages)
      .leftJoin(contacts, eq(contacts.id, messages.contactId))
      .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
      .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId));

  return {
    /** Page `page` counted from the newest, answered oldest first (like a chat); one more row tells hasMore. */
    page: async (ticket: TicketRow, page: number, size: number, mediaUrl: MediaUrl): Promise<{ messages: Message[]; hasMore: boolean }> => {
      const rows = await related()
        .where(eq(messages.ticketId, ticket.id))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      const hasMore = rows.length > size;
      return { messages: present(rows.slice(0, size).reverse(), ticket, mediaUrl), hasMore };
    },
    count: async (ticketId: number): Promise<number> =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.ticketId, ticketId)))[0]?.n ?? 0,
    present: async (ids: number[], ticket: TicketRow, mediaUrl: MediaUrl): Promise<Message[]> => {
      if (ids.length === 0) return [];
      const rows = await related().where(inArray(messages.id, ids)).orderBy(asc(messages.createdAt), asc(messages.id));
      return present(rows, ticket, mediaUrl);
    },
    insert: async (values: NewMessageRow): Promise<MessageRow> => (await db.insert(messages).values(values).returning())[0]!,
    /** Insert unless the company already holds a message with that wid (then undefined). */
    insertIfNew: async (values: NewMessageRow): Promise<MessageRow | undefined> => (await db.insert(messages).values(values).onConflictDoNothing().returning())[0],
    findById: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<MessageRow | undefined> => {
      const query = db.select().from(messages).where(and(eq(messages.id, id), eq(messages.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    findByWid: async (companyId: number, wid: string, options: { lock?: boolean } = {}): Promise<MessageRow | undefined> => {
      const query = db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.wid, wid))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    idByWid: async (companyId: number, wid: string): Promise<number | undefined> =>
      (await db.select({ id: messages.id }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.wid, wid))).limit(1))[0]?.id,
    /** The same text on the same ticket within `seconds` (the duplicate-message window). */
    recentDuplicate: async (ticketId: number, body: string, isPrivate: boolean, seconds: number): Promise<MessageRow | undefined> =>
      (
        await db
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.ticketId, ticketId),
              gt(messages.createdAt, sql`now() - make_interval(secs => ${seconds})`),
              eq(messages.fromMe, true),
              eq(messages.body, body),
              eq(messages.isPrivate, isPrivate),
              eq(messages.isDeleted, false),
              isNull(messages.mediaKey),
            ),
          )
          .orderBy(desc(messages.createdAt))
          .limit(1)
      )[0],
    update: async (id: number, changes: Partial<NewMessageRow>): Promise<MessageRow> =>
      (await db.update(messages).set({ ...changes, updatedAt: new Date() }).where(eq(messages.id, id)).returning())[0]!,
    /** Serialises writers of one ticket's conversation (the duplicate window needs it). */
    lockConversation: async (ticketId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x6d736773}, ${ticketId})`);
    },
    markRead: async (ticketId: number): Promise<void> => {
      await db.update(messages).set({ read: true }).where(and(eq(messages.ticketId, ticketId), eq(messages.read, false)));
    },
    /** Outbound messages stored but never handed to a connection (ack 0, no channel id), oldest first. */
    undelivered: async (ticketIds: number[]): Promise<MessageRow[]> =>
      ticketIds.length === 0
        ? []
        : db
            .select()
            .from(messages)
            .where(
              and(
                inArray(messages.ticketId, ticketIds),
                eq(messages.fromMe, true),
                eq(messages.isPrivate, false),
                eq(messages.isDeleted, false),
                eq(messages.ack, 0),
                isNull(messages.wid),
              ),
            )
            .orderBy(asc(messages.createdAt), asc(messages.id)),
    /** The ticket of a message, company-scoped. */
    ticketOf: async (companyId: number, ticketId: number): Promise<TicketRow | undefined> =>
      (await db.select().from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId))).limit(1))[0],
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
