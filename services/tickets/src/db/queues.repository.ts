import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { columns, run, tableRef } from './raw.js';
import { chatbots, queues, tickets } from './schema.js';

export type QueueRow = typeof queues.$inferSelect;
export type NewQueueRow = typeof queues.$inferInsert;
export type ChatbotRow = typeof chatbots.$inferSelect;
export type NewChatbotRow = typeof chatbots.$inferInsert;
export type TicketRow = typeof tickets.$inferSelect;

/** The constraints of the queues table a unique violation may name. */
export const QUEUE_COLOR_KEY = 'queues_company_color_key';
export const QUEUE_NAME_KEY = 'queues_company_name_key';

/** The menu order of queues: orderQueue first (unset last), then name. */
const queueOrder = [sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id)];
const optionOrder = [asc(chatbots.orderOption), asc(chatbots.id)];

const queueColumns = columns(queues, 'q');
const q = (column: { name: string }) => `q."${column.name}"`;
/** byIds (the chatbot reads a connection's queues on every message it answers): raw text, see raw.ts. */
const byIdsText = `select ${queueColumns.list} from ${tableRef(queues)} q where ${q(queues.companyId)} = $1 and ${q(queues.id)} = any($2::int[])
  order by ${q(queues.orderQueue)} asc nulls last, ${q(queues.name)} asc, ${q(queues.id)} asc`;

