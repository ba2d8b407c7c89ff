import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';

/**
 * DELETE /api/companies/{id} (spec 001 §7) across the platform: the company's data goes from every service
 * (users, connections, queues, contacts, tags, quick messages, contact lists…) and its media folder goes too;
 * a token issued before the delete can neither read nor write anything of it any more. Another company keeps
 * all of its own. Sessions do not run here (no WhatsApp to reach); channels' session tests cover them.
 */
let platform: TestPlatform;
type Company = Awaited<ReturnType<TestPlatform['createCompany']>>;
let gone: Company;
let kept: Company;
let goneUser: Awaited<ReturnType<TestPlatform['createUser']>>;

/** Some of everything a company owns, created as its admin would. */
async function fill(company: Company, n: string): Promise<void> {
  const as = (method: string, url: string, body: unknown) => platform.request(method, url, { token: company.admin.token, body });
  const created = await Promise.all([
    as('POST', '/api/whatsapp', { name: `Recepção ${n}` }),
    as('POST', '/api/queue', { name: `Vendas ${n}`, color: `#12345${n}`, greetingMessage: 'Olá' }),
    as('POST', '/api/contacts', { name: `Maria ${n}`, number: `551198888777${n}` }),
    as('POST', '/api/tags', { name: `Cliente ${n}` }),
    as('POST', '/api/quick-messages', { shortcode: `oi${n}`, message: 'Olá!' }),
    as('POST', '/api/contact-lists', { name: `Lista ${n}` }),
  ]);
  for (const answer of created) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const folder = path.join(platform.dataDir, 'media', `company${company.companyId}`, 'messages');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'audio.ogg'), Buffer.alloc(100));
}

/** The company's rows in every table of every service's schema that has a company_id (admin's own aside). */
async function rowsOf(companyId: number): Promise<Record<string, number>> {
  const tables = await platform.sql<{ table_schema: string; table_name: string }[]>`
    select table_schema, table_name from information_schema.columns
    where column_name = 'company_id' and table_schema in ('auth', 'tickets', 'channels', 'campaigns') order by 1, 2`;
  const counts: Record<string, number> = {};
  for (const { table_schema, table_name } of tables) {
    const [row] = await platform.sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table_schema}"."${table_name}" where company_id = $1`, [companyId]);
    if (row!.n > 0) counts[`${table_schema}.${table_name}`] = row!.n;
  }
  return counts;
}

const exists = (file: string) => stat(file).then(() => true, () => false);

beforeAll(async () => {
  platform = await startTestPlatform({ env: { CHANNELS_RUN_SESSIONS: 'false' } });
  gone = await platform.createCompany();
  kept = await platform.createCompany();
  goneUser = await platform.createUser(gone.admin);
  await fill(gone, '1');
  await fill(kept, '2');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('DELETE /api/companies/{id}', () => {
  it("removes the company's data from every service and its media folder, and leaves another company's alone", async () => {
    // Everything is in place first (the projections are fed by events).
    const expected = ['auth.users', 'tickets.contacts', 'tickets.queues', 'tickets.tags', 'tickets.quick_messages', 'tickets.connections', 'channels.connections', 'channels.queues', 'campaigns.contact_lists', 'campaigns.connections', 'campaigns.queues'];
    const before = await eventually(async () => {
      const rows = await rowsOf(gone.companyId);
      return expected.every((t) => rows[t]) ? rows : undefined;
    });
    const keptBefore = await eventually(async () => {
      const rows = await rowsOf(kept.companyId);
      return expected.every((t) => rows[t]) ? rows : undefined;
    });
    expect(Object.keys(before).sort()).toEqual(Object.keys(keptBefore).sort());

    const superSession = await platform.login();
    const answer = await platform.request('DELETE', `/api/companies/${gone.companyId}`, { token: superSession.token });
    expect(answer.status).toBe(200);

    await eventually(async () => Object.keys(await rowsOf(gone.companyId)).length === 0, 10_000);
    expect(await rowsOf(gone.companyId)).toEqual({});
    await eventually(async () => !(await exists(path.join(platform.dataDir, 'media', `company${gone.companyId}`))));

    expect(await rowsOf(kept.companyId)).toEqual(keptBefore);
    expect(await exists(path.join(platform.dataDir, 'media', `company${kept.companyId}`, 'messages', 'audio.ogg'))).toBe(true);
    const own = await platform.request('GET', '/api/contacts', { token: kept.admin.token });
    expect(own.status).toBe(200);
    expect(own.body.contacts).toHaveLength(1);
  });

  it('refuses a token issued before the delete everywhere, as a session that ended (401: the web logs out)', async () => {
    // Every service drops the company from its directory on admin.company.deleted (a moment later on the cluster's bus).
    await eventually(async () => (await platform.request('GET', '/api/contacts', { token: gone.admin.token })).status === 401);
    for (const token of [gone.admin.token, goneUser.session.token]) {
      for (const [method, url, body] of [
        ['GET', '/api/whatsapp', undefined],
        ['GET', '/api/queue', undefined],
        ['GET', '/api/contacts', undefined],
        ['POST', '/api/contacts', { name: 'Fantasma', number: '5511955550001' }],
        ['POST', '/api/tags', { name: 'fantasma' }],
        ['POST', '/api/whatsapp', { name: 'Fantasma' }],
        ['GET', '/api/users', undefined],
        ['GET', '/api/contact-lists', undefined],
      ] as const) {
        const answer = await platform.request(method, url, { token, body });
        expect({ url, method, status: answer.status, error: answer.body?.error }).toEqual({ url, method, status: 401, error: 'ERR_SESSION_EXPIRED' });
      }
    }
    expect(await rowsOf(gone.companyId)).toEqual({});
    // Its refresh cookie is over too (its users are gone).
    const refreshed = await platform.request('POST', '/api/auth/refresh_token', { cookie: gone.admin.cookie });
    expect(refreshed.status).toBe(401);
  });
});
