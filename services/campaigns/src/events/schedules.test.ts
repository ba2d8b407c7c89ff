import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, answer, type RequestOf, type Subscription } from '@atende/kit';
import { multipartBody, png } from '@atende/kit/testing';
import type { CampaignsDeps } from '../deps.js';
import { fullPlan, startSchedulesHarness, type SchedulesHarness } from '../testing/schedules-harness.js';
import { dispatchDueSchedules } from './schedules.js';

/** The schedule dispatcher (spec 002 §3 Schedule, §4): due ones sent once through tickets, outcomes written. */
let h: SchedulesHarness;
let deps: CampaignsDeps;
let sends: RequestOf<'tickets.api.send'>[] = [];
let failWith: AppError | null = null;
let delayMs = 0;
let responder: Subscription;
const C1 = 1;
const CONN = 601;
let ana = 0;
let token = '';

const create = async (over: Record<string, unknown> = {}) => {
  const res = await h.request('POST', '/api/schedules', {
    token,
    body: { body: 'Sua consulta é amanhã às 10h', contactId: ana, sendAt: new Date(Date.now() - 60_000).toISOString(), whatsappId: CONN, ...over },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; sendAt: string };
};
const row = async (id: number) => (await h.sql`select status, sent_at, send_at, sent_count, error, claimed_at from campaigns.schedules where id = ${id}`)[0]!;

beforeAll(async () => {
  h = await startSchedulesHarness();
  deps = await h.deps();
  h.plans.set(C1, fullPlan());
  token = h.signIn({ id: 11, companyId: C1, profile: 'user' }).token;
  h.addUser({ id: 12, companyId: C1, name: 'Atendente', profile: 'user' });
  ana = h.addContact(C1, 'Ana Souza', '5511999990001');
  await h.addConnection(C1, CONN);
  await h.addQueue(C1, 4);
  // tickets, faked: records what it is asked to send.
  responder = await answer(h.bus, 'tickets.api.send', async (request) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (failWith) throw failWith;
    sends.push(request);
    return { ticketId: 1, ticketUuid: 'u', contactId: ana, messageIds: [sends.length] };
  });
});
afterAll(async () => {
  await responder?.unsubscribe();
  await h?.stop();
});
beforeEach(async () => {
  await h.sql`delete from campaigns.schedules`;
  sends = [];
  failWith = null;
  delayMs = 0;
});

