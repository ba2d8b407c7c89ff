import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type Session, type TestPlatform } from '@atende/standalone/testing';
import { png } from '@atende/kit/testing';

let platform: TestPlatform;
let superSession: Session;
let company: Awaited<ReturnType<TestPlatform['createCompany']>>;
let other: Awaited<ReturnType<TestPlatform['createCompany']>>;

const upload = (data: Buffer, name = 'avatar.png') => {
  const form = new FormData();
  form.append('profileImage', new Blob([new Uint8Array(data)]), name);
  return form;
};

beforeAll(async () => {
  platform = await startTestPlatform();
  superSession = await platform.login();
  company = await platform.createCompany({ plan: { users: 3 } });
  other = await platform.createCompany();
});
afterAll(async () => platform.stop());

describe('POST /api/users', () => {
  it('creates a user with the spec defaults', async () => {
    const created = await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'Attendant One', email: 'one@example.com', password: 'secret1' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Attendant One', email: 'one@example.com', profile: 'user', super: false, companyId: company.companyId,
      allTicket: 'disable', allowGroup: false, defaultTheme: 'light', defaultMenu: 'open', allHistoric: 'disabled', allUserChat: 'disabled',
      showDashboard: 'disabled', allowRealTime: 'disabled', allowConnections: 'disabled', userClosePendingTicket: 'enabled',
      startWork: '00:00', endWork: '23:59', queueIds: [], defaultTicketsManagerWidth: 550,
    });
    expect(created.body).not.toHaveProperty('password');
  });

  it('creates a user without a password (optional), who cannot sign in until one is set', async () => {
    const own = await platform.createCompany();
    const created = await platform.request('POST', '/api/users', { token: own.admin.token, body: { name: 'Sem Senha', email: 'nopassword@example.com' } });
    expect(created.status).toBe(201);
    const blank = await platform.request('POST', '/api/users', { token: own.admin.token, body: { name: 'Senha Vazia', email: 'emptypassword@example.com', password: '' } });
    expect(blank.status).toBe(201);
    for (const password of ['', 'undefined', 'secret1']) {
      const login = await platform.request('POST', '/api/auth/login', { body: { email: 'nopassword@example.com', password } });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
    }
    const set = await platform.request('PUT', `/api/users/${created.body.id}`, { token: own.admin.token, body: { password: 'secret1' } });
    expect(set.status).toBe(200);
    expect((await platform.request('POST', '/api/auth/login', { body: { email: 'nopassword@example.com', password: 'secret1' } })).status).toBe(200);
  });

  it('ignores a companyId in the body from a normal admin', async () => {
    const created = await platform.request('POST', '/api/users', { token: other.admin.token, body: { name: 'Sneaky', email: 'sneaky@example.com', password: 'secret1', companyId: company.companyId } });
    expect(created.status).toBe(201);
    expect(created.body.companyId).toBe(other.companyId);
  });

  it('validates with the spec messages', async () => {
    const answer = await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'A', email: 'bad', password: '123', startWork: '25:00' } });
    expect(answer.status).toBe(400);
    const fields = Object.fromEntries(answer.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toMatchObject({ name: 'Too Short!', email: 'Invalid email', password: 'Too Short!' });
    expect(fields.startWork).toBeDefined();
    const long = await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'x'.repeat(51), email: 'long@example.com', password: 'secret1' } });
    expect(long.body.fields[0]).toEqual({ field: 'name', message: 'Too Long!' });
    const blank = await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'Sem Email', email: '  ', password: 'secret1' } });
    expect(blank.body.fields).toEqual([{ field: 'email', message: 'Required' }]);
  });

  it('refuses a duplicate email with 409', async () => {
    const answer = await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'Dup', email: 'ONE@example.com', password: 'secret1' } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('ERR_DUPLICATED_EMAIL');
  });

  it('enforces the plan user limit', async () => {
    // admin + one user exist; the plan allows 3
    expect((await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'Third', email: 'third@example.com', password: 'secret1' } })).status).toBe(201);
    const over = await platform.request('POST', '/api/users', { token: company.admin.token, body: { name: 'Fourth', email: 'fourth@example.com', password: 'secret1' } });
    expect(over.status).toBe(403);
    expect(over.body.error).toBe('ERR_USER_LIMIT_USER_CREATION');
  });

  it('refuses attendants', async () => {
    const attendant = await platform.createUser(other.admin);
    const answer = await platform.request('POST', '/api/users', { token: attendant.session.token, body: { name: 'Nope', email: 'nope@example.com', password: 'secret1' } });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('lets the super user create a user in another company', async () => {
    const created = await platform.request('POST', '/api/users', { token: superSession.token, body: { name: 'Placed', email: 'placed@example.com', password: 'secret1', companyId: other.companyId } });
    expect(created.status).toBe(201);
    expect(created.body.companyId).toBe(other.companyId);
  });
});

