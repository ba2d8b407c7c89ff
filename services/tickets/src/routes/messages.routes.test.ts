import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, Envelope, User } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';
import { oggOpus, png } from '@atende/kit/testing';

let h: Harness;
const C1 = 1;
const C2 = 2;
let q1: number;
const tokens: Record<string, string> = {};
const users: Record<string, User> = {};

const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];
const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

const connection = (over: Partial<Connection> = {}): Connection => makeConnection({ id: 300, companyId: C1, ...over });

async function ticketIn(fields: { status?: string; userId?: number | null; companyId?: number; whatsappId?: number | null } = {}) {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId);
  const [row] = await sqlq<{ id: number; uuid: string }>(
    `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, whatsapp_id) values ($1, $2, $3, $4, $5, $6) returning id, uuid`,
    companyId, contactId, fields.status ?? 'open', fields.userId === undefined ? 11 : fields.userId, companyId === C1 ? q1 : null, fields.whatsappId === undefined ? (companyId === C1 ? 300 : 400) : fields.whatsappId,
  );
  return { ...row!, contactId };
}

async function multipart(who: string, url: string, parts: { files?: { name: string; data: Buffer; type?: string }[]; fields?: Record<string, string | string[]> }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts.fields ?? {})) for (const value of ([] as string[]).concat(v)) form.append(k, value);
  for (const f of parts.files ?? []) form.append('medias', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const res = await h.request('POST', url, { token: tokens[who], body: payload, headers: { 'content-type': encoded.headers.get('content-type')! } });
  await h.flush();
  return res;
}

beforeAll(async () => {
  h = await startHarness({ MESSAGE_MEDIA_MAX_BYTES: 64 * 1024 });
  q1 = await h.insertQueue(C1, 'Suporte');
  const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    ({ user: users[key], token: tokens[key] } = await h.signUp(fields));
  };
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin' });
  await define('ana', { id: 11, companyId: C1, name: 'Ana', queueIds: [q1] });
  await define('bia', { id: 12, companyId: C1, name: 'Bia', queueIds: [q1], allUserChat: 'enabled' });
  await define('outsider', { id: 13, companyId: C1, name: 'Caio', queueIds: [] });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin 2' });
  await h.publish('channels.connection.updated', C1, { connection: connection() });
  await h.publish('channels.connection.updated', C2, { connection: connection({ id: 400, companyId: C2 }) });
});
afterAll(async () => h?.stop());