describe('dispatchDueSchedules', () => {
  it('sends a due schedule through tickets with its options and marks it ENVIADA', async () => {
    const s = await create({ assinar: true, ticketUserId: 12, queueId: 4, statusTicket: 'open' });
    expect(await dispatchDueSchedules(deps)).toBe(1);
    expect(sends).toEqual([
      { companyId: C1, connectionId: CONN, number: '5511999990001', body: 'Sua consulta é amanhã às 10h', userId: 12, queueId: 4, sendSignature: true, closeTicket: false, closeOnlyOpened: true, personalize: true, medias: [] },
    ]);
    const after = await row(s.id);
    expect(after).toMatchObject({ status: 'ENVIADA', sent_count: 1, error: null, claimed_at: null });
    expect(after.sent_at).not.toBeNull();
    await h.flush();
    expect(h.events('campaigns.schedule.updated').at(-1)!.data.schedule).toMatchObject({ id: s.id, status: 'ENVIADA' });
    // Sent once: later passes leave it alone.
    expect(await dispatchDueSchedules(deps)).toBe(0);
    expect(sends).toHaveLength(1);
  });

  it('sends a schedule saved without a connection on the one the company has when it is due', async () => {
    const s = await create();
    await h.sql`update campaigns.schedules set whatsapp_id = null where id = ${s.id}`;
    expect(await dispatchDueSchedules(deps)).toBe(1);
    expect(sends.map((r) => r.connectionId)).toEqual([CONN]);
    expect(await row(s.id)).toMatchObject({ status: 'ENVIADA', error: null });
  });

  it('closes the ticket after sending by default (statusTicket closed)', async () => {
    await create();
    await dispatchDueSchedules(deps);
    expect(sends[0]).toMatchObject({ closeTicket: true, userId: null, sendSignature: false });
  });

  it('sends the attachment as a file of the company', async () => {
    const s = await create();
    const { payload, contentType } = await multipartBody({ files: [{ field: 'file', name: 'cartaz.png', data: png(), type: 'image/png' }] });
    expect((await h.request('POST', `/api/schedules/${s.id}/media-upload`, { token, body: payload, headers: { 'content-type': contentType } })).status).toBe(200);
    await dispatchDueSchedules(deps);
    expect(sends[0]!.medias).toEqual([{ mediaType: 'image', key: expect.stringMatching(/^company1\/schedules\//), mimetype: 'image/png', filename: 'cartaz.png', size: png().length }]);
  });

  it('leaves schedules that are not due yet untouched', async () => {
    const s = await create({ sendAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(await dispatchDueSchedules(deps)).toBe(0);
    expect(sends).toHaveLength(0);
    expect(await row(s.id)).toMatchObject({ status: 'PENDENTE', sent_at: null, sent_count: 0 });
    // At its time it goes.
    expect(await dispatchDueSchedules(deps, new Date(Date.now() + 2 * 3600_000))).toBe(1);
  });

  it('sends a due schedule once when two dispatchers run at the same time', async () => {
    delayMs = 50;
    const a = await create();
    const b = await create({ body: 'Segunda mensagem agendada' });
    const [x, y] = await Promise.all([dispatchDueSchedules(deps), dispatchDueSchedules(deps)]);
    expect(x + y).toBe(2);
    expect(sends.map((s) => s.body).sort()).toEqual(['Segunda mensagem agendada', 'Sua consulta é amanhã às 10h']);
    expect((await row(a.id)).status).toBe('ENVIADA');
    expect((await row(b.id)).status).toBe('ENVIADA');
  });

  it('marks a failed send ERRO with the reason and does not retry it by itself', async () => {
    failWith = new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
    const s = await create();
    expect(await dispatchDueSchedules(deps)).toBe(0);
    expect(await row(s.id)).toMatchObject({ status: 'ERRO', sent_at: null, claimed_at: null, error: 'ERR_NO_WAPP_FOUND: Connection not found' });
    failWith = null;
    await dispatchDueSchedules(deps);
    expect(sends).toHaveLength(0);
    await h.flush();
    expect(h.events('campaigns.schedule.updated').at(-1)!.data.schedule).toMatchObject({ id: s.id, status: 'ERRO' });
  });

  it('marks a schedule due on a disconnected connection ERRO, sending nothing; one reconnecting still sends', async () => {
    await h.addConnection(C1, 602, 'Vendas');
    await h.sql`update campaigns.connections set status = 'DISCONNECTED' where id = 602`;
    const s = await create({ whatsappId: 602 });
    expect(await dispatchDueSchedules(deps)).toBe(0);
    expect(sends).toEqual([]);
    expect(await row(s.id)).toMatchObject({ status: 'ERRO', sent_at: null, claimed_at: null, error: 'ERR_WAPP_NOT_INITIALIZED: The connection Vendas is disconnected' });
    await h.sql`update campaigns.connections set status = 'OPENING' where id = 602`;
    const later = await create({ whatsappId: 602 });
    expect(await dispatchDueSchedules(deps)).toBe(1);
    expect(await row(later.id)).toMatchObject({ status: 'ENVIADA' });
  });

  it('turns a claim whose outcome was lost into ERRO instead of sending it again', async () => {
    const s = await create();
    await h.sql`update campaigns.schedules set claimed_at = now() - interval '1 hour' where id = ${s.id}`;
    await dispatchDueSchedules(deps);
    expect(sends).toHaveLength(0);
    expect(await row(s.id)).toMatchObject({ status: 'ERRO', claimed_at: null });
  });

  it('sends a Saturday schedule with tipoDias 6 on Monday, not on the Saturday (spec 002 §3)', async () => {
    // Saturday 5 January 2030, 10:00 in São Paulo (13:00 UTC).
    const s = await create({ sendAt: '2030-01-05 10:00:00', tipoDias: 6 });
    expect(await dispatchDueSchedules(deps, new Date('2030-01-05T15:00:00Z'))).toBe(0);
    expect(await dispatchDueSchedules(deps, new Date('2030-01-06T15:00:00Z'))).toBe(0);
    expect(sends).toHaveLength(0);
    expect(await dispatchDueSchedules(deps, new Date('2030-01-07T13:00:01Z'))).toBe(1);
    expect(await row(s.id)).toMatchObject({ status: 'ENVIADA', sent_count: 1 });
  });

  it('holds a weekend send saved unmoved (before the rule applied to the first send) until its business day', async () => {
    const s = await create({ sendAt: '2030-01-05 10:00:00', tipoDias: 6 });
    await h.sql`update campaigns.schedules set send_at = anchor_at where id = ${s.id}`;
    expect(await dispatchDueSchedules(deps, new Date('2030-01-05T15:00:00Z'))).toBe(0);
    expect(sends).toHaveLength(0);
    const held = await row(s.id);
    expect(held).toMatchObject({ status: 'PENDENTE', claimed_at: null, sent_count: 0 });
    expect(new Date(held.send_at).toISOString()).toBe('2030-01-07T13:00:00.000Z');
    await h.flush();
    expect(h.events('campaigns.schedule.updated').at(-1)!.data.schedule).toMatchObject({ id: s.id, sendAt: '2030-01-07T13:00:00.000Z' });
    expect(await dispatchDueSchedules(deps, new Date('2030-01-07T13:00:01Z'))).toBe(1);
  });

  it('repeats a schedule on its interval until enviarQuantasVezes, then marks it ENVIADA', async () => {
    const first = new Date(Date.now() - 60_000);
    first.setSeconds(0, 0);
    const s = await create({ sendAt: first.toISOString(), intervalo: 4, valorIntervalo: 10, enviarQuantasVezes: 3 });

    await dispatchDueSchedules(deps, new Date(first.getTime() + 1000));
    let after = await row(s.id);
    expect(after).toMatchObject({ status: 'AGENDADA', sent_count: 1, sent_at: null });
    expect(new Date(after.send_at).getTime()).toBe(first.getTime() + 10 * 60_000);
    // Not sent again before the next time.
    await dispatchDueSchedules(deps, new Date(first.getTime() + 5 * 60_000));
    expect(sends).toHaveLength(1);

    await dispatchDueSchedules(deps, new Date(first.getTime() + 10 * 60_000));
    after = await row(s.id);
    expect(after).toMatchObject({ status: 'AGENDADA', sent_count: 2 });
    expect(new Date(after.send_at).getTime()).toBe(first.getTime() + 20 * 60_000);

    await dispatchDueSchedules(deps, new Date(first.getTime() + 20 * 60_000));
    after = await row(s.id);
    expect(after).toMatchObject({ status: 'ENVIADA', sent_count: 3 });
    expect(after.sent_at).not.toBeNull();
    expect(sends).toHaveLength(3);
    // Done: locked like any sent schedule.
    expect((await h.request('PUT', `/api/schedules/${s.id}`, { token, body: { body: 'Mudança depois de enviado' } })).body.error).toBe('ERR_SCHEDULE_SENT');
  });

  it('an edit of the repetition after a send moves the pending one to the new cadence; a count already reached ends the schedule', async () => {
    const first = new Date(Date.now() - 60_000);
    first.setSeconds(0, 0);
    const s = await create({ sendAt: first.toISOString(), intervalo: 4, valorIntervalo: 10, enviarQuantasVezes: 3 });
    await dispatchDueSchedules(deps, new Date(first.getTime() + 1000));
    expect(new Date((await row(s.id)).send_at).getTime()).toBe(first.getTime() + 10 * 60_000);

    // Every 30 minutes instead of 10: the pending send follows, counted from the first one.
    const slower = await h.request('PUT', `/api/schedules/${s.id}`, { token, body: { valorIntervalo: 30 } });
    expect(slower.status, JSON.stringify(slower.body)).toBe(200);
    expect(slower.body).toMatchObject({ status: 'AGENDADA', valorIntervalo: 30, sendAt: new Date(first.getTime() + 30 * 60_000).toISOString() });
    expect(await dispatchDueSchedules(deps, new Date(first.getTime() + 10 * 60_000))).toBe(0);

    // Once in all: it was sent, nothing is left.
    const once = await h.request('PUT', `/api/schedules/${s.id}`, { token, body: { enviarQuantasVezes: 1 } });
    expect(once.body).toMatchObject({ status: 'ENVIADA', enviarQuantasVezes: 1 });
    expect(once.body.sentAt).not.toBeNull();
    expect(await dispatchDueSchedules(deps, new Date(first.getTime() + 30 * 60_000))).toBe(0);
    expect(sends).toHaveLength(1);
  });
});

describe('a deleted contact', () => {
  it("takes its schedules along (none is sent afterwards), files included, and tells the company's screens", async () => {
    const bia = h.addContact(C1, 'Bia Lima', '5511999990002');
    const gone = await create({ contactId: bia });
    const media = await multipartBody({ files: [{ field: 'file', name: 'cartaz.png', data: png(), type: 'image/png' }] });
    const uploaded = await h.request('POST', `/api/schedules/${gone.id}/media-upload`, { token, body: media.payload, headers: { 'content-type': media.contentType } });
    const [{ media_path: mediaPath }] = (await h.sql`select media_path from campaigns.schedules where id = ${gone.id}`) as unknown as [{ media_path: string }];
    expect(uploaded.status).toBe(200);
    const kept = await create();
    await h.publish('tickets.contact.deleted', C1, { contactId: bia });
    await h.flush();
    expect(await h.sql`select id from campaigns.schedules where id = ${gone.id}`).toHaveLength(0);
    expect(h.events('campaigns.schedule.deleted').map((e) => e.data.scheduleId)).toContain(gone.id);
    expect(await deps.ctx.storage.open(mediaPath)).toBeNull();
    expect(await dispatchDueSchedules(deps)).toBe(1);
    expect(sends.map((s) => s.number)).toEqual(['5511999990001']);
    expect((await row(kept.id)).status).toBe('ENVIADA');
    // Another company's contact of the same id changes nothing here.
    await h.publish('tickets.contact.deleted', 2, { contactId: ana });
    await h.flush();
    expect(await h.sql`select id from campaigns.schedules where id = ${kept.id}`).toHaveLength(1);
  });
});
