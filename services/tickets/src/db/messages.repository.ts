import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Message, Ticket } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toMessage, type ContactRow, type MediaUrl, type QueueRef, type TicketRow } from '../domain/presenters.js';
import { columnName, columns, driverValues, run, tableRef } from './raw.js';
import { contacts, messages, queues, tickets } from './schema.js';
import { readTicketDetail, ticketDetailOver } from './ticket-details.repository.js';

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

type PresentedTicket = Pick<TicketRow, 'id' | 'uuid' | 'status' | 'queueId' | 'whatsappId' | 'companyId'>;

function presentWith(rows: RelatedRow[], ticket: PresentedTicket, queues: ReadonlyMap<number, QueueRef>, mediaUrl: MediaUrl): Message[] {
  return rows.map((r) =>
    toMessage(
      r.message,
      {
        ticket,
        contact: r.contact?.id ? r.contact : null,
        quoted: r.quoted?.id ? { ...r.quoted, body: r.quoted.isDeleted ? '' : r.quoted.body, contactName: r.quotedContactName } : null,
        queues,
      },
      mediaUrl,
    ),
  );
}

/**
 * The queues messages show (their own and their ticket's): read once for all the messages at hand, in
 * one statement by id. `known` holds those already in hand (usually the ticket's, which nearly every
 * message shares); nothing is read when it covers them all.
 */
const queueColumns = columns(queues, 'q', ['id', 'name', 'color']);
const queuesText = `select ${queueColumns.list} from ${tableRef(queues)} q where q."${queues.companyId.name}" = $1 and q."${queues.id.name}" = any($2::int[])`;
async function readQueues(db: TicketsDb, companyId: number, ids: readonly (number | null)[], known: Map<number, QueueRef> = new Map()): Promise<Map<number, QueueRef>> {
  const missing = [...new Set(ids)].filter((id): id is number => id !== null && !known.has(id));
  if (missing.length === 0) return known;
  for (const raw of await run(db, queuesText, [companyId, missing])) {
    const queue = queueColumns.read(raw);
    known.set(queue.id, queue);
  }
  return known;
}

async function present(db: TicketsDb, rows: RelatedRow[], ticket: PresentedTicket, mediaUrl: MediaUrl, known?: Map<number, QueueRef>): Promise<Message[]> {
  const queueMap = await readQueues(db, ticket.companyId, [ticket.queueId, ...rows.map((r) => r.message.queueId)], known);
  return presentWith(rows, ticket, queueMap, mediaUrl);
}

const messageColumns = columns(messages, 'm', undefined, 'm');
const m = columnName;
/** idByWid (every inbound message, twice with a quote): raw text, see raw.ts. */
const idByWidText = `select ${m(messages.id)} as id from ${tableRef(messages)} where ${m(messages.companyId)} = $1 and ${m(messages.wid)} = $2 limit 1`;
/** The columns an inbound message is written with (insertInbound's raw statement); the others take their defaults. */
const inboundInsertKeys = [
  'companyId',
  'ticketId',
  'contactId',
  'userId',
  'wid',
  'body',
  'fromMe',
  'read',
  'ack',
  'mediaType',
  'mediaKey',
  'mediaName',
  'quotedMsgId',
  'queueId',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof NewMessageRow)[];
/**
 * An inbound message written and its ticket touched in one statement (the inbound hot path): the last
 * message, and the unread count raised (from the contact) or cleared (sent from the phone) — only when
 * the message was new (same wid already stored: nothing written, no row back). The touched ticket comes
 * back as its detail (contact, queue, user, connection, tags), as the events show it.
 */
