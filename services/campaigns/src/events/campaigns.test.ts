import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, Outbox, answer, createGuards, createUnitOfWork, createUserDirectory, emissionsFor, instantOfWallClock, wallClockOf, type RequestOf } from '@atende/kit';
import { fullPlan, multipartBody, png, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import { campaignsConfigShape, createCampaignsService } from '../index.js';
import type { CampaignsDeps } from '../deps.js';
import { saveCampaignSettings } from '../db/campaign-settings.repository.js';
import { campaignShipping, connections, contactListItems, contactLists, schema } from '../db/schema.js';
import { createCampaignRunner, type CampaignRunner } from '../domain/campaign-runner.js';
import { campaignWorker } from './campaigns.js';

/** The campaign runner (spec 002 §4, campaign settings): pace, cancel/restart, finish, confirmation. */
let h: ServiceHarness;
let runner: CampaignRunner;
let db: CampaignsDeps['db'];
let deps: CampaignsDeps;
let outbox: Outbox;
const C1 = 1;
const config = { ...z.object(campaignsConfigShape).parse({}), DISPATCH_INTERVAL_MS: 0 };
const sent: RequestOf<'tickets.api.send'>[] = [];
const failing = new Set<string>();
/** Connections whose sends take a while (a send still in flight when another runner looks). */
const slow = new Set<number>();
let token: string;

// Times on the companies' wall clock (TICKETS_TIME_ZONE, São Paulo: UTC-3; the server runs in UTC); 2026-12-01 is a Tuesday.
const ZONE = config.TICKETS_TIME_ZONE;
const at = (day: number, h = 10, m = 0, s = 0) => instantOfWallClock({ year: 2026, month: 12, day, hour: h, minute: m, second: s }, ZONE);
const plus = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);
const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:00' on the companies' wall clock, as the dialog sends it. */
const localText = (d: Date) => {
  const c = wallClockOf(d, ZONE);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:00`;
};
/** The digits of item i of the connection's list (the list holds it as '55 11 9<connection>0000<i>'). */
const numberOf = (connectionId: number, i: number) => `55119${connectionId}0000${i}`;
const sentOn = (connectionId: number) => sent.filter((r) => r.connectionId === connectionId);

const api = async <T = any>(method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token, body });
  await h.flush();
  return res;
};

/** A connection of its own and a list of `names` (numbers 55119000000<i>), plus one item not on WhatsApp. */
const setup = async (connectionId: number, names: string[]) => {
  await db.insert(connections).values({ id: connectionId, companyId: C1, name: `Conexão ${connectionId}`, channel: 'whatsapp', status: 'CONNECTED' });
  const [list] = await db.insert(contactLists).values({ companyId: C1, name: `Lista ${connectionId}` }).returning();
  await db.insert(contactListItems).values([
    ...names.map((name, i) => ({ companyId: C1, contactListId: list!.id, name, number: `55 11 9${connectionId}0000${i}`, email: `${name.toLowerCase()}@x.io` })),
    { companyId: C1, contactListId: list!.id, name: 'Fixo', number: `551130${connectionId}0000`, isWhatsappValid: false },
  ]);
  return list!.id;
};
const createCampaign = async (body: Record<string, unknown>) => {
  const res = await api('POST', '/api/campaigns', body);
  expect(res.status).toBe(201);
  return res.body as { id: number };
};
const show = async (id: number) => (await api('GET', `/api/campaigns/${id}`)).body;
const shipments = (campaignId: number) => db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, campaignId)).orderBy(asc(campaignShipping.id));

beforeAll(async () => {
  h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, config) });
  h.plans.set(C1, fullPlan());
  token = h.signIn({ id: 1, companyId: C1, profile: 'admin' }).token;
  db = drizzle(h.sql, { schema });
  const users = await createUserDirectory(h.bus);
  // The runner's own outbox, started so its events go out at commit as the service's do.
  outbox = new Outbox(h.sql, 'campaigns', h.bus, h.ctx.logger);
  outbox.start();
  deps = {
    ctx: h.ctx,
    config,
    db,
    unitOfWork: createUnitOfWork(db, outbox),
    guards: createGuards({ verify: h.ctx.verify }),
    users: users.directory,
  };
  runner = createCampaignRunner(deps);
  // Tickets, faked: records each send; some numbers fail.
  await answer(h.bus, 'tickets.api.send', async (request) => {
    sent.push(request);
    if (slow.has(request.connectionId)) await new Promise((r) => setTimeout(r, 300));
    if (failing.has(request.number)) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
    return { ticketId: sent.length, ticketUuid: `t${sent.length}`, contactId: sent.length, messageIds: [sent.length] };
  });
  // Tickets' tags, faked: tag 7 of company 1 carries two contacts (one also on a list below); tag 8 is another company's.
  await answer(h.bus, 'tickets.contacts.tagged', async ({ companyId, tagId }) =>
    companyId === C1 && tagId === 7
      ? { contacts: [{ name: 'Nina', number: '5511970000001', email: 'nina@x.io' }, { name: 'Outra Ana', number: numberOf(18, 0), email: '' }] }
      : null,
  );
  await saveCampaignSettings(db, C1, {
    messageInterval: 30, longerIntervalAfter: 2, greaterInterval: 120, startHour: '08:00', endHour: '18:00', sabado: false, domingo: false,
    variables: [{ key: 'cupom', value: 'NATAL10' }],
  });
});
afterAll(async () => {
  await outbox?.stop();
  await h?.stop();
});

describe('campaign runner', () => {
  it('starts when due and sends each valid item once, in order, at the pace of the settings, then finishes', async () => {
    const listId = await setup(10, ['Ana', 'Bia', 'Caio']);
    const start = at(1, 10);
    const c = await createCampaign({ name: 'Ritmo', whatsappId: 10, contactListId: listId, message1: 'Oi {nome}, use {cupom}', message2: 'Olá {name} ({numero}, {email})', scheduledAt: localText(start) });

    expect(await runner.activateDue(plus(start, -60))).toBe(0);
    expect(await runner.activateDue(start)).toBe(1);
    expect((await show(c.id)).status).toBe('EM_ANDAMENTO');
    expect(h.events('campaigns.campaign.updated').at(-1)!.data.campaign.status).toBe('EM_ANDAMENTO');
    expect((await show(c.id)).report.validContacts).toBe(3);

    await runner.dispatch(start);
    await runner.dispatch(plus(start, 10)); // too soon: messageInterval is 30 s
    expect(sentOn(10).map((r) => r.body)).toEqual(['Oi Ana, use NATAL10']);
    await runner.dispatch(plus(start, 30));
    await runner.dispatch(plus(start, 60)); // after 2 messages the longer pause (120 s) applies
    expect(sentOn(10)).toHaveLength(2);
    await runner.dispatch(plus(start, 150));
    expect(sentOn(10).map((r) => [r.number, r.body])).toEqual([
      [numberOf(10, 0), 'Oi Ana, use NATAL10'],
      [numberOf(10, 1), `Olá Bia (${numberOf(10, 1)}, bia@x.io)`],
      [numberOf(10, 2), 'Oi Caio, use NATAL10'],
    ]);
    expect(sentOn(10)[0]).toMatchObject({ companyId: C1, connectionId: 10, sendSignature: false, closeTicket: true, closeOnlyOpened: true, contactName: 'Ana', userId: null, medias: [] });

    // Finished with its last message (the same pass looks at it again and finds nothing left).
    await runner.dispatch(plus(start, 1000));
    const done = await show(c.id);
    expect(done.status).toBe('FINALIZADA');
    expect(done.completedAt).toBe(plus(start, 150).toISOString());
    expect(done.report).toMatchObject({ validContacts: 3, delivered: 3 });
    expect(h.events('campaigns.campaign.updated').at(-1)!.data.campaign.status).toBe('FINALIZADA');
    expect(sentOn(10)).toHaveLength(3);
  });

  it('waits while its connection is down, then goes on at its pace; a connection that is gone fails the sends', async () => {
    const listId = await setup(27, ['Ana', 'Bia']);
    const start = at(3, 10);
    await db.update(connections).set({ status: 'DISCONNECTED' }).where(eq(connections.id, 27));
    const c = await createCampaign({ name: 'Sem conexão', whatsappId: 27, contactListId: listId, message1: 'Oi {nome}', scheduledAt: localText(start) });
    await runner.activateDue(start);
    for (const later of [0, 60, 600]) await runner.dispatch(plus(start, later));
    expect(sentOn(27)).toEqual([]);
    expect(await show(c.id)).toMatchObject({ status: 'EM_ANDAMENTO', report: { validContacts: 2, delivered: 0 } });
    expect((await shipments(c.id)).map((s) => s.jobStatus)).toEqual(['pending', 'pending']);

    // Back: one message, then the next only after the pace's interval (nothing piled up meanwhile).
    await db.update(connections).set({ status: 'CONNECTED' }).where(eq(connections.id, 27));
    await runner.dispatch(plus(start, 700));
    await runner.dispatch(plus(start, 710));
    expect(sentOn(27).map((r) => r.body)).toEqual(['Oi Ana']);
    await runner.dispatch(plus(start, 730));
    await runner.dispatch(plus(start, 2000));
    expect(sentOn(27).map((r) => r.body)).toEqual(['Oi Ana', 'Oi Bia']);
    expect((await show(c.id)).status).toBe('FINALIZADA');

    // A connection deleted meanwhile (no longer known here): the sends are tried, and fail with the desk's answer.
    const other = await setup(28, ['Caio']);
    const gone = await createCampaign({ name: 'Conexão excluída', whatsappId: 28, contactListId: other, message1: 'Oi {nome}', scheduledAt: localText(start) });
    await runner.activateDue(start);
    await db.delete(connections).where(eq(connections.id, 28));
    failing.add(numberOf(28, 0));
    await runner.dispatch(plus(start, 3000));
    expect((await shipments(gone.id)).map((s) => s.jobStatus)).toEqual(['failed']);
  });

  it('never sends the same message twice when runners race', async () => {
    const listId = await setup(11, ['Duda']);
    const start = at(2, 10);
    const c = await createCampaign({ name: 'Corrida', whatsappId: 11, contactListId: listId, message1: 'Uma vez', scheduledAt: localText(start) });
    await runner.activateDue(start);
    slow.add(11);
    const first = runner.dispatch(start);
    await new Promise((r) => setTimeout(r, 100));
    // Another replica looks while the first send is still in flight, long after the interval.
    await Promise.all([runner.dispatch(start), runner.dispatch(plus(start, 60)), runner.tick(plus(start, 60))]);
    await first;
    await runner.dispatch(plus(start, 600));
    expect(sentOn(11).map((r) => r.body)).toEqual(['Uma vez']);
    expect((await show(c.id)).status).toBe('FINALIZADA');
  });

  it('sends only inside the hours and on the days allowed', async () => {
    const listId = await setup(12, ['Eva']);
    const saturday = at(5, 10);
    const c = await createCampaign({ name: 'Fim de semana', whatsappId: 12, contactListId: listId, message1: 'Oi', scheduledAt: localText(saturday) });
    await runner.activateDue(saturday);
    await runner.dispatch(saturday);
    await runner.dispatch(at(7, 7, 59));
    expect(sentOn(12)).toHaveLength(0);
    await runner.dispatch(at(7, 8));
    expect(sentOn(12)).toHaveLength(1);
    await runner.dispatch(at(7, 9));
    expect((await show(c.id)).status).toBe('FINALIZADA');
  });

  it("reads the window and the weekend on the companies' clock (TICKETS_TIME_ZONE), not the server's", async () => {
    const listId = await setup(19, ['Olga', 'Pedro']);
    // Friday 17:30 in São Paulo is 20:30 UTC, a Friday: inside 08:00–18:00 there, outside it in UTC.
    const friday = new Date('2026-12-04T20:30:00Z');
    const c = await createCampaign({ name: 'Relógio', whatsappId: 19, contactListId: listId, message1: 'Oi {nome}', scheduledAt: '2026-12-04 17:30:00' });
    expect((await show(c.id)).scheduledAt).toBe(friday.toISOString());
    await runner.activateDue(friday);
    await runner.dispatch(friday);
    expect(sentOn(19).map((r) => r.body)).toEqual(['Oi Olga']);
    // Monday 07:30 there (10:30 UTC): not yet; 08:00 there (11:00 UTC): sent.
    await runner.dispatch(new Date('2026-12-07T10:30:00Z'));
    expect(sentOn(19)).toHaveLength(1);
    await runner.dispatch(new Date('2026-12-07T11:00:00Z'));
    expect(sentOn(19).map((r) => r.body)).toEqual(['Oi Olga', 'Oi Pedro']);
  });

  it('stops when cancelled and resumes on restart with what was not delivered', async () => {
    const listId = await setup(13, ['Fabi', 'Gil', 'Hugo']);
    const start = at(8, 10);
    const c = await createCampaign({ name: 'Pausa', whatsappId: 13, contactListId: listId, message1: 'Oi {nome}', scheduledAt: localText(start) });
    await runner.activateDue(start);
    await runner.dispatch(start);
    expect((await api('POST', `/api/campaigns/${c.id}/cancel`)).body.status).toBe('CANCELADA');
    await runner.dispatch(plus(start, 60));
    await runner.dispatch(plus(start, 600));
    expect(sentOn(13).map((r) => r.body)).toEqual(['Oi Fabi']);
    expect((await show(c.id)).status).toBe('CANCELADA');

    expect((await api('POST', `/api/campaigns/${c.id}/restart`)).body.status).toBe('EM_ANDAMENTO');
    await runner.dispatch(plus(start, 700));
    await runner.dispatch(plus(start, 800));
    await runner.dispatch(plus(start, 1000));
    expect(sentOn(13).map((r) => r.body)).toEqual(['Oi Fabi', 'Oi Gil', 'Oi Hugo']);
    await runner.dispatch(plus(start, 1100));
    expect((await show(c.id)).status).toBe('FINALIZADA');
  });

  it('records a failed send and goes on with the others', async () => {
    const listId = await setup(14, ['Ivo', 'Jo']);
    failing.add(numberOf(14, 0));
    const start = at(9, 10);
    const c = await createCampaign({ name: 'Falha', whatsappId: 14, contactListId: listId, message1: 'Oi {nome}', scheduledAt: localText(start) });
    await runner.activateDue(start);
    await runner.dispatch(start);
    await runner.dispatch(plus(start, 30));
    await runner.dispatch(plus(start, 300));
    const rows = await shipments(c.id);
    expect(rows.map((r) => r.jobStatus)).toEqual(['failed', 'delivered']);
    expect(rows[0]!.error).toContain('Connection not found');
    expect(sentOn(14)).toHaveLength(2);
    expect((await show(c.id)).status).toBe('FINALIZADA');
  });

  it('asks for confirmation first and sends the campaign message once the contact replies', async () => {
    const listId = await setup(15, ['Kai', 'Lia']);
    const start = at(10, 10);
    const c = await createCampaign({
      name: 'Confirmação', whatsappId: 15, contactListId: listId, confirmation: true, openTicket: 'enabled', statusTicket: 'open',
      message1: 'Promo para {nome}', confirmationMessage1: 'Posso enviar, {nome}?', scheduledAt: localText(start),
    });
    await runner.activateDue(start);
    await runner.dispatch(start);
    await runner.dispatch(plus(start, 30));
    expect(sentOn(15).map((r) => r.body)).toEqual(['Posso enviar, Kai?', 'Posso enviar, Lia?']);
    expect(sentOn(15)[0]!.closeTicket).toBe(false);
    expect((await show(c.id)).report).toMatchObject({ confirmationRequested: 2, confirmed: 0, delivered: 0 });

    const reply = (number: string, over: Record<string, unknown> = {}) =>
      h.publish('channels.message.received', C1, {
        connectionId: 15, channel: 'whatsapp', contact: { number, name: 'X', pictureUrl: null, lid: null, remoteJid: null }, isGroup: false, group: null,
        wid: `w${Math.random()}`, fromMe: false, body: 'sim', media: null, quotedWid: null, timestamp: 1, ...over,
      });
    await reply(numberOf(15, 0), { fromMe: true }); // our own message is no reply
    await reply(numberOf(15, 0), { connectionId: 10 }); // another connection
    await reply(numberOf(15, 0), { imported: { queueId: null, closed: false } }); // a message of an imported history
    await reply(numberOf(15, 1));
    await runner.tick(plus(start, 40));
    expect(sentOn(15).map((r) => r.body)).toEqual(['Posso enviar, Kai?', 'Posso enviar, Lia?', 'Promo para Lia']);
    expect((await show(c.id)).report).toMatchObject({ confirmationRequested: 2, confirmed: 1, delivered: 1 });
    // A second reply changes nothing.
    await reply(numberOf(15, 1));
    await runner.tick(plus(start, 50));
    expect(sentOn(15)).toHaveLength(3);
    // Kai has not answered yet: the campaign is still running (and can be stopped), not finished.
    await runner.tick(plus(start, 600));
    expect((await show(c.id)).status).toBe('EM_ANDAMENTO');
    await reply(numberOf(15, 0));
    await runner.tick(plus(start, 700));
    expect(sentOn(15).map((r) => r.body).at(-1)).toBe('Promo para Kai');
    await runner.tick(plus(start, 710));
    expect(await show(c.id)).toMatchObject({ status: 'FINALIZADA', report: { confirmationRequested: 2, confirmed: 2, delivered: 2 } });
  });

  it('a campaign waiting for confirmations can be cancelled; replies to it then get nothing', async () => {
    const listId = await setup(22, ['Ivo']);
    const start = at(14, 10);
    const c = await createCampaign({
      name: 'Confirmar e parar', whatsappId: 22, contactListId: listId, confirmation: true,
      message1: 'Promo para {nome}', confirmationMessage1: 'Posso enviar, {nome}?', scheduledAt: localText(start),
    });
    await runner.activateDue(start);
    await runner.tick(start);
    await runner.tick(plus(start, 600));
    expect((await show(c.id)).status).toBe('EM_ANDAMENTO');
    expect((await api('POST', `/api/campaigns/${c.id}/cancel`)).status).toBe(200);
    await h.publish('channels.message.received', C1, {
      connectionId: 22, channel: 'whatsapp', contact: { number: numberOf(22, 0), name: 'Ivo', pictureUrl: null, lid: null, remoteJid: null }, isGroup: false, group: null,
      wid: `w${Math.random()}`, fromMe: false, body: 'sim', media: null, quotedWid: null, timestamp: 1,
    });
    await runner.tick(plus(start, 700));
    expect(sentOn(22).map((r) => r.body)).toEqual(['Posso enviar, Ivo?']);
    expect((await show(c.id)).status).toBe('CANCELADA');
  });

  it('with no interval ("0 sem intervalo") sends to everyone in one pass, still inside the window', async () => {
    await saveCampaignSettings(db, C1, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, startHour: '08:00', endHour: '18:00', sabado: false, domingo: false, variables: [] });
    try {
      const listId = await setup(23, ['Ada', 'Bel', 'Cid', 'Duda']);
      const start = at(15, 10);
      const c = await createCampaign({ name: 'Sem intervalo', whatsappId: 23, contactListId: listId, message1: 'Oi {nome}', scheduledAt: localText(start) });
      await runner.activateDue(start);
      await runner.dispatch(start);
      expect(sentOn(23).map((r) => r.body)).toEqual(['Oi Ada', 'Oi Bel', 'Oi Cid', 'Oi Duda']);
      expect((await show(c.id)).status).toBe('FINALIZADA');
    } finally {
      await saveCampaignSettings(db, C1, {
        messageInterval: 30, longerIntervalAfter: 2, greaterInterval: 120, startHour: '08:00', endHour: '18:00', sabado: false, domingo: false,
        variables: [{ key: 'cupom', value: 'NATAL10' }],
      });
    }
  });

  it('sends the attachment with the campaign message', async () => {
    const listId = await setup(16, ['Mia']);
    const start = at(11, 10);
    const c = await createCampaign({ name: 'Anexo', whatsappId: 16, contactListId: listId, message1: 'Veja', scheduledAt: localText(start) });
    const { payload, contentType } = await multipartBody({ files: [{ field: 'file', name: 'promo.png', data: png() }] });
    expect((await h.request('POST', `/api/campaigns/${c.id}/media-upload`, { token, body: payload, headers: { 'content-type': contentType } })).status).toBe(200);
    await runner.activateDue(start);
    await runner.dispatch(start);
    expect(sentOn(16)[0]!.medias).toEqual([{ mediaType: 'image', key: expect.stringMatching(/^company1\/campaigns\/.+\.png$/), mimetype: 'image/png', filename: 'promo.png', size: null }]);
  });

  it('tells only the admins of the company (company-{id}-campaign)', async () => {
    const event = h.events('campaigns.campaign.updated').at(-1)!;
    expect(emissionsFor(event.type, event)).toEqual([
      { event: 'company-{companyId}-campaign', payload: { action: 'update', record: event.data.campaign }, audience: { to: 'admins' } },
    ]);
    expect(emissionsFor('campaigns.campaign.deleted', { companyId: C1, data: { campaignId: 9 } })[0]!.payload).toEqual({ action: 'delete', id: 9 });
  });

  it('the worker runs the passes by itself every DISPATCH_INTERVAL_MS', async () => {
    const listId = await setup(17, ['Noé']);
    const c = await createCampaign({ name: 'Sozinho', whatsappId: 17, contactListId: listId, message1: 'Oi', scheduledAt: localText(new Date(Date.now() - 60_000)) });
    // An all-day window every day, so the pass made now may send.
    await saveCampaignSettings(db, C1, { startHour: '00:00', endHour: '00:00', sabado: true, domingo: true });
    const worker = campaignWorker({ ...deps, config: { ...config, DISPATCH_INTERVAL_MS: 20 } });
    worker.start();
    try {
      for (let i = 0; i < 200 && sentOn(17).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await worker.stop();
    }
    expect(sentOn(17).map((r) => r.body)).toEqual(['Oi']);
    expect((await show(c.id)).status).not.toBe('PROGRAMADA');
  });

  it("writes to the contacts of its tags list too, once per number, and refuses another company's tag", async () => {
    const listId = await setup(18, ['Ana']);
    expect((await api('POST', '/api/campaigns', { name: 'Etiqueta alheia', whatsappId: 18, tagListId: 8, message1: 'Oi' })).status).toBe(400);
    const start = at(14, 10);
    const c = await createCampaign({ name: 'Etiqueta', whatsappId: 18, contactListId: listId, tagListId: 7, message1: 'Oi {nome}', scheduledAt: localText(start) });
    await runner.activateDue(start);
    const rows = await shipments(c.id);
    expect(rows.map((r) => [r.number, r.name, r.contactListItemId === null])).toEqual([
      [numberOf(18, 0), 'Ana', false],
      ['5511970000001', 'Nina', true],
    ]);
    await runner.dispatch(start);
    await runner.dispatch(plus(start, 30));
    expect(sentOn(18).map((r) => r.body)).toEqual(['Oi Ana', 'Oi Nina']);
  });
});
