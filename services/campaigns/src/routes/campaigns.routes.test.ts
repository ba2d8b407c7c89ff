import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, wallClockOf } from '@atende/kit';
import { fullPlan, multipartBody, png, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import { campaignsConfigShape, createCampaignsService } from '../index.js';
import { connections, contactListItems, contactLists, queues, schema } from '../db/schema.js';

/** Campaigns screens (spec 002 §2, §4, §5, §6, §7). */
let h: ServiceHarness;
const C1 = 1;
const C2 = 2;
const C3 = 3; // a plan without campaigns
const tokens: Record<string, string> = {};
const config = { ...z.object(campaignsConfigShape).parse({}), DISPATCH_INTERVAL_MS: 0 };
let list1: number;
let list2: number;

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const pad = (n: number) => String(n).padStart(2, '0');
/** The companies' wall clock (TICKETS_TIME_ZONE's default), which the server is not on (it runs in UTC in CI). */
const ZONE = config.TICKETS_TIME_ZONE;
/** 'YYYY-MM-DD HH:mm:ss' on the companies' wall clock, as the dialog sends it. */
const localText = (d: Date) => {
  const c = wallClockOf(d, ZONE);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
};
/** What channels and tickets, the owners, answer for connections and queues campaigns' projections do not know yet. */
const ownerConnections = new Map<number, number>();
const ownerQueues = new Map<number, number>();
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000);
const create = async (body: Record<string, unknown> = {}, who = 'admin') => {
  const res = await api(who, 'POST', '/api/campaigns', { name: 'Black Friday', whatsappId: who === 'admin2' ? 20 : 10, contactListId: who === 'admin2' ? list2 : list1, message1: 'Oi {nome}', ...body });
  expect(res.status).toBe(201);
  return res.body;
};
const setStatus = (id: number, status: string) => h.sql`update campaigns.campaigns set status = ${status} where id = ${id}`;

beforeAll(async () => {
  h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, config) });
  await answer(h.bus, 'channels.connection.get', async ({ companyId, connectionId }) =>
    ownerConnections.get(connectionId) === companyId ? { connection: { id: connectionId, name: 'Nova' } } : null,
  );
  await answer(h.bus, 'tickets.queue.get', async ({ companyId, queueId }) => (ownerQueues.get(queueId) === companyId ? { queue: { id: queueId, name: 'Nova fila', color: '#5C59A0' } } : null));
  h.plans.set(C1, fullPlan());
  h.plans.set(C2, fullPlan());
  h.plans.set(C3, { ...fullPlan(), useCampaigns: false });
  tokens.admin = h.signIn({ id: 1, companyId: C1, profile: 'admin' }).token;
  tokens.user = h.signIn({ id: 11, companyId: C1, profile: 'user' }).token;
  tokens.admin2 = h.signIn({ id: 2, companyId: C2, profile: 'admin' }).token;
  tokens.admin3 = h.signIn({ id: 3, companyId: C3, profile: 'admin' }).token;
  h.addUser({ id: 12, companyId: C1, profile: 'user' });
  h.addUser({ id: 22, companyId: C2, profile: 'user' });
  const db = drizzle(h.sql, { schema });
  await db.insert(connections).values([
    { id: 10, companyId: C1, name: 'Vendas', channel: 'whatsapp', status: 'CONNECTED' },
    { id: 20, companyId: C2, name: 'Outra', channel: 'whatsapp', status: 'CONNECTED' },
  ]);
  await db.insert(queues).values([
    { id: 5, companyId: C1, name: 'Vendas' },
    { id: 6, companyId: C2, name: 'Deles' },
  ]);
  const lists = await db.insert(contactLists).values([{ companyId: C1, name: 'Clientes' }, { companyId: C2, name: 'Deles' }]).returning();
  list1 = lists[0]!.id;
  list2 = lists[1]!.id;
  await db.insert(contactListItems).values([
    { companyId: C1, contactListId: list1, name: 'Ana', number: '5511999990001' },
    { companyId: C1, contactListId: list1, name: 'Bia', number: '5511999990002', isWhatsappValid: false },
  ]);
});
afterAll(async () => h?.stop());

