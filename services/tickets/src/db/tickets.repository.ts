import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { TicketStatus } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import type { Pred, TicketListFilter } from '../domain/ticket-list-filter.js';
import type { TicketChanges } from '../domain/tickets.js';
import { columns, driverValues, insertOrNothing, run, runPlannedEachTime, tableRef } from './raw.js';
import { connections, contactTags, contacts, messages, queues, ticketLogs, ticketTags, tickets, users } from './schema.js';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

/** The partial unique index that keeps one open ticket per contact and connection. */
export const ONE_OPEN_TICKET_KEY = 'tickets_one_open_per_contact_key';

/** The constraint a PostgreSQL unique violation (23505) names, through drizzle's wrapping. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint_name?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint_name ?? pg.constraint ?? '';
  }
  return null;
}

const ticketColumns = columns(tickets, 't');
const t = (column: { name: string }) => `t."${column.name}"`;
/** findById (every request on a ticket checks it): raw text, see raw.ts. */
const findByIdText = `select ${ticketColumns.list} from ${tableRef(tickets)} t where ${t(tickets.id)} = $1 and ${t(tickets.companyId)} = $2 limit 1`;
const findByIdLockedText = `${findByIdText} for update`;

/** update's statement per set of changed columns (the same few sets recur: bot flags, status moves). */
const updateTexts = new Map<string, string>();
const updateText = (keys: readonly string[]): string => {
  const key = keys.join(',');
  let text = updateTexts.get(key);
  if (!text) {
    const cols = getTableColumns(tickets) as Record<string, { name: string }>;
    const set = keys.map((k, i) => `"${cols[k]!.name}" = $${i + 3}`).join(', ');
    text = `update ${tableRef(tickets)} t set ${set} where ${t(tickets.id)} = $1 and ${t(tickets.companyId)} = $2 returning ${ticketColumns.list}`;
    if (updateTexts.size < 200) updateTexts.set(key, text);
  }
  return text;
};

const sameConnection = (connectionId: number | null) => sql`coalesce(${tickets.whatsappId}, 0) = ${connectionId ?? 0}`;

