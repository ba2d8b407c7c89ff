import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyWithPlan, Envelope, User } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

/** The kanban board and ticket tags (spec 001 §2, §4, §7) on the tickets service alone. */
let h: Harness;
const C1 = 1;
const C2 = 2;
const C3 = 3;
const tokens: Record<string, string> = {};
let q1: number;
let q2: number;
let laneA: number;
let laneB: number;
let plainTag: number;
let foreignLane: number;
const t: Record<string, number> = {};

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const ids = (res: { body: any }) => res.body.tickets.map((x: any) => x.id);

async function ticket(fields: { status: string; queueId: number | null; userId?: number | null; companyId?: number; valor?: string; createdAt?: string; updatedAt?: string; tags?: number[] }): Promise<number> {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId);
  if (fields.valor !== undefined) await h.sql`update tickets.contacts set extra_info = ${JSON.stringify([{ name: 'Valor', value: fields.valor }])}::jsonb where id = ${contactId}`;
  const [row] = await h.sql<{ id: number }[]>`
    insert into tickets.tickets (company_id, contact_id, status, queue_id, user_id, created_at, updated_at)
    values (${companyId}, ${contactId}, ${fields.status}, ${fields.queueId}, ${fields.userId ?? null}, ${fields.createdAt ?? new Date().toISOString()}, ${fields.updatedAt ?? new Date().toISOString()})
    returning id`;
  for (const tagId of fields.tags ?? []) await h.sql`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values (${row!.id}, ${tagId}, ${companyId})`;
  return row!.id;
}

beforeAll(async () => {
  h = await startHarness();
  // The harness's company directory has no plans: companies 1 and 2 get useKanban, company 3 not.
  const directory = h.deps.ctx.companies;
  const load = directory.get.bind(directory);
  directory.get = async (companyId: number) => {
    const entry = await load(companyId);
    return entry ? ({ ...entry, plan: { useKanban: companyId !== C3 } } as unknown as CompanyWithPlan) : entry;
  };
  const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    tokens[key] = h.token(h.addUser(fields));
  };
  q1 = await h.insertQueue(C1, 'Vendas');
  q2 = await h.insertQueue(C1, 'Suporte');
  define('admin', { id: 1, companyId: C1, profile: 'admin' });
  define('ana', { id: 11, companyId: C1, queueIds: [q1] });
  define('admin2', { id: 2, companyId: C2, profile: 'admin' });
  define('admin3', { id: 4, companyId: C3, profile: 'admin' });
  laneA = (await api('admin', 'POST', '/api/tags', { name: 'Proposta', kanban: 1, color: '#FF0000' })).body.id;
  laneB = (await api('admin', 'POST', '/api/tags', { name: 'Fechamento', kanban: 1 })).body.id;
  plainTag = (await api('admin', 'POST', '/api/tags', { name: 'Comum' })).body.id;
  foreignLane = (await api('admin2', 'POST', '/api/tags', { name: 'Lane alheia', kanban: 1 })).body.id;

  t.waiting = await ticket({ status: 'pending', queueId: q1, valor: 'R$ 1.500,00', updatedAt: '2030-01-01T10:00:00Z' });
  t.proposal = await ticket({ status: 'open', queueId: q1, userId: 11, tags: [laneA], valor: '300', updatedAt: '2030-01-03T10:00:00Z' });
  t.both = await ticket({ status: 'open', queueId: q1, userId: 11, tags: [laneA, laneB, plainTag], valor: '2.000,50', updatedAt: '2030-01-02T10:00:00Z' });
  t.plainOnly = await ticket({ status: 'pending', queueId: q1, tags: [plainTag] });
  t.noQueue = await ticket({ status: 'pending', queueId: null });
  t.closed = await ticket({ status: 'closed', queueId: q1, tags: [laneA] });
  t.support = await ticket({ status: 'pending', queueId: q2 });
  t.old = await ticket({ status: 'pending', queueId: q1, createdAt: '2020-03-10T15:00:00Z' });
  t.foreign = await ticket({ status: 'pending', queueId: null, companyId: C2 });
});
afterAll(async () => h?.stop());
beforeEach(() => h.settings.clear());