/** Queues and their chatbot menu options (options nest through parentId; every option carries its queue). */
export function queuesRepository(db: TicketsDb) {
  return {
    list: async (companyId: number): Promise<QueueRow[]> => db.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(...queueOrder),
    /** The queues among `ids` that belong to the company, in menu order. */
    byIds: async (companyId: number, ids: number[]): Promise<QueueRow[]> =>
      ids.length === 0 ? [] : (await run(db, byIdsText, [companyId, ids])).map((row) => queueColumns.read(row)),
    findById: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<QueueRow | undefined> => {
      const query = db.select().from(queues).where(and(eq(queues.id, id), eq(queues.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    count: async (companyId: number): Promise<number> =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(queues).where(eq(queues.companyId, companyId)))[0]?.n ?? 0,
    /** Serialises queue writers of one company (counts, colours and the greeting rule read the others). */
    lockCompany: async (companyId: number): Promise<void> => {
      await db.execute(sql`select pg_advisory_xact_lock(${0x71756575}, ${companyId})`);
    },
    colorTaken: async (companyId: number, color: string, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = lower(${color})`, exceptId ? ne(queues.id, exceptId) : undefined))
          .limit(1)
      ).length > 0,
    nameTaken: async (companyId: number, name: string, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), sql`lower(${queues.name}) = lower(${name})`, exceptId ? ne(queues.id, exceptId) : undefined))
          .limit(1)
      ).length > 0,
    /** How many queues the company has besides `exceptId`. */
    othersCount: async (companyId: number, exceptId: number | null): Promise<number> =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(queues).where(and(eq(queues.companyId, companyId), exceptId ? ne(queues.id, exceptId) : undefined)))[0]?.n ?? 0,
    insert: async (values: NewQueueRow): Promise<QueueRow> => (await db.insert(queues).values(values).returning())[0]!,
    update: async (companyId: number, id: number, changes: Partial<NewQueueRow>): Promise<QueueRow> =>
      (await db.update(queues).set({ ...changes, updatedAt: new Date() }).where(and(eq(queues.id, id), eq(queues.companyId, companyId))).returning())[0]!,
    remove: async (companyId: number, id: number): Promise<QueueRow | undefined> =>
      (await db.delete(queues).where(and(eq(queues.id, id), eq(queues.companyId, companyId))).returning())[0],

    /** Every option of the queues given (all levels), in menu order. */
    optionsOfQueues: async (companyId: number, queueIds: number[]): Promise<ChatbotRow[]> =>
      queueIds.length === 0
        ? []
        : db.select().from(chatbots).where(and(eq(chatbots.companyId, companyId), inArray(chatbots.queueId, queueIds))).orderBy(...optionOrder),
    /** The options of one level: the queue's first level (parentId null) or an option's children. */
    level: async (companyId: number, queueId: number, parentId: number | null): Promise<ChatbotRow[]> =>
      db
        .select()
        .from(chatbots)
        .where(and(eq(chatbots.companyId, companyId), eq(chatbots.queueId, queueId), parentId === null ? isNull(chatbots.parentId) : eq(chatbots.parentId, parentId)))
        .orderBy(...optionOrder),
    option: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<ChatbotRow | undefined> => {
      const query = db.select().from(chatbots).where(and(eq(chatbots.id, id), eq(chatbots.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    /** The option and all its descendants. */
    subtree: async (companyId: number, id: number): Promise<ChatbotRow[]> => {
      const rows = await db.execute(sql`
        with recursive tree as (
          select id from ${chatbots} where id = ${id} and company_id = ${companyId}
          union all
          select c.id from ${chatbots} c join tree t on c.parent_id = t.id
        )
        select id from tree`);
      const ids = (rows as unknown as { id: number }[]).map((r) => Number(r.id));
      return ids.length === 0 ? [] : db.select().from(chatbots).where(inArray(chatbots.id, ids)).orderBy(...optionOrder);
    },
    /** How deep the option sits (1 for a queue's first level). */
    depth: async (companyId: number, id: number): Promise<number> => {
      const rows = await db.execute(sql`
        with recursive up as (
          select id, parent_id, 1 as depth from ${chatbots} where id = ${id} and company_id = ${companyId}
          union all
          select c.id, c.parent_id, up.depth + 1 from ${chatbots} c join up on c.id = up.parent_id
        )
        select max(depth)::int as depth from up`);
      return Number((rows as unknown as { depth: number | null }[])[0]?.depth ?? 0);
    },
    insertOption: async (values: NewChatbotRow): Promise<ChatbotRow> => (await db.insert(chatbots).values(values).returning())[0]!,
    updateOption: async (id: number, changes: Partial<NewChatbotRow>): Promise<ChatbotRow> =>
      (await db.update(chatbots).set({ ...changes, updatedAt: new Date() }).where(eq(chatbots.id, id)).returning())[0]!,
    removeOptions: async (ids: number[]): Promise<void> => {
      if (ids.length > 0) await db.delete(chatbots).where(inArray(chatbots.id, ids));
    },
    /** Options that send contacts to `queueId` forget it (the queue is going away). */
    forgetTargetQueue: async (companyId: number, queueId: number): Promise<void> => {
      await db.update(chatbots).set({ optQueueId: null, updatedAt: new Date() }).where(and(eq(chatbots.companyId, companyId), eq(chatbots.optQueueId, queueId)));
    },
    /** Options that hand contacts to `userId` forget them (the user was deleted). */
    forgetTargetUser: async (companyId: number, userId: number): Promise<void> => {
      await db.update(chatbots).set({ optUserId: null, updatedAt: new Date() }).where(and(eq(chatbots.companyId, companyId), eq(chatbots.optUserId, userId)));
    },
    /** Tickets of a queue being deleted lose it; returns those not closed (before and after), for announcing. */
    releaseTickets: async (companyId: number, queueId: number): Promise<{ before: TicketRow[]; after: TicketRow[] }> => {
      const before = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), ne(tickets.status, 'closed')))
        .orderBy(asc(tickets.id))
        .for('update');
      const after = await db
        .update(tickets)
        .set({ queueId: null, chatbotId: null, updatedAt: new Date() })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), ne(tickets.status, 'closed')))
        .returning();
      // Closed history keeps its rows; the queue simply no longer exists to name.
      await db.update(tickets).set({ queueId: null }).where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId)));
      return { before, after };
    },
  };
}
export type QueuesRepository = ReturnType<typeof queuesRepository>;
