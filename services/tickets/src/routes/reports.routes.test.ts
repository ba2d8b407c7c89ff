import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_REPORT_MAX_PAGE_SIZE } from '@atende/kit';
import { startHarness, type Harness } from '../testing/harness.js';

// Company 7's tickets opened on 2026-04-0x (America/Sao_Paulo, UTC-3); company 8 is someone else.
const C7 = 7;
const C8 = 8;
let h: Harness;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let qa: number;
let qb: number;
let ana: number;
const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];

beforeAll(async () => {
  h = await startHarness();
  const admin = h.addUser({ id: 70, companyId: C7, profile: 'admin', name: 'Gestão' });
  const bia = h.addUser({ id: 71, companyId: C7, name: 'Bia', showDashboard: 'enabled' });
  const caio = h.addUser({ id: 72, companyId: C7, name: 'Caio' });
  const other = h.addUser({ id: 80, companyId: C8, profile: 'admin', name: 'Outra' });
  for (const u of [admin, bia, caio]) await h.publish('auth.user.created', C7, { user: u });
  await h.publish('auth.user.created', C8, { user: other });
  tokens.admin = h.token(admin);
  tokens.bia = h.token(bia);
  tokens.caio = h.token(caio);
  tokens.other = h.token(other);
  qa = await h.insertQueue(C7, 'Suporte');
  qb = await h.insertQueue(C7, 'Vendas');
  await sqlq(`insert into tickets.connections (id, company_id, name, channel, status) values (7001, $1, 'Loja', 'whatsapp', 'CONNECTED'), (7002, $1, 'Matriz', 'whatsapp', 'CONNECTED')`, C7);
  ana = await h.insertContact(C7, { name: 'Ana Paula Ferreira da Silva', number: '5511987650001' });
  const bruno = await h.insertContact(C7, { name: 'Bruno', number: '5511987650002' });
  const ticket = async (name: string, t: { contactId: number; status: string; userId: number | null; queueId: number | null; whatsappId: number | null; created: string; accepted?: string; closed?: string; rating?: number; companyId?: number }) => {
    const [row] = await sqlq<{ id: number }>(
      `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, whatsapp_id, created_at, closed_at, user_rating, last_message) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      t.companyId ?? C7, t.contactId, t.status, t.userId, t.queueId, t.whatsappId, t.created, t.closed ?? null, t.rating ?? null, `última de ${name}`,
    );
    if (t.accepted) await sqlq(`insert into tickets.ticket_logs (company_id, ticket_id, type, user_id, created_at) values ($1, $2, 'open', $3, $4)`, t.companyId ?? C7, row!.id, t.userId, t.accepted);
    ids[name] = row!.id;
  };
  await ticket('rated', { contactId: ana, status: 'closed', userId: 71, queueId: qa, whatsappId: 7001, created: '2026-04-01T12:00:00Z', accepted: '2026-04-01T12:10:00Z', closed: '2026-04-01T12:55:30Z', rating: 4 });
  await ticket('unrated', { contactId: bruno, status: 'closed', userId: 72, queueId: qb, whatsappId: 7002, created: '2026-04-02T12:00:00Z', closed: '2026-04-02T12:30:00Z' });
  await ticket('open', { contactId: ana, status: 'open', userId: 72, queueId: qa, whatsappId: 7001, created: '2026-04-03T12:00:00Z', accepted: '2026-04-03T12:01:00Z' });
  await ticket('pending', { contactId: bruno, status: 'pending', userId: null, queueId: null, whatsappId: null, created: '2026-04-04T02:30:00Z' }); // 23:30 on the 3rd, local
  const stranger = await h.insertContact(C8, { name: 'Ana de fora' });
  await ticket('foreign', { contactId: stranger, status: 'closed', userId: 80, queueId: null, whatsappId: null, created: '2026-04-01T12:00:00Z', closed: '2026-04-01T13:00:00Z', rating: 5, companyId: C8 });
});
afterAll(async () => h?.stop());

const report = (query: string, token = tokens.admin) => h.request('GET', `/api/ticketreport/reports${query ? `?${query}` : ''}`, { token });
const names = (body: any) => body.tickets.map((t: any) => Object.entries(ids).find(([, id]) => id === t.id)?.[0]);

describe('GET /api/ticketreport/reports', () => {
  it('pages the company’s tickets newest first, with names, times and rates, and counts them all', async () => {
    const res = await report('page=1&pageSize=2');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['pending', 'open']);
    expect(res.body.totalTickets).toEqual({ total: 4 });
    const second = await report('page=2&pageSize=2');
    expect(names(second.body)).toEqual(['unrated', 'rated']);
    expect(second.body.tickets[1]).toEqual({
      id: ids.rated,
      uuid: expect.any(String),
      status: 'closed',
      lastMessage: 'última de rated',
      whatsappId: 7001,
      whatsappName: 'Loja',
      contactId: ana,
      contactName: 'Ana Paula Ferreira da Silva',
      contactNumber: '5511987650001',
      userId: 71,
      userName: 'Bia',
      queueId: qa,
      queueName: 'Suporte',
      createdAt: '2026-04-01T12:00:00.000Z',
      closedAt: '2026-04-01T12:55:30.000Z',
      supportTime: 45.5,
      nps: 4,
      NPS: 4,
    });
    // Never accepted: attended from its opening to its closing.
    expect(second.body.tickets[0]).toMatchObject({ supportTime: 30, nps: null, NPS: null, userName: 'Caio', queueName: 'Vendas' });
    expect((await report('page=3&pageSize=2')).body).toEqual({ tickets: [], totalTickets: { total: 4 } });
  });

  it('filters by contact, connections, users, queues, statuses, period, rating and search', async () => {
    const only = async (query: string) => names((await report(query)).body).sort();
    expect(await only(`contactId=${ana}`)).toEqual(['open', 'rated']);
    expect(await only('whatsappId=[7002]')).toEqual(['unrated']);
    expect(await only('users=[71,72]')).toEqual(['open', 'rated', 'unrated']);
    expect(await only(`queueIds=[${qb}]`)).toEqual(['unrated']);
    expect(await only('status=["open","pending"]')).toEqual(['open', 'pending']);
    expect(await only('dateFrom=2026-04-02&dateTo=2026-04-03')).toEqual(['open', 'pending', 'unrated']);
    expect(await only('onlyRated=true')).toEqual(['rated']);
    expect(await only('searchParam=paula')).toEqual(['open', 'rated']);
    expect(await only('searchParam=650002')).toEqual(['pending', 'unrated']);
    expect(await only(`searchParam=${ids.open}`)).toEqual(['open']);
  });

  it('answers an export (page 1, a huge page size) with every row, up to the ceiling', async () => {
    const res = await report('page=1&pageSize=9999999');
    expect(res.status).toBe(200);
    expect(res.body.tickets).toHaveLength(4);
    expect(TICKET_REPORT_MAX_PAGE_SIZE).toBeGreaterThanOrEqual(10_000);
  });

  it('validates the query with the failing fields', async () => {
    const bad = await report('dateFrom=01/04/2026&page=0&status=["sleeping"]&users=[abc]');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['dateFrom', 'page', 'status.0', 'users.0']);
    const backwards = await report('dateFrom=2026-04-03&dateTo=2026-04-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.map((f: any) => f.field)).toEqual(['dateTo']);
  });

  it('needs the reports permission (admin, or showDashboard) and hides numbers as the company asks', async () => {
    expect((await report('', tokens.caio)).status).toBe(403);
    expect((await h.request('GET', '/api/ticketreport/reports')).status).toBe(401);
    const bia = await report('onlyRated=true', tokens.bia);
    expect(bia.status).toBe(200);
    expect(bia.body.tickets[0].contactNumber).toBe('5511987650001');
    h.settings.set(C7, [
      { key: 'enableLGPD', value: 'enabled' },
      { key: 'lgpdHideNumber', value: 'enabled' },
    ]);
    try {
      const masked = await report('onlyRated=true', tokens.bia);
      expect(masked.body.tickets[0].contactNumber).not.toContain('87650001');
      expect(names((await report('searchParam=650002', tokens.bia)).body)).toEqual([]);
      expect((await report('onlyRated=true')).body.tickets[0].contactNumber).toBe('5511987650001');
    } finally {
      h.settings.set(C7, []);
    }
  });

  it('shows only the caller’s company, whatever companyId says', async () => {
    const res = await report(`companyId=${C7}`, tokens.other);
    expect(names(res.body)).toEqual(['foreign']);
    expect(res.body.totalTickets.total).toBe(1);
  });
});