describe('GET /api/tag/kanban', () => {
  it("answers the company's lanes (kanban tags) as lista", async () => {
    const res = await api('ana', 'GET', '/api/tag/kanban');
    expect(res.status).toBe(200);
    expect(res.body.lista.map((l: any) => [l.id, l.name, l.color])).toEqual([
      [laneA, 'Proposta', '#FF0000'],
      [laneB, 'Fechamento', expect.any(String)],
    ]);
    expect((await api('admin2', 'GET', '/api/tag/kanban')).body.lista.map((l: any) => l.id)).toEqual([foreignLane]);
  });

  it('gives each lane its ticket links (ticketTags), closed tickets included as linked', async () => {
    const res = await api('ana', 'GET', '/api/tag/kanban');
    const [a, b] = res.body.lista;
    expect(a.ticketTags.map((x: any) => x.ticketId)).toEqual([t.proposal, t.both, t.closed].sort((x, y) => x! - y!));
    expect(b.ticketTags).toEqual([{ ticketId: t.both, tagId: laneB }]);
  });

  it('needs the plan flag useKanban and a token', async () => {
    const res = await api('admin3', 'GET', '/api/tag/kanban');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect((await h.request('GET', '/api/tag/kanban')).status).toBe(401);
  });
});

describe('GET /api/ticket/kanban', () => {
  it('shows the pending and open tickets in their lanes, default lane for tickets without kanban tags', async () => {
    const res = await api('admin', 'GET', '/api/ticket/kanban');
    expect(res.status).toBe(200);
    const lanes = Object.fromEntries(res.body.tickets.map((x: any) => [x.id, x.laneIds]));
    expect(lanes).toEqual({
      [t.waiting!]: [0],
      [t.proposal!]: [laneA],
      [t.both!]: [laneA, laneB].sort((a, b) => a - b),
      [t.plainOnly!]: [0],
      [t.support!]: [0],
      [t.old!]: [0],
    });
    expect(res.body.count).toBe(6);
    expect(res.body.hasMore).toBe(false);
    const both = res.body.tickets.find((x: any) => x.id === t.both);
    expect(both).toMatchObject({ valor: 2000.5, queue: { id: q1 }, contact: { extraInfo: [{ name: 'Valor', value: '2.000,50' }] } });
  });

  it('hides tickets without a queue unless the company setting allTicket is enable(d)', async () => {
    expect(ids(await api('admin', 'GET', '/api/ticket/kanban'))).not.toContain(t.noQueue);
    h.settings.set(C1, [{ key: 'allTicket', value: 'enabled' }]);
    expect(ids(await api('admin', 'GET', '/api/ticket/kanban'))).toContain(t.noQueue);
  });

  it('shows a user only what they may see, within the queues chosen', async () => {
    expect(ids(await api('ana', 'GET', '/api/ticket/kanban')).sort()).toEqual([t.waiting, t.proposal, t.both, t.plainOnly, t.old].sort());
    // Asking for a queue that is not theirs gives nothing of it.
    expect(ids(await api('ana', 'GET', `/api/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([q2]))}`))).toEqual([]);
    expect(ids(await api('admin', 'GET', `/api/ticket/kanban?queueIds=[${q2}]`))).toEqual([t.support]);
  });

  it('sorts by ticket number (default), last update or value', async () => {
    const byNumber = ids(await api('admin', 'GET', '/api/ticket/kanban'));
    expect(byNumber).toEqual([...byNumber].sort((a: number, b: number) => a - b));
    expect(ids(await api('admin', 'GET', '/api/ticket/kanban?sortBy=lastMessageTime')).slice(0, 3)).toEqual([t.proposal, t.both, t.waiting]);
    const byValue = ids(await api('admin', 'GET', '/api/ticket/kanban?sortBy=valorDesc'));
    expect(byValue.slice(0, 3)).toEqual([t.both, t.waiting, t.proposal]);
  });

  it('filters on the creation day (company time zone)', async () => {
    expect(ids(await api('admin', 'GET', '/api/ticket/kanban?startDate=2020-03-10&endDate=2020-03-10'))).toEqual([t.old]);
    expect(ids(await api('admin', 'GET', '/api/ticket/kanban?endDate=2020-03-09'))).toEqual([]);
    expect(ids(await api('admin', 'GET', '/api/ticket/kanban?startDate=2021-01-01'))).not.toContain(t.old);
  });

  it('validates the query with the failing field', async () => {
    const res = await api('admin', 'GET', '/api/ticket/kanban?startDate=ontem&sortBy=nome&queueIds=[x]');
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: any) => f.field).sort()).toEqual(['queueIds.0', 'sortBy', 'startDate']);
    const reversed = await api('admin', 'GET', '/api/ticket/kanban?startDate=2024-02-01&endDate=2024-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toEqual([{ field: 'endDate', message: 'must not be before startDate' }]);
  });

  it("never shows another company's tickets, and needs useKanban", async () => {
    expect(ids(await api('admin2', 'GET', '/api/ticket/kanban'))).toEqual([]);
    h.settings.set(C2, [{ key: 'allTicket', value: 'enable' }]);
    expect(ids(await api('admin2', 'GET', '/api/ticket/kanban'))).toEqual([t.foreign]);
    expect((await api('admin3', 'GET', '/api/ticket/kanban')).status).toBe(403);
  });
});

