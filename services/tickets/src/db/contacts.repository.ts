import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Contact } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toContact, type ContactRow, type TagRef } from '../domain/presenters.js';
import { connections, contactTags, contacts, tags, tickets } from './schema.js';

export type NewContactRow = typeof contacts.$inferInsert;
export type ContactChanges = Partial<Omit<NewContactRow, 'id' | 'companyId' | 'uuid' | 'createdAt'>>;

/** The unique index that keeps one contact per number in a company. */
export const CONTACT_NUMBER_KEY = 'contacts_company_number_key';

/** What the contact list and the export filter on (built by domain/contacts.ts). */
export type ContactFilter = {
  companyId: number;
  /** ILIKE patterns, already escaped; `digits` matches the number. */
  search: { term: string; digits: string | null } | null;
  channel: string | null;
  isGroup: boolean | null;
  /** Contacts carrying every one of these tags. */
  tagIds: number[] | null;
};

function conditions(f: ContactFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(contacts.companyId, f.companyId)];
  if (f.search) {
    conds.push(or(ilike(contacts.name, f.search.term), ilike(contacts.email, f.search.term), f.search.digits ? ilike(contacts.number, f.search.digits) : undefined));
  }
  if (f.channel) conds.push(eq(contacts.channel, f.channel));
  if (f.isGroup !== null) conds.push(eq(contacts.isGroup, f.isGroup));
  for (const tagId of f.tagIds ?? []) {
    conds.push(sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id} and ${contactTags.tagId} = ${tagId})`);
  }
  return and(...conds)!;
}

const order = [asc(contacts.name), asc(contacts.id)];

/** Contacts of a company: every query names the company. */
export function contactsRepository(db: TicketsDb) {
  const repo = {
    page: async (filter: ContactFilter, limit: number, offset: number): Promise<{ rows: ContactRow[]; count: number }> => {
      const where = conditions(filter);
      const [rows, counted] = await Promise.all([
        db.select().from(contacts).where(where).orderBy(...order).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    /** Every match in list order, at most `cap` (the export). */
    all: async (filter: ContactFilter, cap: number): Promise<ContactRow[]> => db.select().from(contacts).where(conditions(filter)).orderBy(...order).limit(cap),
    findById: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<ContactRow | undefined> => {
      const query = db.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    findMany: async (companyId: number, ids: number[]): Promise<ContactRow[]> =>
      ids.length ? db.select().from(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids))).orderBy(asc(contacts.id)) : Promise.resolve([]),
    findByNumber: async (companyId: number, number: string): Promise<ContactRow | undefined> =>
      (await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1))[0],
    insert: async (values: NewContactRow): Promise<ContactRow> => (await db.insert(contacts).values(values).returning())[0]!,
    /** Insert what is new; rows whose number the company already has are skipped (not returned). */
    insertManyIfNew: async (values: NewContactRow[]): Promise<ContactRow[]> => {
      const out: ContactRow[] = [];
      for (let i = 0; i < values.length; i += 500) {
        out.push(...(await db.insert(contacts).values(values.slice(i, i + 500)).onConflictDoNothing().returning()));
      }
      return out;
    },
    /** Which of these numbers the company already has. */
    existingNumbers: async (companyId: number, numbers: string[]): Promise<Set<string>> => {
      const found = new Set<string>();
      for (let i = 0; i < numbers.length; i += 1000) {
        const rows = await db.select({ number: contacts.number }).from(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers.slice(i, i + 1000))));
        for (const r of rows) found.add(r.number);
      }
      return found;
    },
    update: async (companyId: number, id: number, changes: ContactChanges): Promise<ContactRow> =>
      (await db.update(contacts).set({ ...changes, updatedAt: new Date() }).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId))).returning())[0]!,
    remove: async (companyId: number, id: number): Promise<void> => {
      await db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)));
    },
    /** The contact's tickets (their scopes go out as deletions when the contact goes). */
    tickets: async (companyId: number, contactId: number) =>
      db
        .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId))),
    tagsOf: async (contactIds: number[]): Promise<Map<number, TagRef[]>> => {
      const map = new Map<number, TagRef[]>();
      if (contactIds.length === 0) return map;
      for (let i = 0; i < contactIds.length; i += 1000) {
        const rows = await db
          .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
          .from(contactTags)
          .innerJoin(tags, eq(tags.id, contactTags.tagId))
          .where(inArray(contactTags.contactId, contactIds.slice(i, i + 1000)))
          .orderBy(asc(tags.name));
        for (const r of rows) {
          const list = map.get(r.contactId) ?? [];
          list.push({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });
          map.set(r.contactId, list);
        }
      }
      return map;
    },
    /** Contacts as answers and events show them: with their tags and connection, in the order given. */
    present: async (rows: ContactRow[]): Promise<Contact[]> => {
      if (rows.length === 0) return [];
      const connectionIds = [...new Set(rows.map((r) => r.whatsappId).filter((v): v is number => v !== null))];
      const [tagMap, connectionRows] = await Promise.all([
        repo.tagsOf(rows.map((r) => r.id)),
        connectionIds.length ? db.select({ id: connections.id, name: connections.name }).from(connections).where(inArray(connections.id, connectionIds)) : Promise.resolve([]),
      ]);
      const byConnection = new Map(connectionRows.map((c) => [c.id, c]));
      return rows.map((r) => toContact(r, { tags: tagMap.get(r.id) ?? [], connection: r.whatsappId ? (byConnection.get(r.whatsappId) ?? null) : null }));
    },
    presentOne: async (row: ContactRow): Promise<Contact> => (await repo.present([row]))[0]!,
    /** The tag, if the company's, and its active, non-group contacts (a campaign's recipients), oldest first. */
    tagged: async (companyId: number, tagId: number): Promise<{ name: string; number: string; email: string }[] | null> => {
      const [tag] = await db.select({ id: tags.id }).from(tags).where(and(eq(tags.id, tagId), eq(tags.companyId, companyId))).limit(1);
      if (!tag) return null;
      return db
        .select({ name: contacts.name, number: contacts.number, email: contacts.email })
        .from(contactTags)
        .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
        .where(and(eq(contactTags.tagId, tagId), eq(contacts.companyId, companyId), eq(contacts.active, true), eq(contacts.isGroup, false)))
        .orderBy(asc(contacts.id));
    },
  };
  return repo;
}
export type ContactsRepository = ReturnType<typeof contactsRepository>;