const ticketColumns = columns(tickets, 't');
const touchedDetail = ticketDetailOver('t');
const touchingText = (inbound: boolean) => {
  const n = inboundInsertKeys.length;
  return `with m as (insert into ${tableRef(messages)} as m (${inboundInsertKeys.map((k) => m(messages[k])).join(', ')})
    values (${inboundInsertKeys.map((_, i) => `$${i + 1}`).join(', ')}) on conflict do nothing returning m.*),
  t as (update ${tableRef(tickets)} as t set ${m(tickets.lastMessage)} = $${n + 1}, ${m(tickets.lastMessageAt)} = $${n + 2}, ${m(tickets.updatedAt)} = $${n + 3},
      ${m(tickets.unreadMessages)} = ${inbound ? `t.${m(tickets.unreadMessages)} + 1` : '0'}
    where t.${m(tickets.id)} = $${n + 4} and t.${m(tickets.companyId)} = $${n + 5} and exists (select 1 from m) returning t.*)
  select ${messageColumns.list}, ${touchedDetail.columns} from m left join (${touchedDetail.joins}) on true`;
};
/** The columns a message written here (outbound.postMessage) is inserted with; the others (createdAt…) take their defaults. */
const outboundInsertKeys = [
  'companyId',
  'ticketId',
  'contactId',
  'userId',
  'body',
  'fromMe',
  'read',
  'isPrivate',
  'ack',
  'mediaType',
  'mediaKey',
  'mediaName',
  'quotedMsgId',
  'isForwarded',
  'queueId',
] as const satisfies readonly (keyof NewMessageRow)[];
/** A message written here and its ticket's last message set (to the message's created_at), in one statement. */
const insertTouchingText = (() => {
  const n = outboundInsertKeys.length;
  return `with m as (insert into ${tableRef(messages)} as m (${outboundInsertKeys.map((k) => m(messages[k])).join(', ')})
    values (${outboundInsertKeys.map((_, i) => `$${i + 1}`).join(', ')}) returning m.*),
  t as (update ${tableRef(tickets)} as t set ${m(tickets.lastMessage)} = $${n + 1}, ${m(tickets.lastMessageAt)} = (select m.${m(messages.createdAt)} from m), ${m(tickets.updatedAt)} = $${n + 2}
    where t.${m(tickets.id)} = $${n + 3} and t.${m(tickets.companyId)} = $${n + 4} returning t.*)
  select ${messageColumns.list}, ${ticketColumns.list} from m left join t on true`;
})();
const touchingInboundText = touchingText(true);
const touchingFromPhoneText = touchingText(false);
/**
 * A message of an imported history (spec 001 §3): the unread count stays, and the ticket's last message
 * changes only when this one is not older than it (a history comes in after newer messages).
 */
const touchingImportedText = (() => {
  const n = inboundInsertKeys.length;
  const last = `t.${m(tickets.lastMessageAt)}`;
  return `with m as (insert into ${tableRef(messages)} as m (${inboundInsertKeys.map((k) => m(messages[k])).join(', ')})
    values (${inboundInsertKeys.map((_, i) => `$${i + 1}`).join(', ')}) on conflict do nothing returning m.*),
  t as (update ${tableRef(tickets)} as t set
      ${m(tickets.lastMessage)} = case when ${last} is null or ${last} <= $${n + 2} then $${n + 1} else t.${m(tickets.lastMessage)} end,
      ${m(tickets.lastMessageAt)} = greatest(${last}, $${n + 2})
    where t.${m(tickets.id)} = $${n + 3} and t.${m(tickets.companyId)} = $${n + 4} and exists (select 1 from m) returning t.*)
  select ${messageColumns.list}, ${touchedDetail.columns} from m left join (${touchedDetail.joins}) on true`;
})();
const inboundInsertShape = (values: NewMessageRow): boolean =>
  Object.keys(values).every((k) => (inboundInsertKeys as readonly string[]).includes(k)) && inboundInsertKeys.every((k) => values[k] !== undefined);

/** The message page (a conversation screen): the statement of related() as raw text, see raw.ts. */
const relatedColumns = {
  contact: columns(contacts, 'c', ['id', 'name', 'number', 'urlPicture']),
  quoted: columns(messages, 'q', ['id', 'body', 'fromMe', 'mediaType', 'isDeleted']),
  quotedContact: columns(contacts, 'qc', ['name']),
};
const pageText = `select ${messageColumns.list}, ${relatedColumns.contact.list}, ${relatedColumns.quoted.list}, ${relatedColumns.quotedContact.list}
  from ${tableRef(messages)} m
  left join ${tableRef(contacts)} c on c."${contacts.id.name}" = m."${messages.contactId.name}"
  left join ${tableRef(messages)} q on q."${messages.id.name}" = m."${messages.quotedMsgId.name}"
  left join ${tableRef(contacts)} qc on qc."${contacts.id.name}" = q."${messages.contactId.name}"
  where m."${messages.ticketId.name}" = $1
  order by m."${messages.createdAt.name}" desc, m."${messages.id.name}" desc limit $2 offset $3`;