describe('PUT /api/ticket-tags/:ticketId/:tagId and DELETE /api/ticket-tags/:ticketId', () => {
  it('moves a card: every link removed, then the target lane linked; the ticket is announced each time', async () => {
    const before = h.published.length;
    const cleared = await api('ana', 'DELETE', `/api/ticket-tags/${t.both}`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.tags).toEqual([]);
    const moved = await api('ana', 'PUT', `/api/ticket-tags/${t.both}/${laneB}`);
    expect(moved.status).toBe(200);
    expect(moved.body.tags.map((x: any) => x.id)).toEqual([laneB]);
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => e.data.ticket.id)).toEqual([t.both, t.both]);
    const board = await api('ana', 'GET', '/api/ticket/kanban');
    expect(board.body.tickets.find((x: any) => x.id === t.both).laneIds).toEqual([laneB]);
    // Linking twice changes nothing.
    expect((await api('ana', 'PUT', `/api/ticket-tags/${t.both}/${laneB}`)).body.tags).toHaveLength(1);
  });

  it('putting a ticket in a lane needs useKanban (403 naming it); a plain tag does not', async () => {
    const contactId = await h.insertContact(C3, { name: 'Sem kanban' });
    const [row] = await h.sql<{ id: number }[]>`insert into tickets.tickets (company_id, contact_id, status) values (${C3}, ${contactId}, 'pending') returning id`;
    const [lane] = await h.sql<{ id: number }[]>`insert into tickets.tags (company_id, name, color, kanban) values (${C3}, 'Lane sem plano', '#101010', 1) returning id`;
    const [plain] = await h.sql<{ id: number }[]>`insert into tickets.tags (company_id, name, color, kanban) values (${C3}, 'Comum sem plano', '#202020', 0) returning id`;
    const refused = await api('admin3', 'PUT', `/api/ticket-tags/${row!.id}/${lane!.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useKanban' });
    const tagged = await api('admin3', 'PUT', `/api/ticket-tags/${row!.id}/${plain!.id}`);
    expect(tagged.status).toBe(200);
    expect(tagged.body.tags.map((x: any) => x.id)).toEqual([plain!.id]);
  });

  it('moving to the default lane only removes links', async () => {
    await api('admin', 'DELETE', `/api/ticket-tags/${t.proposal}`);
    const board = await api('admin', 'GET', '/api/ticket/kanban');
    expect(board.body.tickets.find((x: any) => x.id === t.proposal).laneIds).toEqual([0]);
  });

  it('404 for a tag or ticket of another company, or a ticket the user may not see', async () => {
    const foreignTag = await api('admin', 'PUT', `/api/ticket-tags/${t.waiting}/${foreignLane}`);
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.body.error).toBe('ERR_NO_TAG_FOUND');
    const foreignTicket = await api('admin', 'PUT', `/api/ticket-tags/${t.foreign}/${laneA}`);
    expect(foreignTicket.status).toBe(404);
    expect(foreignTicket.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api('admin2', 'DELETE', `/api/ticket-tags/${t.waiting}`)).status).toBe(404);
    expect((await api('ana', 'PUT', `/api/ticket-tags/${t.support}/${laneA}`)).status).toBe(404);
    const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.ticket_tags where ticket_id = ${t.support!}`;
    expect(row!.n).toBe(0);
  });

  it('validates the ids and needs a token', async () => {
    const res = await api('admin', 'PUT', `/api/ticket-tags/abc/${laneA}`);
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('ticketId');
    expect((await h.request('DELETE', `/api/ticket-tags/${t.waiting}`)).status).toBe(401);
  });
});
