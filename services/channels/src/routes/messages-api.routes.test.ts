import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, answer, type RequestOf, type ResponseOf, type Subscription } from '@atende/kit';
import { multipartBody, png } from '@atende/kit/testing';
import { API_TOKEN_MAX_FAILURES } from '../domain/messages-api.js';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/** The integrators' messages API (spec 001 "Messages API"): POST /api/messages/send with a connection's token. */
let h: Harness;
let responder: Subscription;
/** What tickets was asked, in order. */
let asked: RequestOf<'tickets.api.send'>[] = [];
/** How the fake tickets answers (replaced by tests that need a refusal). */
let tickets: (request: RequestOf<'tickets.api.send'>) => Promise<ResponseOf<'tickets.api.send'>>;
const delivered = async (request: RequestOf<'tickets.api.send'>) => ({
  ticketId: 500 + request.companyId,
  ticketUuid: '7d1f6c1e-7e0b-4c3e-9d55-2b7c9e0f4a11',
  contactId: 900,
  messageIds: request.medias.length ? request.medias.map((_, i) => 700 + i) : [700],
});

const token = () => randomBytes(15).toString('hex');
const TOKENS = { company1: token(), company2: token(), noApi: token(), disconnected: token() };
const connections: Record<keyof typeof TOKENS, number> = { company1: 0, company2: 0, noApi: 0, disconnected: 0 };

const insertConnection = async (companyId: number, name: string, tokenValue: string, status: string): Promise<number> => {
  const [row] = await h.sql<{ id: number }[]>`insert into channels.connections (company_id, name, token, status) values (${companyId}, ${name}, ${tokenValue}, ${status}) returning id`;
  return row!.id;
};

