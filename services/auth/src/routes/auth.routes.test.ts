import { generateSigningKeys, createTokenSigner, watchSessionChanges } from '@atende/kit';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, eventually, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';
import { minuteOfDay } from '../domain/work-hours.js';

let platform: TestPlatform;
const sockets: Socket[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await platform.stop();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/auth/login', () => {
  it('logs the seeded super user in with a token, the user with company and a refresh cookie', async () => {
    const answer = await platform.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
    expect(answer.body.user).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin', super: true, companyId: 1, company: { id: 1 } });
    expect(answer.body.user).not.toHaveProperty('passwordHash');
    expect(answer.body.subscription).toMatchObject({ expired: false });
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('jrt='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('hands the browser its access token for media in a cookie of /api/media, expiring with the token; refresh renews it, logout clears it', async () => {
    const mediaCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith('jmt='));
    const answer = await platform.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const cookie = mediaCookie(answer.headers)!;
    expect(cookie.split(';')[0]).toBe(`jmt=${answer.body.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/media(;|$)/);
    const claims = JSON.parse(Buffer.from(answer.body.token.split('.')[1]!, 'base64url').toString());
    expect(Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!)).toBe(claims.exp * 1000);
    const refreshed = await platform.request('POST', '/api/auth/refresh_token', { cookie: answer.cookie });
    expect(mediaCookie(refreshed.headers)!.split(';')[0]).toBe(`jmt=${refreshed.body.token}`);
    const out = await platform.request('DELETE', '/api/auth/logout', { token: refreshed.body.token, cookie: refreshed.cookie });
    expect(mediaCookie(out.headers)).toMatch(/^jmt=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('answers a wrong password and an unknown email the same way: 401 ERR_INVALID_CREDENTIALS', async () => {
    const wrong = await platform.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'nope-nope' } });
    const unknown = await platform.request('POST', '/api/auth/login', { body: { email: 'ghost@example.com', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid credentials' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('names the failing field on bad input', async () => {
    const answer = await platform.request('POST', '/api/auth/login', { body: { email: 42 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    expect(answer.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'password']);
  });

  it('issues access tokens that live at most 15 minutes', async () => {
    const { token } = await platform.login();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
  });
});

describe('access tokens at private routes', () => {
  it('refuses a request without a token with 401 ERR_SESSION_EXPIRED', async () => {
    const answer = await platform.request('GET', '/api/auth/me');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('refuses alg none, a foreign key and edited claims with 403 (the web then refreshes once)', async () => {
    const { token } = await platform.login();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const foreign = createTokenSigner(generateSigningKeys().privateKey)({ ...claims, exp: undefined, iat: undefined });
    const edited = `${header}.${b64({ ...claims, companyId: 999, profile: 'admin', super: true })}.${signature}`;
    for (const forged of [none, foreign, edited, 'garbage']) {
      const answer = await platform.request('GET', '/api/auth/me', { token: forged });
      expect(answer.status, forged).toBe(403);
      expect(answer.body.error).toBe('ERR_INVALID_TOKEN');
    }
  });

  it('GET /api/auth/me answers the caller', async () => {
    const { token } = await platform.login();
    const answer = await platform.request('GET', '/api/auth/me', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: ADMIN_EMAIL, company: { id: 1 } });
  });
});

describe('work hours at login', () => {
  /** HH:mm `offset` minutes from now on the companies' clock (the platform's default time zone). */
  const clockIn = (offset: number) => {
    const minute = (minuteOfDay(new Date(), 'America/Sao_Paulo') + offset + 1440) % 1440;
    return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  };

  it('refuses a login outside the user\'s startWork–endWork with ERR_OUT_OF_HOURS, and lets it in within them', async () => {
    const company = await platform.createCompany();
    const { user, email, password } = await platform.createUser(company.admin);
    const hours = await platform.request('PUT', `/api/users/${user.id}`, { token: company.admin.token, body: { startWork: clockIn(120), endWork: clockIn(180) } });
    expect(hours.status).toBe(200);
    const refused = await platform.request('POST', '/api/auth/login', { body: { email, password } });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_OUT_OF_HOURS');
    expect(refused.body).not.toHaveProperty('token');
    // Only the right password learns about the hours.
    const wrong = await platform.request('POST', '/api/auth/login', { body: { email, password: 'wrong-pass-1' } });
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');

    const moved = await platform.request('PUT', `/api/users/${user.id}`, { token: company.admin.token, body: { startWork: clockIn(-60), endWork: clockIn(60) } });
    expect(moved.status).toBe(200);
    const allowed = await platform.request('POST', '/api/auth/login', { body: { email, password } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.token).toEqual(expect.any(String));
  });

  it('a session is not renewed outside the hours either (ERR_OUT_OF_HOURS, the refresh token kept): it goes on when they come back', async () => {
    const company = await platform.createCompany();
    const { user, email, password } = await platform.createUser(company.admin);
    const session = await platform.request('POST', '/api/auth/login', { body: { email, password } });
    expect(session.status).toBe(200);
    await platform.request('PUT', `/api/users/${user.id}`, { token: company.admin.token, body: { startWork: clockIn(120), endWork: clockIn(180) } });
    const refused = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_OUT_OF_HOURS');
    await platform.request('PUT', `/api/users/${user.id}`, { token: company.admin.token, body: { startWork: clockIn(-60), endWork: clockIn(60) } });
    const renewed = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).toEqual(expect.any(String));
  });

  it('applies to admins too', async () => {
    const company = await platform.createCompany();
    await platform.request('PUT', `/api/users/${company.admin.user.id}`, { token: company.admin.token, body: { startWork: clockIn(120), endWork: clockIn(180) } });
    const refused = await platform.request('POST', '/api/auth/login', { body: { email: company.email, password: company.password } });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_OUT_OF_HOURS');
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token at every refresh', async () => {
    const session = await platform.login();
    const first = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(first.status).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    expect(first.cookie).toBeDefined();
    expect(first.cookie).not.toBe(session.cookie);
    const second = await platform.request('POST', '/api/auth/refresh_token', { cookie: first.cookie });
    expect(second.status).toBe(200);
  });

  it('treats a reused old refresh token as theft: 401 and the whole session revoked', async () => {
    const session = await platform.login();
    const rotated = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(rotated.status).toBe(200);
    const reuse = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error).toBe('ERR_SESSION_EXPIRED');
    const legitimate = await platform.request('POST', '/api/auth/refresh_token', { cookie: rotated.cookie });
    expect(legitimate.status).toBe(401);
  });

  it('refuses a refresh without cookie', async () => {
    const answer = await platform.request('POST', '/api/auth/refresh_token');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('logout revokes the session', async () => {
    const session = await platform.login();
    const out = await platform.request('DELETE', '/api/auth/logout', { token: session.token, cookie: session.cookie });
    expect(out.status).toBe(200);
    const after = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(after.status).toBe(401);
  });

  it('after logout the access token is refused by every service at once, not only at its expiry', async () => {
    const company = await platform.createCompany();
    const { token, cookie } = company.admin;
    const routes = ['/api/auth/me', '/api/tickets', '/api/settings', '/api/whatsapp', '/api/contact-lists'];
    for (const path of routes) expect((await platform.request('GET', path, { token })).status, path).toBe(200);
    expect((await platform.request('DELETE', '/api/auth/logout', { token, cookie })).status).toBe(200);
    await eventually(async () => (await platform.request('GET', '/api/auth/me', { token })).status === 401);
    for (const path of routes) {
      const refused = await platform.request('GET', path, { token });
      expect(refused.status, path).toBe(401);
      expect(refused.body.error, path).toBe('ERR_SESSION_EXPIRED');
    }
    // Signing in again opens a new session that works.
    const again = await platform.login(company.email, company.password);
    expect((await platform.request('GET', '/api/tickets', { token: again.token })).status).toBe(200);
  });
});

describe('a process that starts after sessions changed', () => {
  it('refuses the tokens of sessions ended before it started and reads a demoted admin as a user', async () => {
    const company = await platform.createCompany();
    const manager = await platform.createUser(company.admin, { profile: 'admin' });
    const demoted = await platform.request('PUT', `/api/users/${manager.user.id}`, { token: company.admin.token, body: { profile: 'user' } });
    expect(demoted.status).toBe(200);
    const { token, cookie } = company.admin;
    const ended = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    expect((await platform.request('DELETE', '/api/auth/logout', { token, cookie })).status).toBe(200);
    // Both announced and heard by the running services before the new process listens.
    await eventually(async () => (await platform.request('GET', '/api/auth/me', { token })).status === 401);

    // What a process started now knows, with nothing announced to it.
    const started = await watchSessionChanges(platform.bus);
    try {
      expect(await started.caughtUp).toBe(true);
      expect(started.changes.isRevoked(ended.sid)).toBe(true);
      const signedAsAdmin = { userId: manager.user.id as number, companyId: company.companyId, profile: 'admin' as const, super: false, sessionId: 'x' };
      expect(started.changes.current(signedAsAdmin).profile).toBe('user');
    } finally {
      await Promise.all(started.subscriptions.map((s) => s.unsubscribe()));
    }
  });
});

describe('one session per user', () => {
  it('a second login revokes the first session and tells the first browser through company-{id}-auth', async () => {
    const { admin, email, password, companyId } = await platform.createCompany();
    const socket = connect(platform.url, { transports: ['websocket'], query: { token: admin.token }, reconnection: false });
    sockets.push(socket);
    const received: unknown[] = [];
    socket.on(`company-${companyId}-auth`, (payload: unknown) => received.push(payload));
    await eventually(() => socket.connected);

    const second = await platform.login(email, password);
    await eventually(() => received.length > 0);
    expect(received[0]).toMatchObject({ user: { id: admin.user.id } });
    expect((await platform.request('POST', '/api/auth/refresh_token', { cookie: admin.cookie })).status).toBe(401);
    expect((await platform.request('POST', '/api/auth/refresh_token', { cookie: second.cookie })).status).toBe(200);
    // The first browser's access token is refused too; the second's works.
    const first = await platform.request('GET', '/api/tickets', { token: admin.token });
    expect(first.status).toBe(401);
    expect(first.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await platform.request('GET', '/api/tickets', { token: second.token })).status).toBe(200);
  });

  it('a demoted admin loses the admin routes at once, with the token they hold; promoted back, they have them again', async () => {
    const company = await platform.createCompany();
    const second = await platform.createUser(company.admin, { profile: 'admin' });
    const token = second.session.token;
    const newUser = (name: string) => ({ name, email: `${name.toLowerCase()}-${Date.now()}@example.com`, password: 'user-pass-1' });
    expect((await platform.request('GET', '/api/settings', { token })).status).toBe(200);
    expect((await platform.request('PUT', `/api/users/${second.user.id}`, { token: company.admin.token, body: { profile: 'user' } })).status).toBe(200);
    await eventually(async () => (await platform.request('GET', '/api/settings', { token })).status === 403);
    expect((await platform.request('POST', '/api/users', { token, body: newUser('Recusado') })).status).toBe(403);
    expect((await platform.request('GET', '/api/tickets', { token })).status).toBe(200);
    expect((await platform.request('PUT', `/api/users/${second.user.id}`, { token: company.admin.token, body: { profile: 'admin' } })).status).toBe(200);
    await eventually(async () => (await platform.request('GET', '/api/settings', { token })).status === 200);
  });

  it('a deleted user’s and a user with a new password’s tokens are refused; the admin changing their own password keeps their session', async () => {
    const company = await platform.createCompany();
    const leaving = await platform.createUser(company.admin, { profile: 'user' });
    const renamed = await platform.createUser(company.admin, { profile: 'user' });
    expect((await platform.request('GET', '/api/tickets', { token: leaving.session.token })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/users/${leaving.user.id}`, { token: company.admin.token })).status).toBe(200);
    expect((await platform.request('PUT', `/api/users/${renamed.user.id}`, { token: company.admin.token, body: { password: 'brand-new-pass-1' } })).status).toBe(200);
    await eventually(async () => (await platform.request('GET', '/api/tickets', { token: leaving.session.token })).status === 401);
    await eventually(async () => (await platform.request('GET', '/api/tickets', { token: renamed.session.token })).status === 401);
    expect((await platform.request('PUT', `/api/users/${company.admin.user.id}`, { token: company.admin.token, body: { password: 'admin-new-pass-1' } })).status).toBe(200);
    expect((await platform.request('GET', '/api/tickets', { token: company.admin.token })).status).toBe(200);
  });
});

