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
    // An admin's user filter is that user's tickets, with or without showAll (spec 000 §6).
    expect(names((await h.request('GET', '/api/dashboard/moments?userId=12', { token: tokens.admin })).body)).toEqual(['openPlain']);
  });

  it('users need allowRealTime (403 otherwise), which lets them see the panel as an admin does', async () => {
    expect((await h.request('GET', '/api/dashboard/moments', { token: tokens.plain })).status).toBe(403);
    const res = await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.panel });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['openPanel', 'openPlain', 'pendingQ1', 'pendingQ2']);
    // Their user and queue filters reach every attendant and queue, as an admin's do.
    expect(names((await h.request('GET', '/api/dashboard/moments?userId=12', { token: tokens.panel })).body)).toEqual(['openPlain']);
    expect(names((await h.request('GET', `/api/dashboard/moments?showAll=true&queueIds=[${q2}]`, { token: tokens.panel })).body)).toEqual(['pendingQ2']);
  });

  it('validates the query and never shows another company', async () => {
    const bad = await h.request('GET', '/api/dashboard/moments?dateStart=yesterday&status=x', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['dateStart', 'status']);
    expect((await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.other })).body).toEqual([]);
    expect((await h.request('GET', '/api/dashboard/moments')).status).toBe(401);
  });
});

