import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner, type AccessClaims } from '@atende/kit';
import { eventually, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';

let platform: TestPlatform;
const sockets: Socket[] = [];

const open = (token?: string) => {
  const socket = connect(platform.url, { transports: ['websocket'], query: token ? { token } : {}, reconnection: false });
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await platform.stop();
});

describe('socket handshake', () => {
  it('refuses a socket without a token', async () => {
    const socket = open();
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('ERR_SESSION_EXPIRED');
    expect(socket.connected).toBe(false);
  });

  it('refuses a socket with a forged token', async () => {
    const socket = open('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.');
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('ERR_INVALID_TOKEN');
  });

  it('accepts a valid token (also through the polling transport)', async () => {
    const { token } = await platform.login();
    const socket = connect(platform.url, { transports: ['polling', 'websocket'], query: { token }, reconnection: false });
    sockets.push(socket);
    await eventually(() => socket.connected);
  });
});

describe('sessions that ended', () => {
  const refusal = (socket: Socket) => new Promise<Error>((resolve) => socket.on('connect_error', resolve));

  it("refuses a logged-out session's token (still unexpired) and cuts its sockets", async () => {
    const { admin } = await platform.createCompany();
    const user = await platform.createUser(admin, { name: 'Sai Logo' });
    const before = open(user.session.token);
    await eventually(() => before.connected);
    const out = await platform.request('DELETE', '/api/auth/logout', { token: user.session.token, cookie: user.session.cookie });
    expect(out.status).toBe(200);
    expect((await refusal(open(user.session.token))).message).toBe('ERR_SESSION_EXPIRED');
    await eventually(() => !before.connected, 10_000);
  });

  it("cuts an inactive company's sockets and refuses new ones, as HTTP does; active again, they come back", async () => {
    const { admin, companyId } = await platform.createCompany();
    const user = await platform.createUser(admin, { name: 'Empresa parada' });
    const before = open(user.session.token);
    await eventually(() => before.connected);
    const root = await platform.login();
    expect((await platform.request('PUT', `/api/companies/${companyId}`, { token: root.token, body: { status: false } })).status).toBe(200);
    await eventually(() => !before.connected);
    expect((await refusal(open(user.session.token))).message).toBe('ERR_COMPANY_INACTIVE');
    expect((await platform.request('PUT', `/api/companies/${companyId}`, { token: root.token, body: { status: true } })).status).toBe(200);
    const after = open(user.session.token);
    await eventually(() => after.connected);
  });

  it("refuses a deleted user's token and cuts their sockets", async () => {
    const { admin } = await platform.createCompany();
    const user = await platform.createUser(admin, { name: 'Removido' });
    const before = open(user.session.token);
    await eventually(() => before.connected);
    expect((await platform.request('DELETE', `/api/users/${user.user.id}`, { token: admin.token })).status).toBe(200);
    await eventually(() => !before.connected);
    expect((await refusal(open(user.session.token))).message).toBe('ERR_SESSION_EXPIRED');
  });

  it('an admin made a user reconnects as a user: no more admins-only events', async () => {
    const { admin } = await platform.createCompany();
    const demoted = await platform.createUser(admin, { name: 'Ex Admin', profile: 'admin' });
    const first = open(demoted.session.token);
    await eventually(() => first.connected);
    expect((await platform.request('PUT', `/api/users/${demoted.user.id}`, { token: admin.token, body: { profile: 'user' } })).status).toBe(200);
    await eventually(() => !first.connected);
    // The same (still unexpired) token that says admin: the socket now is the user's as they are.
    const again = open(demoted.session.token);
    await eventually(() => again.connected);
    const adminsOnly: unknown[] = [];
    again.onAny((event: string, payload: unknown) => event.endsWith('-queueIntegration') && adminsOnly.push(payload));
    const watcher = open(admin.token);
    const seenByAdmin: unknown[] = [];
    watcher.onAny((event: string, payload: unknown) => event.endsWith('-queueIntegration') && seenByAdmin.push(payload));
    await eventually(() => watcher.connected);
    const integration = await platform.request('POST', '/api/queueIntegration', { token: admin.token, body: { type: 'webhook', name: 'Gancho', urlN8N: 'http://127.0.0.1:9/hook' } });
    expect(integration.status).toBe(201);
    await eventually(() => seenByAdmin.length > 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(adminsOnly).toEqual([]);
  });
});

/** The claims an access token carries (read, not verified: to sign them again with another lifetime). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as AccessClaims;

describe('token lifetime', () => {
  it('cuts a socket when the token it connected with expires (the web connects again with a fresh one)', async () => {
    const { admin } = await platform.createCompany();
    // The same session's claims, signed to expire in about two seconds instead of fifteen minutes.
    const claims = claimsOf(admin.token);
    const shortLived = createTokenSigner(platform.keys.privateKey, 2000)({ sub: claims.sub, companyId: claims.companyId, profile: claims.profile, super: claims.super, sid: claims.sid });
    const socket = open(shortLived);
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    await eventually(() => socket.connected);
    await eventually(() => reasons.length > 0, 6_000);
    expect(reasons).toEqual(['io server disconnect']);
    // A token still valid keeps its socket meanwhile.
    const lasting = open(admin.token);
    await eventually(() => lasting.connected);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(lasting.connected).toBe(true);
  });

  it('keeps a socket whose page hands over a refreshed token of the same session; another session’s token renews nothing', async () => {
    const { admin } = await platform.createCompany();
    const claims = claimsOf(admin.token);
    const signed = (ttlMs: number, sid = claims.sid) =>
      createTokenSigner(platform.keys.privateKey, ttlMs)({ sub: claims.sub, companyId: claims.companyId, profile: claims.profile, super: claims.super, sid });
    const renewed = open(signed(2000));
    const foreign = open(signed(2000));
    const cut: string[] = [];
    renewed.on('disconnect', () => cut.push('renewed'));
    foreign.on('disconnect', () => cut.push('foreign'));
    await eventually(() => renewed.connected && foreign.connected);
    renewed.emit('token', signed(60_000));
    foreign.emit('token', signed(60_000, 'another-session'));
    foreign.emit('token', 'not-a-token');
    await eventually(() => cut.includes('foreign'), 6_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(cut).toEqual(['foreign']);
    expect(renewed.connected).toBe(true);
  });
});

describe('tenant isolation', () => {
  it('a company-1 socket never receives a company-2 event, whatever rooms it asks for', async () => {
    // The super user signs in after creating the company (a sign-in replaces the account's earlier session).
    const two = await platform.createCompany();
    const one = await platform.login();
    const socketOne = open(one.token);
    const socketTwo = open(two.admin.token);
    await eventually(() => socketOne.connected && socketTwo.connected);
    const seenByOne: string[] = [];
    socketOne.onAny((event: string) => seenByOne.push(event));
    for (const [event, arg] of [['joinNotification'], ['joinTickets', 'open'], ['joinChatBox', '1'], ['joinTickets', '../company:2:status:open'], ['joinChatBox', 'company:2:ticket:1']] as [string, string?][]) {
      socketOne.emit(event, arg);
    }
    const seenByTwo: { action: string }[] = [];
    socketTwo.on(`company-${two.companyId}-user`, (payload: { action: string }) => seenByTwo.push(payload));

    await platform.createUser(two.admin, { name: 'Only For Two' });
    // Presence updates (the admin's own socket going online) may come first.
    const created = await eventually(() => seenByTwo.find((p) => p.action === 'create'));
    expect(created).toMatchObject({ action: 'create', user: { name: 'Only For Two', companyId: two.companyId } });
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByOne.filter((e) => e.includes(`company-${two.companyId}-`))).toEqual([]);
  });
});

describe('presence', () => {
  it('marks a user online on connect and offline on disconnect', async () => {
    const { admin } = await platform.createCompany();
    const socket = open(admin.token);
    await eventually(() => socket.connected);
    // GET /presence answers { onlineUsers } (spec 002 §7): an offline user is not listed.
    const online = async () =>
      ((await platform.request('GET', '/api/presence', { token: admin.token })).body.onlineUsers as { userId: number; online: boolean }[]).some((p) => p.userId === admin.user.id && p.online);
    await eventually(async () => (await online()) === true);
    socket.emit('userStatus');
    socket.close();
    await eventually(async () => (await online()) === false);
  });
});

describe('ticket visibility', () => {
  it('an attendant outside the ticket’s queue receives nothing of it; one in the queue does', async () => {
    const { admin } = await platform.createCompany();
    const queue = async (name: string, color: string) => {
      const answer = await platform.request('POST', '/api/queue', { token: admin.token, body: { name, color, greetingMessage: `Fila ${name}` } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id as number;
    };
    const sales = await queue('Vendas', '#aa0000');
    const support = await queue('Suporte', '#00aa00');
    const inQueue = await platform.createUser(admin, { name: 'In Sales', queueIds: [sales] });
    const outside = await platform.createUser(admin, { name: 'In Support', queueIds: [support] });
    // Outside the queue too, but let into the real-time panel, where users are treated as admins (spec 000 §6).
    const panel = await platform.createUser(admin, { name: 'Panel', queueIds: [support], allowRealTime: 'enabled' });
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'Maria', number: '5511988887777' } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);

    type TicketEvent = { action: string; ticket?: { id: number } };
    const seen = { inQueue: [] as TicketEvent[], outside: [] as unknown[], panel: [] as TicketEvent[], panelMessages: [] as unknown[] };
    const socketIn = open(inQueue.session.token);
    const socketOut = open(outside.session.token);
    const socketPanel = open(panel.session.token);
    await eventually(() => socketIn.connected && socketOut.connected && socketPanel.connected);
    for (const socket of [socketIn, socketOut, socketPanel]) {
      socket.emit('joinNotification');
      socket.emit('joinTickets', 'pending');
    }
    const companyId = inQueue.user.companyId as number;
    socketIn.on(`company-${companyId}-ticket`, (payload: TicketEvent) => seen.inQueue.push(payload));
    socketOut.on(`company-${companyId}-ticket`, (payload: unknown) => seen.outside.push(payload));
    socketOut.on(`company-${companyId}-appMessage`, (payload: unknown) => seen.outside.push(payload));
    socketPanel.on(`company-${companyId}-ticket`, (payload: TicketEvent) => seen.panel.push(payload));
    socketPanel.on(`company-${companyId}-appMessage`, (payload: unknown) => seen.panelMessages.push(payload));
    await new Promise((r) => setTimeout(r, 100));

    const ticket = await platform.request('POST', '/api/tickets', { token: admin.token, body: { contactId: contact.body.id, queueId: sales, status: 'pending' } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const accepted = await platform.request('PUT', `/api/tickets/${ticket.body.id}`, { token: inQueue.session.token, body: { status: 'open', userId: inQueue.user.id } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const note = await platform.request('POST', `/api/messages/${ticket.body.id}`, { token: inQueue.session.token, body: { body: 'nota interna', isPrivate: true } });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    await eventually(() => seen.inQueue.find((p) => p.ticket?.id === ticket.body.id));
    await eventually(() => seen.panel.find((p) => p.ticket?.id === ticket.body.id && p.action === 'update' && (p.ticket as { status?: string }).status === 'open'));
    // The panel's viewer follows the ticket (its card: last message, time, unread), not the conversation.
    const sent = await platform.request('POST', `/api/messages/${ticket.body.id}`, { token: inQueue.session.token, body: { body: 'Olá, Maria!' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await eventually(() => seen.panel.find((p) => p.action === 'update' && (p.ticket as { lastMessage?: string } | undefined)?.lastMessage === 'Olá, Maria!'));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.outside).toEqual([]);
    expect(seen.panelMessages).toEqual([]);
    // The attendant who may read the conversation gets the message's own event, not a second ticket update.
    expect(seen.inQueue.filter((p) => (p.ticket as { lastMessage?: string } | undefined)?.lastMessage === 'Olá, Maria!')).toEqual([]);
  });
});

describe('LGPD numbers', () => {
  it('with enableLGPD and lgpdHideNumber on, an attendant’s sockets and answers carry masked numbers; the admin’s the full one', async () => {
    const { admin } = await platform.createCompany();
    for (const key of ['enableLGPD', 'lgpdHideNumber']) {
      const saved = await platform.request('PUT', `/api/settings/${key}`, { token: admin.token, body: { value: 'enabled' } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const attendant = await platform.createUser(admin, { name: 'Atendente LGPD', allUserChat: 'enabled' });
    const contact = await platform.request('POST', '/api/contacts', { token: admin.token, body: { name: 'Joana', number: '5511987654321' } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const companyId = attendant.user.companyId as number;
    const seen = { admin: [] as { ticket?: { contact?: { number: string } } }[], attendant: [] as { ticket?: { contact?: { number: string } } }[] };
    const socketAdmin = open(admin.token);
    const socketAttendant = open(attendant.session.token);
    await eventually(() => socketAdmin.connected && socketAttendant.connected);
    socketAdmin.on(`company-${companyId}-ticket`, (payload: (typeof seen.admin)[number]) => seen.admin.push(payload));
    socketAttendant.on(`company-${companyId}-ticket`, (payload: (typeof seen.admin)[number]) => seen.attendant.push(payload));
    await new Promise((r) => setTimeout(r, 100));

    const ticket = await platform.request('POST', '/api/tickets', { token: attendant.session.token, body: { contactId: contact.body.id, status: 'open', userId: attendant.user.id } });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    expect(ticket.body.contact.number).toBe('5511987****21');
    const atAdmin = await eventually(() => seen.admin.find((p) => p.ticket?.contact));
    const atAttendant = await eventually(() => seen.attendant.find((p) => p.ticket?.contact));
    expect(atAdmin.ticket!.contact!.number).toBe('5511987654321');
    expect(atAttendant.ticket!.contact!.number).toBe('5511987****21');

    const listed = await platform.request('GET', '/api/tickets?status=open&showAll=true', { token: attendant.session.token });
    expect(listed.body.tickets.find((t: { id: number }) => t.id === ticket.body.id).contact.number).toBe('5511987****21');
    const page = await platform.request('GET', `/api/messages/${ticket.body.id}`, { token: attendant.session.token });
    expect(page.body.ticket.contact.number).toBe('5511987****21');
    const adminView = await platform.request('GET', `/api/tickets/${ticket.body.id}`, { token: admin.token });
    expect(adminView.body.contact.number).toBe('5511987654321');
  });
});

describe('quick replies', () => {
  it("a private reply reaches its owner once, also when the owner is an admin (whom the admins' emission reaches too)", async () => {
    const { admin, companyId } = await platform.createCompany();
    const attendant = await platform.createUser(admin, { name: 'Atendente' });
    const heard = { admin: [] as { action: string }[], attendant: [] as unknown[] };
    const socketAdmin = open(admin.token);
    const socketAttendant = open(attendant.session.token);
    await eventually(() => socketAdmin.connected && socketAttendant.connected);
    socketAdmin.on(`company-${companyId}-quickmessage`, (payload: { action: string }) => heard.admin.push(payload));
    socketAttendant.on(`company-${companyId}-quickmessage`, (payload: unknown) => heard.attendant.push(payload));
    await new Promise((r) => setTimeout(r, 100));
    const created = await platform.request('POST', '/api/quick-messages', { token: admin.token, body: { shortcode: 'minha', message: 'Só minha', geral: false, visao: false } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await eventually(() => heard.admin.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.admin.map((p) => p.action)).toEqual(['create']);
    expect(heard.attendant).toEqual([]);
  });

  it("a company's admins follow its working hours live (company-{id}-company); its attendants and other companies hear nothing", async () => {
    const { admin, companyId } = await platform.createCompany();
    const attendant = await platform.createUser(admin, { name: 'Atendente' });
    const other = await platform.createCompany();
    const heard = { admin: [] as { action: string; company: { id: number; schedules: unknown } }[], attendant: [] as unknown[], other: [] as unknown[] };
    const socketAdmin = open(admin.token);
    const socketAttendant = open(attendant.session.token);
    const socketOther = open(other.admin.token);
    await eventually(() => socketAdmin.connected && socketAttendant.connected && socketOther.connected);
    socketAdmin.on(`company-${companyId}-company`, (payload: (typeof heard.admin)[number]) => heard.admin.push(payload));
    socketAttendant.onAny((event: string, payload: unknown) => event.endsWith('-company') && heard.attendant.push(payload));
    socketOther.onAny((event: string, payload: unknown) => event.endsWith('-company') && heard.other.push(payload));
    await new Promise((r) => setTimeout(r, 100));
    const schedules = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '17:00' }];
    const saved = await platform.request('PUT', `/api/companies/${companyId}/schedules`, { token: admin.token, body: { schedules } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await eventually(() => heard.admin.length > 0);
    expect(heard.admin[0]).toMatchObject({ action: 'update', company: { id: companyId, schedules } });
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.attendant).toEqual([]);
    expect(heard.other).toEqual([]);
  });
});