describe('subscription at login', () => {
  it('lets an overdue company log in and says it is expired', async () => {
    const { admin, email, password, companyId } = await platform.createCompany();
    const superSession = await platform.login();
    const update = await platform.request('PUT', `/api/companies/${companyId}`, { token: superSession.token, body: { dueDate: '2020-01-01' } });
    expect(update.status).toBe(200);
    await eventually(async () => (await platform.request('POST', '/api/auth/login', { body: { email, password } })).body.subscription?.expired === true);
    const answer = await platform.request('POST', '/api/auth/login', { body: { email, password } });
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({ expired: true, dueDate: '2020-01-01' });
    expect(answer.body.user.company.dueDate).toBe('2020-01-01');
    expect(admin.user.company.id).toBe(companyId);
  });

  it('says so when fewer than 5 days remain', async () => {
    const { email, password, companyId } = await platform.createCompany();
    const superSession = await platform.login();
    // Two days from today on the companies' calendar (America/Sao_Paulo), whatever the UTC date is now.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await platform.request('PUT', `/api/companies/${companyId}`, { token: superSession.token, body: { dueDate: soon } });
    const answer = await eventually(async () => {
      const a = await platform.request('POST', '/api/auth/login', { body: { email, password } });
      return a.body.subscription?.expiresSoon ? a : undefined;
    });
    expect(answer.body.subscription).toMatchObject({ expired: false, expiresSoon: true, daysLeft: 2 });
  });
});

