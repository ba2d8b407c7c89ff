import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '@atende/kit';
import { eventually, startTestPlatform, type Session, type TestPlatform } from '@atende/standalone/testing';

/**
 * Channels inside the whole platform (gateway, auth, admin, tickets, realtime; the cluster path on CI):
 * a connection an admin creates reaches tickets' projection and the browsers, and an integrator's
 * message sent with the connection's token becomes a ticket and a stored message. Sessions do not run
 * here (CHANNELS_RUN_SESSIONS=false: there is no WhatsApp to reach), so the connection stays OPENING and,
 * once a phone was paired to it, what is sent waits, kept with ack 0, for its session to deliver it.
 */
let platform: TestPlatform;
let company: Awaited<ReturnType<TestPlatform['createCompany']>>;
let other: Awaited<ReturnType<TestPlatform['createCompany']>>;
let attendant: Session;
const sockets: Socket[] = [];

const listen = (token: string) => {
  const socket = connect(platform.url, { transports: ['websocket'], query: { token }, reconnection: false });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
};
const sendByApi = (token: string, body: unknown) =>
  fetch(`${platform.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  platform = await startTestPlatform({ env: { CHANNELS_RUN_SESSIONS: 'false' } });
  company = await platform.createCompany();
  other = await platform.createCompany();
  attendant = (await platform.createUser(company.admin)).session;
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await platform?.stop();
});

describe('channels in the platform', () => {
  it('a new connection is listed, announced to the company without its token, and known to tickets', async () => {
    const socket = await listen(attendant.token);
    const seen: { action: string; whatsapp: { name: string; token: string } }[] = [];
    socket.on(`company-${company.companyId}-whatsapp`, (payload) => seen.push(payload));
    const outsider = await listen(other.admin.token);
    const leaked: unknown[] = [];
    outsider.on(`company-${company.companyId}-whatsapp`, (payload) => leaked.push(payload));
    outsider.on(`company-${other.companyId}-whatsapp`, (payload) => leaked.push(payload));

    const created = await platform.request('POST', '/api/whatsapp', { token: company.admin.token, body: { name: 'Recepção' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Recepção', channel: 'whatsapp', status: 'OPENING', isDefault: true });
    expect(created.body.token).toMatch(/^[A-Za-z0-9]{30}$/);

    const update = await eventually(() => seen.find((e) => e.action === 'update' && e.whatsapp.name === 'Recepção'));
    expect(update.whatsapp.token).toBe('');
    expect(leaked).toEqual([]);

    // The attendant's list has the name, not the token.
    const list = await platform.request('GET', '/api/whatsapp?session=0', { token: attendant.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'Recepção', token: '' })]);
    expect((await platform.request('GET', '/api/whatsapp', { token: other.admin.token })).body).toEqual([]);

    // Tickets' projection: a ticket opened by hand goes to the company's default connection.
    const contact = await platform.request('POST', '/api/contacts', { token: company.admin.token, body: { name: 'Maria Souza', number: '5511988887777' } });
    expect(contact.status).toBe(201);
    await eventually(async () => {
      const ticket = await platform.request('POST', '/api/tickets', { token: company.admin.token, body: { contactId: contact.body.id, status: 'open', userId: company.admin.user.id } });
      return ticket.status === 201 && ticket.body.whatsappId === created.body.id ? ticket : undefined;
    });
  });

  it('an integrator sends with the connection token: the contact, its ticket and the message (ack 0, waiting for the session) appear', async () => {
    const [connection] = (await platform.request('GET', '/api/whatsapp', { token: company.admin.token })).body as { id: number; token: string }[];
    // Never paired, it takes nothing (409); a phone paired to it once, it is reconnecting and the send waits for it.
    expect((await sendByApi(connection!.token, { number: '5511977776666', body: 'oi' })).status).toBe(409);
    const sql = createSql(platform.databaseUrl, { max: 1 });
    await sql`update channels.connections set number = '5511900001111' where id = ${connection!.id}`;
    await sql.end();
    const answer = await sendByApi(connection!.token, { number: '+55 (11) 97777-6666', body: 'Seu pedido saiu para entrega' });
    expect(answer.status).toBe(200);
    const sent = (await answer.json()) as { ticketId: number; ticketUuid: string; contactId: number; messageIds: number[] };
    expect(sent.messageIds).toHaveLength(1);

    const ticket = await platform.request('GET', `/api/tickets/u/${sent.ticketUuid}`, { token: company.admin.token });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ id: sent.ticketId, whatsappId: connection!.id, contact: { number: '5511977776666' } });
    const messages = await platform.request('GET', `/api/messages/${sent.ticketId}`, { token: company.admin.token });
    expect(messages.body.messages).toEqual([expect.objectContaining({ id: sent.messageIds[0], body: 'Seu pedido saiu para entrega', fromMe: true, ack: 0 })]);

    // The token names its company: nothing of it is visible to another company.
    expect((await platform.request('GET', `/api/messages/${sent.ticketId}`, { token: other.admin.token })).status).toBe(404);
    // A wrong token sends nothing.
    expect((await sendByApi('x'.repeat(30), { number: '5511977776666', body: 'oi' })).status).toBe(401);
  });

  it('deleting the connection tells the browsers and tickets drops it from its projection', async () => {
    const socket = await listen(company.admin.token);
    const deleted: { action: string; whatsappId: number }[] = [];
    socket.on(`company-${company.companyId}-whatsapp`, (payload) => payload.action === 'delete' && deleted.push(payload));
    const extra = await platform.request('POST', '/api/whatsapp', { token: company.admin.token, body: { name: 'Vendas' } });
    expect(extra.status).toBe(201);
    expect((await platform.request('DELETE', `/api/whatsapp/${extra.body.id}`, { token: company.admin.token })).status).toBe(200);
    await eventually(() => deleted.find((e) => e.whatsappId === extra.body.id));
    expect((await platform.request('GET', `/api/whatsapp/${extra.body.id}`, { token: company.admin.token })).status).toBe(404);
  });

  it('deleting the queue a connection redirects to clears the redirect, and the connection stays editable', async () => {
    const token = company.admin.token;
    const queue = await platform.request('POST', '/api/queue', { token, body: { name: 'Redirecionar', color: '#336699' } });
    expect(queue.status).toBe(201);
    const connection = await platform.request('POST', '/api/whatsapp', { token, body: { name: 'Com redirecionamento' } });
    expect(connection.status).toBe(201);
    const url = `/api/whatsapp/${connection.body.id}`;
    // Channels learns of the queue from tickets' event.
    await eventually(async () => (await platform.request('PUT', url, { token, body: { queueIds: [queue.body.id], sendIdQueue: queue.body.id, timeSendQueue: 5 } })).status === 200);
    expect((await platform.request('DELETE', `/api/queue/${queue.body.id}`, { token })).status).toBe(200);
    const cleared = await eventually(async () => {
      const shown = (await platform.request('GET', url, { token })).body;
      return shown.sendIdQueue === null && shown;
    });
    expect(cleared).toMatchObject({ queueIds: [], sendIdQueue: null, timeSendQueue: 0 });
    const renamed = await platform.request('PUT', url, { token, body: { name: 'Renomeada' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it("import from phone: tickets imports what the connection's phone told channels (address book, chats); another company cannot", async () => {
    const token = company.admin.token;
    const created = await platform.request('POST', '/api/whatsapp', { token, body: { name: 'Celular' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const sql = createSql(platform.databaseUrl, { max: 1 });
    try {
      // What a connected session's driver reported, as the session manager stores it (sessions do not run here).
      await eventually(async () => (await sql`select 1 from tickets.connections where id = ${id}`).length > 0);
      await sql`update channels.connections set status = 'CONNECTED', number = '5511900002222' where id = ${id}`;
      await sql`update tickets.connections set status = 'CONNECTED' where id = ${id}`;
      await sql`
        insert into channels.phone_contacts (connection_id, number, name, in_phonebook, has_chat, is_group) values
          (${id}, '5511936000001', 'Ana da Agenda', true, true, false),
          (${id}, '5511936000002', 'Bruno da Agenda', true, false, false),
          (${id}, '5511988887777', 'Maria (já é contato)', true, false, false),
          (${id}, '5511936000003', 'Carla', false, true, false),
          (${id}, '120363000000000001', 'Grupo', false, true, true)`;

      const phonebook = await platform.request('POST', '/api/contacts/import', { token, body: { whatsappId: id } });
      expect(phonebook.status, JSON.stringify(phonebook.body)).toBe(200);
      expect(phonebook.body).toMatchObject({ total: 3, created: 2, ignored: 1 });
      const chats = await platform.request('POST', '/api/contacts/import/chats', { token, body: { whatsappId: id } });
      expect(chats.status, JSON.stringify(chats.body)).toBe(200);
      expect(chats.body).toMatchObject({ total: 2, created: 1, ignored: 1 });
      const listed = await platform.request('GET', '/api/contacts?searchParam=5511936', { token });
      expect(listed.status).toBe(200);
      expect((listed.body.contacts as { name: string; number: string }[]).map((c) => [c.name, c.number]).sort()).toEqual([
        ['Ana da Agenda', '5511936000001'],
        ['Bruno da Agenda', '5511936000002'],
        ['Carla', '5511936000003'],
      ]);

      // Another company names the connection: refused, nothing of the phone reaches it.
      const outsider = await platform.request('POST', '/api/contacts/import', { token: other.admin.token, body: { whatsappId: id } });
      expect(outsider.status).toBe(404);
      expect(outsider.body.error).toBe('ERR_NO_WAPP_FOUND');
    } finally {
      await sql`delete from channels.phone_contacts where connection_id = ${id}`;
      await sql.end();
    }
  });

  it('the all-connections counts list every company, one without connections as 0/0/0; an unknown company is 404', async () => {
    const superUser = await platform.login();
    const all = await platform.request('GET', '/api/whatsapp/all/counts', { token: superUser.token });
    expect(all.status).toBe(200);
    expect(all.body).toContainEqual({ companyId: other.companyId, companyName: expect.stringMatching(/\S/), connected: 0, disconnected: 0, total: 0 });
    expect(all.body.find((c: { companyId: number }) => c.companyId === company.companyId)?.total).toBeGreaterThan(0);
    const missing = await platform.request('GET', '/api/whatsapp-admin/99999?session=0', { token: superUser.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect((await platform.request('GET', `/api/whatsapp-admin/${other.companyId}?session=0`, { token: superUser.token })).body).toEqual([]);
  });
});