describe('GET /api/users', () => {
  it('pages and searches the company’s users only', async () => {
    const all = await platform.request('GET', '/api/users', { token: company.admin.token });
    expect(all.status).toBe(200);
    expect(all.body.users.every((u: { companyId: number }) => u.companyId === company.companyId)).toBe(true);
    expect(all.body).toMatchObject({ hasMore: false, count: all.body.users.length });
    const found = await platform.request('GET', '/api/users?searchParam=attendant', { token: company.admin.token });
    expect(found.body.users.map((u: { email: string }) => u.email)).toEqual(['one@example.com']);
  });

  it('is for everyone of the company, like /api/users/list (an attendant searches whom to transfer to)', async () => {
    const attendant = await platform.createUser(other.admin, { name: 'Transferring Attendant' });
    const search = await platform.request('GET', '/api/users?searchParam=transferring', { token: attendant.session.token });
    expect(search.status).toBe(200);
    expect(search.body.users.map((u: { id: number }) => u.id)).toEqual([attendant.user.id]);
    const page = await platform.request('GET', '/api/users', { token: attendant.session.token });
    expect(page.body.users.every((u: { companyId: number }) => u.companyId === other.companyId)).toBe(true);
    const list = await platform.request('GET', '/api/users/list', { token: attendant.session.token });
    expect(list.status).toBe(200);
    expect(list.body.every((u: { companyId: number }) => u.companyId === other.companyId)).toBe(true);
  });

  it('rejects a bad page number', async () => {
    const answer = await platform.request('GET', '/api/users?pageNumber=abc', { token: company.admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body.fields[0].field).toBe('pageNumber');
  });
});

describe('PUT /api/users/:id', () => {
  it('lets a user edit their own name but not raise their profile', async () => {
    const attendant = await platform.createUser(other.admin);
    const ok = await platform.request('PUT', `/api/users/${attendant.user.id}`, { token: attendant.session.token, body: { name: 'Renamed', profile: 'user' } });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Renamed');
    for (const body of [{ profile: 'admin' }, { super: true }, { companyId: company.companyId }, { queueIds: [1] }]) {
      const refused = await platform.request('PUT', `/api/users/${attendant.user.id}`, { token: attendant.session.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(403);
    }
    const after = await platform.request('GET', `/api/users/${attendant.user.id}`, { token: other.admin.token });
    expect(after.body).toMatchObject({ profile: 'user', super: false, companyId: other.companyId, queueIds: [] });
  });

  it('a password change revokes the user’s refresh tokens', async () => {
    const attendant = await platform.createUser(other.admin);
    const changed = await platform.request('PUT', `/api/users/${attendant.user.id}`, { token: other.admin.token, body: { password: 'brand-new-1' } });
    expect(changed.status).toBe(200);
    expect((await platform.request('POST', '/api/auth/refresh_token', { cookie: attendant.session.cookie })).status).toBe(401);
    await platform.login(attendant.email, 'brand-new-1');
  });

  it('a super user moves a user to another company: one that exists and has room in its plan; the user leaves its queues and sessions behind', async () => {
    const full = await platform.createCompany({ plan: { users: 1 } });
    const roomy = await platform.createCompany();
    const queue = await platform.request('POST', '/api/queue', { token: other.admin.token, body: { name: 'Fila Mudança', color: '#12ab34', greetingMessage: 'Oi' } });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const moving = await platform.createUser(other.admin, { queueIds: [queue.body.id] });
    const move = (companyId: number) => platform.request('PUT', `/api/users/${moving.user.id}`, { token: superSession.token, body: { companyId } });
    const unknown = await move(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'ERR_NO_COMPANY_FOUND', fields: [{ field: 'companyId' }] });
    expect((await move(full.companyId)).body.error).toBe('ERR_USER_LIMIT_USER_CREATION');
    const events: [string, number | null][] = [];
    const watch = await platform.bus.fanout('auth.user.*', (e) => {
      if ((e.data as { userId?: number; user?: { id: number } }).userId === moving.user.id || (e.data as { user?: { id: number } }).user?.id === moving.user.id) events.push([e.type, e.companyId]);
    });
    const moved = await move(roomy.companyId);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ companyId: roomy.companyId, queueIds: [], whatsappId: null });
    // Its token named the company it left: every service refuses it now, not only /auth/me.
    await eventually(async () => (await platform.request('GET', '/api/queue', { token: moving.session.token })).status === 401);
    await eventually(() => events.length >= 2);
    await watch.unsubscribe();
    expect(events).toEqual([['auth.user.deleted', other.companyId], ['auth.user.created', roomy.companyId]]);
    const session = await platform.login(moving.email, moving.password);
    expect((await platform.request('GET', '/api/auth/me', { token: session.token })).body).toMatchObject({ companyId: roomy.companyId });
  });

  it('saves the ticket pane width within 404–700', async () => {
    const attendant = await platform.createUser(other.admin);
    const ok = await platform.request('PUT', `/api/users/toggleChangeWidht/${attendant.user.id}`, { token: attendant.session.token, body: { defaultTicketsManagerWidth: 600 } });
    expect(ok.status).toBe(200);
    expect(ok.body.defaultTicketsManagerWidth).toBe(600);
    const bad = await platform.request('PUT', `/api/users/toggleChangeWidht/${attendant.user.id}`, { token: attendant.session.token, body: { defaultTicketsManagerWidth: 900 } });
    expect(bad.status).toBe(400);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user of the company, not oneself', async () => {
    const attendant = await platform.createUser(other.admin);
    expect((await platform.request('DELETE', `/api/users/${attendant.user.id}`, { token: other.admin.token })).status).toBe(200);
    expect((await platform.request('GET', `/api/users/${attendant.user.id}`, { token: other.admin.token })).status).toBe(404);
    const self = await platform.request('DELETE', `/api/users/${other.admin.user.id}`, { token: other.admin.token });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('ERR_CANNOT_DELETE_SELF');
  });
});

