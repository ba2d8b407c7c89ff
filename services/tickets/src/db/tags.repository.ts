import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tag } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toTag, type ContactRow, type TagRef, type TagRow } from '../domain/presenters.js';
import { contactTags, contacts, tags, ticketTags } from './schema.js';

export type NewTagRow = typeof tags.$inferInsert;
export type TagChanges = Partial<Omit<NewTagRow, 'id' | 'companyId' | 'createdAt'>>;

/** The unique index on a company's tag names (case-insensitive). */
export const TAG_NAME_KEY = 'tags_company_name_key';

export type TagFilter = {
  companyId: number;
  /** ILIKE pattern on the lowercased name, already escaped. */
  search: string | null;
  kanban: 0 | 1 | null;
  /** Leave this tag out. */
  exceptId: number | null;
};

function conditions(f: TagFilter): SQL {
  return and(
    eq(tags.companyId, f.companyId),
    f.search ? sql`lower(${tags.name}) like ${f.search}` : undefined,
    f.kanban !== null ? eq(tags.kanban, f.kanban) : undefined,
    f.exceptId !== null ? ne(tags.id, f.exceptId) : undefined,
  )!;
}

/** Tags, the contacts and tickets carrying them. Every query names the company. */
export function tagsRepository(db: TicketsDb) {
  const counts = async (tagIds: number[]): Promise<{ contacts: Map<number, number>; tickets: Map<number, number> }> => {
    if (tagIds.length === 0) return { contacts: new Map(), tickets: new Map() };
    const [c, t] = await Promise.all([
      db.select({ tagId: contactTags.tagId, n: sql<number>`count(*)::int` }).from(contactTags).where(inArray(contactTags.tagId, tagIds)).groupBy(contactTags.tagId),
      db.select({ tagId: ticketTags.tagId, n: sql<number>`count(*)::int` }).from(ticketTags).where(inArray(ticketTags.tagId, tagIds)).groupBy(ticketTags.tagId),
    ]);
    return { contacts: new Map(c.map((r) => [r.tagId, r.n])), tickets: new Map(t.map((r) => [r.tagId, r.n])) };
  };

  const repo = {
    /** Tags as answers and events show them: with their contact and ticket counts. */
    present: async (rows: TagRow[]): Promise<Tag[]> => {
      const n = await counts(rows.map((r) => r.id));
      return rows.map((r) => toTag(r, { contacts: n.contacts.get(r.id) ?? 0, tickets: n.tickets.get(r.id) ?? 0 }));
    },
    presentOne: async (row: TagRow): Promise<Tag> => (await repo.present([row]))[0]!,
    /** As `present`, with each tag's contacts (by name) and ticket links (by ticket), at most `cap` of each. */
    presentWithLinks: async (rows: TagRow[], cap: number): Promise<Tag[]> => {
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
      const [presented, contactLinks, ticketLinks] = await Promise.all([
        repo.present(rows),
        db.execute<{ tag_id: number; id: number; name: string }>(sql`
          select tag_id, id, name from (
            select ct.tag_id, c.id, c.name, row_number() over (partition by ct.tag_id order by lower(c.name), c.id) as n
            from ${contactTags} ct join ${contacts} c on c.id = ct.contact_id
            where ct.tag_id in (${idList})
          ) ranked where n <= ${cap}`),
        db.execute<{ tag_id: number; ticket_id: number }>(sql`
          select tag_id, ticket_id from (
            select tag_id, ticket_id, row_number() over (partition by tag_id order by ticket_id) as n
            from ${ticketTags} where tag_id in (${idList})
          ) ranked where n <= ${cap}`),
      ]);
      const contactsOfTag = new Map<number, { id: number; name: string }[]>();
      for (const c of contactLinks) contactsOfTag.set(c.tag_id, [...(contactsOfTag.get(c.tag_id) ?? []), { id: c.id, name: c.name }]);
      const ticketsOfTag = new Map<number, { ticketId: number; tagId: number }[]>();
      for (const t of ticketLinks) ticketsOfTag.set(t.tag_id, [...(ticketsOfTag.get(t.tag_id) ?? []), { ticketId: t.ticket_id, tagId: t.tag_id }]);
      return presented.map((tag) => ({
        ...tag,
        contacts: contactsOfTag.get(tag.id) ?? [],
        ticketTags: ticketsOfTag.get(tag.id) ?? [],
      }));
    },
    page: async (filter: TagFilter, limit: number, offset: number): Promise<{ rows: TagRow[]; count: number }> => {
      const where = conditions(filter);
      const [rows, counted] = await Promise.all([
        db.select().from(tags).where(where).orderBy(asc(sql`lower(${tags.name})`), asc(tags.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(tags).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    list: async (filter: TagFilter, cap: number): Promise<TagRow[]> =>
      db.select().from(tags).where(conditions(filter)).orderBy(asc(sql`lower(${tags.name})`), asc(tags.id)).limit(cap),
    /** The kanban lanes in creation order. */
    lanes: async (companyId: number): Promise<TagRow[]> => db.select().from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1))).orderBy(asc(tags.id)),
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<TagRow | undefined> => {
      const query = db.select().from(tags).where(and(eq(tags.id, id), eq(tags.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    findMany: async (companyId: number, ids: number[]): Promise<TagRow[]> =>
      ids.length ? db.select().from(tags).where(and(eq(tags.companyId, companyId), inArray(tags.id, ids))) : Promise.resolve([]),
    /** Tags by name, case-insensitively (names given lowercased). */
    byLowerNames: async (companyId: number, lowerNames: string[]): Promise<TagRow[]> =>
      lowerNames.length ? db.select().from(tags).where(and(eq(tags.companyId, companyId), inArray(sql`lower(${tags.name})`, lowerNames))) : Promise.resolve([]),
    insert: async (values: NewTagRow): Promise<TagRow> => (await db.insert(tags).values(values).returning())[0]!,
    /** Insert the names the company lacks; an existing name is skipped (not returned). */
    insertManyIfNew: async (values: NewTagRow[]): Promise<TagRow[]> => (values.length ? db.insert(tags).values(values).onConflictDoNothing().returning() : Promise.resolve([])),
    update: async (companyId: number, id: number, changes: TagChanges): Promise<TagRow> =>
      (await db.update(tags).set({ ...changes, updatedAt: new Date() }).where(and(eq(tags.id, id), eq(tags.companyId, companyId))).returning())[0]!,
    remove: async (companyId: number, id: number): Promise<void> => {
      await db.delete(tags).where(and(eq(tags.id, id), eq(tags.companyId, companyId)));
    },
    /** Lanes pointing at a tag about to go stop pointing at it; returns the lanes changed. */
    unchainLane: async (companyId: number, id: number): Promise<TagRow[]> =>
      db
        .update(tags)
        .set({
          nextLaneId: sql`case when ${tags.nextLaneId} = ${id} then null else ${tags.nextLaneId} end`,
          rollbackLaneId: sql`case when ${tags.rollbackLaneId} = ${id} then null else ${tags.rollbackLaneId} end`,
          updatedAt: new Date(),
        })
        .where(and(eq(tags.companyId, companyId), ne(tags.id, id), or(eq(tags.nextLaneId, id), eq(tags.rollbackLaneId, id))))
        .returning(),

    // ---- contact ↔ tag ----
    contactTagRefs: async (contactId: number): Promise<TagRef[]> =>
      db
        .select({ id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
        .from(contactTags)
        .innerJoin(tags, eq(tags.id, contactTags.tagId))
        .where(eq(contactTags.contactId, contactId))
        .orderBy(asc(tags.name)),
    /** Contacts carrying the tag, by name, at most `cap`. */
    contactsOf: async (companyId: number, tagId: number, cap: number): Promise<ContactRow[]> =>
      (
        await db
          .select({ contact: contacts })
          .from(contactTags)
          .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
          .where(and(eq(contactTags.tagId, tagId), eq(contacts.companyId, companyId)))
          .orderBy(asc(contacts.name), asc(contacts.id))
          .limit(cap)
      ).map((r) => r.contact),
    /** The contact's tags become exactly `tagIds`; answers which were added and removed. */
    setContactTags: async (companyId: number, contactId: number, tagIds: number[]): Promise<{ added: number[]; removed: number[] }> => {
      const current = (await db.select({ tagId: contactTags.tagId }).from(contactTags).where(eq(contactTags.contactId, contactId))).map((r) => r.tagId);
      const wanted = new Set(tagIds);
      const removed = current.filter((id) => !wanted.has(id));
      const added = [...wanted].filter((id) => !current.includes(id));
      if (removed.length) await db.delete(contactTags).where(and(eq(contactTags.contactId, contactId), inArray(contactTags.tagId, removed)));
      if (added.length) await db.insert(contactTags).values(added.map((tagId) => ({ contactId, tagId, companyId }))).onConflictDoNothing();
      return { added, removed };
    },
    linkContacts: async (companyId: number, pairs: { contactId: number; tagId: number }[]): Promise<void> => {
      for (let i = 0; i < pairs.length; i += 1000) {
        await db.insert(contactTags).values(pairs.slice(i, i + 1000).map((p) => ({ ...p, companyId }))).onConflictDoNothing();
      }
    },
    unlinkContact: async (tagId: number, contactId: number): Promise<boolean> =>
      (await db.delete(contactTags).where(and(eq(contactTags.tagId, tagId), eq(contactTags.contactId, contactId))).returning({ tagId: contactTags.tagId })).length > 0,

    // ---- ticket ↔ tag ----
    linkTicket: async (companyId: number, ticketId: number, tagId: number): Promise<boolean> =>
      (await db.insert(ticketTags).values({ ticketId, tagId, companyId }).onConflictDoNothing().returning({ tagId: ticketTags.tagId })).length > 0,
    /** Every tag of the ticket goes; answers the tag ids removed. */
    clearTicket: async (ticketId: number): Promise<number[]> =>
      (await db.delete(ticketTags).where(eq(ticketTags.ticketId, ticketId)).returning({ tagId: ticketTags.tagId })).map((r) => r.tagId),
    ticketIdsOf: async (tagId: number): Promise<number[]> => (await db.select({ ticketId: ticketTags.ticketId }).from(ticketTags).where(eq(ticketTags.tagId, tagId))).map((r) => r.ticketId),
    contactIdsOf: async (tagId: number): Promise<number[]> => (await db.select({ contactId: contactTags.contactId }).from(contactTags).where(eq(contactTags.tagId, tagId))).map((r) => r.contactId),
  };
  return repo;
}
export type TagsRepository = ReturnType<typeof tagsRepository>;