describe('GET /api/usersMoments', () => {
  it('answers the tickets waiting or in service now, whatever their age, with user and contact', async () => {
    const closedId = (await sqlq<{ id: number }>(`insert into tickets.tickets (company_id, contact_id, status) values ($1, $2, 'closed') returning id`, C1, await h.insertContact(C1, { name: 'closedNow' })))[0]!.id;
    const res = await h.request('GET', '/api/usersMoments', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['old', 'openPanel', 'openPlain', 'pendingQ1', 'pendingQ2']);
    expect(res.body.some((t: any) => t.id === closedId)).toBe(false);
    expect(res.body.find((x: any) => x.id === ids.openPanel)).toMatchObject({ status: 'open', user: { id: 11, name: 'Painel' }, contact: { name: 'openPanel' } });
  });

  it('needs the real-time panel (allowRealTime shows it as to an admin) and keeps to the caller’s company', async () => {
    expect((await h.request('GET', '/api/usersMoments', { token: tokens.plain })).status).toBe(403);
    const panel = await h.request('GET', '/api/usersMoments', { token: tokens.panel });
    expect(names(panel.body)).toEqual(['old', 'openPanel', 'openPlain', 'pendingQ1', 'pendingQ2']);
    expect((await h.request('GET', '/api/usersMoments', { token: tokens.other })).body).toEqual([]);
    expect((await h.request('GET', '/api/usersMoments')).status).toBe(401);
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

describe('GET /api/dashboard', () => {
  // Company 5's tickets on 2026-05-12 (America/Sao_Paulo, UTC-3), times in minutes after 12:00 UTC.
  const C5 = 5;
  const C6 = 6;
  const dash: Record<string, string> = {};
  let qa: number;
  let qb: number;
  const at = (minutes: number) => new Date(Date.parse('2026-05-12T12:00:00Z') + minutes * 60_000).toISOString();
  beforeAll(async () => {
    const admin = h.addUser({ id: 50, companyId: C5, profile: 'admin', name: 'Admin5' });
    const bia = h.addUser({ id: 51, companyId: C5, name: 'Bia', online: true });
    const caio = h.addUser({ id: 52, companyId: C5, name: 'Caio' });
    const dani = h.addUser({ id: 53, companyId: C5, name: 'Dani', showDashboard: 'enabled' });
    const other = h.addUser({ id: 60, companyId: C6, profile: 'admin', name: 'Admin6' });
    for (const u of [admin, bia, caio, dani]) await h.publish('auth.user.created', C5, { user: u });
    await h.publish('auth.user.created', C6, { user: other });
    dash.admin = h.token(admin);
    dash.caio = h.token(caio);
    dash.dani = h.token(dani);
    dash.other = h.token(other);
    qa = await h.insertQueue(C5, 'Atendimento');
    qb = await h.insertQueue(C5, 'Vendas');
    const contact = async (companyId: number, createdAt: string, isGroup = false) => {
      const id = await h.insertContact(companyId, { isGroup });
      await sqlq(`update tickets.contacts set created_at = $1 where id = $2`, createdAt, id);
      return id;
    };
    const ticket = async (t: { status: string; userId: number | null; queueId: number; created: number; accepted?: number; closed?: number; rating?: number; companyId?: number }) => {
      const companyId = t.companyId ?? C5;
      const [row] = await sqlq<{ id: number }>(
        `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, created_at, closed_at, user_rating) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        companyId, await contact(companyId, at(t.created)), t.status, t.userId, t.queueId, at(t.created), t.closed === undefined ? null : at(t.closed), t.rating ?? null,
      );
      if (t.accepted !== undefined) await sqlq(`insert into tickets.ticket_logs (company_id, ticket_id, type, user_id, created_at) values ($1, $2, 'open', $3, $4), ($1, $2, 'access', $3, $5)`, companyId, row!.id, t.userId, at(t.accepted), at(t.accepted + 1));
      return row!.id;
    };
    const t1 = await ticket({ status: 'closed', userId: 51, queueId: qa, created: 0, accepted: 10, closed: 60, rating: 5 }); // waited 10, attended 50
    await ticket({ status: 'closed', userId: 51, queueId: qa, created: 0, accepted: 20, closed: 50, rating: 2 }); // 20, 30
    await ticket({ status: 'closed', userId: 52, queueId: qb, created: 0, accepted: 30, closed: 60 }); // 30, 30, no rate
    await ticket({ status: 'open', userId: 52, queueId: qb, created: 120, accepted: 126 }); // 6
    await ticket({ status: 'pending', userId: null, queueId: qa, created: 150 });
    await ticket({ status: 'nps', userId: 51, queueId: qa, created: 60, accepted: 70 }); // 10
    await ticket({ status: 'closed', userId: 51, queueId: qa, created: -40 * 24 * 60, accepted: -40 * 24 * 60 + 5, closed: -40 * 24 * 60 + 9, rating: 1 }); // another month
    await contact(C5, at(30), true); // a group: not a lead
    const message = async (fromMe: boolean, minutes: number, isPrivate = false, queueId: number | null = qa) =>
      sqlq(`insert into tickets.messages (company_id, ticket_id, body, from_me, is_private, queue_id, created_at) values ($1, $2, 'x', $3, $4, $5, $6)`, C5, t1, fromMe, isPrivate, queueId, at(minutes));
    await message(false, 1, false, null); // the first message came before the ticket had its queue
    for (const m of [2, 3]) await message(false, m);
    for (const m of [4, 5]) await message(true, m);
    await message(true, 6, true); // a private note: not a message sent
    await message(false, -40 * 24 * 60); // another month
    await sqlq(`insert into tickets.connections (id, company_id, name, channel, status) values (5001, $1, 'Loja', 'whatsapp', 'CONNECTED'), (5002, $1, 'Antiga', 'whatsapp', 'DISCONNECTED'), (6001, $2, 'Outra', 'whatsapp', 'CONNECTED')`, C5, C6);
    await ticket({ status: 'open', userId: 60, queueId: qa, created: 0, companyId: C6 });
  });
  const get = (path: string, token?: string) => h.request('GET', path, token ? { token } : {});
  const may12 = 'date_from=2026-05-12&date_to=2026-05-12';

  it('counts the period’s tickets by where they stand, their rates, times, leads, messages and connections', async () => {
    const res = await get(`/api/dashboard?${may12}`, dash.admin);
    expect(res.status).toBe(200);
    expect(res.body.counters).toEqual({
      tickets: 6, supportPending: 1, supportHappening: 1, supportFinished: 3, supportGroups: 0,
      leads: 6, messagesReceived: 3, messagesSent: 2, activeConnections: 1,
      conversionRate: 50, avgWaitTime: 15.2, avgSupportTime: 36.67,
      withRating: 2, withoutRating: 1, waitRating: 1, percRating: 66.67,
      promoters: 1, passives: 0, detractors: 1, npsScore: 0, npsPromotersPerc: 50, npsPassivePerc: 0, npsDetractorsPerc: 50,
      happening: 1, pending: 1, finished: 3, nps: 0,
    });
  });

  it('lists every attendant with their tickets (and how many are closed), average rate and times, and presence', async () => {
    const res = await get(`/api/dashboard?initialDate=2026-05-12&finalDate=2026-05-12`, dash.admin);
    expect(res.body.attendants).toEqual([
      { id: 50, name: 'Admin5', tickets: 0, closed: 0, rating: 0, countRating: 0, avgWaitTime: 0, avgSupportTime: 0, online: false },
      { id: 51, name: 'Bia', tickets: 3, closed: 2, rating: 3.5, countRating: 2, avgWaitTime: 13.33, avgSupportTime: 40, online: true },
      { id: 52, name: 'Caio', tickets: 2, closed: 1, rating: 0, countRating: 0, avgWaitTime: 18, avgSupportTime: 30, online: false },
      { id: 53, name: 'Dani', tickets: 0, closed: 0, rating: 0, countRating: 0, avgWaitTime: 0, avgSupportTime: 0, online: false },
    ]);
    // Presence follows auth's announcements.
    await h.publish('auth.user.updated', C5, { user: { ...h.addUser({ id: 52, companyId: C5, name: 'Caio', online: true }) } });
    const again = await get(`/api/dashboard?${may12}`, dash.admin);
    expect(again.body.attendants.find((a: any) => a.id === 52).online).toBe(true);
  });

  it('narrows to queues, and to the last days or this month by default', async () => {
    // Messages count for the queue their ticket is in (the first one arrived before the ticket had it).
    expect((await get(`/api/dashboard?${may12}&queueIds=[${qa}]`, dash.admin)).body.counters).toMatchObject({ messagesReceived: 3, messagesSent: 2 });
    const vendas = (await get(`/api/dashboard?${may12}&queueIds=[${qb}]`, dash.admin)).body.counters;
    expect(vendas).toMatchObject({ tickets: 2, supportFinished: 1, supportHappening: 1, withoutRating: 1, avgWaitTime: 18, avgSupportTime: 30, messagesReceived: 0, leads: 6 });
    const wider = (await get('/api/dashboard?date_from=2026-03-01&date_to=2026-05-31', dash.admin)).body.counters;
    expect(wider).toMatchObject({ tickets: 7, detractors: 2, messagesReceived: 4 });
    // Recent activity (another company, so the fixed dates above stay out of it).
    await h.insertContact(C6);
    expect((await get('/api/dashboard', dash.other)).body.counters).toMatchObject({ leads: 1 });
    expect((await get('/api/dashboard?days=1', dash.other)).body.counters).toMatchObject({ leads: 1 });
  });

  it('validates the period with the failing field', async () => {
    const bad = await get('/api/dashboard?date_from=12/05/2026&days=0', dash.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['date_from', 'days']);
    const backwards = await get('/api/dashboard?date_from=2026-05-12&date_to=2026-05-01', dash.admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.map((f: any) => f.field)).toEqual(['date_to']);
    expect((await get('/api/dashboard?date_from=2024-01-01&date_to=2026-05-12', dash.admin)).status).toBe(400);
    expect((await get('/api/dashboard?queueIds=[abc]', dash.admin)).status).toBe(400);
  });

  it('needs the dashboard (admin, or showDashboard enabled) and shows only the caller’s company', async () => {
    expect((await get(`/api/dashboard?${may12}`, dash.caio)).status).toBe(403);
    expect((await get(`/api/dashboard?${may12}`)).status).toBe(401);
    expect((await get(`/api/dashboard?${may12}`, dash.dani)).body.counters.tickets).toBe(6);
    const other = (await get(`/api/dashboard?${may12}&companyId=${C5}`, dash.other)).body;
    expect(other.counters).toMatchObject({ tickets: 1, supportHappening: 1, activeConnections: 1, messagesReceived: 0, leads: 1 });
    expect(other.attendants.map((a: any) => a.name)).toEqual(['Admin6']);
  });
});