describe('GET /api/messages/:ticketId', () => {
  it('pages of 20 from the newest, oldest first within a page, with hasMore and count', async () => {
    const t = await ticketIn();
    await sqlq(`insert into tickets.messages (company_id, ticket_id, body, created_at) select $1, $2, 'm' || g, now() - ((100 - g) || ' seconds')::interval from generate_series(1, 45) g`, C1, t.id);
    const one = await api('ana', 'GET', `/api/messages/${t.id}`);
    expect(one.status).toBe(200);
    expect(one.body.messages.map((m: any) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${26 + i}`));
    expect(one.body).toMatchObject({ count: 45, hasMore: true, ticket: { id: t.id } });
    const three = await api('ana', 'GET', `/api/messages/${t.id}?pageNumber=3`);
    expect(three.body.messages.map((m: any) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(three.body.hasMore).toBe(false);
  });

  it('reading clears the unread count (tickets.ticket.unreadReset) without moving the ticket in the list', async () => {
    const t = await ticketIn();
    await sqlq(`insert into tickets.messages (company_id, ticket_id, body) values ($1, $2, 'oi')`, C1, t.id);
    await sqlq(`update tickets.tickets set unread_messages = 3, updated_at = '2020-01-01' where id = $1`, t.id);
    const before = h.published.length;
    const res = await api('ana', 'GET', `/api/messages/${t.id}`);
    expect(res.body.ticket.unreadMessages).toBe(0);
    expect(res.body.ticket.updatedAt).toBe('2020-01-01T00:00:00.000Z');
    expect(eventsSince(before, 'tickets.ticket.unreadReset')[0]!.data).toMatchObject({ ticketId: t.id });
    expect((await sqlq(`select read from tickets.messages where ticket_id = $1`, t.id))[0]!.read).toBe(true);
  });

  it('404 for tickets the caller may not see or of another company; 400 for bad ids', async () => {
    const t = await ticketIn();
    expect((await api('outsider', 'GET', `/api/messages/${t.id}`)).status).toBe(404);
    expect((await api('admin2', 'GET', `/api/messages/${t.id}`)).body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api('ana', 'GET', '/api/messages/x')).status).toBe(400);
    expect((await api('ana', 'GET', `/api/messages/${t.id}?pageNumber=-2`)).status).toBe(400);
  });
});

describe('the queue of a message and of its ticket (spec 000 §3 Message: queue, ticket.queue)', () => {
  const queueRef = async (id: number) => (await sqlq<{ id: number; name: string; color: string }>(`select id, name, color from tickets.queues where id = $1`, id))[0]!;

  it('the POST answer, tickets.message.created and the page carry queue and ticket.queue', async () => {
    const suporte = await queueRef(q1);
    const t = await ticketIn();
    const before = h.published.length;
    const posted = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'na fila' });
    expect(posted.status).toBe(201);
    expect(posted.body.message).toMatchObject({ queueId: q1, queue: suporte, ticket: { id: t.id, uuid: t.uuid, queueId: q1, queue: suporte, whatsappId: 300 } });
    const [created] = eventsSince(before, 'tickets.message.created');
    expect(created!.data.message).toMatchObject({ queue: suporte, ticket: { queue: suporte } });
    const page = await api('ana', 'GET', `/api/messages/${t.id}`);
    expect(page.body.messages).toEqual([expect.objectContaining({ body: 'na fila', queue: suporte, ticket: expect.objectContaining({ queue: suporte }) })]);
  });

  it('an inbound message announced to the attendants (appMessage) carries them too', async () => {
    const suporte = await queueRef(q1);
    const t = await ticketIn();
    const [contact] = await sqlq<{ number: string }>(`select number from tickets.contacts where id = $1`, t.contactId);
    const before = h.published.length;
    await h.publish('channels.message.received', C1, {
      connectionId: 300, channel: 'whatsapp', isGroup: false, group: null, wid: `WQUEUE-${t.id}`, fromMe: false, body: 'chegou', media: null, quotedWid: null,
      timestamp: Math.floor(Date.now() / 1000), contact: { number: contact!.number, name: 'Cliente', pictureUrl: null, lid: null, remoteJid: `${contact!.number}@s.whatsapp.net` },
    });
    const [created] = eventsSince(before, 'tickets.message.created');
    expect(created!.data.message).toMatchObject({ body: 'chegou', ticketId: t.id, queue: suporte, ticket: { queue: suporte } });
  });

  it('a message keeps the queue it was written in; ticket.queue is where the ticket is now; null without a queue', async () => {
    const vendas = await queueRef(await h.insertQueue(C1, 'Vendas'));
    const suporte = await queueRef(q1);
    const t = await ticketIn();
    await sqlq(`insert into tickets.messages (company_id, ticket_id, body, queue_id, created_at) values ($1, $2, 'antes', null, now() - interval '2 minutes'), ($1, $2, 'no suporte', $3, now() - interval '1 minute')`, C1, t.id, q1);
    await sqlq(`update tickets.tickets set queue_id = $2 where id = $1`, t.id, vendas.id);
    await sqlq(`insert into tickets.messages (company_id, ticket_id, body, queue_id) values ($1, $2, 'em vendas', $3)`, C1, t.id, vendas.id);
    const page = await api('admin', 'GET', `/api/messages/${t.id}`);
    expect(page.body.messages.map((m: any) => [m.body, m.queue, m.ticket.queue])).toEqual([
      ['antes', null, vendas],
      ['no suporte', suporte, vendas],
      ['em vendas', vendas, vendas],
    ]);
    expect(page.body.ticket.queue).toEqual(vendas);
    // A ticket without a queue: null (read by another viewer: the admin's page is cached, and this change is not announced).
    await sqlq(`update tickets.tickets set queue_id = null where id = $1`, t.id);
    const none = await api('ana', 'GET', `/api/messages/${t.id}`);
    expect(none.body.messages.map((m: any) => m.ticket.queue)).toEqual([null, null, null]);
  });
});

describe('POST /api/messages/:ticketId (JSON)', () => {
  it('stores the message with ack 0 and emits the send command in the same transaction', async () => {
    const t = await ticketIn();
    const before = h.published.length;
    const res = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'Olá, tudo bem?', fromMe: true, read: 1 });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ body: 'Olá, tudo bem?', ack: 0, fromMe: true, userId: 11, isPrivate: false, ticketId: t.id });
    const [send] = eventsSince(before, 'channels.message.send');
    expect(send!.data).toMatchObject({ messageId: res.body.message.id, ticketId: t.id, connectionId: 300, kind: 'text', body: 'Olá, tudo bem?' });
    expect(eventsSince(before, 'tickets.message.created')[0]!.data).toMatchObject({ message: { id: res.body.message.id }, ticket: { id: t.id, lastMessage: 'Olá, tudo bem?' } });
  });

  it('private notes are stored and shown but never sent to the channel', async () => {
    const t = await ticketIn();
    const before = h.published.length;
    const res = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'nota interna', isPrivate: true });
    expect(res.body.message.isPrivate).toBe(true);
    expect(eventsSince(before, 'channels.message.send')).toHaveLength(0);
    expect(eventsSince(before, 'tickets.message.created')).toHaveLength(1);
    expect((await api('ana', 'GET', `/api/messages/${t.id}`)).body.messages.map((m: any) => m.body)).toEqual(['nota interna']);
  });

  it('quoted replies and contact cards', async () => {
    const t = await ticketIn();
    await sqlq(`insert into tickets.messages (company_id, ticket_id, body, wid) values ($1, $2, 'pergunta', 'WQ-1')`, C1, t.id);
    const [quoted] = await sqlq<{ id: number }>(`select id from tickets.messages where wid = 'WQ-1'`);
    const before = h.published.length;
    const res = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'resposta', quotedMsg: { id: quoted!.id, body: 'pergunta' } });
    expect(res.body.message.quotedMsg).toMatchObject({ id: quoted!.id, body: 'pergunta' });
    expect(eventsSince(before, 'channels.message.send')[0]!.data.quotedWid).toBe('WQ-1');
    const other = await ticketIn();
    expect((await api('ana', 'POST', `/api/messages/${other.id}`, { body: 'x', quotedMsg: quoted!.id })).body.fields[0].field).toBe('quotedMsg');
    const card = await api('ana', 'POST', `/api/messages/${t.id}`, { vCard: { name: 'Dr. José', number: '+55 11 97777-0000' } });
    expect(card.body.message).toMatchObject({ mediaType: 'contactMessage' });
    expect(card.body.message.body).toContain('FN:Dr. José');
    // The ticket's last message names the person, not the vCard text.
    expect((await api('ana', 'GET', `/api/tickets/${t.id}`)).body.lastMessage).toBe('Contato: Dr. José');
    // As the web of the product this replaces sends a card: body null, read 1, mediaUrl empty, isPrivate as text.
    const asSent = await api('ana', 'POST', `/api/messages/${t.id}`, { read: 1, fromMe: true, mediaUrl: '', body: null, quotedMsg: null, isPrivate: 'false', vCard: { name: 'Maria', number: '5511988887777' } });
    expect(asSent.status).toBe(201);
    expect(asSent.body.message).toMatchObject({ mediaType: 'contactMessage', isPrivate: false });
    // A card given as text must be a vCard: anything else is 400 on vCard, nothing sent.
    const asText = await api('ana', 'POST', `/api/messages/${t.id}`, { vCard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;waid=5511:+5511\nEND:VCARD' });
    expect(asText.status).toBe(201);
    for (const vCard of ['Ana 5511988887777', 'BEGIN:VCARD\nFN:Ana', 'BEGIN:VCARD\nVERSION:3.0\nEND:VCARD']) {
      const bad = await api('ana', 'POST', `/api/messages/${t.id}`, { vCard });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual([{ field: 'vCard', message: 'must be a vCard (BEGIN:VCARD … FN or TEL … END:VCARD)' }]);
    }
    // Null is no text: without a card it is refused as an empty body.
    expect((await api('ana', 'POST', `/api/messages/${t.id}`, { body: null })).body.fields).toEqual([{ field: 'body', message: 'Required' }]);
  });

  it('refuses empty text (400 body) and tickets that are not open or group (400)', async () => {
    const t = await ticketIn();
    const empty = await api('ana', 'POST', `/api/messages/${t.id}`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([{ field: 'body', message: 'Required' }]);
    expect((await api('ana', 'POST', `/api/messages/${t.id}`)).status).toBe(400);
    const pending = await ticketIn({ status: 'pending', userId: null });
    const refused = await api('ana', 'POST', `/api/messages/${pending.id}`, { body: 'oi' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_CREATING_MESSAGE');
    const tooLong = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'x'.repeat(70_000) });
    expect(tooLong.status).toBe(400);
    const broken = await h.request('POST', `/api/messages/${t.id}`, { token: tokens.ana, body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it('the same text on the same ticket within 5 s is stored once (the existing message is answered)', async () => {
    const t = await ticketIn();
    const first = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'repetida' });
    const answers = await Promise.all([1, 2, 3].map(() => api('ana', 'POST', `/api/messages/${t.id}`, { body: 'repetida' })));
    expect(first.status).toBe(201);
    for (const a of answers) expect(a.body).toMatchObject({ duplicate: true, message: { id: first.body.message.id } });
    expect((await sqlq(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n).toBe(1);
    await sqlq(`update tickets.messages set created_at = now() - interval '6 seconds' where ticket_id = $1`, t.id);
    expect((await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'repetida' })).status).toBe(201);
    expect((await sqlq(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n).toBe(2);
  });

  it("replaces the message variables in what is sent to the contact (a quick reply's {{firstName}}), never in private notes", async () => {
    const t = await ticketIn();
    await sqlq(`update tickets.contacts set name = 'Maria Souza' where id = $1`, t.contactId);
    const before = h.published.length;
    const text = 'Olá {{firstName}} ({{name}}), sou {{userName}} da fila {{queue}} em {{connection}}; ticket {{ticket_id}}, {{unknown}}';
    const res = await api('ana', 'POST', `/api/messages/${t.id}`, { body: text });
    const expected = `Olá Maria (Maria Souza), sou Ana da fila Suporte em ${connection().name}; ticket ${t.id}, {{unknown}}`;
    expect(res.body.message.body).toBe(expected);
    expect(eventsSince(before, 'channels.message.send')[0]!.data.body).toBe(expected);
    const note = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'lembrar {{firstName}}', isPrivate: true });
    expect(note.body.message.body).toBe('lembrar {{firstName}}');
    const captioned = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'a.png', data: png() }], fields: { body: 'para {{firstName}}' } });
    expect(captioned.body.message.body).toBe('para Maria');
  });

  it('404 on tickets the caller may not see and on other companies', async () => {
    const t = await ticketIn();
    expect((await api('outsider', 'POST', `/api/messages/${t.id}`, { body: 'oi' })).status).toBe(404);
    expect((await api('admin2', 'POST', `/api/messages/${t.id}`, { body: 'oi' })).status).toBe(404);
    expect((await sqlq(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n).toBe(0);
  });
});

describe('POST /api/messages/:ticketId (multipart media)', () => {
  it('stores an image checked by its bytes, captioned, served through a signed link', async () => {
    const t = await ticketIn();
    const before = h.published.length;
    const res = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'foto.png', data: png(), type: 'image/png' }], fields: { body: 'veja', isPrivate: 'false' } });
    expect(res.status).toBe(201);
    const m = res.body.message;
    expect(m).toMatchObject({ mediaType: 'image', body: 'veja', mediaName: 'foto.png' });
    expect(m.mediaUrl).toMatch(new RegExp(`^/api/media/tickets/company${C1}/messages/.+\\.png\\?exp=\\d+&sig=`));
    const fetchAs = (who: string | null, url: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url, headers: who ? { ...headers, authorization: `Bearer ${tokens[who]}` } : headers });
    const served = await fetchAs('bia', m.mediaUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // A browser's <img> carries the session in the media cookie instead of a header.
    expect((await fetchAs(null, m.mediaUrl, { cookie: `other=1; jmt=${tokens.ana}` })).statusCode).toBe(200);
    // Only users of the company open it: not without a session (even holding the link), not another company's.
    expect((await fetchAs(null, m.mediaUrl)).json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    expect((await fetchAs(null, m.mediaUrl)).statusCode).toBe(401);
    expect((await fetchAs('admin2', m.mediaUrl)).statusCode).toBe(403);
    expect((await fetchAs(null, m.mediaUrl, { cookie: 'jmt=forged' })).statusCode).toBe(403);
    const forged = await fetchAs('ana', m.mediaUrl.replace(/sig=.*/, 'sig=forged'));
    expect(forged.statusCode).toBe(403);
    expect(eventsSince(before, 'channels.message.send')[0]!.data).toMatchObject({ kind: 'media', media: { mediaType: 'image', mimetype: 'image/png' } });
  });

  it('several files make several messages; plain text is accepted', async () => {
    const t = await ticketIn();
    const res = await multipart('ana', `/api/messages/${t.id}`, {
      files: [{ name: 'a.png', data: png() }, { name: 'notas.txt', data: Buffer.from('linha 1\nlinha 2\n') }],
      fields: { body: ['legenda 1', 'legenda 2'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.messages.map((m: any) => [m.mediaType, m.body])).toEqual([['image', 'legenda 1'], ['application', 'legenda 2']]);
    // A caption more than files would go nowhere: 400 on body, nothing sent.
    const count = async () => (await sqlq<{ n: number }>(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n;
    const before = await count();
    const extra = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'a.png', data: png() }], fields: { body: ['a', 'b', 'c'] } });
    expect(extra.status).toBe(400);
    expect(extra.body.fields).toEqual([{ field: 'body', message: '3 captions for 1 file(s): one per file at most' }]);
    expect(await count()).toBe(before);
  });

  it('quotes a message named by its id or by the message object as JSON text; anything else is 400 on quotedMsg', async () => {
    const t = await ticketIn();
    const [quoted] = await sqlq<{ id: number }>(`insert into tickets.messages (company_id, ticket_id, body, wid) values ($1, $2, 'pergunta', 'WQ-MP') returning id`, C1, t.id);
    for (const quotedMsg of [String(quoted!.id), JSON.stringify({ id: quoted!.id, body: 'pergunta' })]) {
      const res = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'a.png', data: png() }], fields: { quotedMsg } });
      expect(res.status).toBe(201);
      expect(res.body.message.quotedMsg).toMatchObject({ id: quoted!.id });
    }
    const bad = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'a.png', data: png() }], fields: { quotedMsg: '{not json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('quotedMsg');
  });

  it('refuses a NUL character in the text (JSON or multipart) with 400 on body, storing nothing', async () => {
    const t = await ticketIn();
    const json = await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'o\u0000i' });
    expect(json.status).toBe(400);
    expect(json.body.fields).toEqual([{ field: 'body', message: expect.any(String) }]);
    const form = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'a.png', data: png() }], fields: { body: 'leg\u0000enda' } });
    expect(form.status).toBe(400);
    expect(form.body.fields).toEqual([{ field: 'body', message: expect.any(String) }]);
    expect((await sqlq(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n).toBe(0);
  });

  it('refuses types outside the whitelist (415) and files over the limit (413), storing nothing', async () => {
    const t = await ticketIn();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    const bad = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'run.png', data: elf, type: 'image/png' }] });
    expect(bad.status).toBe(415);
    expect(bad.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const big = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'big.txt', data: Buffer.alloc(65 * 1024, 0x61) }] });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect((await sqlq(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n).toBe(0);
  });

  it('sends a voice note recorded as Ogg Opus as audio', async () => {
    const t = await ticketIn();
    const res = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'audio.ogg', data: oggOpus(), type: 'audio/ogg; codecs=opus' }] });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ mediaType: 'audio' });
  });

  it('refuses an empty file by name (400 on medias) instead of sending the rest without it, storing nothing', async () => {
    const t = await ticketIn();
    const res = await multipart('ana', `/api/messages/${t.id}`, { files: [{ name: 'a.png', data: png() }, { name: 'vazio.pdf', data: Buffer.alloc(0) }], fields: { body: 'dois arquivos' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'medias', message: 'vazio.pdf: the file is empty' }] });
    expect((await sqlq(`select count(*)::int as n from tickets.messages where ticket_id = $1`, t.id))[0]!.n).toBe(0);
  });
});

describe('edit, delete, react', () => {
  const own = async () => {
    const t = await ticketIn();
    const res = await api('ana', 'POST', `/api/messages/${t.id}`, { body: `original ${Math.random()}` });
    return { ticket: t, message: res.body.message };
  };

  it('on Messenger and Instagram, which take no edit, delete or reaction from a page, they are refused (notes excepted), nothing sent', async () => {
    const { ticket, message } = await own();
    await sqlq(`update tickets.tickets set channel = 'facebook' where id = $1`, ticket.id);
    const before = h.published.length;
    const edit = await api('ana', 'POST', `/api/messages/edit/${message.id}`, { body: 'outro texto' });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ error: 'ERR_EDITING_WAPP_MSG', message: 'Messages cannot be edited on facebook' });
    const removed = await api('ana', 'DELETE', `/api/messages/${message.id}`);
    expect(removed.body).toMatchObject({ error: 'ERR_DELETE_WAPP_MSG' });
    const react = await api('ana', 'POST', `/api/messages/react/${message.id}`, { reaction: '👍' });
    expect(react.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'reaction', message: 'reactions are not sent on facebook' }] });
    expect(eventsSince(before, 'channels.message.send')).toHaveLength(0);
    expect((await sqlq(`select body, is_deleted, is_edited from tickets.messages where id = $1`, message.id))[0]).toEqual({ body: message.body, is_deleted: false, is_edited: false });
    const note = await api('ana', 'POST', `/api/messages/${ticket.id}`, { body: 'nota interna', isPrivate: true });
    expect((await api('ana', 'POST', `/api/messages/edit/${note.body.message.id}`, { body: 'nota corrigida' })).status).toBe(200);
  });

  it('edits own messages within 15 minutes (command kind edit)', async () => {
    const { message } = await own();
    await sqlq(`update tickets.messages set wid = 'W-EDIT-1' where id = $1`, message.id);
    const before = h.published.length;
    const res = await api('ana', 'POST', `/api/messages/edit/${message.id}`, { body: 'corrigido' });
    expect(res.body).toMatchObject({ body: 'corrigido', isEdited: true });
    expect(eventsSince(before, 'channels.message.send')[0]!.data).toMatchObject({ kind: 'edit', targetWid: 'W-EDIT-1', body: 'corrigido' });
    expect(eventsSince(before, 'tickets.message.updated')).toHaveLength(1);
  });

  it("refuses editing after 15 minutes (400 ERR_EDITING_WAPP_MSG) and others' messages (403)", async () => {
    const { message } = await own();
    expect((await api('bia', 'POST', `/api/messages/edit/${message.id}`, { body: 'x' })).status).toBe(403);
    expect((await api('ana', 'POST', `/api/messages/edit/${message.id}`, { body: '' })).body.fields[0].field).toBe('body');
    await sqlq(`update tickets.messages set created_at = now() - interval '16 minutes' where id = $1`, message.id);
    const late = await api('ana', 'POST', `/api/messages/edit/${message.id}`, { body: 'tarde demais' });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('ERR_EDITING_WAPP_MSG');
  });

  it('deletes own messages only (403 ERR_NO_PERMISSION otherwise); shown as deleted', async () => {
    const { message } = await own();
    const denied = await api('bia', 'DELETE', `/api/messages/${message.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('ERR_NO_PERMISSION');
    const before = h.published.length;
    const res = await api('ana', 'DELETE', `/api/messages/${message.id}`);
    expect(res.body).toMatchObject({ isDeleted: true, body: '' });
    expect(eventsSince(before, 'channels.message.send')[0]!.data.kind).toBe('delete');
    expect((await api('ana', 'DELETE', `/api/messages/${message.id}`)).status).toBe(200);
  });

  it("keeps the ticket list's preview on the last message as it is: edited shows the new text, deleted hands it back to the one before; a note or an earlier message changes nothing", async () => {
    const { ticket, message: earlier } = await own();
    const last = (await api('ana', 'POST', `/api/messages/${ticket.id}`, { body: 'horário às 14h' })).body.message;
    const note = (await api('ana', 'POST', `/api/messages/${ticket.id}`, { body: 'nota interna', isPrivate: true })).body.message;
    const preview = async () => (await api('ana', 'GET', `/api/tickets/${ticket.id}`)).body.lastMessage;
    expect(await preview()).toBe('horário às 14h');
    await api('ana', 'POST', `/api/messages/edit/${earlier.id}`, { body: 'anterior corrigida' });
    await api('ana', 'DELETE', `/api/messages/${note.id}`);
    expect(await preview()).toBe('horário às 14h');
    let before = h.published.length;
    await api('ana', 'POST', `/api/messages/edit/${last.id}`, { body: 'horário às 15h' });
    expect(await preview()).toBe('horário às 15h');
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => e.data.ticket.lastMessage)).toEqual(['horário às 15h']);
    before = h.published.length;
    await api('ana', 'DELETE', `/api/messages/${last.id}`);
    // The message before it (the note in between is nobody's preview).
    expect(await preview()).toBe('anterior corrigida');
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => e.data.ticket.lastMessage)).toEqual(['anterior corrigida']);
    // With nothing shown left, the preview is empty.
    await api('ana', 'DELETE', `/api/messages/${earlier.id}`);
    expect(await preview()).toBe('');
  });

  it('one reaction per user per message, replaced; an emoji is required', async () => {
    const { message } = await own();
    await api('bia', 'POST', `/api/messages/react/${message.id}`, { reaction: '👍' });
    const res = await api('bia', 'POST', `/api/messages/react/${message.id}`, { reaction: '😂' });
    await api('ana', 'POST', `/api/messages/react/${message.id}`, { reaction: '❤️' });
    expect(res.body.reactions.map((r: any) => [r.userId, r.emoji])).toEqual([[12, '😂']]);
    const [row] = await sqlq<{ reactions: any[] }>(`select reactions from tickets.messages where id = $1`, message.id);
    expect(row!.reactions.map((r) => r.emoji)).toEqual(['😂', '❤️']);
    const missing = await api('bia', 'POST', `/api/messages/react/${message.id}`, {});
    expect(missing.body.fields).toEqual([{ field: 'reaction', message: 'Required' }]);
  });

  it('404 ERR_NO_MESSAGE_FOUND across companies and for messages of tickets the caller may not see', async () => {
    const { message } = await own();
    for (const [method, url, body] of [
      ['POST', `/api/messages/edit/${message.id}`, { body: 'x' }],
      ['DELETE', `/api/messages/${message.id}`, undefined],
      ['POST', `/api/messages/react/${message.id}`, { reaction: '👍' }],
    ] as const) {
      expect((await api('admin2', method, url, body)).body.error, url).toBe('ERR_NO_MESSAGE_FOUND');
      expect((await api('outsider', method, url, body)).status, url).toBe(404);
    }
  });
});

