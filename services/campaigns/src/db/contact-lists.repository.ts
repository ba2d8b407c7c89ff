import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CampaignsDb } from '../deps.js';
import { contactListItems, contactLists } from './contact-lists.schema.js';

export type ContactListRow = typeof contactLists.$inferSelect;
export type ContactListItemRow = typeof contactListItems.$inferSelect;
export type NewContactListItemRow = typeof contactListItems.$inferInsert;
export type ContactListWithCount = ContactListRow & { contactsCount: number };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (search: string) => `%${escapeLike(search)}%`;

// drizzle leaves column names unqualified in a one-table select, so the correlation is spelled out.
const contactsCount = sql<number>`(select count(*)::int from ${contactListItems} as cli where cli.contact_list_id = "contact_lists"."id")`;
const withCount = { id: contactLists.id, companyId: contactLists.companyId, name: contactLists.name, createdAt: contactLists.createdAt, updatedAt: contactLists.updatedAt, contactsCount };

function listMatching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? sql`${contactLists.name} ilike ${like(term)}` : undefined;
}

function itemMatching(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  return or(sql`${contactListItems.name} ilike ${like(term)}`, sql`${contactListItems.number} like ${like(term)}`, sql`${contactListItems.email} ilike ${like(term)}`);
}

/** Contact lists and their items (spec 002 §3); every query scoped by the company. */
export function contactListsRepository(db: CampaignsDb) {
  return {
    page: async (companyId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: ContactListWithCount[]; count: number }> => {
      const where = and(eq(contactLists.companyId, companyId), listMatching(search));
      const [rows, counted] = await Promise.all([
        db.select(withCount).from(contactLists).where(where).orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(contactLists).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    all: async (companyId: number): Promise<ContactListWithCount[]> =>
      db.select(withCount).from(contactLists).where(eq(contactLists.companyId, companyId)).orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id)),
    find: async (companyId: number, id: number, options: { lock?: boolean } = {}): Promise<ContactListRow | undefined> => {
      const query = db.select().from(contactLists).where(and(eq(contactLists.id, id), eq(contactLists.companyId, companyId))).limit(1);
      return (await (options.lock ? query.for('update') : query))[0];
    },
    withCount: async (row: ContactListRow): Promise<ContactListWithCount> => {
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(contactListItems).where(eq(contactListItems.contactListId, row.id));
      return { ...row, contactsCount: counted?.n ?? 0 };
    },
    insert: async (companyId: number, name: string): Promise<ContactListRow> => (await db.insert(contactLists).values({ companyId, name }).returning())[0]!,
    rename: async (id: number, name: string): Promise<ContactListRow> =>
      (await db.update(contactLists).set({ name, updatedAt: sql`now()` }).where(eq(contactLists.id, id)).returning())[0]!,
    remove: async (id: number): Promise<void> => {
      await db.delete(contactLists).where(eq(contactLists.id, id));
    },

    itemsPage: async (companyId: number, contactListId: number, search: string | undefined, limit: number, offset: number): Promise<{ rows: ContactListItemRow[]; count: number }> => {
      const where = and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId), itemMatching(search));
      const [rows, counted] = await Promise.all([
        db.select().from(contactListItems).where(where).orderBy(asc(sql`lower(${contactListItems.name})`), asc(contactListItems.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(contactListItems).where(where),
      ]);
      return { rows, count: counted[0]?.n ?? 0 };
    },
    findItem: async (companyId: number, id: number): Promise<ContactListItemRow | undefined> =>
      (await db.select().from(contactListItems).where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, companyId))).limit(1))[0],
    /** Another item of the list with this number (callers hold the list's row lock, so the answer stays true until commit). */
    numberTaken: async (contactListId: number, number: string, exceptId: number | null): Promise<boolean> =>
      (
        await db
          .select({ id: contactListItems.id })
          .from(contactListItems)
          .where(and(eq(contactListItems.contactListId, contactListId), eq(contactListItems.number, number), exceptId ? ne(contactListItems.id, exceptId) : undefined))
          .limit(1)
      ).length > 0,
    numbersIn: async (contactListId: number, numbers: string[]): Promise<Set<string>> => {
      const found = new Set<string>();
      for (let i = 0; i < numbers.length; i += 1000) {
        const rows = await db
          .select({ number: contactListItems.number })
          .from(contactListItems)
          .where(and(eq(contactListItems.contactListId, contactListId), inArray(contactListItems.number, numbers.slice(i, i + 1000))));
        for (const r of rows) found.add(r.number);
      }
      return found;
    },
    insertItem: async (values: NewContactListItemRow): Promise<ContactListItemRow> => (await db.insert(contactListItems).values(values).returning())[0]!,
    /** Many items at once; a number the list already holds is skipped (answer: the rows added). */
    insertItemsIfNew: async (values: NewContactListItemRow[]): Promise<ContactListItemRow[]> => {
      const added: ContactListItemRow[] = [];
      for (let i = 0; i < values.length; i += 1000) {
        added.push(...(await db.insert(contactListItems).values(values.slice(i, i + 1000)).onConflictDoNothing().returning()));
      }
      return added;
    },
    updateItem: async (id: number, changes: Partial<Pick<ContactListItemRow, 'name' | 'number' | 'email' | 'isWhatsappValid'>>): Promise<ContactListItemRow> =>
      (await db.update(contactListItems).set({ ...changes, updatedAt: sql`now()` }).where(eq(contactListItems.id, id)).returning())[0]!,
    removeItem: async (id: number): Promise<void> => {
      await db.delete(contactListItems).where(eq(contactListItems.id, id));
    },
  };
}

/** Every item of a company's list, in a stable order (the campaign runner sends to them); none for another company's list. */
export async function listItems(db: CampaignsDb, companyId: number, contactListId: number): Promise<ContactListItemRow[]> {
  return db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId)))
    .orderBy(asc(contactListItems.id));
}