describe('POST /api/auth/signup', () => {
  it('is refused while userCreation is disabled', async () => {
    const plans = await platform.request('GET', '/api/plans/list');
    const answer = await platform.request('POST', '/api/auth/signup', {
      body: { name: 'New Owner', email: 'owner@example.com', password: 'secret1', companyName: 'New Co', planId: plans.body[0]?.id ?? 1 },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_USER_CREATION_DISABLED');
  });

  it('creates the company and its admin when enabled; the admin can log in', async () => {
    const superSession = await platform.login();
    expect((await platform.request('PUT', '/api/settings/userCreation', { token: superSession.token, body: { value: 'enabled' } })).status).toBe(200);
    const plans = await platform.request('GET', '/api/plans/list');
    const answer = await platform.request('POST', '/api/auth/signup', {
      body: { name: 'New Owner', email: 'owner2@example.com', password: 'secret1', phone: '5511999999999', companyName: 'Signup Co', planId: plans.body[0].id },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.company.name).toBe('Signup Co');
    const session = await platform.login('owner2@example.com', 'secret1');
    expect(session.user).toMatchObject({ profile: 'admin', super: false, company: { name: 'Signup Co' } });
    const again = await platform.request('POST', '/api/auth/signup', {
      body: { name: 'New Owner', email: 'owner2@example.com', password: 'secret1', companyName: 'Other Co', planId: plans.body[0].id },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_EMAIL');
    // A company of that name exists: the signup's field is companyName (its name is the person's).
    const sameCompany = await platform.request('POST', '/api/auth/signup', {
      body: { name: 'Other Owner', email: 'owner3@example.com', password: 'secret1', companyName: 'Signup Co', planId: plans.body[0].id },
    });
    expect(sameCompany.status).toBe(409);
    expect(sameCompany.body).toMatchObject({ error: 'ERR_DUPLICATED_NAME', fields: [{ field: 'companyName' }] });
  });

  it('validates the form', async () => {
    const answer = await platform.request('POST', '/api/auth/signup', { body: { name: 'A', email: 'not-an-email', password: '1', companyName: '', planId: 'x' } });
    expect(answer.status).toBe(400);
    const fields = Object.fromEntries(answer.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toMatchObject({ name: 'Too Short!', email: 'Invalid email', password: 'Too Short!' });
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['companyName', 'planId']));
  });
});

describe('the seeded super user', () => {
  it('is announced like any user created later: the other services know it by name (internal chat, dashboard attendants)', async () => {
    const admin = await platform.login();
    const ana = await platform.createUser(admin, { name: 'Ana Seed' });
    const chat = await eventually(async () => {
      const opened = await platform.request('POST', '/api/chats', { token: ana.session.token, body: { users: [{ id: admin.user.id }], isGroup: false } });
      return opened.status === 201 ? opened.body : null;
    });
    expect(chat.users).toContainEqual(expect.objectContaining({ userId: admin.user.id, user: expect.objectContaining({ id: admin.user.id, name: 'Admin' }) }));
    const dashboard = await platform.request('GET', '/api/dashboard', { token: (await platform.login()).token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.attendants).toContainEqual(expect.objectContaining({ id: admin.user.id, name: 'Admin' }));
  });
});