const sendJson = (tokenValue: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  h.request('POST', '/api/messages/send', { body, headers: { ...(tokenValue ? { authorization: `Bearer ${tokenValue}` } : {}), ...headers } });

const sendForm = async (tokenValue: string, parts: Parameters<typeof multipartBody>[0]) => {
  const { payload, contentType } = await multipartBody(parts);
  return h.request('POST', '/api/messages/send', { body: payload, headers: { authorization: `Bearer ${tokenValue}`, 'content-type': contentType } });
};

beforeAll(async () => {
  h = await startHarness({ recordSessions: true });
  h.plans.set(1, fullPlan());
  h.plans.set(2, fullPlan());
  h.plans.set(3, { ...fullPlan(), useExternalApi: false });
  connections.company1 = await insertConnection(1, 'Loja', TOKENS.company1, 'CONNECTED');
  connections.company2 = await insertConnection(2, 'Loja', TOKENS.company2, 'CONNECTED');
  connections.noApi = await insertConnection(3, 'Sem API', TOKENS.noApi, 'CONNECTED');
  connections.disconnected = await insertConnection(1, 'Desconectada', TOKENS.disconnected, 'qrcode');
  responder = await answer(h.bus, 'tickets.api.send', async (request) => {
    asked.push(request);
    return tickets(request);
  });
});
afterAll(async () => {
  await responder?.unsubscribe();
  await h?.stop();
});
beforeEach(() => {
  asked = [];
  tickets = delivered;
});

describe('POST /api/messages/send', () => {
  it('sends as the connection the token belongs to and answers what tickets did', async () => {
    const res = await sendJson(TOKENS.company1, { number: '+55 (11) 99999-0000', body: 'Seu pedido saiu', userId: 7, queueId: '3', sendSignature: true, closeTicket: 'false' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Mensagem enviada', ticketId: 501, ticketUuid: '7d1f6c1e-7e0b-4c3e-9d55-2b7c9e0f4a11', contactId: 900, messageIds: [700] });
    expect(asked).toEqual([
      { companyId: 1, connectionId: connections.company1, number: '5511999990000', body: 'Seu pedido saiu', userId: 7, queueId: 3, sendSignature: true, closeTicket: false, medias: [] },
    ]);
  });

  it('leaves the optional fields off as none: no user, no queue, no signature, ticket kept open', async () => {
    const res = await sendJson(TOKENS.company1, { number: '5511988887777', body: 'Oi' });
    expect(res.status).toBe(200);
    expect(asked[0]).toMatchObject({ userId: null, queueId: null, sendSignature: false, closeTicket: false });
  });

  it('a token of one company only ever sends as that company, whatever the body names', async () => {
    const res = await sendJson(TOKENS.company2, { number: '5511977776666', body: 'Oi', companyId: 1, connectionId: connections.company1, whatsappId: connections.company1 });
    expect(res.status).toBe(200);
    expect(res.body.ticketId).toBe(502);
    expect(asked).toEqual([expect.objectContaining({ companyId: 2, connectionId: connections.company2 })]);
  });

  it('refuses a missing, malformed or unknown token with 401 and asks nothing', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: `Basic ${TOKENS.company1}` }, { authorization: `Bearer ${token()}` }, { authorization: `Bearer ${TOKENS.company1.toUpperCase()}x` }]) {
      const res = await h.request('POST', '/api/messages/send', { body: { number: '5511999990000', body: 'Oi' }, headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body.error).toBe('ERR_SESSION_EXPIRED');
    }
    expect(asked).toEqual([]);
  });

  it("refuses a user's access token: only a connection token opens the API", async () => {
    const { token: userToken } = h.signIn({ id: 10, companyId: 1, profile: 'admin' });
    const res = await sendJson(userToken, { number: '5511999990000', body: 'Oi' });
    expect(res.status).toBe(401);
    expect(asked).toEqual([]);
  });

  it("answers 403 when the connection's company plan has no external API", async () => {
    const res = await sendJson(TOKENS.noApi, { number: '5511999990000', body: 'Oi' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect(asked).toEqual([]);
  });

  it('checks the token before the body: a bad body without a token is still 401', async () => {
    const res = await sendJson(undefined, { number: 'x' });
    expect(res.status).toBe(401);
  });

  it('refuses a missing or invalid number with 400 naming the field', async () => {
    for (const body of [{ body: 'Oi' }, { number: 'abc', body: 'Oi' }, { number: '123', body: 'Oi' }, undefined]) {
      const res = await sendJson(TOKENS.company1, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'number' })] });
    }
    // A number left out says so.
    expect((await sendJson(TOKENS.company1, { body: 'Oi' })).body.fields).toEqual([{ field: 'number', message: 'Required' }]);
    for (const number of ['', '  ']) expect((await sendJson(TOKENS.company1, { number, body: 'Oi' })).body.fields, number).toEqual([{ field: 'number', message: 'Required' }]);
    // Letters in it or a group's address are no number to send to (a mask around one is dropped).
    for (const number of ['55abc11966660008', '120363025246125486@g.us']) {
      expect((await sendJson(TOKENS.company1, { number, body: 'Oi' })).body.fields, number).toEqual([{ field: 'number', message: 'must be digits only: country code, area code and number' }]);
    }
    expect(asked).toEqual([]);
    expect((await sendJson(TOKENS.company1, { number: '+55 (11) 99999-8888', body: 'Oi' })).status).toBe(200);
    expect(asked.map((a) => a.number)).toEqual(['5511999998888']);
  });

  it('refuses bad optional fields and an empty message with 400', async () => {
    const badUser = await sendJson(TOKENS.company1, { number: '5511999990000', body: 'Oi', userId: 'joana' });
    expect(badUser.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'userId' })] });
    const badFlag = await sendJson(TOKENS.company1, { number: '5511999990000', body: 'Oi', closeTicket: 'sim' });
    expect(badFlag.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'closeTicket' })] });
    const empty = await sendJson(TOKENS.company1, { number: '5511999990000', body: '  ' });
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'body', message: 'Required' }] });
    expect(asked).toEqual([]);
  });

  it('answers 409 when the connection needs pairing again', async () => {
    const res = await sendJson(TOKENS.disconnected, { number: '5511999990000', body: 'Oi' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(asked).toEqual([]);
  });

  it('a connection opening takes the send only when a phone was paired to it (it is reconnecting); never paired, 409', async () => {
    const opening = token();
    const id = await insertConnection(1, 'Abrindo', opening, 'OPENING');
    const refused = await sendJson(opening, { number: '5511999990000', body: 'Oi' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(asked).toEqual([]);
    await h.sql`update channels.connections set number = '5511988887777' where id = ${id}`;
    expect((await sendJson(opening, { number: '5511999990000', body: 'Oi' })).status).toBe(200);
  });

  it("passes tickets' refusals through with their code, status and fields", async () => {
    tickets = async () => {
      const fields = [{ field: 'userId', message: 'must be a user of the company' }];
      throw new AppError('ERR_VALIDATION', 'userId: must be a user of the company', { fields, extra: { fields } });
    };
    const res = await sendJson(TOKENS.company1, { number: '5511999990000', body: 'Oi', userId: 4242 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'userId', message: 'must be a user of the company' }] });
    tickets = async () => {
      throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
    };
    const gone = await sendJson(TOKENS.company1, { number: '5511999990000', body: 'Oi' });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('multipart: form fields as the JSON ones, each file stored under the company and typed by its content', async () => {
    const res = await sendForm(TOKENS.company1, {
      fields: { number: '5511999990000', body: 'Segue a foto', sendSignature: 'true', closeTicket: 'true', userId: '' },
      files: [
        { field: 'medias', name: 'foto.jpg', data: png(), type: 'image/jpeg' },
        { field: 'medias', name: 'lista.txt', data: Buffer.from('arroz\nfeijão\n'), type: 'text/plain' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.messageIds).toEqual([700, 701]);
    expect(asked).toHaveLength(1);
    const [request] = asked;
    expect(request).toMatchObject({ companyId: 1, connectionId: connections.company1, number: '5511999990000', body: 'Segue a foto', userId: null, sendSignature: true, closeTicket: true });
    expect(request!.medias).toEqual([
      { mediaType: 'image', key: expect.stringMatching(/^company1\/messages\/.+\.png$/), mimetype: 'image/png', filename: 'foto.jpg', size: png().length },
      { mediaType: 'document', key: expect.stringMatching(/^company1\/messages\/.+\.txt$/), mimetype: 'text/plain', filename: 'lista.txt', size: Buffer.byteLength('arroz\nfeijão\n') },
    ]);
    const stored = await h.ctx.storage.open(request!.medias[0]!.key!);
    expect(stored?.size).toBe(png().length);
  });

  it('multipart: a file of a type not allowed is refused (415) before anything is stored or sent', async () => {
    const res = await sendForm(TOKENS.company1, {
      fields: { number: '5511999990000' },
      files: [{ field: 'medias', name: 'programa.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0xff, 0xfe, 0x00]) }],
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    expect(asked).toEqual([]);
  });

  it('multipart: the stored files are removed when tickets refuses the send', async () => {
    tickets = async () => {
      throw new AppError('ERR_VALIDATION', 'queueId: must be a queue of the company');
    };
    const res = await sendForm(TOKENS.company1, { fields: { number: '5511999990000', queueId: '77' }, files: [{ field: 'medias', name: 'a.png', data: png() }] });
    expect(res.status).toBe(400);
    const key = asked[0]!.medias[0]!.key!;
    expect(await h.ctx.storage.open(key)).toBeNull();
  });

  it('multipart: a body that cannot be read is a 400, not a 500', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${TOKENS.company1}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511999',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    expect(asked).toEqual([]);
  });

  it('multipart: a missing number is a 400 naming the field', async () => {
    const res = await sendForm(TOKENS.company1, { fields: { body: 'Oi' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'number' })] });
  });

  it('an address that keeps presenting unknown tokens is refused more for a while; valid tokens from it still send', async () => {
    const from = (tokenValue: string) =>
      h.app.inject({ method: 'POST', url: '/api/messages/send', remoteAddress: '10.20.30.40', headers: { authorization: `Bearer ${tokenValue}` }, payload: { number: '5511999990000', body: 'Oi' } });
    for (let i = 0; i < API_TOKEN_MAX_FAILURES; i++) expect((await from(token())).statusCode).toBe(401);
    const blocked = await from(token());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('ERR_TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another company's integration behind the same address (a regenerated token left in one automation
    // must not stop the others) still sends.
    expect((await from(TOKENS.company1)).statusCode).toBe(200);
    // Other addresses are not affected.
    expect((await sendJson(TOKENS.company1, { number: '5511999990000', body: 'Oi' })).status).toBe(200);
  });
});
