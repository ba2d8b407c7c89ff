import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Connection, Queue } from '@atende/kit';
import { makeConnection, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import { connectionOfCompany } from '../db/connections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { schema } from '../db/schema.js';
import { campaignsConfigShape, createCampaignsService } from '../index.js';

/** The projection of channels' connections campaigns and schedules validate their whatsappId against. */
let h: ServiceHarness;
const config = { ...z.object(campaignsConfigShape).parse({}), DISPATCH_INTERVAL_MS: 0 };

const connection = (fields: Partial<Connection> & { id: number; companyId: number }): Connection =>
  makeConnection({ name: `Conexão ${fields.id}`, status: 'DISCONNECTED', number: null, isDefault: false, ...fields });

beforeAll(async () => {
  h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, config) });
});
afterAll(async () => h?.stop());

describe('connections projection', () => {
  it('follows channels.connection.updated and .deleted; connectionOfCompany answers only the company’s own', async () => {
    const db = drizzle(h.sql, { schema });
    await h.publish('channels.connection.updated', 1, { connection: connection({ id: 501, companyId: 1, name: 'Vendas' }) });
    expect(await connectionOfCompany(db, 1, 501)).toEqual({
      id: 501,
      companyId: 1,
      name: 'Vendas',
      channel: 'whatsapp',
      status: 'DISCONNECTED',
      isDefault: false,
    });
    await h.publish('channels.connection.updated', 1, {
      connection: connection({ id: 501, companyId: 1, name: 'Vendas SP', status: 'CONNECTED', isDefault: true }),
    });
    expect(await connectionOfCompany(db, 1, 501)).toMatchObject({ name: 'Vendas SP', status: 'CONNECTED', isDefault: true });
    expect(await connectionOfCompany(db, 2, 501)).toBeNull();
    await h.publish('channels.connection.updated', 2, { connection: connection({ id: 502, companyId: 2, channel: 'instagram' }) });
    expect(await connectionOfCompany(db, 2, 502)).toMatchObject({ channel: 'instagram' });
    await h.publish('channels.connection.deleted', 1, { connectionId: 501 });
    expect(await connectionOfCompany(db, 1, 501)).toBeNull();
    expect(await connectionOfCompany(db, 2, 502)).not.toBeNull();
  });

  it('handles a redelivered event once (same envelope id)', async () => {
    const db = drizzle(h.sql, { schema });
    const first = await h.publish('channels.connection.updated', 3, { connection: connection({ id: 601, companyId: 3, name: 'Primeira' }) });
    await h.publish('channels.connection.updated', 3, { connection: connection({ id: 601, companyId: 3, name: 'Segunda' }) });
    await h.bus.publish(first);
    await h.flush();
    expect((await connectionOfCompany(db, 3, 601))?.name).toBe('Segunda');
  });
});

describe('queues projection', () => {
  const queue = (fields: Partial<Queue> & { id: number; companyId: number }): Queue => ({
    name: `Fila ${fields.id}`,
    color: '#112233',
    greetingMessage: '',
    outOfHoursMessage: '',
    orderQueue: null,
    tempoRoteador: 0,
    ativarRoteador: false,
    integrationId: null,
    fileListId: null,
    closeTicket: false,
    schedules: [],
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...fields,
  });

  it('follows tickets.queue.created, .updated and .deleted, per company', async () => {
    const db = drizzle(h.sql, { schema });
    await h.publish('tickets.queue.created', 1, { queue: queue({ id: 701, companyId: 1, name: 'Vendas' }) });
    expect((await queuesRepository(db).byIds(1, [701])).get(701)?.name).toBe('Vendas');
    await h.publish('tickets.queue.updated', 1, { queue: queue({ id: 701, companyId: 1, name: 'Vendas SP' }) });
    expect((await queuesRepository(db).byIds(1, [701])).get(701)?.name).toBe('Vendas SP');
    expect((await queuesRepository(db).byIds(2, [701])).size).toBe(0);
    await h.publish('tickets.queue.deleted', 1, { queueId: 701 });
    expect((await queuesRepository(db).byIds(1, [701])).size).toBe(0);
  });
});
