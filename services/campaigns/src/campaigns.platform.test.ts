import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';

/**
 * Campaigns and schedules inside the whole platform (the cluster path on CI): what they name is checked
 * against the owners (channels' connections, tickets' queues) even before the projections hear of it
 * (audit engage F2), and a zone-less time is the companies' wall clock (TICKETS_TIME_ZONE, F4).
 */
let platform: TestPlatform;
let company: Awaited<ReturnType<TestPlatform['createCompany']>>;
let other: Awaited<ReturnType<TestPlatform['createCompany']>>;
let sql: postgres.Sql;

const as = (token: string) => ({
  post: (url: string, body: unknown) => platform.request('POST', url, { token, body }),
});

beforeAll(async () => {
  platform = await startTestPlatform({ env: { CHANNELS_RUN_SESSIONS: 'false', TICKETS_TIME_ZONE: 'America/Sao_Paulo' } });
  sql = postgres(platform.databaseUrl, { max: 1, onnotice: () => undefined });
  company = await platform.createCompany();
  other = await platform.createCompany();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await platform?.stop();
});

describe('campaigns in the platform', () => {
  it('accepts a connection and a queue the projections do not know yet, asking channels and tickets', async () => {
    const admin = as(company.admin.token);
    const connection = await admin.post('/api/whatsapp', { name: 'Recém-criada' });
    expect(connection.status).toBe(201);
    const queue = await admin.post('/api/queue', { name: 'Fila nova', color: '#123456', greetingMessage: 'Olá' });
    expect(queue.status).toBe(201);
    const contact = await admin.post('/api/contacts', { name: 'Maria Souza', number: '5511988887777' });
    expect(contact.status).toBe(201);
    // The projections lag behind the owners: forget what they heard, as if the events had not arrived yet.
    await eventually(async () => (await sql`select 1 from campaigns.connections where id = ${connection.body.id}`).length > 0);
    await eventually(async () => (await sql`select 1 from campaigns.queues where id = ${queue.body.id}`).length > 0);
    await eventually(async () => (await sql`select 1 from channels.queues where id = ${queue.body.id}`).length > 0);
    await sql`delete from campaigns.connections where id = ${connection.body.id}`;
    await sql`delete from campaigns.queues where id = ${queue.body.id}`;
    await sql`delete from channels.queues where id = ${queue.body.id}`;

    const campaign = await admin.post('/api/campaigns', {
      name: 'Corrida', whatsappId: connection.body.id, userId: company.admin.user.id, queueId: queue.body.id, openTicket: 'enabled',
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expect(campaign.body).toMatchObject({ whatsappId: connection.body.id, queueId: queue.body.id });

    const schedule = await admin.post('/api/schedules', {
      body: 'Lembrete da consulta', contactId: contact.body.id, sendAt: '2030-05-06 14:30', whatsappId: connection.body.id, queueId: queue.body.id,
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    // 14:30 on the companies' clock (São Paulo, UTC-3).
    expect(schedule.body.sendAt).toBe('2030-05-06T17:30:00.000Z');

    const prompt = await admin.post('/api/prompt', { name: 'Assistente', prompt: 'Você atende a clínica.', apiKey: 'sk-test-1234567890', queueId: queue.body.id });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
    expect(prompt.body.queue).toEqual({ id: queue.body.id, name: 'Fila nova' });

    // Another company asking for them is refused all the same.
    const outsider = as(other.admin.token);
    const theirs = await outsider.post('/api/campaigns', { name: 'Alheia', whatsappId: connection.body.id });
    expect(theirs.status).toBe(400);
    expect(theirs.body.fields).toEqual([{ field: 'whatsappId', message: 'must be a connection of the company' }]);
    const theirQueue = await outsider.post('/api/prompt', { name: 'Alheio', prompt: 'x', apiKey: 'k', queueId: queue.body.id });
    expect(theirQueue.status).toBe(400);
    expect(theirQueue.body.fields).toEqual([{ field: 'queueId', message: 'Informe o setor' }]);
  });

  it("stores a campaign's zone-less scheduledAt on the companies' clock", async () => {
    const admin = as(company.admin.token);
    const connection = await admin.post('/api/whatsapp', { name: 'Relógio' });
    const campaign = await admin.post('/api/campaigns', { name: 'Relógio', whatsappId: connection.body.id, scheduledAt: '2030-01-01 10:00:00' });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    expect(campaign.body).toMatchObject({ status: 'PROGRAMADA', scheduledAt: '2030-01-01T13:00:00.000Z' });
  });
});