describe('POST /api/message/forward', () => {
  it("copies the message to the contact's ticket, opening one for the caller when there is none", async () => {
    const source = await ticketIn();
    const sent = await api('ana', 'POST', `/api/messages/${source.id}`, { body: 'encaminhe isto' });
    const contactId = await h.insertContact(C1, { name: 'Destino' });
    const res = await api('ana', 'POST', '/api/message/forward', { messageId: sent.body.message.id, contactId, signMessage: true });
    expect(res.status).toBe(201);
    expect(res.body.ticket).toMatchObject({ contactId, status: 'open', userId: 11, whatsappId: 300 });
    expect(res.body.message).toMatchObject({ isForwarded: true, body: '*Ana:*\nencaminhe isto', ticketId: res.body.ticket.id });
    const again = await api('bia', 'POST', '/api/message/forward', { messageId: sent.body.message.id, contactId });
    expect(again.body.ticket.id).toBe(res.body.ticket.id);
    expect(again.body.message.body).toBe('encaminhe isto');
    // Forwarding a signed message signed again: one signature, the forwarder's.
    const signedSource = await api('ana', 'POST', `/api/messages/${source.id}`, { body: '*Ana:*\nassinada', isPrivate: false });
    const resigned = await api('ana', 'POST', '/api/message/forward', { messageId: signedSource.body.message.id, contactId, signMessage: true });
    expect(resigned.body.message.body).toBe('*Ana:*\nassinada');
  });

  it('refuses private notes, unknown contacts, other companies and bad input', async () => {
    const source = await ticketIn();
    const note = await api('ana', 'POST', `/api/messages/${source.id}`, { body: 'segredo', isPrivate: true });
    const contactId = await h.insertContact(C1);
    expect((await api('ana', 'POST', '/api/message/forward', { messageId: note.body.message.id, contactId })).status).toBe(400);
    const text = await api('ana', 'POST', `/api/messages/${source.id}`, { body: 'público' });
    expect((await api('ana', 'POST', '/api/message/forward', { messageId: text.body.message.id, contactId: 999999 })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api('ana', 'POST', '/api/message/forward', { messageId: text.body.message.id, contactId: await h.insertContact(C2) })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api('admin2', 'POST', '/api/message/forward', { messageId: text.body.message.id, contactId: await h.insertContact(C2) })).status).toBe(404);
    const bad = await api('ana', 'POST', '/api/message/forward', { contactId: 'x' });
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['contactId', 'messageId']);
  });
});

