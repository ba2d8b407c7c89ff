import { randomBytes } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyColumnTables, companyRowCounts } from '@atende/kit/testing';
import { companyTables } from '../db/company-data.repository.js';
import { createFakeDrivers, type FakeDrivers, type FakeSession } from '../testing/fake-driver.js';
import { startHarness, waitFor, type Harness } from '../testing/harness.js';

/**
 * admin.company.deleted through the real consumer and the real session manager (fake drivers): the company's
 * running session is logged out and closed, and every row of the company goes from every table of the
 * channels schema, with its connections' keys and leases; another company's rows and session stay.
 */
let h: Harness;
let fake: FakeDrivers;
const GONE = 1;
const KEPT = 2;
const seeded: Record<number, { running: number; idle: number; session: FakeSession }> = {};

/** A connection with one session key: its credentials ('creds': paired), or another key (never resumed by a sweep). */
const insertConnection = async (companyId: number, name: string, key: string): Promise<number> => {
  const token = randomBytes(15).toString('hex');
  const [row] = await h.sql<{ id: number }[]>`
    insert into channels.connections (company_id, name, channel, status, token) values (${companyId}, ${name}, 'whatsapp', 'DISCONNECTED', ${token}) returning id`;
  await h.sql`insert into channels.session_keys (connection_id, key, value) values (${row!.id}, ${key}, ${JSON.stringify({ registered: true })}::jsonb)`;
  return row!.id;
};

/** A company with a connected session, an idle paired connection, and a row in every table of the schema. */
async function seed(companyId: number): Promise<void> {
  const { token } = h.signIn({ id: companyId * 100, companyId, profile: 'admin' });
  const running = await insertConnection(companyId, 'Recepção', 'creds');
  const idle = await insertConnection(companyId, 'Vendas', 'pre-key-1');
  expect((await h.request('POST', `/api/whatsappsession/${running}`, { token })).status).toBe(200);
  const session = await waitFor(h, () => fake.latest(running), 'the session to start');
  session.connect();
  await waitFor(h, async () => (await h.sql`select 1 from channels.connections where id = ${running} and status = 'CONNECTED'`).length > 0, 'CONNECTED');
  seeded[companyId] = { running, idle, session };

  const queueId = await h.addQueue(companyId, `Fila ${companyId}`);
  await h.sql.begin(async (sql) => {
    await sql`insert into channels.pending_sends (connection_id, company_id, command) values (${idle}, ${companyId}, ${JSON.stringify({ messageId: companyId })}::jsonb)`;
    await sql`insert into channels.prompts (company_id, name, prompt, api_key, queue_id) values (${companyId}, 'Assistente', 'Seja breve', 'sk-test', ${queueId})`;
    const [rule] = await sql<{ id: number }[]>`insert into channels.auto_responses (company_id, name, response) values (${companyId}, 'Horário', 'Das 8h às 18h') returning id`;
    await sql`insert into channels.auto_response_uses (message_id, auto_response_id, company_id) values (${companyId * 1000}, ${rule!.id}, ${companyId})`;
    const [integration] = await sql<{ id: number }[]>`insert into channels.queue_integrations (company_id, type, name) values (${companyId}, 'webhook', 'Webhook') returning id`;
    const [list] = await sql<{ id: number }[]>`insert into channels.file_lists (company_id, name, message) values (${companyId}, 'Preços', 'Segue') returning id`;
    await sql`insert into channels.file_list_options (file_list_id, company_id, name) values (${list!.id}, ${companyId}, 'tabela.pdf')`;
    await sql`insert into channels.bot_sessions (ticket_id, company_id, integration_id, session_id) values (${companyId * 1000}, ${companyId}, ${integration!.id}, 'typebot-1')`;
  });
}

/** Rows of the company in each table, and its connections' session keys and leases. */
async function rowsOf(companyId: number): Promise<Record<string, number>> {
  const counts = await companyRowCounts(h.sql, 'channels', companyId);
  const ids = [seeded[companyId]!.running, seeded[companyId]!.idle];
  counts.session_keys = (await h.sql<{ n: number }[]>`select count(*)::int as n from channels.session_keys where connection_id in ${h.sql(ids)}`)[0]!.n;
  counts.session_leases = (await h.sql<{ n: number }[]>`select count(*)::int as n from channels.session_leases where connection_id in ${h.sql(ids)}`)[0]!.n;
  return counts;
}

beforeAll(async () => {
  fake = createFakeDrivers();
  h = await startHarness({ drivers: { whatsapp: fake.factory, whatsappapi: fake.factory } });
  await seed(GONE);
  await seed(KEPT);
});
afterAll(() => h?.stop());

describe('admin.company.deleted', () => {
  it('knows every table of the schema that holds a company’s rows', async () => {
    expect(companyTables.map((t) => getTableName(t)).sort()).toEqual(await companyColumnTables(h.sql, 'channels'));
  });

  it("logs out the company's running session, removes its rows everywhere, and leaves another company alone", async () => {
    const before = await rowsOf(GONE);
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const kept = await rowsOf(KEPT);

    await h.publish('admin.company.deleted', GONE, { companyId: GONE });

    const { running, idle, session } = seeded[GONE]!;
    await waitFor(h, () => session.loggedOut, 'the session to be logged out');
    expect(session.closed).toBe(true);
    expect(Object.entries(await rowsOf(GONE)).filter(([, n]) => n > 0)).toEqual([]);
    // Tickets and campaigns drop the connections from their projections; browsers of the company hear it.
    expect(h.events('channels.connection.deleted').filter((e) => e.companyId === GONE).map((e) => e.data.connectionId).sort()).toEqual([running, idle].sort());

    expect(await rowsOf(KEPT)).toEqual(kept);
    expect(seeded[KEPT]!.session).toMatchObject({ closed: false, loggedOut: false, connected: true });
  });

  it('announces nothing more of the deleted session: a late report of its driver changes nothing', async () => {
    const { session, running } = seeded[GONE]!;
    const updates = () => h.events('channels.connection.updated').filter((e) => e.data.connection.id === running).length;
    const seen = updates();
    session.context.events.status({ status: 'CONNECTED', number: '5511999990000' });
    await h.flush();
    expect(updates()).toBe(seen);
    expect((await h.sql`select 1 from channels.connections where id = ${running}`).length).toBe(0);
  });

  it('changes nothing when the event comes again', async () => {
    const kept = await rowsOf(KEPT);
    await h.publish('admin.company.deleted', GONE, { companyId: GONE });
    expect(await rowsOf(KEPT)).toEqual(kept);
  });
});