describe('campaigns CRUD', () => {
  it('creates an inactive campaign with the defaults and the names of its list and connection', async () => {
    const c = await create({ message2: '', userId: '', queueId: '' });
    expect(c).toMatchObject({
      name: 'Black Friday', status: 'INATIVA', confirmation: false, statusTicket: 'closed', openTicket: 'disabled', companyId: C1,
      message1: 'Oi {nome}', message2: null, userId: null, queueId: null, scheduledAt: null,
      contactList: { id: list1, name: 'Clientes' }, whatsapp: { id: 10, name: 'Vendas' },
    });
    const event = h.events('campaigns.campaign.created').at(-1)!;
    expect(event.companyId).toBe(C1);
    expect(event.data.campaign.id).toBe(c.id);
  });

  it('programs a campaign saved with a schedule, in the dialog format or ISO', async () => {
    const at = inHours(3);
    at.setMilliseconds(0);
    const c = await create({ scheduledAt: localText(at) });
    expect(c.status).toBe('PROGRAMADA');
    expect(new Date(c.scheduledAt).getTime()).toBe(at.getTime());
    const iso = await create({ scheduledAt: at.toISOString() });
    expect(iso.scheduledAt).toBe(at.toISOString());
  });

  it('reads a zone-less scheduledAt on the companies\' wall clock (TICKETS_TIME_ZONE), an ISO one exactly', async () => {
    // 10:00 in São Paulo (UTC-3) is 13:00 UTC, whatever the server's own zone.
    expect((await create({ scheduledAt: '2030-01-01 10:00:00' })).scheduledAt).toBe('2030-01-01T13:00:00.000Z');
    expect((await create({ scheduledAt: '2030-01-01T10:00:00Z' })).scheduledAt).toBe('2030-01-01T10:00:00.000Z');
    expect((await create({ scheduledAt: '2030-01-01T10:00:00-05:00' })).scheduledAt).toBe('2030-01-01T15:00:00.000Z');
  });

  it('lists the company campaigns with search and pages', async () => {
    await create({ name: 'Natal 2026' });
    const res = await api('admin', 'GET', '/api/campaigns?searchParam=natal');
    expect(res.status).toBe(200);
    expect(res.body.records.map((r: { name: string }) => r.name)).toEqual(['Natal 2026']);
    expect(res.body).toMatchObject({ hasMore: false, count: 1 });
    expect(res.body.records[0]).toMatchObject({ contactList: { name: 'Clientes' }, whatsapp: { name: 'Vendas' } });
    const all = await api('admin', 'GET', '/api/campaigns?pageNumber=1');
    expect(all.body.records.length).toBeGreaterThan(1);
    expect((await api('admin', 'GET', '/api/campaigns?pageNumber=99')).body).toMatchObject({ records: [], hasMore: false });
  });

  it('shows one campaign with the report counters', async () => {
    const c = await create();
    const res = await api('admin', 'GET', `/api/campaigns/${c.id}`);
    expect(res.status).toBe(200);
    // Not started yet: the valid contacts are the list's WhatsApp-valid items (Ana; Bia is not valid).
    expect(res.body).toMatchObject({ id: c.id, report: { validContacts: 1, delivered: 0, confirmationRequested: 0, confirmed: 0 }, shipping: [] });
  });

  it('shows the list contacts (isWhatsappValid), the recipients (shipping), the chosen attendant and queue (spec 002 §3)', async () => {
    await h.sql`insert into campaigns.queues (id, company_id, name) values (3, ${C1}, 'Suporte') on conflict (id) do nothing`;
    const c = await create({ openTicket: 'enabled', userId: 12, queueId: 3 });
    expect(c.user).toEqual({ id: 12, name: expect.any(String) });
    expect(c.queue).toEqual({ id: 3, name: 'Suporte' });
    await setStatus(c.id, 'CANCELADA');
    expect((await api('admin', 'POST', `/api/campaigns/${c.id}/restart`)).status).toBe(200);
    const res = await api('admin', 'GET', `/api/campaigns/${c.id}`);
    expect(res.body.contactList).toMatchObject({
      id: list1,
      name: 'Clientes',
      contacts: [
        { name: 'Ana', number: '5511999990001', isWhatsappValid: true },
        { name: 'Bia', number: '5511999990002', isWhatsappValid: false },
      ],
    });
    expect(res.body.shipping).toEqual([
      { id: expect.any(Number), number: '5511999990001', name: 'Ana', confirmation: false, deliveredAt: null, confirmationRequestedAt: null, confirmedAt: null },
    ]);
    expect(res.body.user).toEqual({ id: 12, name: expect.any(String) });
    const listed = (await api('admin', 'GET', '/api/campaigns')).body.records.find((r: { id: number }) => r.id === c.id);
    expect(listed.user).toEqual({ id: 12, name: expect.any(String) });
    expect(listed.queue).toEqual({ id: 3, name: 'Suporte' });
  });

  it('updates, then deletes, announcing each change', async () => {
    const c = await create();
    const res = await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Renomeada', whatsappId: 10, confirmation: true, confirmationMessage1: 'Confirma?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renomeada', confirmation: true, confirmationMessage1: 'Confirma?', contactListId: null });
    expect(h.events('campaigns.campaign.updated').at(-1)!.data.campaign.name).toBe('Renomeada');
    expect((await api('admin', 'DELETE', `/api/campaigns/${c.id}`)).status).toBe(200);
    expect(h.events('campaigns.campaign.deleted').at(-1)!.data.campaignId).toBe(c.id);
    expect((await api('admin', 'GET', `/api/campaigns/${c.id}`)).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
  });
});

describe('validation', () => {
  it('checks the name: required, 2 to 50', async () => {
    const missing = await api('admin', 'POST', '/api/campaigns', { whatsappId: 10 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name', message: 'Required' }] });
    // Blank is absent (the form sends empty strings as null).
    for (const name of ['', '   ', null]) expect((await api('admin', 'POST', '/api/campaigns', { name, whatsappId: 10 })).body.fields).toEqual([{ field: 'name', message: 'Required' }]);
    expect((await api('admin', 'POST', '/api/campaigns', { name: 'a', whatsappId: 10 })).body.fields).toEqual([{ field: 'name', message: 'Too Short!' }]);
    expect((await api('admin', 'POST', '/api/campaigns', { name: 'x'.repeat(51), whatsappId: 10 })).body.fields).toEqual([{ field: 'name', message: 'Too Long!' }]);
  });

  it('requires the connection, and a queue when a user is chosen', async () => {
    // Absent, blank or null: the spec's "The whatsapp connection is required".
    for (const whatsappId of [undefined, '', null]) {
      const noConnection = await api('admin', 'POST', '/api/campaigns', { name: 'Sem conexão', whatsappId });
      expect(noConnection.status).toBe(400);
      expect(noConnection.body.fields).toEqual([{ field: 'whatsappId', message: 'Required' }]);
    }
    expect((await api('admin', 'POST', '/api/campaigns', { name: 'Conexão ruim', whatsappId: 'abc' })).body.fields).toEqual([{ field: 'whatsappId', message: 'must be a number' }]);
    const noQueue = await api('admin', 'POST', '/api/campaigns', { name: 'Sem fila', whatsappId: 10, userId: 12, openTicket: 'enabled' });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields).toEqual([{ field: 'queueId', message: 'Required' }]);
    const ok = await create({ userId: 12, queueId: 5, openTicket: 'enabled', statusTicket: 'open' });
    expect(ok).toMatchObject({ userId: 12, queueId: 5, openTicket: 'enabled', statusTicket: 'open' });
  });

  it('rejects a bad schedule', async () => {
    const res = await api('admin', 'POST', '/api/campaigns', { name: 'Data ruim', whatsappId: 10, scheduledAt: '2026-02-30 10:00:00' });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('scheduledAt');
  });

  it('rejects an impossible date written with a zone too, with the same message (not rolled over to March)', async () => {
    for (const scheduledAt of ['2027-02-30T10:00:00Z', '2027-02-30 10:00:00', '2027-04-31T10:00:00-03:00']) {
      const res = await api('admin', 'POST', '/api/campaigns', { name: 'Feb 30', whatsappId: 10, scheduledAt });
      expect(res.status, scheduledAt).toBe(400);
      expect(res.body.fields, scheduledAt).toEqual([{ field: 'scheduledAt', message: 'must be YYYY-MM-DD HH:mm:ss' }]);
    }
  });

  it('takes ids as numbers (or numeric text), never true or [] read as 1 or 0', async () => {
    for (const contactListId of [true, [], {}]) {
      const res = await api('admin', 'POST', '/api/campaigns', { name: 'fuzz', whatsappId: 10, contactListId });
      expect(res.status, JSON.stringify(contactListId)).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'contactListId', message: 'must be a number' }]);
    }
    expect((await api('admin', 'POST', '/api/campaigns', { name: 'fuzz', whatsappId: true })).body.fields).toEqual([{ field: 'whatsappId', message: 'must be a number' }]);
    expect((await create({ contactListId: String(list1), whatsappId: '10' })).contactListId).toBe(list1);
  });

  it('keeps no user and no queue while openTicket is disabled (spec 002 §5: they are disabled then)', async () => {
    const disabled = await create({ userId: 12, queueId: 5, openTicket: 'disabled' });
    expect(disabled).toMatchObject({ openTicket: 'disabled', userId: null, user: null, queueId: null, queue: null });
    // Left out, openTicket is disabled (the default): a user without a queue is no error then.
    expect(await create({ userId: 12 })).toMatchObject({ openTicket: 'disabled', userId: null, queueId: null });
    const enabled = await create({ userId: 12, queueId: 5, openTicket: 'enabled' });
    expect(enabled).toMatchObject({ userId: 12, queueId: 5 });
    const saved = await api('admin', 'PUT', `/api/campaigns/${enabled.id}`, { name: 'Black Friday', whatsappId: 10, userId: 12, queueId: 5, openTicket: 'disabled' });
    expect(saved.body).toMatchObject({ openTicket: 'disabled', userId: null, queueId: null });
    expect((await api('admin', 'GET', `/api/campaigns/${enabled.id}`)).body).toMatchObject({ userId: null, queueId: null });
  });

  it('deleting a contact list clears it from the campaigns that named it, so their dialog saves again', async () => {
    const temp = await api('admin', 'POST', '/api/contact-lists', { name: 'Temp list' });
    const c = await create({ name: 'Uses temp', contactListId: temp.body.id, message1: 'oi' });
    const other = await create({ name: 'Other list' });
    expect((await api('admin', 'DELETE', `/api/contact-lists/${temp.body.id}`)).status).toBe(200);
    const shown = await api('admin', 'GET', `/api/campaigns/${c.id}`);
    expect(shown.body).toMatchObject({ contactListId: null, contactList: null });
    expect(h.events('campaigns.campaign.updated').some((e) => e.data.campaign.id === c.id && e.data.campaign.contactListId === null)).toBe(true);
    expect((await api('admin', 'GET', `/api/campaigns/${other.id}`)).body.contactListId).toBe(list1);
    const saved = await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Uses temp', whatsappId: 10, contactListId: shown.body.contactListId, message1: 'oi' });
    expect(saved.status).toBe(200);
    // The database keeps no dangling id either (a list removed by any other path).
    const temp2 = await api('admin', 'POST', '/api/contact-lists', { name: 'Temp 2' });
    const c2 = await create({ name: 'Uses temp 2', contactListId: temp2.body.id });
    await h.sql`delete from campaigns.contact_lists where id = ${temp2.body.id}`;
    expect((await api('admin', 'GET', `/api/campaigns/${c2.id}`)).body.contactListId).toBeNull();
  });

  it("refuses another company's connection, contact list and user", async () => {
    const connection = await api('admin', 'POST', '/api/campaigns', { name: 'Conexão alheia', whatsappId: 20 });
    expect(connection.status).toBe(400);
    expect(connection.body.fields[0].field).toBe('whatsappId');
    const contactList = await api('admin', 'POST', '/api/campaigns', { name: 'Lista alheia', whatsappId: 10, contactListId: list2 });
    expect(contactList.body.fields[0].field).toBe('contactListId');
    const user = await api('admin', 'POST', '/api/campaigns', { name: 'Usuário alheio', whatsappId: 10, userId: 22, queueId: 1, openTicket: 'enabled' });
    expect(user.body.fields[0].field).toBe('userId');
  });

  it("refuses another company's queue and one that does not exist, on create and on save", async () => {
    for (const queueId of [6, 999_999]) {
      const res = await api('admin', 'POST', '/api/campaigns', { name: 'Fila alheia', whatsappId: 10, userId: 12, queueId, openTicket: 'enabled' });
      expect(res.status, `queue ${queueId}`).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'queueId', message: 'must be a queue of the company' }] });
    }
    const c = await create();
    const saved = await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Fila alheia', whatsappId: 10, userId: 12, queueId: 6, openTicket: 'enabled' });
    expect(saved.status).toBe(400);
    expect(saved.body.fields).toEqual([{ field: 'queueId', message: 'must be a queue of the company' }]);
    expect((await api('admin', 'GET', `/api/campaigns/${c.id}`)).body.queueId).toBeNull();
  });

  it('accepts a connection and a queue created a moment ago, before their events reach this service', async () => {
    ownerConnections.set(30, C1);
    ownerQueues.set(7, C1);
    const c = await create({ whatsappId: 30, userId: 12, queueId: 7, openTicket: 'enabled' });
    expect(c).toMatchObject({ whatsappId: 30, queueId: 7 });
    // The owner is asked with the caller's company: another company's new records stay refused.
    ownerConnections.set(31, C2);
    ownerQueues.set(8, C2);
    expect((await api('admin', 'POST', '/api/campaigns', { name: 'Conexão nova alheia', whatsappId: 31 })).body.fields).toEqual([
      { field: 'whatsappId', message: 'must be a connection of the company' },
    ]);
    expect((await api('admin', 'POST', '/api/campaigns', { name: 'Fila nova alheia', whatsappId: 10, userId: 12, queueId: 8, openTicket: 'enabled' })).body.fields).toEqual([
      { field: 'queueId', message: 'must be a queue of the company' },
    ]);
  });
});

