import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTables } from '../db/company-data.repository.js';
import { companyColumnTables, companyRowCounts } from '@atende/kit/testing';
import { startHarness, type Harness } from '../testing/harness.js';

/**
 * admin.company.deleted through the real consumer: every row of the deleted company goes, in every table
 * of the tickets schema; another company's rows stay.
 */
let h: Harness;
const GONE = 1;
const KEPT = 2;

/** One row of the company in every table of the schema (ids of the projections: 1000 × company + n). */
async function seed(companyId: number): Promise<void> {
  const base = companyId * 1000;
  await h.sql.begin(async (sql) => {
    await sql`insert into tickets.connections (id, company_id, name, channel, status) values (${base + 1}, ${companyId}, 'Conexão', 'whatsapp', 'CONNECTED')`;
    await sql`insert into tickets.users (id, company_id, name, profile) values (${base + 1}, ${companyId}, 'Ana', 'admin'), (${base + 2}, ${companyId}, 'Bia', 'user')`;
    const [queue] = await sql<{ id: number }[]>`insert into tickets.queues (company_id, name, color) values (${companyId}, 'Vendas', ${`#00000${companyId}`}) returning id`;
    await sql`insert into tickets.chatbots (company_id, queue_id, name) values (${companyId}, ${queue!.id}, 'Opção um')`;
    await sql`insert into tickets.prompt_queues (prompt_id, company_id, queue_id) values (${base + 1}, ${companyId}, ${queue!.id})`;
    const [contact] = await sql<{ id: number }[]>`insert into tickets.contacts (company_id, name, number) values (${companyId}, 'Maria', ${`551190000000${companyId}`}) returning id`;
    const [tag] = await sql<{ id: number }[]>`insert into tickets.tags (company_id, name) values (${companyId}, 'Cliente') returning id`;
    await sql`insert into tickets.contact_tags (contact_id, tag_id, company_id) values (${contact!.id}, ${tag!.id}, ${companyId})`;
    const [ticket] = await sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, whatsapp_id, queue_id) values (${companyId}, ${contact!.id}, ${base + 1}, ${queue!.id}) returning id`;
    await sql`insert into tickets.messages (company_id, ticket_id, contact_id, body) values (${companyId}, ${ticket!.id}, ${contact!.id}, 'Olá')`;
    await sql`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values (${ticket!.id}, ${tag!.id}, ${companyId})`;
    await sql`insert into tickets.ticket_notes (company_id, ticket_id, contact_id, user_id, note) values (${companyId}, ${ticket!.id}, ${contact!.id}, ${base + 1}, 'Nota')`;
    await sql`insert into tickets.ticket_logs (company_id, ticket_id, user_id, type) values (${companyId}, ${ticket!.id}, ${base + 1}, 'create')`;
    await sql`insert into tickets.pinned_tickets (company_id, user_id, ticket_id) values (${companyId}, ${base + 1}, ${ticket!.id})`;
    await sql`insert into tickets.quick_messages (company_id, shortcode, message) values (${companyId}, 'oi', 'Olá!')`;
    const [chat] = await sql<{ id: number }[]>`insert into tickets.chats (company_id, owner_id, title, is_group) values (${companyId}, ${base + 1}, 'Equipe', true) returning id`;
    await sql`insert into tickets.chat_users (chat_id, user_id) values (${chat!.id}, ${base + 1}), (${chat!.id}, ${base + 2})`;
    await sql`insert into tickets.chat_messages (chat_id, sender_id, message) values (${chat!.id}, ${base + 1}, 'Bom dia')`;
  });
}

/** Rows of the company in each table of the schema, by table (chat_users and chat_messages through their chat). */
async function rowsOf(companyId: number): Promise<Record<string, number>> {
  const counts = await companyRowCounts(h.sql, 'tickets', companyId);
  for (const table of ['chat_users', 'chat_messages']) {
    const [row] = await h.sql.unsafe<{ n: number }[]>(`select count(*)::int as n from tickets."${table}" t join tickets.chats c on c.id = t.chat_id where c.company_id = $1`, [companyId]);
    counts[table] = row!.n;
  }
  return counts;
}

beforeAll(async () => {
  h = await startHarness();
  await seed(GONE);
  await seed(KEPT);
});
afterAll(() => h?.stop());

describe('admin.company.deleted', () => {
  it('knows every table of the schema that holds a company’s rows', async () => {
    expect(companyTables.map((t) => getTableName(t)).sort()).toEqual(await companyColumnTables(h.sql, 'tickets'));
  });

  it("removes the company's rows from every table, and only that company's", async () => {
    const before = await rowsOf(GONE);
    // The seed reaches every table, so an empty count after the delete means something.
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const kept = await rowsOf(KEPT);

    await h.publish('admin.company.deleted', GONE, { companyId: GONE });

    expect(Object.entries(await rowsOf(GONE)).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowsOf(KEPT)).toEqual(kept);
  });

  it('changes nothing when the event comes again', async () => {
    const kept = await rowsOf(KEPT);
    await h.publish('admin.company.deleted', GONE, { companyId: GONE });
    expect(await rowsOf(KEPT)).toEqual(kept);
  });
});
