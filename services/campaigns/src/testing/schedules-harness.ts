import { drizzle } from 'drizzle-orm/postgres-js';
import { Outbox, answer, createGuards, createUnitOfWork, createUserDirectory, preparedStatements, type Subscription } from '@atende/kit';
import { fullPlan, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import type { CampaignsConfig } from '../config.js';
import { schema } from '../db/schema.js';
import type { CampaignsDeps } from '../deps.js';
import { createCampaignsService } from '../index.js';

export const testConfig: CampaignsConfig = { CAMPAIGN_MEDIA_MAX_BYTES: 256 * 1024, DISPATCH_INTERVAL_MS: 0, TICKETS_TIME_ZONE: 'America/Sao_Paulo' };

/**
 * The campaigns service alone (kit service harness) plus what schedules need of the others: tickets'
 * contacts answered from `contacts`, connections put in the service's projection, connections and
 * queues only their owners know yet (`ownerConnections`, `ownerQueues`: created a moment ago, their
 * events not arrived), and the service's dependencies for driving the dispatcher by hand.
 */
export type SchedulesHarness = ServiceHarness & {
  contacts: Map<number, { companyId: number; name: string; number: string }>;
  /** What channels answers to channels.connection.get: id → company. */
  ownerConnections: Map<number, number>;
  /** What tickets answers to tickets.queue.get: id → company. */
  ownerQueues: Map<number, number>;
  addContact(companyId: number, name: string, number: string): number;
  addConnection(companyId: number, id: number, name?: string): Promise<void>;
  /** A queue in the service's projection of tickets' queues. */
  addQueue(companyId: number, id: number, name?: string): Promise<void>;
  deps(): Promise<CampaignsDeps>;
};

export async function startSchedulesHarness(): Promise<SchedulesHarness> {
  const h = await startServiceHarness({ schema: 'campaigns', create: (ctx) => createCampaignsService(ctx, testConfig) });
  const contacts = new Map<number, { companyId: number; name: string; number: string }>();
  const ownerConnections = new Map<number, number>();
  const ownerQueues = new Map<number, number>();
  let contactSeq = 1000;
  const subscriptions: Subscription[] = [
    await answer(h.bus, 'channels.connection.get', async ({ companyId, connectionId }) =>
      ownerConnections.get(connectionId) === companyId ? { connection: { id: connectionId, name: `Conexão ${connectionId}` } } : null,
    ),
    await answer(h.bus, 'tickets.queue.get', async ({ companyId, queueId }) =>
      ownerQueues.get(queueId) === companyId ? { queue: { id: queueId, name: `Fila ${queueId}`, color: '#5C59A0' } } : null,
    ),
    await answer(h.bus, 'tickets.contact.get', async ({ companyId, contactId }) => {
      const c = contacts.get(contactId);
      return c && c.companyId === companyId ? { contact: { id: contactId, name: c.name, number: c.number } } : null;
    }),
  ];
  let deps: CampaignsDeps | undefined;
  const stop = h.stop;
  return Object.assign(h, {
    contacts,
    ownerConnections,
    ownerQueues,
    addContact(companyId: number, name: string, number: string) {
      const id = ++contactSeq;
      contacts.set(id, { companyId, name, number });
      return id;
    },
    async addConnection(companyId: number, id: number, name = `Conexão ${id}`) {
      await h.sql`insert into campaigns.connections (id, company_id, name, channel, status) values (${id}, ${companyId}, ${name}, 'whatsapp', 'CONNECTED') on conflict (id) do nothing`;
    },
    async addQueue(companyId: number, id: number, name = `Fila ${id}`) {
      await h.sql`insert into campaigns.queues (id, company_id, name) values (${id}, ${companyId}, ${name}) on conflict (id) do nothing`;
    },
    async deps() {
      if (deps) return deps;
      const db = drizzle(preparedStatements(h.sql), { schema });
      const outbox = new Outbox(h.sql, 'campaigns', h.bus, h.ctx.logger);
      const users = await createUserDirectory(h.bus);
      subscriptions.push(...users.subscriptions);
      deps = {
        ctx: h.ctx,
        config: testConfig,
        db,
        unitOfWork: createUnitOfWork(db, outbox),
        guards: createGuards({ verify: h.ctx.verify, companies: h.ctx.companies, users: users.directory }),
        users: users.directory,
      };
      return deps;
    },
    async stop() {
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      await stop();
    },
  });
}

export { fullPlan };