const countText = `select count(*)::int as n from ${tableRef(messages)} where "${messages.ticketId.name}" = $1`;
const readRelated = (raw: Record<string, unknown>): RelatedRow => ({
  message: messageColumns.read(raw),
  contact: relatedColumns.contact.read(raw),
  quoted: relatedColumns.quoted.read(raw),
  quotedContactName: relatedColumns.quotedContact.read(raw).name,
});

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
      // The ticket's queue (nearly every message's too) is read with the page, in the same round trip.
      const [raw, known] = await Promise.all([run(db, pageText, [ticket.id, size + 1, (page - 1) * size]), readQueues(db, ticket.companyId, [ticket.queueId])]);
      const rows = raw.map(readRelated);
      const hasMore = rows.length > size;
      return { messages: await present(db, rows.slice(0, size).reverse(), ticket, mediaUrl, known), hasMore };
    },
    count: async (ticketId: number): Promise<number> => (await run<{ n: number }>(db, countText, [ticketId]))[0]?.n ?? 0,
    present: async (ids: number[], ticket: TicketRow, mediaUrl: MediaUrl): Promise<Message[]> => {
      if (ids.length === 0) return [];
      const rows = await related().where(inArray(messages.id, ids)).orderBy(asc(messages.createdAt), asc(messages.id));
      return present(db, rows, ticket, mediaUrl);
    },
    /**
     * A message just written, as `present` shows it, from the rows in hand: its author is `contact`
     * (the row its contactId names, or null) and `ticketQueue` the ticket's queue when the caller has it
     * (its detail), so only a quoted message, or a queue not in hand, needs a query.
     */
    presentRow: async (
      row: MessageRow,
      ticket: TicketRow,
      contact: Pick<ContactRow, 'id' | 'name' | 'number' | 'urlPicture'> | null,
      mediaUrl: MediaUrl,
      ticketQueue?: QueueRef | null,
    ): Promise<Message> => {
      const known = new Map<number, QueueRef>();
      if (ticketQueue && ticketQueue.id === ticket.queueId) known.set(ticketQueue.id, ticketQueue);
      if (row.quotedMsgId !== null) return (await present(db, await related().where(eq(messages.id, row.id)), ticket, mediaUrl, known))[0]!;
      if ((contact?.id ?? null) !== row.contactId) throw new Error(`message ${row.id}: author contact ${String(row.contactId)} not in hand`);
      return (await present(db, [{ message: row, contact, quoted: null, quotedContactName: null }], ticket, mediaUrl, known))[0]!;
    },
    /**
     * insert of a message written here (every column of outbound.postMessage given) with the ticket's last
     * message set as tickets.update({ lastMessage, lastMessageAt }) would (lastMessageAt: the message's createdAt), in one statement.
     */
    insertTouching: async (
      values: NewMessageRow & Required<Pick<NewMessageRow, (typeof outboundInsertKeys)[number]>>,
      lastMessage: string,
    ): Promise<{ row: MessageRow; ticket: TicketRow }> => {
      const params = driverValues(messages, outboundInsertKeys, values);
      params.push(lastMessage, tickets.updatedAt.mapToDriverValue(new Date()), values.ticketId, values.companyId);
      const [raw] = await run(db, insertTouchingText, params);
      if (!raw || raw['t.id'] === null || raw['t.id'] === undefined) throw new Error(`ticket ${String(values.ticketId)} vanished`);
      return { row: messageColumns.read(raw), ticket: ticketColumns.read(raw) };
    },
    insert: async (values: NewMessageRow): Promise<MessageRow> => (await db.insert(messages).values(values).returning())[0]!,
    /** An inbound message (every inbound column given) stored unless its wid is already there, with its ticket's last message and unread count, in one statement. */
    insertInbound: async (
      values: NewMessageRow & Required<Pick<NewMessageRow, (typeof inboundInsertKeys)[number]>>,
      /** `imported`: a message of a history import (unread count untouched, last message only if newer). */
      touch: { lastMessage: string; lastMessageAt: Date; inbound: boolean; imported?: boolean },
    ): Promise<{ row: MessageRow; ticket: TicketRow; detail: Ticket } | undefined> => {
      if (!inboundInsertShape(values)) throw new Error('insertInbound: every inbound column must be given');
      const params = driverValues(messages, inboundInsertKeys, values);
      if (touch.imported) params.push(touch.lastMessage, tickets.lastMessageAt.mapToDriverValue(touch.lastMessageAt), values.ticketId, values.companyId);
      else params.push(touch.lastMessage, tickets.lastMessageAt.mapToDriverValue(touch.lastMessageAt), tickets.updatedAt.mapToDriverValue(new Date()), values.ticketId, values.companyId);
      const [raw] = await run(db, touch.imported ? touchingImportedText : touch.inbound ? touchingInboundText : touchingFromPhoneText, params);
      if (!raw) return undefined;
      if (raw['t.id'] === null || raw['t.id'] === undefined) throw new Error(`ticket ${String(values.ticketId)} vanished`);
      return { row: messageColumns.read(raw), ticket: ticketColumns.read(raw), detail: readTicketDetail(raw) };
    },
    findById: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<MessageRow | undefined> => {
      const query = db.select().from(messages).where(and(eq(messages.id, id), eq(messages.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    findByWid: async (companyId: number, wid: string, options: { lock?: boolean } = {}): Promise<MessageRow | undefined> => {
      const query = db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.wid, wid))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    idByWid: async (companyId: number, wid: string): Promise<number | undefined> => {
      const [row] = await run<{ id: number | string }>(db, idByWidText, [companyId, wid]);
      return row ? Number(row.id) : undefined;
    },
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
    /**
     * The ticket's list preview set to `preview` when `message` is its last message shown (no later one that is
     * neither a private note nor deleted: those never are the preview) and the preview differs; the ticket then, else undefined.
     * Its place in the list (updatedAt) stays.
     */
    setPreviewIfLast: async (message: Pick<MessageRow, 'id' | 'ticketId' | 'companyId'>, preview: string): Promise<TicketRow | undefined> =>
      (
        await db
          .update(tickets)
          .set({ lastMessage: preview })
          .where(
            and(
              eq(tickets.id, message.ticketId),
              eq(tickets.companyId, message.companyId),
              sql`${tickets.lastMessage} is distinct from ${preview}`,
              sql`not exists (select 1 from ${messages} later where later.ticket_id = ${message.ticketId} and not later.is_private and not later.is_deleted
                and (later.created_at, later.id) > (select own.created_at, own.id from ${messages} own where own.id = ${message.id}))`,
            ),
          )
          .returning()
      )[0],
    /** The ticket's last message before `message` that is neither a private note nor deleted (the list's preview then). */
    previousShown: async (message: Pick<MessageRow, 'id' | 'ticketId'>): Promise<Pick<MessageRow, 'body' | 'mediaType' | 'mediaName'> | undefined> =>
      (
        await db
          .select({ body: messages.body, mediaType: messages.mediaType, mediaName: messages.mediaName })
          .from(messages)
          .where(
            and(
              eq(messages.ticketId, message.ticketId),
              eq(messages.isPrivate, false),
              eq(messages.isDeleted, false),
              sql`(${messages.createdAt}, ${messages.id}) < (select own.created_at, own.id from ${messages} own where own.id = ${message.id})`,
            ),
          )
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(1)
      )[0],
    /** Serialises writers of one ticket's conversation (the duplicate window needs it). */
    lockConversation: async (ticketId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x6d736773}, ${ticketId})`);
    },
    /**
     * A read watermark: our messages (sent or delivered, not notes) to the contact `number` on `connectionId`
     * up to `until` become read (ack 3), the latest 200 at most (older ones had their receipts); which, by ticket.
     */
    readUpTo: async (companyId: number, connectionId: number, number: string, until: Date): Promise<{ id: number; ticketId: number }[]> => {
      const rows = (await db.execute(sql`update ${messages} set ack = 3, updated_at = now() where id in (
          select m.id from ${messages} m join ${tickets} t on t.id = m.ticket_id join ${contacts} c on c.id = t.contact_id
          where t.company_id = ${companyId} and t.whatsapp_id = ${connectionId} and c.company_id = ${companyId} and c.number = ${number}
            and m.from_me and not m.is_private and m.ack in (1, 2) and m.created_at <= ${until.toISOString()}::timestamptz
          order by m.created_at desc limit 200)
        returning id, ticket_id`)) as unknown as { id: number; ticket_id: number }[];
      return rows.map((r) => ({ id: Number(r.id), ticketId: Number(r.ticket_id) }));
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
