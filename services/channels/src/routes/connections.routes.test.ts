import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, instantOfWallClock, wallClockOf, type Envelope, type User } from '@atende/kit';
import { multipartBody, png, workingDay } from '@atende/kit/testing';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/** Connections management (spec 001 §2, §3, §5, §6, §7): /api/whatsapp*, /api/whatsapp-admin, /api/whatsapp-restart. */
let h: Harness;
const tokens: Record<string, string> = {};

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
/** A connection made through the API by `who`; answers its body. */
const create = async (who: string, name: string, extra: Record<string, unknown> = {}) => {
  const res = await api(who, 'POST', '/api/whatsapp', { name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
/** Every company below has its own users; companies 1 to 20 get the full plan unless a test says otherwise. */
const define = (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
  tokens[key] = h.signIn(fields).token;
};

beforeAll(async () => {
  h = await startHarness({ recordSessions: true });
  for (let c = 1; c <= 20; c++) h.plans.set(c, fullPlan());
  define('admin1', { id: 1, companyId: 1, profile: 'admin' });
  define('ana1', { id: 111, companyId: 1 });
  define('bia1', { id: 112, companyId: 1, allowConnections: 'enabled' });
  define('admin2', { id: 2, companyId: 2, profile: 'admin' });
  define('super', { id: 99, companyId: 9, profile: 'admin', super: true });
  for (let c = 3; c <= 20; c++) define(`admin${c}`, { id: c, companyId: c, profile: 'admin' });
  define('nopla', { id: 30, companyId: 30, profile: 'admin' });
  for (let c = 21; c <= 25; c++) {
    h.plans.set(c, fullPlan());
    define(`admin${c}`, { id: c, companyId: c, profile: 'admin' });
  }
});
afterAll(async () => h?.stop());

describe('POST /api/whatsapp', () => {
  it('creates the first connection as default, connecting, with a token and default hours, and starts its session', async () => {
    const before = h.published.length;
    const body = await create('admin3', 'Comercial', { greetingMessage: 'Olá!' });
    expect(body).toMatchObject({ name: 'Comercial', channel: 'whatsapp', status: 'OPENING', isDefault: true, companyId: 3, maxUseBotQueues: 3, maxUseBotQueuesNPS: 3, provider: 'beta' });
    expect(body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(body.schedules).toHaveLength(7);
    expect(body.schedules[0]).toEqual({ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
    expect(h.commands).toContainEqual({ companyId: 3, connectionId: body.id, action: 'start' });
    const [event] = eventsSince(before, 'channels.connection.updated');
    expect(event?.companyId).toBe(3);
    expect(event?.data.connection).toMatchObject({ id: body.id, name: 'Comercial', isDefault: true, greetingMessage: 'Olá!', queueIds: [] });
    expect(event?.data.whatsapp).toMatchObject({ id: body.id, name: 'Comercial', token: '' });
  });

  it('keeps the default on the first; a new default takes the flag from it (announced)', async () => {
    const first = await create('admin4', 'Um');
    const second = await create('admin4', 'Dois');
    expect(second.isDefault).toBe(false);
    const before = h.published.length;
    const third = await create('admin4', 'Três', { isDefault: true });
    expect(third.isDefault).toBe(true);
    const list = (await api('admin4', 'GET', '/api/whatsapp')).body as any[];
    expect(list.filter((c) => c.isDefault).map((c) => c.id)).toEqual([third.id]);
    const updates = eventsSince(before, 'channels.connection.updated').map((e) => [e.data.connection.id, e.data.connection.isDefault]);
    expect(updates).toEqual(expect.arrayContaining([[first.id, false], [third.id, true]]));
  });

  it('stores Facebook and Instagram connections disconnected, without a session', async () => {
    const body = await create('admin5', 'Página', { channel: 'facebook' });
    expect(body.status).toBe('DISCONNECTED');
    expect(h.commands.some((c) => c.connectionId === body.id)).toBe(false);
  });

  it('lets a user with allowConnections add one, but not a user without it', async () => {
    const added = await api('bia1', 'POST', '/api/whatsapp', { name: 'Da Bia' });
    expect(added.status).toBe(201);
    expect(added.body.token).toBe('');
    const refused = await api('ana1', 'POST', '/api/whatsapp', { name: 'Da Ana' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect(((await api('admin1', 'GET', '/api/whatsapp')).body as any[]).map((c) => c.name)).not.toContain('Da Ana');
  });

  it('answers 401 without a token', async () => {
    expect((await api(undefined, 'POST', '/api/whatsapp', { name: 'Sem login' })).status).toBe(401);
  });

  it('rejects a short name and an unknown channel with the field', async () => {
    const short = await api('admin6', 'POST', '/api/whatsapp', { name: 'A' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(short.body)).toContain('name');
    const channel = await api('admin6', 'POST', '/api/whatsapp', { name: 'Canal', channel: 'telegram' });
    expect(channel.status).toBe(400);
    expect(JSON.stringify(channel.body)).toContain('channel');
  });

  it.each([
    [{ timeSendQueue: 5 }, 'sendIdQueue'],
    [{ importOldMessages: new Date(Date.now() - 86_400_000).toISOString() }, 'queueIdImportMessages'],
    [{ collectiveVacationMessage: 'Estamos de férias' }, 'collectiveVacationStart'],
    [{ timeInactiveMessage: 10 }, 'expiresTicket'],
    [{ ratingMessage: 'Avalie de 1 a 5' }, 'expiresTicketNPS'],
  ])('checks the editor rules: %j needs %s', async (extra, field) => {
    const res = await api('admin6', 'POST', '/api/whatsapp', { name: 'Regras', ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields).toContainEqual(expect.objectContaining({ field }));
  });

  it('takes vacation dates from the day 10 days back on the companies\' clock, at any time of that day; the day before is refused', async () => {
    // The harness's TICKETS_TIME_ZONE is America/Sao_Paulo.
    const today = wallClockOf(new Date(), 'America/Sao_Paulo');
    const earliest = (hour: number, minute = 0) => instantOfWallClock({ year: today.year, month: today.month, day: today.day - 10, hour, minute }, 'America/Sao_Paulo').toISOString();
    const dayBefore = instantOfWallClock({ year: today.year, month: today.month, day: today.day - 10, hour: 0 }, 'America/Sao_Paulo').getTime() - 1000;
    const vacation = (start: string) => ({ collectiveVacationMessage: 'Férias coletivas', collectiveVacationStart: start, collectiveVacationEnd: new Date(Date.now() + 86_400_000).toISOString() });
    const body = await create('admin24', 'Férias', vacation(earliest(0)));
    expect(body.collectiveVacationStart).toBe(earliest(0));
    const atThisHour = await api('admin24', 'PUT', `/api/whatsapp/${body.id}`, vacation(earliest(today.hour, today.minute)));
    expect(atThisHour.status, JSON.stringify(atThisHour.body)).toBe(200);
    const tooOld = await api('admin24', 'PUT', `/api/whatsapp/${body.id}`, vacation(new Date(dayBefore).toISOString()));
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.fields).toContainEqual({ field: 'collectiveVacationStart', message: 'Must not be more than 10 days ago' });
  });

  it('takes a queue created a moment ago, before its event reached this service (asked of tickets)', async () => {
    // Tickets knows queue 9_001 of company 25; channels has not heard of it yet.
    const responder = await answer(h.bus, 'tickets.queue.get', async ({ companyId, queueId }) =>
      companyId === 25 && queueId === 9_001 ? { queue: { id: 9_001, name: 'Recém-criada', color: '#123456' } } : null,
    );
    try {
      const body = await create('admin25', 'Logo após a fila', { queueIds: [9_001] });
      expect(body.queueIds).toEqual([9_001]);
      expect(body.queues).toEqual([expect.objectContaining({ id: 9_001, name: 'Recém-criada', color: '#123456' })]);
      // Another company's queue, or one tickets does not know, is still refused.
      const foreign = await api('admin24', 'POST', '/api/whatsapp', { name: 'Alheia', queueIds: [9_001] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.fields).toContainEqual({ field: 'queueIds', message: 'Unknown queue' });
    } finally {
      await responder.unsubscribe();
    }
  });

  it('takes only the company\'s own queues, and requires a greeting with more than one', async () => {
    const mine = [await h.addQueue(7, 'Vendas'), await h.addQueue(7, 'Suporte')];
    const theirs = await h.addQueue(8, 'Deles');
    const foreign = await api('admin7', 'POST', '/api/whatsapp', { name: 'Filas', queueIds: [mine[0], theirs] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toContainEqual(expect.objectContaining({ field: 'queueIds' }));
    const noGreeting = await api('admin7', 'POST', '/api/whatsapp', { name: 'Filas', queueIds: mine });
    expect(noGreeting.status).toBe(400);
    expect(noGreeting.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const body = await create('admin7', 'Filas', { queueIds: mine, greetingMessage: 'Escolha uma opção' });
    expect(body.queueIds).toEqual(mine);
    expect(body.queues.map((q: any) => q.name)).toEqual(['Vendas', 'Suporte']);
  });

  it('refuses a name the company already uses, whatever the case (409), but another company may use it', async () => {
    await create('admin8', 'Atendimento');
    const dup = await api('admin8', 'POST', '/api/whatsapp', { name: 'ATENDIMENTO' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_NAME');
    await create('admin10', 'Atendimento');
  });

  it('refuses a channel the plan lacks, and any channel without a plan', async () => {
    h.plans.set(11, { ...fullPlan(), useInstagram: false });
    const insta = await api('admin11', 'POST', '/api/whatsapp', { name: 'Insta', channel: 'instagram' });
    expect(insta.status).toBe(403);
    expect(insta.body.error).toBe('ERR_NO_PERMISSION');
    await create('admin11', 'Whats', { channel: 'whatsappapi' });
    const none = await api('nopla', 'POST', '/api/whatsapp', { name: 'Sem plano' });
    expect(none.status).toBe(403);
    expect(none.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('stops at the plan\'s connection count', async () => {
    h.plans.set(12, { ...fullPlan(), connections: 2 });
    await create('admin12', 'Primeira');
    await create('admin12', 'Segunda');
    const third = await api('admin12', 'POST', '/api/whatsapp', { name: 'Terceira' });
    expect(third.status).toBe(403);
    expect(third.body.error).toBe('ERR_CONNECTION_LIMIT');
  });
});

describe('GET /api/whatsapp, /filter and /{id}', () => {
  let z: any;
  beforeAll(async () => {
    await create('admin1', 'Zeta');
    z = await create('admin1', 'alfa');
    await create('admin1', 'Mensageiro', { channel: 'facebook' });
    await create('admin2', 'Outra empresa');
    await h.sql`update channels.connections set qrcode = 'QR-TEXT', status = 'qrcode' where id = ${z.id}`;
  });

  it('lists the company\'s connections by name, with the token for admins only', async () => {
    const admin = (await api('admin1', 'GET', '/api/whatsapp')).body as any[];
    expect(admin.map((c) => c.name)).toEqual(['alfa', 'Da Bia', 'Mensageiro', 'Zeta']);
    expect(admin.every((c) => c.companyId === 1 && c.token.length === 30)).toBe(true);
    const user = await api('ana1', 'GET', '/api/whatsapp');
    expect(user.status).toBe(200);
    expect((user.body as any[]).map((c) => c.token)).toEqual(['', '', '', '']);
  });

  it('leaves the QR code out with session=0', async () => {
    const withQr = (await api('admin1', 'GET', '/api/whatsapp')).body as any[];
    expect(withQr.find((c) => c.id === z.id).qrcode).toBe('QR-TEXT');
    const without = (await api('admin1', 'GET', '/api/whatsapp?session=0')).body as any[];
    expect(without.find((c) => c.id === z.id).qrcode).toBe('');
  });

  it('filters by channel, and rejects an unknown one', async () => {
    const fb = (await api('ana1', 'GET', '/api/whatsapp/filter?channel=facebook')).body as any[];
    expect(fb.map((c) => c.name)).toEqual(['Mensageiro']);
    const bad = await api('ana1', 'GET', '/api/whatsapp/filter?channel=fax');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('channel');
  });

  it('shows one connection with its QR code to admins and users with allowConnections', async () => {
    const admin = await api('admin1', 'GET', `/api/whatsapp/${z.id}`);
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ id: z.id, qrcode: 'QR-TEXT', status: 'qrcode' });
    expect(admin.body.token).toHaveLength(30);
    const bia = await api('bia1', 'GET', `/api/whatsapp/${z.id}`);
    expect(bia.status).toBe(200);
    expect(bia.body.token).toBe('');
    const ana = await api('ana1', 'GET', `/api/whatsapp/${z.id}`);
    expect(ana.status).toBe(403);
    expect(ana.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('answers 404 for another company\'s connection and 400 for a malformed id', async () => {
    const other = await api('admin2', 'GET', `/api/whatsapp/${z.id}`);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await api('admin2', 'GET', '/api/whatsapp')).body.map((c: any) => c.name)).toEqual(['Outra empresa']);
    expect((await api('admin1', 'GET', '/api/whatsapp/abc')).status).toBe(400);
  });
});

describe('super user pages', () => {
  it('GET /api/whatsapp/all lists every company\'s connections; /all/counts counts them per company', async () => {
    h.companyFields.set(2, { name: 'Empresa Dois' });
    const [conn] = (await api('admin2', 'GET', '/api/whatsapp')).body as any[];
    await h.sql`update channels.connections set status = 'CONNECTED' where id = ${conn.id}`;
    const res = await api('super', 'GET', '/api/whatsapp/all/?session=0');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.some((c: any) => c.companyId === 1)).toBe(true);
    expect(res.body.some((c: any) => c.id === conn.id && c.status === 'CONNECTED')).toBe(true);
    const counts = await api('super', 'GET', '/api/whatsapp/all/counts');
    expect(counts.body).toContainEqual({ companyId: 2, companyName: 'Empresa Dois', connected: 1, disconnected: 0, total: 1 });
    const c1 = counts.body.find((c: any) => c.companyId === 1);
    expect(c1).toMatchObject({ connected: 0, total: 4, disconnected: 4 });
  });

  it('GET /api/whatsapp/all/counts counts every company, those without a connection as 0/0/0', async () => {
    // admin lists the companies; company 1 is left out of its answer (created a moment ago) and still counts by its connections.
    const listing = await answer(h.bus, 'admin.company.list', async () => ({ companies: [{ id: 2, name: 'Empresa Dois' }, { id: 29, name: 'Sem conexões' }] }));
    try {
      const res = await api('super', 'GET', '/api/whatsapp/all/counts');
      expect(res.status).toBe(200);
      expect(res.body).toContainEqual({ companyId: 29, companyName: 'Sem conexões', connected: 0, disconnected: 0, total: 0 });
      expect(res.body).toContainEqual(expect.objectContaining({ companyId: 2, companyName: 'Empresa Dois', total: 1 }));
      expect(res.body.find((c: any) => c.companyId === 1)?.total).toBeGreaterThan(0);
      const ids = res.body.map((c: any) => c.companyId);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      await listing.unsubscribe();
    }
  });

  it('GET /api/whatsapp-admin/{id} answers 404 ERR_NO_COMPANY_FOUND for a company that does not exist', async () => {
    const companies = h.ctx.companies;
    const original = companies.get.bind(companies);
    const get = vi.spyOn(companies, 'get').mockImplementation((id, context) => (id === 99999 ? Promise.resolve(null) : original(id, context)));
    try {
      const res = await api('super', 'GET', '/api/whatsapp-admin/99999?session=0');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'ERR_NO_COMPANY_FOUND', message: 'Company not found' });
      expect((await api('super', 'GET', '/api/whatsapp-admin/2?session=0')).status).toBe(200);
    } finally {
      get.mockRestore();
    }
  });

  it('GET /api/whatsapp-admin/{id} lists one company\'s connections', async () => {
    const res = await api('super', 'GET', '/api/whatsapp-admin/2');
    expect(res.status).toBe(200);
    expect(res.body.map((c: any) => c.name)).toEqual(['Outra empresa']);
  });

  it('lets the super user open and edit another company\'s connection (all-connections dialog)', async () => {
    const [conn] = (await api('admin2', 'GET', '/api/whatsapp')).body as any[];
    expect((await api('super', 'GET', `/api/whatsapp/${conn.id}`)).status).toBe(200);
    const res = await api('super', 'PUT', `/api/whatsapp/${conn.id}`, { outOfHoursMessage: 'Fechado' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyId: 2, outOfHoursMessage: 'Fechado' });
  });

  it("lets the super user add a connection to another company, under that company's plan (all-connections dialog)", async () => {
    h.plans.set(26, fullPlan());
    const before = h.published.length;
    const added = await create('super', 'Da empresa 26', { companyId: 26 });
    expect(added).toMatchObject({ companyId: 26, isDefault: true, status: 'OPENING' });
    expect(added.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(h.commands).toContainEqual({ companyId: 26, connectionId: added.id, action: 'start' });
    expect(eventsSince(before, 'channels.connection.updated').map((e) => e.companyId)).toEqual([26]);
    expect((await api('super', 'GET', '/api/whatsapp-admin/26?session=0')).body.map((c: any) => c.name)).toEqual(['Da empresa 26']);
    // Its name is checked within that company, and its plan's flags and limit apply.
    expect((await api('super', 'POST', '/api/whatsapp', { name: 'Da empresa 26', companyId: 26 })).body.error).toBe('ERR_DUPLICATED_NAME');
    h.plans.set(27, { ...fullPlan(), useWhatsapp: false });
    expect((await api('super', 'POST', '/api/whatsapp', { name: 'Sem plano', companyId: 27 })).body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useWhatsapp' });
    h.plans.set(28, { ...fullPlan(), connections: 1 });
    await create('super', 'Única', { companyId: 28 });
    expect((await api('super', 'POST', '/api/whatsapp', { name: 'Segunda', companyId: 28 })).body.error).toBe('ERR_CONNECTION_LIMIT');
    // No connection goes to a company that does not exist.
    const companies = h.ctx.companies;
    const original = companies.get.bind(companies);
    const get = vi.spyOn(companies, 'get').mockImplementation((id, context) => (id === 99999 ? Promise.resolve(null) : original(id, context)));
    try {
      const res = await api('super', 'POST', '/api/whatsapp', { name: 'Fantasma', companyId: 99999 });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_COMPANY_FOUND');
    } finally {
      get.mockRestore();
    }
    expect((await h.sql`select count(*)::int as n from channels.connections where company_id in (27, 99999)`)[0]!.n).toBe(0);
  });

  it("refuses an admin naming another company's id for a new connection, creating nothing there", async () => {
    const res = await api('admin1', 'POST', '/api/whatsapp', { name: 'Intrusa', companyId: 2 });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('admin2', 'GET', '/api/whatsapp')).body.map((c: any) => c.name)).not.toContain('Intrusa');
    // Naming their own company is the same as naming none.
    expect(await create('admin1', 'Própria', { companyId: 1 })).toMatchObject({ companyId: 1 });
  });

  it('refuses admins on all three', async () => {
    for (const url of ['/api/whatsapp/all', '/api/whatsapp/all/counts', '/api/whatsapp-admin/2']) {
      const res = await api('admin1', 'GET', url);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});

describe('PUT /api/whatsapp/{id}', () => {
  it('updates the fields sent and announces the change', async () => {
    const c = await create('admin13', 'Antigo');
    const before = h.published.length;
    const res = await api('admin13', 'PUT', `/api/whatsapp/${c.id}`, { name: 'Novo', complationMessage: 'Até logo', timeInactiveMessage: 5, expiresTicket: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Novo', complationMessage: 'Até logo', timeInactiveMessage: 5, expiresTicket: 30, token: c.token, isDefault: true });
    expect(eventsSince(before, 'channels.connection.updated').map((e) => e.data.connection.name)).toEqual(['Novo']);
  });

  it('checks the rules on the merged connection', async () => {
    const c = await create('admin13', 'Regras PUT', { timeInactiveMessage: 5, expiresTicket: 30 });
    const res = await api('admin13', 'PUT', `/api/whatsapp/${c.id}`, { expiresTicket: 0 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual(expect.objectContaining({ field: 'expiresTicket' }));
    const dup = await api('admin13', 'PUT', `/api/whatsapp/${c.id}`, { name: 'novo' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_NAME');
  });

  it('takes whenExpiresTicket as 0 or 1, text or number, and answers it as text', async () => {
    const c = await create('admin13', 'Expiração', { whenExpiresTicket: 1 });
    expect(c.whenExpiresTicket).toBe('1');
    const back = await api('admin13', 'PUT', `/api/whatsapp/${c.id}`, { whenExpiresTicket: 0 });
    expect(back.status).toBe(200);
    expect(back.body.whenExpiresTicket).toBe('0');
    const bad = await api('admin13', 'PUT', `/api/whatsapp/${c.id}`, { whenExpiresTicket: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toContainEqual(expect.objectContaining({ field: 'whenExpiresTicket' }));
  });

  it('regenerates the token on request only', async () => {
    const c = await create('admin14', 'Token');
    const same = await api('admin14', 'PUT', `/api/whatsapp/${c.id}`, { greetingMessage: 'Oi' });
    expect(same.body.token).toBe(c.token);
    const fresh = await api('admin14', 'PUT', `/api/whatsapp/${c.id}`, { regenerateToken: true });
    expect(fresh.status).toBe(200);
    expect(fresh.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(fresh.body.token).not.toBe(c.token);
  });

  it('takes the token the editor generated (30 letters or digits, unique); an empty token changes nothing', async () => {
    const c = await create('admin14', 'Token do editor');
    const chosen = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123';
    const saved = await api('admin14', 'PUT', `/api/whatsapp/${c.id}`, { token: chosen });
    expect(saved.status).toBe(200);
    expect(saved.body.token).toBe(chosen);
    expect((await api('admin14', 'PUT', `/api/whatsapp/${c.id}`, { token: '', greetingMessage: 'Oi' })).body.token).toBe(chosen);
    for (const token of ['short', 'AbCdEfGhIjKlMnOpQrStUvWxYz012!', `${chosen}4`]) {
      const bad = await api('admin14', 'PUT', `/api/whatsapp/${c.id}`, { token });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toContainEqual(expect.objectContaining({ field: 'token' }));
    }
    const other = await create('admin14', 'Outro token');
    const taken = await api('admin14', 'PUT', `/api/whatsapp/${other.id}`, { token: chosen });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'ERR_DUPLICATED_TOKEN', fields: [{ field: 'token' }] });
    expect((await api('admin14', 'GET', `/api/whatsapp/${other.id}`)).body.token).toBe(other.token);
  });

  it('refuses to unset the only default, and moves the default when another is made default', async () => {
    const first = await create('admin15', 'Padrão');
    const second = await create('admin15', 'Outra');
    const unset = await api('admin15', 'PUT', `/api/whatsapp/${first.id}`, { isDefault: false });
    expect(unset.status).toBe(400);
    expect(unset.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    const moved = await api('admin15', 'PUT', `/api/whatsapp/${second.id}`, { isDefault: true });
    expect(moved.body.isDefault).toBe(true);
    expect((await api('admin15', 'GET', `/api/whatsapp/${first.id}`)).body.isDefault).toBe(false);
  });

  it('keeps the channel the connection was created with (400 naming channel); the same channel sent back is fine', async () => {
    const c = await create('admin21', 'Canal fixo');
    const changed = await api('admin21', 'PUT', `/api/whatsapp/${c.id}`, { channel: 'instagram' });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'channel', message: expect.any(String) }] });
    expect((await api('admin21', 'GET', `/api/whatsapp/${c.id}`)).body.channel).toBe('whatsapp');
    const same = await api('admin21', 'PUT', `/api/whatsapp/${c.id}`, { channel: 'whatsapp', name: 'Canal fixo 2' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ channel: 'whatsapp', name: 'Canal fixo 2' });
  });

  const day = workingDay;

  it.each([
    ['an unknown weekday', [day('funday')], 'schedules.0.weekdayEn'],
    ['the same weekday twice', [day('monday'), day('Monday', { startTimeA: '09:00' })], 'schedules.1.weekdayEn'],
    ['a shift ending before it starts', [day('monday', { startTimeA: '18:00', endTimeA: '08:00' })], 'schedules.0.endTimeA'],
    ['a shift ending as it starts', [day('tuesday', { startTimeB: '13:00', endTimeB: '13:00' })], 'schedules.0.endTimeB'],
    ['a shift with a start and no end', [day('friday', { endTimeB: '' })], 'schedules.0.endTimeB'],
    ['a shift with an end and no start', [day('friday', { startTimeA: '' })], 'schedules.0.startTimeA'],
  ])('refuses schedules with %s, naming the field', async (what, schedules, field) => {
    const c = await create('admin22', what);
    const res = await api('admin22', 'PUT', `/api/whatsapp/${c.id}`, { schedules });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.fields).toContainEqual({ field, message: expect.any(String) });
    expect((await api('admin22', 'GET', `/api/whatsapp/${c.id}`)).body.schedules).toEqual(c.schedules);
    expect((await api('admin22', 'POST', '/api/whatsapp', { name: `Nova: ${what}`, schedules })).status).toBe(400);
  });

  it('takes a day off (both shifts empty) and a weekday in any case, stored as the runtime reads it', async () => {
    const c = await create('admin22', 'Horários válidos');
    const res = await api('admin22', 'PUT', `/api/whatsapp/${c.id}`, {
      schedules: [day(' Monday '), day('sunday', { startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }), day('saturday', { startTimeB: '', endTimeB: '' })],
    });
    expect(res.status).toBe(200);
    expect(res.body.schedules.map((s: any) => s.weekdayEn)).toEqual(['monday', 'sunday', 'saturday']);
  });

  it('is for admins of the connection\'s company only', async () => {
    const c = await create('admin16', 'Protegida');
    const other = await api('admin2', 'PUT', `/api/whatsapp/${c.id}`, { name: 'Invadida' });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NO_WAPP_FOUND');
    define('user16', { id: 160, companyId: 16, allowConnections: 'enabled' });
    const user = await api('user16', 'PUT', `/api/whatsapp/${c.id}`, { name: 'Do usuário' });
    expect(user.status).toBe(403);
    expect((await api('admin16', 'GET', `/api/whatsapp/${c.id}`)).body.name).toBe('Protegida');
  });
});

describe('DELETE /api/whatsapp/{id}', () => {
  it('logs the session out, deletes the connection with its keys, and passes the default to the oldest remaining', async () => {
    const first = await create('admin17', 'Primeira');
    const second = await create('admin17', 'Segunda');
    const third = await create('admin17', 'Terceira');
    await h.sql`insert into channels.session_keys (connection_id, key, value) values (${first.id}, 'creds', '{}'::jsonb)`;
    const before = h.published.length;
    const res = await api('admin17', 'DELETE', `/api/whatsapp/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(h.commands).toContainEqual({ companyId: 17, connectionId: first.id, action: 'logout' });
    expect(eventsSince(before, 'channels.connection.deleted').map((e) => e.data.connectionId)).toEqual([first.id]);
    expect(eventsSince(before, 'channels.connection.updated').map((e) => [e.data.connection.id, e.data.connection.isDefault])).toEqual([[second.id, true]]);
    const left = (await api('admin17', 'GET', '/api/whatsapp')).body as any[];
    expect(left.map((c) => [c.id, c.isDefault])).toEqual([[second.id, true], [third.id, false]]);
    expect(await h.sql`select 1 from channels.session_keys where connection_id = ${first.id}`).toHaveLength(0);
    expect((await api('admin17', 'GET', `/api/whatsapp/${first.id}`)).status).toBe(404);
  });

  it('answers 404 for another company\'s connection and 403 for a user', async () => {
    const c = await create('admin18', 'Fica');
    const other = await api('admin2', 'DELETE', `/api/whatsapp/${c.id}`);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('ERR_NO_WAPP_FOUND');
    define('user18', { id: 180, companyId: 18 });
    expect((await api('user18', 'DELETE', `/api/whatsapp/${c.id}`)).status).toBe(403);
    expect((await api('admin18', 'GET', `/api/whatsapp/${c.id}`)).status).toBe(200);
  });
});

describe('greeting media', () => {
  const upload = async (who: string, id: number, file: { name: string; data: Buffer; type?: string } | null) => {
    const form = await multipartBody(file ? { files: [{ field: 'file', ...file }] } : { fields: { note: 'no file' } });
    const res = await h.request('POST', `/api/whatsapp/${id}/media-upload`, { token: tokens[who], body: form.payload, headers: { 'content-type': form.contentType } });
    await h.flush();
    return res;
  };

  it('stores an image under the company\'s folder, answers its link, and clears it on delete', async () => {
    const c = await create('admin19', 'Com mídia');
    const before = h.published.length;
    const res = await upload('admin19', c.id, { name: 'boas-vindas.png', data: png(), type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.greetingMediaAttachment).toMatch(/^\/api\/media\/channels\/company19\/connections\/.+\.png\?exp=/);
    expect(res.body.greetingMediaName).toBe('boas-vindas.png');
    expect(eventsSince(before, 'channels.connection.updated')).toHaveLength(1);
    const [row] = await h.sql<{ key: string; name: string }[]>`select greeting_media_attachment as key, greeting_media_name as name from channels.connections where id = ${c.id}`;
    expect(row!.name).toBe('boas-vindas.png');
    expect(await h.ctx.storage.open(row!.key)).not.toBeNull();
    const cleared = await api('admin19', 'DELETE', `/api/whatsapp/${c.id}/media-upload`);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ greetingMediaAttachment: null, greetingMediaName: null });
    expect(await h.ctx.storage.open(row!.key)).toBeNull();
  });

  it('refuses what is not an image or video by its bytes, and a request without a file', async () => {
    const c = await create('admin20', 'Sem mídia');
    const text = await upload('admin20', c.id, { name: 'foto.png', data: Buffer.from('not really an image'), type: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const none = await upload('admin20', c.id, null);
    expect(none.status).toBe(400);
    expect(none.body.fields).toContainEqual(expect.objectContaining({ field: 'file' }));
  });

  it('answers 404 for another company\'s connection and 403 for a user without allowConnections', async () => {
    const c = await create('admin20', 'Alheia');
    expect((await upload('admin2', c.id, { name: 'a.png', data: png() })).status).toBe(404);
    define('user20', { id: 200, companyId: 20 });
    expect((await upload('user20', c.id, { name: 'a.png', data: png() })).status).toBe(403);
  });
});

describe('POST /api/whatsapp-restart', () => {
  it('starts every WhatsApp session of the company that is not connected', async () => {
    const up = await create('admin9', 'Conectada');
    const down = await create('admin9', 'Caída');
    const page = await create('admin9', 'Página', { channel: 'facebook' });
    await h.sql`update channels.connections set status = 'CONNECTED' where id = ${up.id}`;
    await h.sql`update channels.connections set status = 'DISCONNECTED' where id = ${down.id}`;
    h.commands.length = 0;
    const res = await api('admin9', 'POST', '/api/whatsapp-restart');
    expect(res.status).toBe(200);
    expect(h.commands).toEqual([{ companyId: 9, connectionId: down.id, action: 'start' }]);
    expect(h.commands.some((c) => c.connectionId === page.id || c.connectionId === up.id)).toBe(false);
  });

  it('is for admins only', async () => {
    const res = await api('ana1', 'POST', '/api/whatsapp-restart');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('queue projection', () => {
  it('follows renames and drops a deleted queue from the connections that offered it', async () => {
    const q1 = await h.addQueue(10, 'Financeiro');
    const q2 = await h.addQueue(10, 'Cobrança');
    const c = await create('admin10', 'Com filas', { queueIds: [q1, q2], greetingMessage: 'Escolha' });
    const now = new Date().toISOString();
    await h.publish('tickets.queue.updated', 10, {
      queue: { id: q1, companyId: 10, name: 'Financeiro 2', color: '#123456', greetingMessage: '', outOfHoursMessage: '', orderQueue: null, tempoRoteador: 0, ativarRoteador: false, integrationId: null, fileListId: null, closeTicket: false, schedules: [], createdAt: now, updatedAt: now },
    });
    expect((await api('admin10', 'GET', `/api/whatsapp/${c.id}`)).body.queues.map((q: any) => q.name)).toEqual(['Financeiro 2', 'Cobrança']);
    const before = h.published.length;
    await h.publish('tickets.queue.deleted', 10, { queueId: q2 });
    expect((await api('admin10', 'GET', `/api/whatsapp/${c.id}`)).body.queueIds).toEqual([q1]);
    expect(eventsSince(before, 'channels.connection.updated').map((e) => e.data.connection.queueIds)).toEqual([[q1]]);
  });

  it('a deleted queue no longer takes redirects or imports, and the connections stay editable', async () => {
    const kept = await h.addQueue(23, 'Fica');
    const doomed = await h.addQueue(23, 'Sai');
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const redirecting = await create('admin23', 'Redireciona', { queueIds: [doomed], sendIdQueue: doomed, timeSendQueue: 5 });
    const importing = await create('admin23', 'Importa', { importOldMessages: daysAgo(30), importRecentMessages: daysAgo(1), queueIdImportMessages: doomed });
    const other = await create('admin23', 'Outra fila', { queueIds: [kept], sendIdQueue: kept, timeSendQueue: 10, importOldMessages: daysAgo(20), queueIdImportMessages: kept });
    const before = h.published.length;
    await h.publish('tickets.queue.deleted', 23, { queueId: doomed });

    const show = async (id: number) => (await api('admin23', 'GET', `/api/whatsapp/${id}`)).body;
    expect(await show(redirecting.id)).toMatchObject({ queueIds: [], sendIdQueue: null, timeSendQueue: 0 });
    expect(await show(importing.id)).toMatchObject({ queueIdImportMessages: null, importOldMessages: null, importRecentMessages: null });
    expect(await show(other.id)).toMatchObject({ queueIds: [kept], sendIdQueue: kept, timeSendQueue: 10, queueIdImportMessages: kept, importOldMessages: other.importOldMessages });
    const updates = eventsSince(before, 'channels.connection.updated').map((e) => e.data.whatsapp);
    expect(updates.map((w) => w.id).sort()).toEqual([redirecting.id, importing.id].sort());
    expect(updates.find((w) => w.id === redirecting.id)).toMatchObject({ sendIdQueue: null, timeSendQueue: 0 });
    expect(updates.find((w) => w.id === importing.id)).toMatchObject({ queueIdImportMessages: null, importOldMessages: null });

    // What the admin noticed: saving anything afterwards answered "Unknown queue".
    for (const c of [redirecting, importing]) {
      const renamed = await api('admin23', 'PUT', `/api/whatsapp/${c.id}`, { name: `${c.name} 2` });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    }
  });
});
