import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@atende/kit';
import { createTicketDesk } from '../domain/ticket-actions.js';
import { startHarness, type Harness } from '../testing/harness.js';

/**
 * The ticket list and message pages are answered from a per-company read cache: whatever changes a
 * company's data — this replica's own writes, another replica's, another service's (user names) —
 * must show in the very next read.
 */
let h: Harness;
const C1 = 1;
const C2 = 2;
let q1: number;
const tokens: Record<string, string> = {};
let ana: User;

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => h.request<T>(method, url, { token: tokens[who], body });
const listOpen = (who: string) => api(who, 'GET', '/api/tickets?status=open&showAll=true&pageNumber=1');

/** A ticket created through the API (as the admin of its company), so every change is announced. */
async function ticketIn(companyId: number, fields: { status: 'open' | 'pending'; userId?: number | null }): Promise<number> {
  const contactId = await h.insertContact(companyId);
  const res = await api(companyId === C1 ? 'admin' : 'admin2', 'POST', '/api/tickets', {
    contactId,
    status: fields.status,
    userId: fields.userId ?? null,
    queueId: companyId === C1 ? q1 : null,
  });
  if (res.status !== 201) throw new Error(`ticket: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    const { user, token } = await h.signUp(fields);
    tokens[key] = token;
    return user;
  };
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  ana = await define('ana', { id: 11, companyId: C1, name: 'Ana', queueIds: [q1] });
  await define('bia', { id: 12, companyId: C1, name: 'Bia', queueIds: [q1] });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
});
afterAll(async () => h?.stop());

describe('cached ticket list and message pages', () => {
  it('shows this replica’s own change in the next read (accept moves a ticket from pending to open)', async () => {
    const ticketId = await ticketIn(C1, { status: 'pending' });
    const before = await listOpen('ana');
    expect(before.body.tickets.map((t: { id: number }) => t.id)).not.toContain(ticketId);
    expect((await listOpen('ana')).body).toEqual(before.body); // served again
    expect((await api('ana', 'PUT', `/api/tickets/${ticketId}`, { status: 'open', userId: ana.id })).status).toBe(200);
    const after = await listOpen('ana');
    expect(after.body.tickets.map((t: { id: number }) => t.id)).toContain(ticketId);
    expect(after.body.count).toBe(before.body.count + 1);
  });

  it('shows another replica’s change once its event arrives on the bus', async () => {
    const ticketId = await ticketIn(C1, { status: 'open', userId: ana.id });
    const warm = await listOpen('ana');
    expect(warm.body.tickets.find((t: { id: number }) => t.id === ticketId)?.status).toBe('open');
    // h.deps is a second replica on the same database and bus, with its own cache.
    await createTicketDesk(h.deps).update({ userId: ana.id, companyId: C1, profile: 'user', super: false, sessionId: 's' }, ticketId, { status: 'closed' });
    await h.flush();
    await expect.poll(async () => (await listOpen('ana')).body.tickets.some((t: { id: number }) => t.id === ticketId)).toBe(false);
  });

  it('shows a user renamed in auth (another service’s event) in the next read', async () => {
    const ticketId = await ticketIn(C1, { status: 'open', userId: ana.id });
    const warm = await listOpen('admin');
    expect(warm.body.tickets.find((t: { id: number }) => t.id === ticketId)?.user?.name).toBe('Ana');
    ana = h.addUser({ ...ana, name: 'Ana Paula' });
    await h.publish('auth.user.updated', C1, { user: ana });
    expect((await listOpen('admin')).body.tickets.find((t: { id: number }) => t.id === ticketId)?.user?.name).toBe('Ana Paula');
  });

  it('answers each viewer with what they may see, never another viewer’s cached answer', async () => {
    const anas = await ticketIn(C1, { status: 'open', userId: ana.id });
    const admins = (await listOpen('admin')).body.tickets.map((t: { id: number }) => t.id);
    expect(admins).toContain(anas);
    const bias = await api('bia', 'GET', '/api/tickets?status=open&showAll=true&pageNumber=1');
    expect(bias.body.tickets.map((t: { id: number }) => t.id)).not.toContain(anas);
    await ticketIn(C2, { status: 'open' });
    const other = await listOpen('admin2');
    expect(other.body.tickets.map((t: { id: number }) => t.id)).not.toContain(anas);
  });

  it('shows a new message and the unread reset on the cached message page', async () => {
    const ticketId = await ticketIn(C1, { status: 'open', userId: ana.id });
    const empty = await api('ana', 'GET', `/api/messages/${ticketId}?pageNumber=1`);
    expect(empty.body.messages).toEqual([]);
    expect((await api('ana', 'POST', `/api/messages/${ticketId}`, { body: 'Olá, tudo bem?' })).status).toBe(201);
    const page = await api('ana', 'GET', `/api/messages/${ticketId}?pageNumber=1`);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(['Olá, tudo bem?']);
    expect(page.body.count).toBe(1);
  });

  it('shows a queue renamed or recoloured on the cached message page (message.queue and ticket.queue)', async () => {
    const ticketId = await ticketIn(C1, { status: 'open', userId: ana.id });
    expect((await api('ana', 'POST', `/api/messages/${ticketId}`, { body: 'oi' })).status).toBe(201);
    const warm = await api('ana', 'GET', `/api/messages/${ticketId}?pageNumber=1`);
    expect(warm.body.messages[0]).toMatchObject({ queue: { id: q1, name: 'Suporte' }, ticket: { queue: { id: q1, name: 'Suporte' } } });
    expect((await api('admin', 'PUT', `/api/queue/${q1}`, { name: 'Suporte VIP', color: '#123456' })).status).toBe(200);
    const page = await api('ana', 'GET', `/api/messages/${ticketId}?pageNumber=1`);
    const renamed = { id: q1, name: 'Suporte VIP', color: '#123456' };
    expect(page.body.messages[0]).toMatchObject({ queue: renamed, ticket: { queue: renamed } });
  });
});