describe('avatars', () => {
  it("stores an image and serves it only through a signed link, to a session of the user's company", async () => {
    const attendant = await platform.createUser(other.admin);
    const answer = await platform.request('POST', `/api/users/${attendant.user.id}/media-upload`, { token: attendant.session.token, body: upload(png()) });
    expect(answer.status).toBe(200);
    expect(answer.body.profileImage).toMatch(new RegExp(`^/api/media/auth/company${other.companyId}/avatars/[0-9a-f-]+\\.png\\?exp=\\d+&sig=`));
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const image = await fetch(platform.url + answer.body.profileImage, as(other.admin.token));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await fetch(platform.url + answer.body.profileImage)).status).toBe(401);
    expect((await fetch(platform.url + answer.body.profileImage, as(company.admin.token))).status).toBe(403);
    const unsigned = await fetch(platform.url + answer.body.profileImage.split('?')[0], as(other.admin.token));
    expect(unsigned.status).toBe(403);
    const tampered = await fetch(platform.url + answer.body.profileImage.replace(`company${other.companyId}`, `company${company.companyId}`), as(company.admin.token));
    expect(tampered.status).toBe(403);
  });

  it('refuses what is not an image (by content) and what is too large', async () => {
    const attendant = await platform.createUser(other.admin);
    const text = await platform.request('POST', `/api/users/${attendant.user.id}/media-upload`, { token: attendant.session.token, body: upload(Buffer.from('<svg onload=alert(1)>'), 'evil.png') });
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const big = await platform.request('POST', `/api/users/${attendant.user.id}/media-upload`, { token: attendant.session.token, body: upload(Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024)])) });
    expect(big.status).toBe(413);
    const none = await platform.request('POST', `/api/users/${attendant.user.id}/media-upload`, { token: attendant.session.token, body: new FormData() });
    expect(none.status).toBe(400);
  });
});

