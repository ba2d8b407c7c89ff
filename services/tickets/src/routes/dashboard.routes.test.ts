import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
const C1 = 1;
let q1: number;
let q2: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  q2 = await h.insertQueue(C1, 'Vendas');
  const admin = h.addUser({ id: 1, companyId: C1, profile: 'admin', name: 'Admin' });
  const panel = h.addUser({ id: 11, companyId: C1, name: 'Painel', queueIds: [q1], allowRealTime: 'enabled' });
  const plain = h.addUser({ id: 12, companyId: C1, name: 'Comum', queueIds: [q1] });
  const other = h.addUser({ id: 2, companyId: 2, profile: 'admin' });
  tokens.admin = h.token(admin);
  tokens.panel = h.token(panel);
  tokens.plain = h.token(plain);
  tokens.other = h.token(other);
  for (const u of [admin, panel, plain]) await h.publish('auth.user.created', C1, { user: u });
  const mk = async (name: string, status: string, userId: number | null, queueId: number, daysAgo = 0) => {
    const contactId = await h.insertContact(C1, { name });
    const [row] = await sqlq<{ id: number }>(
      `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, updated_at) values ($1, $2, $3, $4, $5, now() - ($6 || ' days')::interval) returning id`,
      C1, contactId, status, userId, queueId, daysAgo,
    );
    ids[name] = row!.id;
  };
  await mk('openPanel', 'open', 11, q1);
  await mk('openPlain', 'open', 12, q1);
  await mk('pendingQ1', 'pending', null, q1);
  await mk('pendingQ2', 'pending', null, q2);
  await mk('old', 'open', 12, q1, 40);
});
afterAll(async () => h?.stop());

const names = (body: any[]) => Object.entries(ids).filter(([, id]) => body.some((t) => t.id === id)).map(([n]) => n).sort();

describe('GET /api/dashboard/moments', () => {
  it('admins see the tickets of the last 30 days with user and contact', async () => {
    const res = await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['openPanel', 'openPlain', 'pendingQ1', 'pendingQ2']);
    const t = res.body.find((x: any) => x.id === ids.openPlain);
    expect(t).toMatchObject({ user: { id: 12, name: 'Comum' }, contact: { name: 'openPlain' } });
  });

  it('filters by status, queues, user and period', async () => {
    const get = async (q: string) => names((await h.request('GET', `/api/dashboard/moments?showAll=true&${q}`, { token: tokens.admin })).body);
    expect(await get('status=pending')).toEqual(['pendingQ1', 'pendingQ2']);
    expect(await get(`queueIds=[${q2}]`)).toEqual(['pendingQ2']);
    expect(await get('userId=12')).toEqual(['openPlain']);
    const start = new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10);
    expect(await get(`userId=12&dateStart=${start}`)).toEqual(['old', 'openPlain']);
    const end = new Date(Date.now() - 35 * 86_400_000).toISOString();
    expect(await get(`dateStart=${start}&dateEnd=${end}`)).toEqual(['old']);
  });

  it('users need allowRealTime (403 otherwise) and see only what visibility allows', async () => {
    expect((await h.request('GET', '/api/dashboard/moments', { token: tokens.plain })).status).toBe(403);
    const res = await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.panel });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['openPanel', 'pendingQ1']);
  });

  it('validates the query and never shows another company', async () => {
    const bad = await h.request('GET', '/api/dashboard/moments?dateStart=yesterday&status=x', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['dateStart', 'status']);
    expect((await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.other })).body).toEqual([]);
    expect((await h.request('GET', '/api/dashboard/moments')).status).toBe(401);
  });
});