/** The visibility/view predicate as SQL on tickets' columns. */
export function predicateSql(p: Pred): SQL {
  switch (p.op) {
    case 'const':
      return p.value ? sql`true` : sql`false`;
    case 'and':
      return and(...p.args.map(predicateSql))!;
    case 'or':
      return sql`(${or(...p.args.map(predicateSql))})`;
    case 'not':
      return not(predicateSql(p.arg));
    case 'userIs':
      return eq(tickets.userId, p.userId);
    case 'userIn':
      return inArray(tickets.userId, p.userIds);
    case 'userNull':
      return isNull(tickets.userId);
    case 'queueIn':
      return p.queueIds.length === 1 ? eq(tickets.queueId, p.queueIds[0]!) : inArray(tickets.queueId, p.queueIds);
    case 'queueNull':
      return isNull(tickets.queueId);
    case 'statusIn':
      return p.statuses.length === 1 ? eq(tickets.status, p.statuses[0]!) : inArray(tickets.status, p.statuses);
    case 'isGroup':
      return eq(tickets.isGroup, true);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first instant of a day (yyyy-MM-dd) of a time zone, and the first instant after it. */
export const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
export const dayEnd = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

/**
 * How the message part of a search (searchOnMessages) is evaluated. 'hashed': every message of the
 * company matching the term is collected through the trigram index, then tickets are checked against
 * that set — right for rare terms. 'perTicket': the candidate tickets, newest first, each probe their own
 * messages (ticket index) until the page and the capped count are filled — right for common terms, where
 * collecting (and rechecking) hundreds of thousands of matching messages would take most of a second.
 */
export type MessageSearchPlan = 'hashed' | 'perTicket';

/** Above this many messages estimated to match, probing candidate tickets beats collecting matches. */
export const PER_TICKET_SEARCH_ABOVE = 20_000;

/** The search condition on a ticket whose id and contact id are `ref`. */
function searchCondition(f: TicketListFilter, plan: MessageSearchPlan, ref: { id: SQL; contactId: SQL }): SQL | undefined {
  if (!f.search) return undefined;
  const byNumber = f.search.numbers ? sql` or ${contacts.number} ilike ${f.search.digits ?? f.search.term}` : sql``;
  const contactMatches = sql`${contacts.companyId} = ${f.companyId} and (${contacts.name} ilike ${f.search.term}${byNumber})`;
  // Per ticket, the contact is one primary-key probe; "offset 0" keeps each probe a per-ticket subplan
  // (PostgreSQL would otherwise hash the whole match set).
  const byContact =
    plan === 'perTicket' && f.search.onMessages
      ? sql`exists (select 1 from ${contacts} where ${contacts.id} = ${ref.contactId} and ${contactMatches} offset 0)`
      : sql`${ref.contactId} in (select ${contacts.id} from ${contacts} where ${contactMatches})`;
  if (!f.search.onMessages) return byContact;
  const byMessage =
    plan === 'perTicket'
      ? sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${ref.id} and ${messages.companyId} = ${f.companyId} and ${messages.body} ilike ${f.search.term} offset 0)`
      : sql`${ref.id} in (select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${f.companyId} and ${messages.body} ilike ${f.search.term})`;
  return sql`(${byContact} or ${byMessage})`;
}

/** Every condition of a list filter, company first (every query is scoped by the caller's company). */
export function listConditions(f: TicketListFilter, timeZone: string, options: { search?: boolean } = {}): SQL {
  const conds: (SQL | undefined)[] = [eq(tickets.companyId, f.companyId)];
  if (f.statuses) conds.push(f.statuses.length === 1 ? eq(tickets.status, f.statuses[0]!) : inArray(tickets.status, f.statuses));
  conds.push(predicateSql(f.where));
  if (f.connectionIds) conds.push(inArray(tickets.whatsappId, f.connectionIds));
  for (const tagId of f.tagIds ?? []) {
    conds.push(sql`(exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${tagId})
      or exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${tickets.contactId} and ${contactTags.tagId} = ${tagId}))`);
  }
  if (f.withUnread) conds.push(gt(tickets.unreadMessages, 0));
  if (options.search !== false) conds.push(searchCondition(f, 'hashed', { id: sql`${tickets.id}`, contactId: sql`${tickets.contactId}` }));
  if (f.createdOn) conds.push(gte(tickets.createdAt, dayStart(f.createdOn, timeZone)), sql`${tickets.createdAt} < ${dayEnd(f.createdOn, timeZone)}`);
  if (f.updatedOn) conds.push(gte(tickets.updatedAt, dayStart(f.updatedOn, timeZone)), sql`${tickets.updatedAt} < ${dayEnd(f.updatedOn, timeZone)}`);
  if (f.updatedBetween) {
    const { from, to } = f.updatedBetween;
    conds.push(gte(tickets.updatedAt, DAY.test(from) ? dayStart(from, timeZone) : sql`${from}::timestamptz`));
    conds.push(DAY.test(to) ? sql`${tickets.updatedAt} < ${dayEnd(to, timeZone)}` : lte(tickets.updatedAt, sql`${to}::timestamptz`));
  }
  return and(...conds)!;
}

/**
 * The ticket list of a filter in one statement: `ids`, the page (one more than the page size tells
 * hasMore) in the list's order, and `count`, the matching tickets counted no further than `cap`.
 * Exported so the benchmark can EXPLAIN exactly what the list runs.
 */
export function ticketListQuery(filter: TicketListFilter, timeZone: string, cap: number, plan: MessageSearchPlan = 'hashed'): SQL {
  const dir = filter.sort === 'ASC' ? sql`asc` : sql`desc`;
  const limit = filter.limit + 1;
  if (plan === 'perTicket' && filter.search?.onMessages) {
    // Candidates (visibility and the other filters) sorted once; the search is evaluated on them in
    // that order only until the page and the capped count are filled (one lazily read CTE for both).
    const cheap = listConditions(filter, timeZone, { search: false });
    const search = searchCondition(filter, plan, { id: sql.raw('candidates.id'), contactId: sql.raw('candidates.contact_id') })!;
    return sql`with candidates as (select ${tickets.id} as id, ${tickets.contactId} as contact_id from ${tickets} where ${cheap}
        order by ${tickets.updatedAt} ${dir}, ${tickets.id} ${dir} offset 0),
      matches as materialized (select candidates.id from candidates where ${search})
      select array(select matches.id from matches limit ${limit} offset ${filter.offset}) as ids,
        (select count(*)::int from (select 1 from matches limit ${cap}) capped) as count`;
  }
  const where = listConditions(filter, timeZone);
  return sql`select array(select ${tickets.id} from ${tickets} where ${where} order by ${tickets.updatedAt} ${dir}, ${tickets.id} ${dir} limit ${limit} offset ${filter.offset}) as ids,
      (select count(*)::int from (select 1 from ${tickets} where ${where} limit ${cap}) capped) as count`;
}

export type OpenTicketHolder = { id: number; uuid: string; status: TicketStatus; userId: number | null; user: string | null; queue: string | null };

/** A new ticket unless the contact already has an active one on that connection (the one-open-ticket index): raw, see raw.ts. */
const insertTicketOrNothing = insertOrNothing(tickets);

export function ticketsRepository(db: TicketsDb) {
  return {
    findById: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<TicketRow | undefined> => {
      const [row] = await run(db, options.lock ? findByIdLockedText : findByIdText, [id, companyId]);
      return row ? ticketColumns.read(row) : undefined;
    },
    findByUuid: async (companyId: number, uuid: string): Promise<TicketRow | undefined> =>
      (await db.select().from(tickets).where(and(eq(tickets.uuid, uuid), eq(tickets.companyId, companyId))).limit(1))[0],
    /** The contact's ticket on that connection that is not closed (at most one: the partial unique index). */
    findActive: async (companyId: number, contactId: number, connectionId: number | null, options: { lock?: boolean } = {}): Promise<TicketRow | undefined> => {
      const query = db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), sameConnection(connectionId), ne(tickets.status, 'closed')))
        .limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    lastClosed: async (companyId: number, contactId: number, connectionId: number | null): Promise<TicketRow | undefined> =>
      (
        await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), sameConnection(connectionId), eq(tickets.status, 'closed')))
          .orderBy(desc(tickets.updatedAt))
          .limit(1)
      )[0],
    /** The contact's latest ticket a history import created on that connection (closed ones too), locked. */
    lastImported: async (companyId: number, contactId: number, connectionId: number): Promise<TicketRow | undefined> =>
      (
        await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), sameConnection(connectionId), isNotNull(tickets.imported)))
          .orderBy(desc(tickets.id))
          .limit(1)
          .for('update')
      )[0],
    /** Close the tickets a history import created on the connection that are not closed; returns them as they were and closed. */
    closeImported: async (companyId: number, connectionId: number): Promise<{ before: TicketRow[]; after: TicketRow[] }> => {
      const where = and(eq(tickets.companyId, companyId), eq(tickets.whatsappId, connectionId), isNotNull(tickets.imported), ne(tickets.status, 'closed'));
      const before = await db.select().from(tickets).where(where).orderBy(asc(tickets.id)).for('update');
      if (before.length === 0) return { before, after: [] };
      const now = new Date();
      const after = await db
        .update(tickets)
        .set({ status: 'closed', closedAt: now, updatedAt: now, unreadMessages: 0 })
        .where(inArray(tickets.id, before.map((t) => t.id)))
        .returning();
      return { before, after: after.sort((a, b) => a.id - b.id) };
    },
    holder: async (companyId: number, contactId: number, connectionId: number | null): Promise<OpenTicketHolder | undefined> => {
      const row = (
        await db
          .select({ id: tickets.id, uuid: tickets.uuid, status: tickets.status, userId: tickets.userId, user: users.name, queue: queues.name })
          .from(tickets)
          .leftJoin(users, eq(users.id, tickets.userId))
          .leftJoin(queues, eq(queues.id, tickets.queueId))
          .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), sameConnection(connectionId), ne(tickets.status, 'closed')))
          .limit(1)
      )[0];
      return row ? { ...row, status: row.status as TicketStatus } : undefined;
    },
    insert: async (values: NewTicketRow): Promise<TicketRow> => (await db.insert(tickets).values(values).returning())[0]!,
    /** Insert unless the contact already has an open ticket on that connection (then undefined). */
    insertIfFree: (values: NewTicketRow): Promise<TicketRow | undefined> => insertTicketOrNothing(db, values),
    /** Raw text (the chatbot sets flags on every inbound message it answers, see raw.ts). */
    update: async (companyId: number, id: number, changes: TicketChanges & Partial<NewTicketRow>): Promise<TicketRow> => {
      // A rating request (nps) ends the attendance as closing does: the time and nothing left unread (the
      // rating's end passes the time the attendance ended, kept). Any other status (a reopen, a return to
      // the queue) is an attendance under way again: not closed.
      const closing = changes.status === 'closed' || changes.status === 'nps';
      const reopening = changes.status !== undefined && !closing;
      const values: Partial<NewTicketRow> = {
        ...changes,
        updatedAt: changes.updatedAt ?? new Date(),
        ...(closing ? { closedAt: changes.closedAt ?? new Date(), unreadMessages: 0 } : reopening ? { closedAt: null } : {}),
      };
      const keys = (Object.keys(values) as (keyof NewTicketRow & string)[]).filter((k) => values[k] !== undefined);
      const [row] = await run(db, updateText(keys), [id, companyId, ...driverValues(tickets, keys, values)]);
      if (!row) throw new Error(`ticket ${id} vanished`);
      return ticketColumns.read(row);
    },
    /**
     * Reopen a closed ticket (inbound within timeCreateNewTicket) unless its contact already has another active ticket on that connection (one
     * statement, no savepoint: handlers of a batch share a transaction). Only a writer whose new ticket is not
     * committed yet can still make it fail on the one-open-ticket index; the event then runs again.
     */
    reopenIfClosed: async (companyId: number, id: number, changes: Partial<NewTicketRow>): Promise<TicketRow | undefined> =>
      (
        await db
          .update(tickets)
          .set({ ...changes, closedAt: null, updatedAt: new Date() })
          .where(
            and(
              eq(tickets.id, id),
              eq(tickets.companyId, companyId),
              eq(tickets.status, 'closed'),
              sql`not exists (select 1 from ${tickets} as other where other.contact_id = ${tickets.contactId} and coalesce(other.whatsapp_id, 0) = coalesce(${tickets.whatsappId}, 0) and other.status <> 'closed')`,
            ),
          )
          .returning()
      )[0],
    remove: async (companyId: number, id: number): Promise<TicketRow | undefined> =>
      (await db.delete(tickets).where(and(eq(tickets.id, id), eq(tickets.companyId, companyId))).returning())[0],
    /** One page of ids (plus one to tell whether more follow), in the list's order. */
    pageIds: async (filter: TicketListFilter, timeZone: string): Promise<{ ids: number[]; hasMore: boolean }> => {
      const order = filter.sort === 'ASC' ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
      const rows = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(listConditions(filter, timeZone))
        .orderBy(...order)
        .limit(filter.limit + 1)
        .offset(filter.offset);
      return { ids: rows.slice(0, filter.limit).map((r) => r.id), hasMore: rows.length > filter.limit };
    },
    /** How the message part of this filter's search is best evaluated (from PostgreSQL's estimate of matching messages). */
    messageSearchPlan: async (filter: TicketListFilter): Promise<MessageSearchPlan> => {
      if (!filter.search?.onMessages) return 'hashed';
      const rows = await db.execute(
        sql`explain (format json) select 1 from ${messages} where ${messages.companyId} = ${filter.companyId} and ${messages.body} ilike ${filter.search.term}`,
      );
      const plan = (rows[0] as { 'QUERY PLAN'?: { Plan?: { 'Plan Rows'?: number } }[] } | undefined)?.['QUERY PLAN']?.[0]?.Plan;
      return (plan?.['Plan Rows'] ?? 0) > PER_TICKET_SEARCH_ABOVE ? 'perTicket' : 'hashed';
    },
    /** The page and the capped count of a list filter, in one round trip (see ticketListQuery). */
    list: async (filter: TicketListFilter, timeZone: string, cap: number, plan: MessageSearchPlan = 'hashed'): Promise<{ ids: number[]; hasMore: boolean; count: number }> => {
      const [row] = await runPlannedEachTime<{ ids: number[]; count: number }>(db, ticketListQuery(filter, timeZone, cap, plan));
      const ids = row?.ids ?? [];
      return { ids: ids.slice(0, filter.limit), hasMore: ids.length > filter.limit, count: row?.count ?? 0 };
    },
    /** Whether the ticket or its contact carries at least one tag (requiredTag). */
    hasTags: async (ticketId: number, contactId: number): Promise<boolean> => {
      const rows = await db.execute(sql`select (exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${ticketId})
        or exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contactId})) as tagged`);
      return Boolean((rows[0] as { tagged?: boolean } | undefined)?.tagged);
    },
    queue: async (companyId: number, queueId: number) =>
      (await db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(and(eq(queues.id, queueId), eq(queues.companyId, companyId))).limit(1))[0],
    hasQueues: async (companyId: number): Promise<boolean> => (await db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, companyId)).limit(1)).length > 0,
    contact: async (companyId: number, contactId: number) =>
      (await db.select().from(contacts).where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId))).limit(1))[0],
    /**
     * Tickets waiting for an attendant (pending, nobody's, the bot done, not groups) in a queue whose rotation
     * is on and that has someone online, unchanged (no log entry) for its tempoRoteador minutes; locked as above, oldest first.
     */
    dueForRotation: async (limit: number): Promise<TicketRow[]> => {
      const rows = (await db.execute(sql`select t.id from ${tickets} t join ${queues} q on q.id = t.queue_id and q.company_id = t.company_id
        where q.ativar_roteador and q.tempo_roteador > 0 and t.status = 'pending' and t.user_id is null and not t.is_group and not t.is_bot and not t.use_integration
          and coalesce((select max(l.created_at) from ${ticketLogs} l where l.ticket_id = t.id), t.created_at) <= now() - make_interval(mins => q.tempo_roteador)
          and exists (select 1 from ${users} u where u.company_id = t.company_id and u.online and t.queue_id = any(u.queue_ids))
        order by t.id limit ${limit} for update of t skip locked`)) as unknown as { id: number }[];
      if (rows.length === 0) return [];
      return db.select().from(tickets).where(inArray(tickets.id, rows.map((r) => Number(r.id)))).orderBy(asc(tickets.id));
    },
    /** How many tickets each of `userIds` attends now (open), for a fair share of the rotation. */
    openCountOf: async (companyId: number, userIds: number[]): Promise<Map<number, number>> => {
      const counts = new Map(userIds.map((id) => [id, 0]));
      if (userIds.length === 0) return counts;
      const rows = await db
        .select({ userId: tickets.userId, n: count() })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.status, 'open'), inArray(tickets.userId, userIds)))
        .groupBy(tickets.userId);
      for (const r of rows) if (r.userId !== null) counts.set(r.userId, r.n);
      return counts;
    },
    /**
     * The attendant of the contact's latest attended ticket other than `exceptTicketId`, still a user of the
     * company, with that ticket's queue (setting DirectTicketsToWallets: the contact's own attendant).
     */
    lastAttendantOf: async (companyId: number, contactId: number, exceptTicketId: number): Promise<{ userId: number; queueId: number | null } | undefined> => {
      const rows = await db
        .select({ userId: tickets.userId, queueId: tickets.queueId })
        .from(tickets)
        .innerJoin(users, and(eq(users.id, tickets.userId), eq(users.companyId, tickets.companyId)))
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), ne(tickets.id, exceptTicketId), isNotNull(tickets.userId)))
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(1);
      const row = rows[0];
      return row && row.userId !== null ? { userId: row.userId, queueId: row.queueId } : undefined;
    },
    /** Tickets waiting for an attendant in a queue (pending, nobody's, not groups): a newcomer's place in line. */
    waitingInQueue: async (companyId: number, queueId: number): Promise<number> =>
      (
        await db
          .select({ n: count() })
          .from(tickets)
          .where(and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), eq(tickets.status, 'pending'), isNull(tickets.userId), eq(tickets.isGroup, false)))
      )[0]?.n ?? 0,
    /**
     * Close every ticket of `statuses` (within `queueIds` when given); returns the rows as they were.
     * `taggedOnly` (requiredTag): only those with a tag on them or their contact; the others are counted (`untagged`).
     */
    closeMany: async (
      companyId: number,
      statuses: TicketStatus[],
      queueIds: number[] | null,
      options: { taggedOnly?: boolean } = {},
    ): Promise<{ before: TicketRow[]; after: TicketRow[]; untagged: number }> => {
      const chosen = and(eq(tickets.companyId, companyId), inArray(tickets.status, statuses), queueIds ? inArray(tickets.queueId, queueIds) : undefined);
      const tagged = sql`(exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id})
        or exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${tickets.contactId}))`;
      const where = options.taggedOnly ? and(chosen, tagged) : chosen;
      const before = await db.select().from(tickets).where(where).orderBy(asc(tickets.id)).for('update');
      const untagged = options.taggedOnly ? ((await db.select({ n: count() }).from(tickets).where(and(chosen, not(tagged))))[0]?.n ?? 0) : 0;
      if (before.length === 0) return { before, after: [], untagged };
      const after = await db
        .update(tickets)
        // Each keeps its attendant (their history stays theirs); the log names who closed them all.
        .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date(), unreadMessages: 0 })
        .where(inArray(tickets.id, before.map((t) => t.id)))
        .returning();
      return { before, after, untagged };
    },
    /**
     * Waiting tickets without a queue (their menu unanswered) past their connection's timeSendQueue minutes
     * since the bot's last menu (or since they opened), whose sendIdQueue is a queue of their company; locked,
     * skipping rows another replica or an inbound message holds. With the queue to move each to.
     */
    dueForRedirect: async (limit: number): Promise<{ ticket: TicketRow; queueId: number }[]> => {
      const rows = await db.execute(sql`select t.id, c.send_id_queue as target from ${tickets} t
        join ${connections} c on c.id = t.whatsapp_id
        join ${queues} q on q.id = c.send_id_queue and q.company_id = t.company_id
        where c.time_send_queue > 0 and t.status = 'pending' and t.queue_id is null and t.user_id is null and not t.is_group
          and coalesce(t.bot_menu_at, t.created_at) <= now() - make_interval(mins => c.time_send_queue)
        order by t.id limit ${limit} for update of t skip locked`);
      const targets = new Map((rows as unknown as { id: number; target: number }[]).map((r) => [Number(r.id), Number(r.target)]));
      if (targets.size === 0) return [];
      const found = await db.select().from(tickets).where(inArray(tickets.id, [...targets.keys()]));
      return found.map((ticket) => ({ ticket, queueId: targets.get(ticket.id)! }));
    },
    /**
     * Open tickets quiet past their connection's expiresTicket minutes (no message since) that its rule closes:
     * whenExpiresTicket '1' whoever wrote last, '0' only when the last message was ours. Locked as above, with
     * the connection's closing message.
     */
    dueForExpiry: async (limit: number): Promise<{ ticket: TicketRow; message: string }[]> => {
      const rows = (await db.execute(sql`select t.id, c.expires_inactive_message as message
        from ${tickets} t join ${connections} c on c.id = t.whatsapp_id
        left join lateral (select m.from_me from ${messages} m where m.ticket_id = t.id order by m.created_at desc, m.id desc limit 1) last on true
        where c.expires_ticket > 0 and t.status = 'open' and not t.is_group
          and coalesce(t.last_message_at, t.updated_at) <= now() - make_interval(mins => c.expires_ticket)
          and (c.when_expires_ticket = '1' or coalesce(last.from_me, false))
        order by t.id limit ${limit} for update of t skip locked`)) as unknown as { id: number; message: string }[];
      if (rows.length === 0) return [];
      const messageOf = new Map(rows.map((r) => [Number(r.id), r.message]));
      const found = await db.select().from(tickets).where(inArray(tickets.id, [...messageOf.keys()]));
      return found.map((ticket) => ({ ticket, message: messageOf.get(ticket.id) ?? '' }));
    },
    /**
     * Open tickets nothing happened on (no message, no change) for `hours`, any company, oldest first; locked as
     * above. The company ids come from a loose scan of tickets_company_status_updated_idx, so each company's
     * idle tickets are read from that index too (no index of its own to keep up on every message).
     */
    dueForAutoClose: async (hours: number, limit: number): Promise<TicketRow[]> => {
      const idleSince = sql`now() - make_interval(secs => ${hours * 3600})`;
      const rows = (await db.execute(sql`with recursive company_ids(id) as (
          (select company_id from ${tickets} order by company_id limit 1)
          union all
          select (select t.company_id from ${tickets} t where t.company_id > c.id order by t.company_id limit 1) from company_ids c where c.id is not null
        )
        select idle.id from company_ids c cross join lateral (
          select t.id from ${tickets} t where t.company_id = c.id and t.status = 'open' and t.updated_at <= ${idleSince}
          order by t.updated_at limit ${limit}
        ) idle where c.id is not null limit ${limit}`)) as unknown as { id: number }[];
      if (rows.length === 0) return [];
      // Locked, the rule checked again: an inbound message or another replica may have moved it meanwhile.
      return db
        .select()
        .from(tickets)
        .where(and(inArray(tickets.id, rows.map((r) => Number(r.id))), eq(tickets.status, 'open'), sql`${tickets.updatedAt} <= ${idleSince}`))
        .for('update', { skipLocked: true });
    },
    /**
     * Open tickets whose contact has not answered our last message for their connection's timeInactiveMessage
     * minutes and were not reminded since it (one reminder per silence); locked as above, with the reminder.
     */
    dueForInactivityMessage: async (limit: number): Promise<{ ticket: TicketRow; message: string }[]> => {
      const rows = (await db.execute(sql`select t.id, c.inactive_message as message
        from ${tickets} t join ${connections} c on c.id = t.whatsapp_id
        join lateral (select m.from_me from ${messages} m where m.ticket_id = t.id order by m.created_at desc, m.id desc limit 1) last on last.from_me
        where c.time_inactive_message > 0 and btrim(c.inactive_message) <> '' and t.status = 'open' and not t.is_group
          and t.last_message_at <= now() - make_interval(mins => c.time_inactive_message)
          and (t.inactivity_warned_at is null or t.inactivity_warned_at < t.last_message_at)
        order by t.id limit ${limit} for update of t skip locked`)) as unknown as { id: number; message: string }[];
      if (rows.length === 0) return [];
      const messageOf = new Map(rows.map((r) => [Number(r.id), r.message]));
      const found = await db.select().from(tickets).where(inArray(tickets.id, [...messageOf.keys()]));
      return found.map((ticket) => ({ ticket, message: messageOf.get(ticket.id) ?? '' }));
    },
    /** The reminder went out: no other until the conversation moves again (it is itself the last message). */
    markInactivityWarned: async (id: number): Promise<void> => {
      await db.execute(sql`update ${tickets} set inactivity_warned_at = greatest(clock_timestamp(), last_message_at) where id = ${id}`);
    },
    /**
     * Close the rating requests (status nps) left unanswered past their connection's expiresTicketNPS
     * minutes, any company; skips rows another replica or an inbound answer holds. Returns them closed.
     */
    closeExpiredRatings: async (limit: number): Promise<TicketRow[]> =>
      db
        .update(tickets)
        // The attendance ended when the rating was asked for (closedAt then), not now.
        .set({ status: 'closed', closedAt: sql`coalesce(${tickets.closedAt}, now())`, updatedAt: new Date(), unreadMessages: 0 })
        .where(
          sql`${tickets.id} in (select x.id from ${tickets} x join ${connections} c on c.id = x.whatsapp_id
            where x.status = 'nps' and c.expires_ticket_nps > 0 and x.rating_requested_at <= now() - make_interval(mins => c.expires_ticket_nps)
            order by x.id limit ${limit} for update of x skip locked)`,
        )
        .returning(),
    /** Tickets not closed of a user (deleted from auth): they go back to their queue. */
    activeOfUser: async (companyId: number, userId: number): Promise<TicketRow[]> =>
      db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.userId, userId), inArray(tickets.status, ['open', 'group']))).for('update'),
    /**
     * Attach the company's connectionless tickets of a channel that are not closed to `connectionId` (a
     * connection of that channel), except where the contact already has an open ticket on it (the unique
     * index would refuse). Returns them.
     */
    attachConnectionless: async (companyId: number, connectionId: number, channel: string): Promise<TicketRow[]> =>
      db
        .update(tickets)
        .set({ whatsappId: connectionId, updatedAt: new Date() })
        .where(
          and(
            eq(tickets.companyId, companyId),
            isNull(tickets.whatsappId),
            eq(tickets.channel, channel),
            ne(tickets.status, 'closed'),
            sql`not exists (select 1 from ${tickets} as other where other.contact_id = ${tickets.contactId} and other.whatsapp_id = ${connectionId} and other.status <> 'closed')`,
          ),
        )
        .returning(),
    /** A connection went away: its open tickets become connectionless (and wait for the next one). */
    detachConnection: async (companyId: number, connectionId: number): Promise<TicketRow[]> =>
      db
        .update(tickets)
        .set({ whatsappId: null, updatedAt: new Date() })
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.whatsappId, connectionId),
            ne(tickets.status, 'closed'),
            sql`not exists (select 1 from ${tickets} as other where other.contact_id = ${tickets.contactId} and other.whatsapp_id is null and other.status <> 'closed')`,
          ),
        )
        .returning(),
  };
}
export type TicketsRepository = ReturnType<typeof ticketsRepository>;
