import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody, png } from '@atende/kit/testing';
import { fullPlan, startSchedulesHarness, type SchedulesHarness } from '../testing/schedules-harness.js';

/** Schedules (spec 002 §2 /schedules, §3 Schedule, §4, §5, §6 useSchedules, §7). */
let h: SchedulesHarness;
const C1 = 1;
const C2 = 2;
const CONN1 = 501;
const CONN2 = 502;
const tokens: Record<string, string> = {};
let ana = 0; // a contact of company 1
let bia = 0; // another contact of company 1
let caio = 0; // a contact of company 2

const api = (who: string, method: string, url: string, body?: unknown) => h.request(method, url, { token: tokens[who], body });
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const valid = (over: Record<string, unknown> = {}) => ({ body: 'Lembrete da sua consulta amanhã', contactId: ana, sendAt: inAnHour(), whatsappId: CONN1, ...over });
const create = async (who = 'user1', over: Record<string, unknown> = {}) => {
  const res = await api(who, 'POST', '/api/schedules', valid(over));
  expect(res.status).toBe(201);
  return res.body;
};
const upload = async (who: string, id: number, file: { name: string; data: Buffer; type?: string } | null) => {
  const { payload, contentType } = await multipartBody({ files: file ? [{ field: 'file', ...file }] : [] });
  return h.request('POST', `/api/schedules/${id}/media-upload`, { token: tokens[who], body: payload, headers: { 'content-type': contentType } });
};
const markSent = (id: number) => h.sql`update campaigns.schedules set sent_at = now(), status = 'ENVIADA' where id = ${id}`;

beforeAll(async () => {
  h = await startSchedulesHarness();
  h.plans.set(C1, fullPlan());
  h.plans.set(C2, fullPlan());
  h.plans.set(3, { ...fullPlan(), useSchedules: false });
  tokens.user1 = h.signIn({ id: 11, companyId: C1, profile: 'user' }).token;
  tokens.admin1 = h.signIn({ id: 12, companyId: C1, profile: 'admin' }).token;
  tokens.user2 = h.signIn({ id: 21, companyId: C2, profile: 'user' }).token;
  tokens.noPlan = h.signIn({ id: 31, companyId: 3, profile: 'admin' }).token;
  ana = h.addContact(C1, 'Ana Souza', '5511999990001');
  bia = h.addContact(C1, 'Bia Lima', '5511999990002');
  caio = h.addContact(C2, 'Caio Reis', '5521999990003');
  await h.addConnection(C1, CONN1);
  await h.addConnection(C2, CONN2);
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  await h.sql`delete from campaigns.schedules`;
});

