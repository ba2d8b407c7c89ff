import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** Pinned tickets (spec 000 §4, §5, §9: at most 10 per user). */
let h: Harness;
const C1 = 1;
const C2 = 2;
let q1: number;
let q2: number;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => h.request<T>(method, url, { token: tokens[who], body });

async function ticketIn(fields: { status: string; userId?: number | null; queueId?: number | null; companyId?: number }): Promise<number> {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId);
  const [row] = await h.sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id)
    values (${companyId}, ${contactId}, ${fields.status}, ${fields.userId ?? null}, ${fields.queueId === undefined ? q1 : fields.queueId}) returning id`;
  return row!.id;
}

const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
  const { user, token } = await h.signUp(fields);
  tokens[key] = token;
  return user;
};

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  q2 = await h.insertQueue(C1, 'Vendas');
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  await define('ana', { id: 11, companyId: C1, name: 'Ana', queueIds: [q1] });
  await define('bia', { id: 12, companyId: C1, name: 'Bia', queueIds: [q1] });
  await define('limit', { id: 14, companyId: C1, name: 'Lia', queueIds: [q1] });
  await define('race', { id: 15, companyId: C1, name: 'Rui', queueIds: [q1] });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
});
afterAll(async () => h?.stop());

describe('POST /api/pin-tickets', () => {
  it('pins a visible ticket (201 with the ticket); pinning it again answers the same pin (200)', async () => {
    const ticketId = await ticketIn({ status: 'open', userId: 11 });
    const res = await api('ana', 'POST', '/api/pin-tickets', { ticketId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ticketId, userId: 11, ticket: { id: ticketId, status: 'open', contact: { id: expect.any(Number) } } });
    const again = await api('ana', 'POST', '/api/pin-tickets', { ticketId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
  });

  it('validates the body (400 naming ticketId)', async () => {
    const missing = await api('ana', 'POST', '/api/pin-tickets', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'ticketId', message: 'Required' }]);
    expect((await api('ana', 'POST', '/api/pin-tickets', { ticketId: 'x' })).body.fields[0].field).toBe('ticketId');
  });

  it('404 for tickets the caller may not see and for other companies', async () => {
    const hidden = await ticketIn({ status: 'open', userId: 12, queueId: q2 });
    expect((await api('ana', 'POST', '/api/pin-tickets', { ticketId: hidden })).body.error).toBe('ERR_NO_TICKET_FOUND');
    const foreign = await ticketIn({ status: 'open', companyId: C2, queueId: null });
    expect((await api('admin', 'POST', '/api/pin-tickets', { ticketId: foreign })).status).toBe(404);
  });

  it('at most 10 pins per user: the 11th answers 400 ERR_PIN_LIMIT with the message', async () => {
    for (let i = 0; i < 10; i++) expect((await api('limit', 'POST', '/api/pin-tickets', { ticketId: await ticketIn({ status: 'open', userId: 14 }) })).status).toBe(201);
    const over = await api('limit', 'POST', '/api/pin-tickets', { ticketId: await ticketIn({ status: 'open', userId: 14 }) });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'ERR_PIN_LIMIT', message: 'You can pin at most 10 tickets' });
    // Another user has their own ten.
    expect((await api('bia', 'POST', '/api/pin-tickets', { ticketId: await ticketIn({ status: 'open', userId: 12 }) })).status).toBe(201);
  });

  it('pins of tickets the caller no longer sees take no room: they go when another is pinned', async () => {
    await define('moved', { id: 16, companyId: C1, name: 'Mia', queueIds: [q1] });
    const pinned: number[] = [];
    for (let i = 0; i < 10; i++) {
      pinned.push(await ticketIn({ status: 'pending', userId: null }));
      expect((await api('moved', 'POST', '/api/pin-tickets', { ticketId: pinned[i] })).status).toBe(201);
    }
    // The admin closes them all, or moves them to a queue Mia is not in: she sees none of her ten pins.
    await h.sql`update tickets.tickets set status = 'closed', user_id = 1 where id = any(${pinned.slice(0, 9)})`;
    await h.sql`update tickets.tickets set queue_id = ${q2} where id = ${pinned[9]!}`;
    expect((await api('moved', 'GET', '/api/pin-tickets')).body).toEqual([]);
    const fresh: number[] = [];
    for (let i = 0; i < 10; i++) {
      fresh.push(await ticketIn({ status: 'open', userId: 16 }));
      expect((await api('moved', 'POST', '/api/pin-tickets', { ticketId: fresh[i] })).status).toBe(201);
    }
    expect((await api('moved', 'GET', '/api/pin-tickets')).body.map((p: any) => p.ticketId)).toEqual(fresh);
    expect((await api('moved', 'POST', '/api/pin-tickets', { ticketId: await ticketIn({ status: 'open', userId: 16 }) })).body.error).toBe('ERR_PIN_LIMIT');
    // Seen again, a ticket whose pin went is not pinned any more.
    await h.sql`update tickets.tickets set queue_id = ${q1} where id = ${pinned[9]!}`;
    expect((await api('moved', 'GET', '/api/pin-tickets')).body).toHaveLength(10);
  });

  it('the limit holds under concurrent pins', async () => {
    for (let i = 0; i < 9; i++) await api('race', 'POST', '/api/pin-tickets', { ticketId: await ticketIn({ status: 'open', userId: 15 }) });
    const more = await Promise.all([1, 2, 3].map(async () => api('race', 'POST', '/api/pin-tickets', { ticketId: await ticketIn({ status: 'open', userId: 15 }) })));
    expect(more.filter((r) => r.status === 201)).toHaveLength(1);
    expect(more.filter((r) => r.body.error === 'ERR_PIN_LIMIT')).toHaveLength(2);
    expect((await api('race', 'GET', '/api/pin-tickets')).body).toHaveLength(10);
  });
});

describe('GET and DELETE /api/pin-tickets', () => {
  it("lists the caller's own pins only, of tickets they still may see", async () => {
    const a = await ticketIn({ status: 'open', userId: 12 });
    const b = await ticketIn({ status: 'open', userId: 12 });
    await api('bia', 'POST', '/api/pin-tickets', { ticketId: a });
    await api('bia', 'POST', '/api/pin-tickets', { ticketId: b });
    const listed = await api('bia', 'GET', '/api/pin-tickets');
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: any) => p.ticketId)).toEqual(expect.arrayContaining([a, b]));
    expect(listed.body.every((p: any) => p.userId === 12)).toBe(true);
    // The ticket went to someone else in another queue: Bia no longer sees it, nor its pin.
    await h.sql`update tickets.tickets set user_id = 1, queue_id = ${q2} where id = ${b}`;
    expect((await api('bia', 'GET', '/api/pin-tickets')).body.map((p: any) => p.ticketId)).not.toContain(b);
    expect((await api('ana', 'GET', '/api/pin-tickets')).body.map((p: any) => p.ticketId)).not.toContain(a);
  });

  it('unpins own pins; 404 for pins of others, of other companies and unknown ones', async () => {
    const ticketId = await ticketIn({ status: 'pending', userId: null });
    const pin = (await api('ana', 'POST', '/api/pin-tickets', { ticketId })).body;
    expect((await api('bia', 'DELETE', `/api/pin-tickets/${pin.id}`)).status).toBe(404);
    expect((await api('admin2', 'DELETE', `/api/pin-tickets/${pin.id}`)).status).toBe(404);
    expect((await api('ana', 'DELETE', '/api/pin-tickets/999999')).status).toBe(404);
    expect((await api('ana', 'DELETE', '/api/pin-tickets/abc')).status).toBe(400);
    expect((await api('ana', 'DELETE', `/api/pin-tickets/${pin.id}`)).status).toBe(200);
    expect((await api('ana', 'GET', '/api/pin-tickets')).body.map((p: any) => p.id)).not.toContain(pin.id);
    expect((await h.request('GET', '/api/pin-tickets')).status).toBe(401);
  });
});