describe('edit rules (spec 002 §4)', () => {
  it('edits a PROGRAMADA campaign only more than one hour ahead', async () => {
    const far = await create({ scheduledAt: localText(inHours(5)) });
    expect((await api('admin', 'PUT', `/api/campaigns/${far.id}`, { name: 'Ainda dá', whatsappId: 10, scheduledAt: localText(inHours(5)) })).status).toBe(200);
    const near = await create({ scheduledAt: localText(inHours(0.5)) });
    const res = await api('admin', 'PUT', `/api/campaigns/${near.id}`, { name: 'Tarde demais', whatsappId: 10 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  });

  it('refuses running and finished campaigns but lets a cancelled one be saved', async () => {
    const c = await create();
    await setStatus(c.id, 'EM_ANDAMENTO');
    expect((await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Rodando', whatsappId: 10 })).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    await setStatus(c.id, 'FINALIZADA');
    expect((await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Acabou', whatsappId: 10 })).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    await setStatus(c.id, 'CANCELADA');
    const saved = await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Cancelada salva', whatsappId: 10 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Cancelada salva', status: 'CANCELADA' });
  });

  it('keeps a cancelled campaign CANCELADA when saved, with or without a schedule, so it can still be restarted', async () => {
    const c = await create();
    await setStatus(c.id, 'EM_ANDAMENTO');
    expect((await api('admin', 'POST', `/api/campaigns/${c.id}/cancel`)).body.status).toBe('CANCELADA');
    const saved = await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Editada', whatsappId: 10, contactListId: list1, message1: 'Oi {nome}', confirmation: true, confirmationMessage1: 'Confirma?' });
    expect(saved.body).toMatchObject({ name: 'Editada', status: 'CANCELADA' });
    const scheduled = await api('admin', 'PUT', `/api/campaigns/${c.id}`, { name: 'Editada', whatsappId: 10, contactListId: list1, scheduledAt: localText(inHours(5)) });
    expect(scheduled.body.status).toBe('CANCELADA');
    const restarted = await api('admin', 'POST', `/api/campaigns/${c.id}/restart`);
    expect(restarted.status).toBe(200);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
  });

  it('refuses to restart a campaign whose connection was deleted since (400 on whatsappId), leaving it cancelled', async () => {
    await h.sql`insert into campaigns.connections (id, company_id, name, channel, status) values (11, ${C1}, 'Apagada depois', 'whatsapp', 'CONNECTED') on conflict (id) do nothing`;
    const c = await create({ whatsappId: 11 });
    await setStatus(c.id, 'CANCELADA');
    await h.publish('channels.connection.deleted', C1, { connectionId: 11 });
    const res = await api('admin', 'POST', `/api/campaigns/${c.id}/restart`);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'whatsappId', message: 'must be a connection of the company' }]);
    expect((await api('admin', 'GET', `/api/campaigns/${c.id}`)).body.status).toBe('CANCELADA');
  });

  it('cancels only a running campaign (spec 002 §4): a programmed, inactive or finished one answers 409', async () => {
    for (const status of ['PROGRAMADA', 'INATIVA', 'FINALIZADA', 'CANCELADA']) {
      const c = await create({ scheduledAt: localText(inHours(2)) });
      await setStatus(c.id, status);
      const res = await api('admin', 'POST', `/api/campaigns/${c.id}/cancel`);
      expect(res.status, status).toBe(409);
      expect(res.body).toMatchObject({ error: 'ERR_CAMPAIGN_INVALID_ACTION', message: `Cannot cancel a campaign that is ${status}` });
      expect((await api('admin', 'GET', `/api/campaigns/${c.id}`)).body.status).toBe(status);
    }
  });

  it('cancels a running campaign and restarts a cancelled one', async () => {
    const c = await create({ scheduledAt: localText(inHours(2)) });
    await setStatus(c.id, 'EM_ANDAMENTO');
    const cancelled = await api('admin', 'POST', `/api/campaigns/${c.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    expect(h.events('campaigns.campaign.updated').at(-1)!.data.campaign.status).toBe('CANCELADA');
    expect((await api('admin', 'POST', `/api/campaigns/${c.id}/cancel`)).body.error).toBe('ERR_CAMPAIGN_INVALID_ACTION');
    const restarted = await api('admin', 'POST', `/api/campaigns/${c.id}/restart`);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    // Cancelled before its recipients were prepared: restarting prepares them (the valid item only).
    expect((await api('admin', 'GET', `/api/campaigns/${c.id}`)).body.report.validContacts).toBe(1);
    expect((await api('admin', 'POST', `/api/campaigns/${c.id}/restart`)).status).toBe(409);
    const inactive = await create();
    expect((await api('admin', 'POST', `/api/campaigns/${inactive.id}/cancel`)).body.error).toBe('ERR_CAMPAIGN_INVALID_ACTION');
  });
});

describe('attachment', () => {
  const upload = async (who: string, id: number, file: { name: string; data: Buffer } | null) => {
    const { payload, contentType } = await multipartBody({ files: file ? [{ field: 'file', ...file }] : [] });
    const res = await h.request('POST', `/api/campaigns/${id}/media-upload`, { token: tokens[who], body: payload, headers: { 'content-type': contentType } });
    await h.flush();
    return res;
  };

  it('attaches a file, serves it by a signed link and removes it', async () => {
    const c = await create();
    const res = await upload('admin', c.id, { name: 'promo.png', data: png() });
    expect(res.status).toBe(200);
    expect(res.body.mediaName).toBe('promo.png');
    const path = res.body.mediaPath.replace(/^https?:\/\/[^/]+/, '');
    const file = await h.request('GET', path, { token: tokens.user });
    expect(file.status).toBe(200);
    expect((await h.request('GET', path)).status).toBe(401);
    expect((await h.request('GET', path, { token: tokens.admin2 })).status).toBe(403);
    const removed = await api('admin', 'DELETE', `/api/campaigns/${c.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it('requires a file of an accepted type, on an editable campaign', async () => {
    const c = await create();
    const none = await upload('admin', c.id, null);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ field: 'file', message: 'Required' }]);
    expect((await upload('admin', c.id, { name: 'x.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]) })).status).toBe(415);
    await setStatus(c.id, 'EM_ANDAMENTO');
    expect((await upload('admin', c.id, { name: 'promo.png', data: png() })).body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
  });
});

describe('permissions and isolation', () => {
  it('is for admins only', async () => {
    expect((await api('user', 'GET', '/api/campaigns')).status).toBe(403);
    expect((await api('user', 'POST', '/api/campaigns', { name: 'Não pode', whatsappId: 10 })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await h.request('GET', '/api/campaigns')).status).toBe(401);
  });

  it('needs the useCampaigns plan flag', async () => {
    const res = await api('admin3', 'GET', '/api/campaigns');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });

  it("answers 404 for another company's campaign on every route", async () => {
    const theirs = await create({}, 'admin2');
    const path = `/api/campaigns/${theirs.id}`;
    for (const [method, url, body] of [
      ['GET', path],
      ['PUT', path, { name: 'Invasão', whatsappId: 10 }],
      ['DELETE', path],
      ['POST', `${path}/cancel`],
      ['POST', `${path}/restart`],
      ['DELETE', `${path}/media-upload`],
    ] as const) {
      const res = await api('admin', method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
    }
    const mine = await api('admin', 'GET', '/api/campaigns?searchParam=Black');
    expect(mine.body.records.every((r: { companyId: number }) => r.companyId === C1)).toBe(true);
    expect((await api('admin2', 'GET', path)).status).toBe(200);
  });
});