describe('POST /api/schedules', () => {
  it('creates a schedule with the spec defaults, the contact as tickets knows it, and tells the company', async () => {
    const sendAt = inAnHour();
    const res = await api('user1', 'POST', '/api/schedules', valid({ sendAt }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      body: 'Lembrete da sua consulta amanhã', contactId: ana, contact: { id: ana, name: 'Ana Souza', number: '5511999990001' },
      userId: 11, whatsappId: CONN1, ticketUserId: null, queueId: null, sendAt, sentAt: null, status: 'PENDENTE',
      openTicket: 'enabled', statusTicket: 'closed', assinar: false, intervalo: 1, valorIntervalo: 0, enviarQuantasVezes: 1, tipoDias: 4, sentCount: 0,
      mediaPath: null, mediaName: null,
    });
    await h.flush();
    const event = h.events('campaigns.schedule.created').at(-1)!;
    expect(event.companyId).toBe(C1);
    expect(event.data.schedule.id).toBe(res.body.id);
  });

  it('takes the form time "YYYY-MM-DD HH:mm" on the companies\' wall clock (TICKETS_TIME_ZONE) and the repetition settings', async () => {
    const res = await api('user1', 'POST', '/api/schedules', valid({ sendAt: '2030-05-06 14:30', intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 4, tipoDias: 6, assinar: true, statusTicket: 'open', ticketUserId: 12 }));
    expect(res.status).toBe(201);
    // 14:30 in São Paulo (UTC-3), whatever the server's zone.
    expect(res.body.sendAt).toBe('2030-05-06T17:30:00.000Z');
    expect(res.body).toMatchObject({ intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 4, tipoDias: 6, assinar: true, statusTicket: 'open', ticketUserId: 12 });
  });

  it('keeps an ISO time with a zone exact, and reads a zone-less one on the companies\' clock when editing too', async () => {
    expect((await create('user1', { sendAt: '2030-05-06T14:30:00Z' })).sendAt).toBe('2030-05-06T14:30:00.000Z');
    expect((await create('user1', { sendAt: '2030-05-06T14:30:00+01:00' })).sendAt).toBe('2030-05-06T13:30:00.000Z');
    const s = await create();
    const edited = await api('user1', 'PUT', `/api/schedules/${s.id}`, { sendAt: '2030-07-01 09:00:00' });
    expect(edited.body.sendAt).toBe('2030-07-01T12:00:00.000Z');
    const impossible = await api('user1', 'PUT', `/api/schedules/${s.id}`, { sendAt: '2030-02-30 09:00' });
    expect(impossible.status).toBe(400);
    expect(impossible.body.fields).toEqual([{ field: 'sendAt', message: 'must be a date' }]);
  });

  it('refuses an impossible date written with a zone, as it does one without (30 February is not 2 March)', async () => {
    for (const sendAt of ['2030-02-30T10:00:00Z', '2030-02-30T10:00:00-03:00', '2030-04-31 10:00:00+01:00', '2030-01-01T24:00:00Z', '2030-02-30 10:00']) {
      const res = await api('user1', 'POST', '/api/schedules', valid({ sendAt }));
      expect(res.status, sendAt).toBe(400);
      expect(res.body.fields, sendAt).toEqual([{ field: 'sendAt', message: 'must be a date' }]);
    }
    expect((await api('user1', 'GET', '/api/schedules')).body.count).toBe(0);
  });

  it('puts the first send on the business day tipoDias names, and lists that time (spec 002 §3)', async () => {
    // Saturday 5 January 2030, 10:00 in São Paulo (13:00 UTC).
    expect((await create('user1', { sendAt: '2030-01-05 10:00:00', tipoDias: 6 })).sendAt).toBe('2030-01-07T13:00:00.000Z');
    expect((await create('user1', { sendAt: '2030-01-05 10:00:00', tipoDias: 5 })).sendAt).toBe('2030-01-04T13:00:00.000Z');
    expect((await create('user1', { sendAt: '2030-01-05T13:00:00Z', tipoDias: 4 })).sendAt).toBe('2030-01-05T13:00:00.000Z');
    const listed = await api('user1', 'GET', '/api/schedules');
    expect(listed.body.schedules.map((s: { sendAt: string; tipoDias: number }) => [s.sendAt, s.tipoDias])).toEqual([
      ['2030-01-04T13:00:00.000Z', 5],
      ['2030-01-05T13:00:00.000Z', 4],
      ['2030-01-07T13:00:00.000Z', 6],
    ]);
  });

  it('keeps the move when the dialog saves the time it shows, and moves again when the rule or the time changes', async () => {
    const s = await create('user1', { sendAt: '2030-01-05 10:00:00', tipoDias: 6 });
    // The dialog sends back what it shows (Monday) with the rest of the form.
    const same = await api('user1', 'PUT', `/api/schedules/${s.id}`, { sendAt: s.sendAt, tipoDias: 6, body: 'Lembrete com outro texto' });
    expect(same.body).toMatchObject({ sendAt: '2030-01-07T13:00:00.000Z', body: 'Lembrete com outro texto' });
    // One business day before the Saturday chosen: Friday.
    expect((await api('user1', 'PUT', `/api/schedules/${s.id}`, { sendAt: s.sendAt, tipoDias: 5 })).body.sendAt).toBe('2030-01-04T13:00:00.000Z');
    // A new time, Sunday 13 at 08:00, with that rule: Friday 11.
    expect((await api('user1', 'PUT', `/api/schedules/${s.id}`, { sendAt: '2030-01-13 08:00' })).body.sendAt).toBe('2030-01-11T11:00:00.000Z');
  });

  it('names the failing fields with the spec texts', async () => {
    const short = await api('user1', 'POST', '/api/schedules', valid({ body: ' oi ' }));
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('ERR_VALIDATION');
    expect(short.body.fields).toEqual([{ field: 'body', message: 'Mensagem muito curta' }]);
    const missing = await api('user1', 'POST', '/api/schedules', { body: 'Mensagem válida' });
    expect(missing.status).toBe(400);
    // Spec 002 §5 requires contactId and sendAt, not the connection.
    expect(missing.body.fields).toEqual([
      { field: 'contactId', message: 'Obrigatório' },
      { field: 'sendAt', message: 'Obrigatório' },
    ]);
    const bad = await api('user1', 'POST', '/api/schedules', valid({ sendAt: 'amanhã', intervalo: 9, tipoDias: 1, enviarQuantasVezes: 0 }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['enviarQuantasVezes', 'intervalo', 'sendAt', 'tipoDias']);
  });

  it('takes a schedule without a connection: the company\'s default one sends it', async () => {
    await h.addConnection(C1, 503, 'Padrão');
    await h.sql`update campaigns.connections set is_default = true where id = 503`;
    try {
      const res = await api('user1', 'POST', '/api/schedules', { body: 'Lembrete da sua consulta', contactId: ana, sendAt: inAnHour() });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ contactId: ana, whatsappId: 503, status: 'PENDENTE' });
    } finally {
      await h.sql`delete from campaigns.connections where id = 503`;
    }
    const withoutDefault = await api('user1', 'POST', '/api/schedules', { body: 'Lembrete da sua consulta', contactId: ana, sendAt: inAnHour() });
    expect(withoutDefault.status).toBe(201);
    expect(withoutDefault.body.whatsappId).toBe(CONN1);
  });

  it("refuses another company's contact, connection or attendant", async () => {
    const contact = await api('user1', 'POST', '/api/schedules', valid({ contactId: caio }));
    expect(contact.status).toBe(400);
    expect(contact.body.fields).toEqual([{ field: 'contactId', message: 'must be a contact of the company' }]);
    const connection = await api('user1', 'POST', '/api/schedules', valid({ whatsappId: CONN2 }));
    expect(connection.status).toBe(400);
    expect(connection.body.fields[0].field).toBe('whatsappId');
    const attendant = await api('user1', 'POST', '/api/schedules', valid({ ticketUserId: 21 }));
    expect(attendant.status).toBe(400);
    expect(attendant.body.fields[0].field).toBe('ticketUserId');
    expect((await h.sql`select count(*)::int as n from campaigns.schedules`)[0]!.n).toBe(0);
  });

  it("refuses another company's queue and one that does not exist, on create and on edit", async () => {
    await h.addQueue(C1, 701);
    await h.addQueue(C2, 702);
    expect((await create('user1', { queueId: 701 })).queueId).toBe(701);
    for (const queueId of [702, 999_999]) {
      const res = await api('user1', 'POST', '/api/schedules', valid({ queueId }));
      expect(res.status, `queue ${queueId}`).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'queueId', message: 'must be a queue of the company' }] });
    }
    const s = await create();
    const edit = await api('user1', 'PUT', `/api/schedules/${s.id}`, { queueId: 702 });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual([{ field: 'queueId', message: 'must be a queue of the company' }]);
    expect((await api('user1', 'GET', `/api/schedules/${s.id}`)).body.queueId).toBeNull();
    expect((await api('user1', 'PUT', `/api/schedules/${s.id}`, { queueId: null })).status).toBe(200);
  });

  it('accepts a connection and a queue created a moment ago, before their events reach this service', async () => {
    h.ownerConnections.set(551, C1);
    h.ownerQueues.set(751, C1);
    expect(await create('user1', { whatsappId: 551, queueId: 751 })).toMatchObject({ whatsappId: 551, queueId: 751 });
    // Another company's new ones stay refused: the owner is asked with the caller's company.
    h.ownerConnections.set(552, C2);
    h.ownerQueues.set(752, C2);
    expect((await api('user1', 'POST', '/api/schedules', valid({ whatsappId: 552 }))).body.fields).toEqual([{ field: 'whatsappId', message: 'must be a connection of the company' }]);
    expect((await api('user1', 'POST', '/api/schedules', valid({ queueId: 752 }))).body.fields).toEqual([{ field: 'queueId', message: 'must be a queue of the company' }]);
  });

  it('needs a login and the useSchedules plan flag', async () => {
    expect((await h.request('POST', '/api/schedules', { body: valid() })).status).toBe(401);
    const res = await api('noPlan', 'POST', '/api/schedules', valid());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('noPlan', 'GET', '/api/schedules')).body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('GET /api/schedules', () => {
  it("lists the company's schedules, by body or contact name, by contact, a page at a time", async () => {
    const a = await create('user1', { body: 'Consulta de retorno' });
    const b = await create('admin1', { contactId: bia, body: 'Pagamento pendente' });
    await api('user2', 'POST', '/api/schedules', valid({ contactId: caio, whatsappId: CONN2, body: 'Consulta da outra empresa' }));

    const all = await api('user1', 'GET', '/api/schedules');
    expect(all.status).toBe(200);
    expect(all.body.schedules.map((s: { id: number }) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(all.body).toMatchObject({ count: 2, hasMore: false });
    expect((await api('user1', 'GET', '/api/schedules?searchParam=consulta')).body.schedules.map((s: { id: number }) => s.id)).toEqual([a.id]);
    expect((await api('user1', 'GET', '/api/schedules?searchParam=bia')).body.schedules.map((s: { id: number }) => s.id)).toEqual([b.id]);
    expect((await api('user1', 'GET', `/api/schedules?contactId=${bia}`)).body.schedules.map((s: { id: number }) => s.id)).toEqual([b.id]);
    expect((await api('user1', 'GET', '/api/schedules?pageNumber=2')).body).toMatchObject({ schedules: [], count: 2, hasMore: false });
    const bad = await api('user1', 'GET', '/api/schedules?pageNumber=0');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('pageNumber');
  });

  it("LGPD: with enableLGPD and lgpdHideNumber a profile user gets the contact's number masked; admins see it whole", async () => {
    const s = await create('user1');
    h.settings.set(C1, [{ key: 'enableLGPD', value: 'enabled' }, { key: 'lgpdHideNumber', value: 'enabled' }]);
    try {
      expect((await api('user1', 'GET', '/api/schedules')).body.schedules[0].contact.number).toBe('5511999****01');
      expect((await api('user1', 'GET', `/api/schedules/${s.id}`)).body.contact.number).toBe('5511999****01');
      expect((await api('admin1', 'GET', `/api/schedules/${s.id}`)).body.contact.number).toBe('5511999990001');
    } finally {
      h.settings.delete(C1);
    }
    expect((await api('user1', 'GET', `/api/schedules/${s.id}`)).body.contact.number).toBe('5511999990001');
  });

  it('pages 40 at a time', async () => {
    for (let i = 0; i < 41; i++) await h.sql`insert into campaigns.schedules (company_id, body, contact_id, contact_number, contact_name, whatsapp_id, send_at, anchor_at) values (${C1}, ${'Mensagem ' + i}, ${ana}, '5511999990001', 'Ana Souza', ${CONN1}, now(), now())`;
    const first = await api('user1', 'GET', '/api/schedules');
    expect(first.body.schedules).toHaveLength(40);
    expect(first.body).toMatchObject({ count: 41, hasMore: true });
    const second = await api('user1', 'GET', '/api/schedules?pageNumber=2');
    expect(second.body.schedules).toHaveLength(1);
    expect(second.body.hasMore).toBe(false);
  });
});

describe('GET, PUT, DELETE /api/schedules/:id', () => {
  it('shows, edits and deletes a schedule of the company, telling the company each time', async () => {
    const s = await create();
    expect((await api('admin1', 'GET', `/api/schedules/${s.id}`)).body.id).toBe(s.id);

    const edited = await api('admin1', 'PUT', `/api/schedules/${s.id}`, { body: 'Texto novo do lembrete', contactId: bia, valorIntervalo: 2 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Texto novo do lembrete', contactId: bia, contact: { name: 'Bia Lima' }, valorIntervalo: 2, whatsappId: CONN1 });
    await h.flush();
    expect(h.events('campaigns.schedule.updated').at(-1)!.data.schedule.body).toBe('Texto novo do lembrete');
    // Saved back as the dialog sends it, without a connection (null or blank): the company's default sends it.
    for (const whatsappId of [null, '']) {
      const resaved = await api('admin1', 'PUT', `/api/schedules/${s.id}`, { body: 'Texto novo do lembrete', contactId: bia, sendAt: inAnHour(), whatsappId });
      expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
      expect(resaved.body.whatsappId).toBeNull();
    }
    expect((await api('admin1', 'PUT', `/api/schedules/${s.id}`, { whatsappId: CONN2 })).body.fields).toEqual([{ field: 'whatsappId', message: 'must be a connection of the company' }]);

    const removed = await api('user1', 'DELETE', `/api/schedules/${s.id}`);
    expect(removed.status).toBe(200);
    await h.flush();
    expect(h.events('campaigns.schedule.deleted').at(-1)!.data).toEqual({ scheduleId: s.id });
    expect((await api('user1', 'GET', `/api/schedules/${s.id}`)).status).toBe(404);
  });

  it('validates edits like creation', async () => {
    const s = await create();
    const res = await api('user1', 'PUT', `/api/schedules/${s.id}`, { body: 'abc', sendAt: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(expect.arrayContaining([{ field: 'body', message: 'Mensagem muito curta' }, { field: 'sendAt', message: 'Obrigatório' }]));
  });

  it('puts a failed schedule back in line when it is saved again', async () => {
    const s = await create();
    await h.sql`update campaigns.schedules set status = 'ERRO', error = 'ERR_NO_WAPP_FOUND: Connection not found' where id = ${s.id}`;
    const res = await api('user1', 'PUT', `/api/schedules/${s.id}`, { sendAt: inAnHour() });
    expect(res.body).toMatchObject({ status: 'PENDENTE', error: null });
  });

  it('locks a sent schedule: no edit, no attachment (deleting stays possible)', async () => {
    const s = await create();
    await markSent(s.id);
    const edit = await api('user1', 'PUT', `/api/schedules/${s.id}`, { body: 'Tentando mudar o texto' });
    expect(edit.status).toBe(400);
    expect(edit.body.error).toBe('ERR_SCHEDULE_SENT');
    const attach = await upload('user1', s.id, { name: 'foto.png', data: png(), type: 'image/png' });
    expect(attach.status).toBe(400);
    expect(attach.body.error).toBe('ERR_SCHEDULE_SENT');
    expect((await api('user1', 'DELETE', `/api/schedules/${s.id}/media-upload`)).body.error).toBe('ERR_SCHEDULE_SENT');
    expect((await api('user1', 'DELETE', `/api/schedules/${s.id}`)).status).toBe(200);
  });

  it("answers 404 for another company's schedule", async () => {
    const s = await create();
    for (const [method, url, body] of [
      ['GET', `/api/schedules/${s.id}`, undefined],
      ['PUT', `/api/schedules/${s.id}`, { body: 'Mudança indevida aqui' }],
      ['DELETE', `/api/schedules/${s.id}`, undefined],
      ['DELETE', `/api/schedules/${s.id}/media-upload`, undefined],
    ] as const) {
      const res = await api('user2', method, url, body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_SCHEDULE_FOUND');
    }
    expect((await upload('user2', s.id, { name: 'a.png', data: png(), type: 'image/png' })).status).toBe(404);
    expect((await api('user1', 'GET', `/api/schedules/${s.id}`)).body.body).toBe(s.body);
  });
});

describe('/api/schedules/:id/media-upload', () => {
  it('attaches a file checked by its content, served through a signed link, and removes it', async () => {
    const s = await create();
    const res = await upload('user1', s.id, { name: 'cartaz.png', data: png(), type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.mediaName).toBe('cartaz.png');
    expect(res.body.mediaPath).toMatch(/^\/api\/media\/campaigns\/company1\/schedules\/.+\.png\?exp=/);
    const open = (url: string) => h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.admin1}` } });
    const file = await open(res.body.mediaPath);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png())).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: res.body.mediaPath })).statusCode).toBe(401);

    const removed = await api('user1', 'DELETE', `/api/schedules/${s.id}/media-upload`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await open(res.body.mediaPath)).statusCode).toBe(404);
  });

  it('refuses a missing file (400) and a type outside png/jpg/gif/pdf/xls/xlsx whatever its name (415)', async () => {
    const s = await create();
    const none = await upload('user1', s.id, null);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ field: 'file', message: 'Required' }]);
    const text = await upload('user1', s.id, { name: 'falso.png', data: Buffer.from('só texto, não imagem'), type: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    expect((await api('user1', 'GET', `/api/schedules/${s.id}`)).body.mediaName).toBeNull();
  });
});