describe('POST /api/message/forward into a conversation under way', () => {
  it("refuses a contact's ticket the caller may not see (409 naming the holder) or that is waiting (400), writing nothing", async () => {
    const source = await ticketIn();
    const sent = await api('ana', 'POST', `/api/messages/${source.id}`, { body: 'encaminhe' });
    // Another attendant's open conversation: Ana (no allUserChat) does not see it.
    const held = await ticketIn({ userId: 12 });
    const refused = await api('ana', 'POST', '/api/message/forward', { messageId: sent.body.message.id, contactId: held.contactId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticketId: held.id, user: { name: 'Bia' } });
    expect(refused.body).not.toHaveProperty('ticket');
    const waiting = await ticketIn({ status: 'pending', userId: null });
    const pending = await api('ana', 'POST', '/api/message/forward', { messageId: sent.body.message.id, contactId: waiting.contactId });
    expect(pending.status).toBe(400);
    expect(pending.body.error).toBe('ERR_CREATING_MESSAGE');
    expect(await sqlq(`select id from tickets.messages where ticket_id = any($1)`, [held.id, waiting.id])).toEqual([]);
  });
});

describe('edit and react: what WhatsApp allows', () => {
  it('a contact card cannot be edited (400 ERR_EDITING_WAPP_MSG), a text can', async () => {
    const t = await ticketIn();
    const card = await api('ana', 'POST', `/api/messages/${t.id}`, { body: '', vCard: { name: 'Fulano', number: '5511912345678' } });
    expect(card.body.message.mediaType).toBe('contactMessage');
    const refused = await api('ana', 'POST', `/api/messages/edit/${card.body.message.id}`, { body: 'outro texto' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_EDITING_WAPP_MSG');
    const [row] = await sqlq<{ body: string }>(`select body from tickets.messages where id = $1`, card.body.message.id);
    expect(row!.body).toContain('BEGIN:VCARD');
  });

  it('a reaction is one emoji (skin tones, flags and joined emojis included), not a word or several', async () => {
    const t = await ticketIn();
    const message = (await api('ana', 'POST', `/api/messages/${t.id}`, { body: 'reaja' })).body.message;
    for (const emoji of ['👍🏽', '🇧🇷', '👨‍👩‍👧', '❤️', '1️⃣']) {
      expect((await api('ana', 'POST', `/api/messages/react/${message.id}`, { reaction: emoji })).status, emoji).toBe(200);
    }
    for (const text of ['hello', '👍👍', 'ok 👍']) {
      const res = await api('ana', 'POST', `/api/messages/react/${message.id}`, { reaction: text });
      expect(res.status, text).toBe(400);
      expect(res.body.fields, text).toEqual([{ field: 'reaction', message: 'must be one emoji' }]);
    }
  });
});

describe('tickets without connection', () => {
  it('keep their messages (ack 0) until a connection is CONNECTED, then attach to it and send them in order', async () => {
    const companyId = 9;
    const admin = h.addUser({ id: 901, companyId, profile: 'admin', name: 'Nove' });
    tokens.nine = h.token(admin);
    await h.publish('auth.user.created', companyId, { user: admin });
    const contactId = await h.insertContact(companyId, { name: 'Espera' });
    const created = await api('nine', 'POST', '/api/tickets', { contactId });
    expect(created.body.whatsappId).toBeNull();
    const before = h.published.length;
    await api('nine', 'POST', `/api/messages/${created.body.id}`, { body: 'primeira' });
    await api('nine', 'POST', `/api/messages/${created.body.id}`, { body: 'nota', isPrivate: true });
    await api('nine', 'POST', `/api/messages/${created.body.id}`, { body: 'segunda' });
    expect(eventsSince(before, 'channels.message.send')).toHaveLength(0);

    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 900, companyId, status: 'qrcode' }) });
    expect(eventsSince(before, 'channels.message.send')).toHaveLength(0);
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 900, companyId, status: 'CONNECTED' }) });
    expect(eventsSince(before, 'channels.message.send').map((e) => [e.data.body, e.data.connectionId])).toEqual([['primeira', 900], ['segunda', 900]]);
    expect((await sqlq(`select whatsapp_id from tickets.tickets where id = $1`, created.body.id))[0]!.whatsapp_id).toBe(900);
    const update = eventsSince(before, 'tickets.ticket.updated').at(-1)!;
    expect(update.data.ticket).toMatchObject({ id: created.body.id, whatsappId: 900, whatsapp: { name: 'Principal' } });
    // Sent ones are not sent again on the next CONNECTED.
    const after = h.published.length;
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 900, companyId, status: 'CONNECTED' }) });
    expect(eventsSince(after, 'channels.message.send')).toHaveLength(0);
  });

  it('a deleted connection leaves its open tickets waiting for the next one', async () => {
    const companyId = 10;
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 1000, companyId }) });
    const contactId = await h.insertContact(companyId);
    const [t] = await sqlq<{ id: number }>(`insert into tickets.tickets (company_id, contact_id, status, whatsapp_id) values ($1, $2, 'pending', 1000) returning id`, companyId, contactId);
    await h.publish('channels.connection.deleted', companyId, { connectionId: 1000 });
    expect((await sqlq(`select whatsapp_id from tickets.tickets where id = $1`, t!.id))[0]!.whatsapp_id).toBeNull();
  });

  it('waiting tickets stay on their channel: a WhatsApp contact is never written to through a Facebook page, nor the other way round', async () => {
    const companyId = 11;
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 1100, companyId, channel: 'whatsapp', status: 'CONNECTED', isDefault: true }) });
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 1101, companyId, channel: 'facebook', name: 'Página', status: 'CONNECTED', isDefault: false }) });
    const patient = await h.insertContact(companyId, { number: '5511977776666' });
    const [onWhatsapp] = await sqlq<{ id: number }>(`insert into tickets.tickets (company_id, contact_id, status, whatsapp_id, channel) values ($1, $2, 'open', 1100, 'whatsapp') returning id`, companyId, patient);
    const before = h.published.length;
    // Its WhatsApp connection deleted: the ticket waits (the page stays connected, but is another network)...
    await h.publish('channels.connection.deleted', companyId, { connectionId: 1100 });
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 1101, companyId, channel: 'facebook', name: 'Página', status: 'CONNECTED', isDefault: true }) });
    expect((await sqlq(`select whatsapp_id, channel from tickets.tickets where id = $1`, onWhatsapp!.id))[0]).toEqual({ whatsapp_id: null, channel: 'whatsapp' });
    // ...until a WhatsApp connection is connected again.
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 1102, companyId, channel: 'whatsapp', status: 'CONNECTED', isDefault: false }) });
    expect((await sqlq(`select whatsapp_id, channel from tickets.tickets where id = $1`, onWhatsapp!.id))[0]).toEqual({ whatsapp_id: 1102, channel: 'whatsapp' });
    expect(eventsSince(before, 'channels.message.send').filter((e) => e.data.connectionId === 1101)).toEqual([]);

    // Deleted while another connection of its channel is connected: it goes there at once.
    await h.publish('channels.connection.updated', companyId, { connection: connection({ id: 1103, companyId, channel: 'whatsapp', status: 'CONNECTED', isDefault: false }) });
    await h.publish('channels.connection.deleted', companyId, { connectionId: 1102 });
    expect((await sqlq(`select whatsapp_id from tickets.tickets where id = $1`, onWhatsapp!.id))[0]!.whatsapp_id).toBe(1103);
  });
});
