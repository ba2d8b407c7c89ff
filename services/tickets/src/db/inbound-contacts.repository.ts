import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Contact } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { toContact, type ContactRow } from '../domain/presenters.js';
import { columns, insertOrNothing, run, tableRef } from './raw.js';
import { connections, contactTags, contacts, tags } from './schema.js';

export type NewContactRow = typeof contacts.$inferInsert;

/**
 * Contacts as inbound messages find them: by number or by WhatsApp's hidden id (lid), so the same
 * person arriving either way is one contact. Creation races are settled by the unique indexes
 * (contacts_company_number_key, contacts_company_lid_key): insert-or-nothing, then read again.
 */
const contactColumns = columns(contacts, 'c', undefined, 'c');
const c = (column: { name: string }) => `c."${column.name}"`;
/** find, locked (the inbound hot path): raw text, see raw.ts. A number match wins over a lid match. */
const findLocked = (byLid: boolean) =>
  `select ${contactColumns.list} from ${tableRef(contacts)} c
  where ${c(contacts.companyId)} = $1 and (${c(contacts.number)} = $2${byLid ? ` or ${c(contacts.lid)} = $3` : ''})
  order by (${c(contacts.number)} = $2) desc, ${c(contacts.id)} asc limit 1 for update`;
const findByNumberLocked = findLocked(false);
const findByNumberOrLidLocked = findLocked(true);
const insertContactOrNothing = insertOrNothing(contacts);
/** The contact's tags and connection as events show them (every new inbound contact): raw text, see raw.ts. */
const contactTagsText = `select t."${tags.id.name}" as id, t."${tags.name.name}" as name, t."${tags.color.name}" as color, t."${tags.kanban.name}" as kanban
  from ${tableRef(contactTags)} ct join ${tableRef(tags)} t on t."${tags.id.name}" = ct."${contactTags.tagId.name}" where ct."${contactTags.contactId.name}" = $1`;
const connectionNameText = `select "${connections.id.name}" as id, "${connections.name.name}" as name from ${tableRef(connections)} where "${connections.id.name}" = $1 limit 1`;

export function inboundContactsRepository(db: TicketsDb) {
  const find = async (companyId: number, number: string, lid: string | null, lock: boolean): Promise<ContactRow | undefined> => {
    if (lock) {
      const [row] = await run(db, lid ? findByNumberOrLidLocked : findByNumberLocked, lid ? [companyId, number, lid] : [companyId, number]);
      return row ? contactColumns.read(row) : undefined;
    }
    const match = lid ? or(eq(contacts.number, number), eq(contacts.lid, lid)) : eq(contacts.number, number);
    // A number match wins over a lid match when both exist as different rows.
    const query = db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), match))
      .orderBy(sql`(${contacts.number} = ${number}) desc`, asc(contacts.id))
      .limit(1);
    return (await (lock ? query.for('update') : query))[0];
  };
  return {
    find: (companyId: number, number: string, lid: string | null) => find(companyId, number, lid, true),
    insertIfNew: (values: NewContactRow): Promise<ContactRow | undefined> => insertContactOrNothing(db, values),
    update: async (id: number, changes: Partial<NewContactRow>): Promise<ContactRow> =>
      (await db.update(contacts).set({ ...changes, updatedAt: new Date() }).where(eq(contacts.id, id)).returning())[0]!,
    /** Whether another contact of the company already holds this lid (filling it in would collide). */
    lidTaken: async (companyId: number, lid: string, exceptId: number): Promise<boolean> =>
      (await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid), sql`${contacts.id} <> ${exceptId}`)).limit(1)).length > 0,
    /** The contact as events show it (with its tags and connection). */
    present: async (row: ContactRow): Promise<Contact> => {
      const [tagRows, connection] = await Promise.all([
        run<{ id: number; name: string; color: string; kanban: number }>(db, contactTagsText, [row.id]),
        row.whatsappId ? run<{ id: number; name: string }>(db, connectionNameText, [row.whatsappId]) : Promise.resolve([]),
      ]);
      return toContact(row, { tags: tagRows, connection: connection[0] ?? null });
    },
    findByNumber: async (companyId: number, number: string): Promise<ContactRow | undefined> =>
      (await db.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1))[0],
  };
}