describe('GET /api/dashboard/ticketsDay and /api/dashboard/ticketsUsers', () => {
  // Company 3's tickets at fixed instants; the service counts in America/Sao_Paulo (UTC-3).
  const C3 = 3;
  const C4 = 4;
  const charts: Record<string, string> = {};
  beforeAll(async () => {
    const admin = h.addUser({ id: 30, companyId: C3, profile: 'admin', name: 'Gestora' });
    const bruna = h.addUser({ id: 31, companyId: C3, name: 'Bruna' });
    const ana = h.addUser({ id: 32, companyId: C3, name: 'Ana', showDashboard: 'enabled' });
    const otherAdmin = h.addUser({ id: 40, companyId: C4, profile: 'admin', name: 'Outra' });
    for (const u of [admin, bruna, ana]) await h.publish('auth.user.created', C3, { user: u });
    await h.publish('auth.user.created', C4, { user: otherAdmin });
    charts.admin = h.token(admin);
    charts.bruna = h.token(bruna);
    charts.ana = h.token(ana);
    charts.other = h.token(otherAdmin);
    const opened = async (companyId: number, at: string, userId: number | null) => {
      const contactId = await h.insertContact(companyId);
      await sqlq(`insert into tickets.tickets (company_id, contact_id, status, user_id, created_at) values ($1, $2, 'open', $3, $4)`, companyId, contactId, userId, at);
    };
    await opened(C3, '2026-03-10T12:15:00Z', 31); // 09:15 local
    await opened(C3, '2026-03-10T12:40:00Z', 32); // 09:40 local
    await opened(C3, '2026-03-11T02:30:00Z', null); // 23:30 local, still the 10th
    await opened(C3, '2026-03-11T13:00:00Z', 31); // 10:00 local on the 11th
    await opened(C3, '2026-03-12T11:00:00Z', 32); // the 12th: outside the period below
    await opened(C4, '2026-03-10T12:15:00Z', 40);
  });
  const get = (path: string, token?: string) => h.request('GET', path, token ? { token } : {});

  it('counts the tickets opened per hour of one day, in the company time zone', async () => {
    const res = await get('/api/dashboard/ticketsDay?initialDate=2026-03-10&finalDate=2026-03-10&companyId=3', charts.admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ horario: 9, total: 2 }, { horario: 23, total: 1 }], count: 3 });
  });

  it('counts per day over a longer period, and per attendant by name', async () => {
    const days = await get('/api/dashboard/ticketsDay?initialDate=2026-03-10&finalDate=2026-03-11', charts.admin);
    expect(days.body).toEqual({ data: [{ data: '10/03/2026', total: 3 }, { data: '11/03/2026', total: 1 }], count: 4 });
    const users = await get('/api/dashboard/ticketsUsers?initialDate=2026-03-10&finalDate=2026-03-11', charts.admin);
    expect(users.status).toBe(200);
    expect(users.body).toEqual({ data: [{ nome: 'Ana', quantidade: 1 }, { nome: 'Bruna', quantidade: 2 }] });
    expect((await get('/api/dashboard/ticketsUsers?initialDate=2026-01-01&finalDate=2026-01-31', charts.admin)).body).toEqual({ data: [] });
  });

  it('validates the period with the failing field', async () => {
    const missing = await get('/api/dashboard/ticketsDay?finalDate=10/03/2026', charts.admin);
    expect(missing.status).toBe(400);
    expect(missing.body.fields.map((f: any) => f.field).sort()).toEqual(['finalDate', 'initialDate']);
    const backwards = await get('/api/dashboard/ticketsUsers?initialDate=2026-03-11&finalDate=2026-03-10', charts.admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.map((f: any) => f.field)).toEqual(['finalDate']);
    const tooLong = await get('/api/dashboard/ticketsDay?initialDate=2024-01-01&finalDate=2026-03-10', charts.admin);
    expect(tooLong.status).toBe(400);
  });

  it('needs the dashboard (admin, or showDashboard enabled)', async () => {
    const q = '?initialDate=2026-03-10&finalDate=2026-03-11';
    expect((await get(`/api/dashboard/ticketsDay${q}`, charts.bruna)).status).toBe(403);
    expect((await get(`/api/dashboard/ticketsUsers${q}`, charts.bruna)).status).toBe(403);
    expect((await get(`/api/dashboard/ticketsDay${q}`, charts.ana)).body.count).toBe(4);
    expect((await get(`/api/dashboard/ticketsDay${q}`)).status).toBe(401);
  });

  it('counts only the caller’s company, whatever companyId says', async () => {
    const res = await get('/api/dashboard/ticketsDay?initialDate=2026-03-10&finalDate=2026-03-11&companyId=3', charts.other);
    expect(res.body).toEqual({ data: [{ data: '10/03/2026', total: 1 }], count: 1 });
    expect((await get('/api/dashboard/ticketsUsers?initialDate=2026-03-10&finalDate=2026-03-11', charts.other)).body).toEqual({ data: [{ nome: 'Outra', quantidade: 1 }] });
  });
});
