import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type RequestOf, type User } from '@atende/kit';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/**
 * POST /api/closedimported/{id} (spec 001 §2, §7, §8): the close-imported button. Tickets (answered here as
 * tickets would, its side is tested in tickets' imported-tickets tests) closes the import's tickets; the
 * connection's statusImportMessages is cleared so the button goes, and the screens are told.
 */
let h: Harness;
const tokens: Record<string, string> = {};
const asked: RequestOf<'tickets.imported.close'>[] = [];
/** What tickets answers per connection: how many imported tickets it closed. */
const openImported = new Map<number, number>();

const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
  tokens[key] = h.signIn(fields).token;
};
const post = async (who: string | undefined, id: number) => {
  const res = await h.request<{ closed: number }>('POST', `/api/closedimported/${id}`, { token: who ? tokens[who] : undefined });
  await h.flush();
  return res;
};
async function connection(companyId: number, status: string | null): Promise<number> {
  const [row] = await h.sql<{ id: number }[]>`
    insert into channels.connections (company_id, name, channel, status, token, status_import_messages)
    values (${companyId}, ${`Importada ${Math.random().toString(36).slice(2, 8)}`}, 'whatsapp', 'CONNECTED', ${Math.random().toString(36).slice(2)}, ${status}) returning id`;
  return row!.id;
}
const statusOf = async (id: number) => (await h.sql<{ s: string | null }[]>`select status_import_messages as s from channels.connections where id = ${id}`)[0]!.s;

beforeAll(async () => {
  h = await startHarness({ recordSessions: true });
  for (const c of [1, 2]) h.plans.set(c, fullPlan());
  await answer(h.bus, 'tickets.imported.close', async (request) => {
    asked.push(request);
    const closed = openImported.get(request.connectionId) ?? 0;
    openImported.set(request.connectionId, 0);
    return { closed };
  });
  define('admin1', { id: 1, companyId: 1, profile: 'admin' });
  define('ana1', { id: 111, companyId: 1 });
  define('bia1', { id: 112, companyId: 1, allowConnections: 'enabled' });
  define('admin2', { id: 2, companyId: 2, profile: 'admin' });
});
afterAll(async () => h?.stop());

describe('POST /api/closedimported/:id', () => {
  it('closes the import’s tickets, answers how many, and takes the button away', async () => {
    const id = await connection(1, 'renderButtonCloseTickets');
    openImported.set(id, 3);
    const before = h.published.length;
    const res = await post('admin1', id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ closed: 3 });
    expect(asked.at(-1)).toEqual({ companyId: 1, connectionId: id, userId: 1 });
    expect(await statusOf(id)).toBeNull();
    const events = h.published.slice(before);
    const updated = events.find((e) => e.type === 'channels.connection.updated');
    expect(updated?.companyId).toBe(1);
    expect((updated?.data as { whatsapp: { id: number; statusImportMessages: string | null } }).whatsapp).toMatchObject({ id, statusImportMessages: null });
    expect(events.find((e) => e.type === 'channels.import.progress')?.data).toEqual({ action: 'refresh', connectionId: id });
  });

  it('pressed again, closes nothing more', async () => {
    const id = await connection(1, 'renderButtonCloseTickets');
    openImported.set(id, 2);
    expect((await post('admin1', id)).body).toEqual({ closed: 2 });
    expect((await post('admin1', id)).body).toEqual({ closed: 0 });
  });

  it('leaves the state of an import still running as it is', async () => {
    const id = await connection(1, 'Running');
    expect((await post('admin1', id)).status).toBe(200);
    expect(await statusOf(id)).toBe('Running');
  });

  it('lets a user whose allowConnections treats them as admin press it, not a plain user', async () => {
    const id = await connection(1, 'renderButtonCloseTickets');
    const refused = await post('ana1', id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect(await statusOf(id)).toBe('renderButtonCloseTickets');
    expect(asked.some((r) => r.connectionId === id)).toBe(false);
    const allowed = await post('bia1', id);
    expect(allowed.status).toBe(200);
    expect(asked.at(-1)).toEqual({ companyId: 1, connectionId: id, userId: 112 });
  });

  it('answers 404 for another company’s connection and asks tickets nothing', async () => {
    const id = await connection(1, 'renderButtonCloseTickets');
    const res = await post('admin2', id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    expect(asked.some((r) => r.connectionId === id)).toBe(false);
    expect(await statusOf(id)).toBe('renderButtonCloseTickets');
  });

  it('needs a signed-in user and a numeric id', async () => {
    const id = await connection(1, 'renderButtonCloseTickets');
    expect((await post(undefined, id)).status).toBe(401);
    const bad = await h.request('POST', '/api/closedimported/abc', { token: tokens.admin1 });
    expect(bad.status).toBe(400);
  });
});