describe('cross-company isolation', () => {
  it('an admin of another company gets 403 or 404 on every user id route', async () => {
    const victim = company.admin.user.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/users/${victim}`],
      ['PUT', `/api/users/${victim}`, { name: 'Hacked' }],
      ['DELETE', `/api/users/${victim}`],
      ['PUT', `/api/users/toggleChangeWidht/${victim}`, { defaultTicketsManagerWidth: 500 }],
      ['POST', `/api/users/${victim}/media-upload`, upload(png())],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await platform.request(method, url, { token: other.admin.token, body });
      expect([403, 404], `${method} ${url}`).toContain(answer.status);
    }
    const still = await platform.request('GET', `/api/users/${victim}`, { token: company.admin.token });
    expect(still.body.name).not.toBe('Hacked');
  });
});

describe("a user's queues and default connection", () => {
  it('keeps a queue once, and drops a queue or a connection when it is deleted', async () => {
    const token = other.admin.token;
    const queue = await platform.request('POST', '/api/queue', { token, body: { name: 'Suporte', color: '#0a0a0a', greetingMessage: 'Olá' } });
    const kept = await platform.request('POST', '/api/queue', { token, body: { name: 'Vendas', color: '#0b0b0b', greetingMessage: 'Olá' } });
    const connection = await platform.request('POST', '/api/whatsapp', { token, body: { name: 'Recepção' } });
    expect([queue.status, kept.status, connection.status]).toEqual([201, 201, 201]);
    const created = await platform.request('POST', '/api/users', {
      token,
      body: { name: 'Filas', email: 'filas@example.com', password: 'secret1', queueIds: [queue.body.id, kept.body.id, queue.body.id], whatsappId: connection.body.id },
    });
    expect(created.body).toMatchObject({ queueIds: [queue.body.id, kept.body.id], whatsappId: connection.body.id });
    // Another company's queue or connection, or none at all, is refused naming the field.
    const foreignQueue = await platform.request('POST', '/api/queue', { token: company.admin.token, body: { name: 'Alheia', color: '#0c0c0c', greetingMessage: 'Olá' } });
    const refusedQueue = await platform.request('PUT', `/api/users/${created.body.id}`, { token, body: { queueIds: [kept.body.id, foreignQueue.body.id] } });
    expect(refusedQueue).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'queueIds' }] } });
    const refusedConnection = await platform.request('PUT', `/api/users/${created.body.id}`, { token, body: { whatsappId: 987654 } });
    expect(refusedConnection).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'whatsappId' }] } });

    expect((await platform.request('DELETE', `/api/queue/${queue.body.id}`, { token })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/whatsapp/${connection.body.id}`, { token })).status).toBe(200);
    await eventually(async () => {
      const read = await platform.request('GET', `/api/users/${created.body.id}`, { token });
      expect({ queueIds: read.body.queueIds, whatsappId: read.body.whatsappId }).toEqual({ queueIds: [kept.body.id], whatsappId: null });
      return true;
    });
  });
});
