import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

/** The session buttons of the connections page: the route asks the session manager (recorded here). */
describe('/api/whatsappsession/:id', () => {
  let h: Harness;
  let admin: string;
  let connectionId: number;

  const insertConnection = async (companyId: number): Promise<number> => {
    const token = randomBytes(15).toString('hex');
    const [row] = await h.sql<{ id: number }[]>`
      insert into channels.connections (company_id, name, token) values (${companyId}, ${`Conexão ${token.slice(0, 6)}`}, ${token}) returning id`;
    return row!.id;
  };

  beforeAll(async () => {
    h = await startHarness({ recordSessions: true });
    admin = h.signIn({ id: 1, companyId: 1, profile: 'admin' }).token;
    connectionId = await insertConnection(1);
  });
  afterAll(() => h.stop());
  beforeEach(() => {
    h.commands.length = 0;
  });

  it('POST tries the session again (start)', async () => {
    const res = await h.request('POST', `/api/whatsappsession/${connectionId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(h.commands).toEqual([{ companyId: 1, connectionId, action: 'start' }]);
  });

  it('PUT asks for a new QR code (renew)', async () => {
    const res = await h.request('PUT', `/api/whatsappsession/${connectionId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(h.commands).toEqual([{ companyId: 1, connectionId, action: 'renew' }]);
  });

  it('DELETE disconnects (logout)', async () => {
    const res = await h.request('DELETE', `/api/whatsappsession/${connectionId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(h.commands).toEqual([{ companyId: 1, connectionId, action: 'logout' }]);
  });

  it('a Facebook or Instagram page disconnected (its token dropped) is not started again: it must be linked again', async () => {
    for (const channel of ['facebook', 'instagram']) {
      const [row] = await h.sql<{ id: number }[]>`
        insert into channels.connections (company_id, name, token, channel) values (1, ${`Página ${channel}`}, ${randomBytes(15).toString('hex')}, ${channel}) returning id`;
      for (const method of ['POST', 'PUT'] as const) {
        const res = await h.request(method, `/api/whatsappsession/${row!.id}`, { token: admin });
        expect(res.status, `${channel} ${method}`).toBe(400);
        expect(res.body.error).toBe('ERR_FACEBOOK_TOKEN_INVALID');
      }
      expect((await h.request('DELETE', `/api/whatsappsession/${row!.id}`, { token: admin })).status).toBe(200);
    }
    expect(h.commands.map((c) => c.action)).toEqual(['logout', 'logout']);
    // A page still linked (its token kept) is tried again as any connection.
    const [linked] = await h.sql<{ id: number }[]>`
      insert into channels.connections (company_id, name, token, channel, facebook_user_token) values (1, 'Página ligada', ${randomBytes(15).toString('hex')}, 'facebook', 'page-token') returning id`;
    expect((await h.request('POST', `/api/whatsappsession/${linked!.id}`, { token: admin })).status).toBe(200);
    expect(h.commands.at(-1)).toEqual({ companyId: 1, connectionId: linked!.id, action: 'start' });
    // A WhatsApp API connection runs a session of its own (pairing): never refused for a missing page token.
    const [api] = await h.sql<{ id: number }[]>`
      insert into channels.connections (company_id, name, token, channel) values (1, 'API oficial', ${randomBytes(15).toString('hex')}, 'whatsappapi') returning id`;
    expect((await h.request('POST', `/api/whatsappsession/${api!.id}`, { token: admin })).status).toBe(200);
  });

  it('rejects an id that is not a number, naming the field', async () => {
    const res = await h.request('POST', '/api/whatsappsession/abc', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'id' })] });
    expect(h.commands).toEqual([]);
  });

  it('answers 404 ERR_NO_WAPP_FOUND for a connection that does not exist', async () => {
    const res = await h.request('PUT', '/api/whatsappsession/999999', { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('words ERR_NO_WAPP_FOUND as the connection routes do', async () => {
    const session = await h.request('PUT', '/api/whatsappsession/999999', { token: admin });
    const connection = await h.request('GET', '/api/whatsapp/999999', { token: admin });
    expect(connection.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND', message: 'Connection not found' });
    expect(session.body.message).toBe(connection.body.message);
  });

  it('needs a signed-in user', async () => {
    expect((await h.request('POST', `/api/whatsappsession/${connectionId}`)).status).toBe(401);
  });

  it('refuses a plain user without allowConnections', async () => {
    const { token } = h.signIn({ id: 2, companyId: 1, profile: 'user', allowConnections: 'disabled' });
    const res = await h.request('DELETE', `/api/whatsappsession/${connectionId}`, { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect(h.commands).toEqual([]);
  });

  it('lets a plain user with allowConnections act like an admin', async () => {
    const { token } = h.signIn({ id: 3, companyId: 1, profile: 'user', allowConnections: 'enabled' });
    const res = await h.request('POST', `/api/whatsappsession/${connectionId}`, { token });
    expect(res.status).toBe(200);
    expect(h.commands).toEqual([{ companyId: 1, connectionId, action: 'start' }]);
  });

  it("never reaches another company's connection for its admin", async () => {
    const other = h.signIn({ id: 4, companyId: 2, profile: 'admin' }).token;
    const res = await h.request('DELETE', `/api/whatsappsession/${connectionId}`, { token: other });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect(h.commands).toEqual([]);
  });

  it("lets a super user act on any company's connection (the all-connections dialog)", async () => {
    const superUser = h.signIn({ id: 5, companyId: 2, profile: 'admin', super: true }).token;
    const res = await h.request('DELETE', `/api/whatsappsession/${connectionId}`, { token: superUser });
    expect(res.status).toBe(200);
    expect(h.commands).toEqual([{ companyId: 1, connectionId, action: 'logout' }]);
  });
});
