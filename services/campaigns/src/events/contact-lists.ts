import { consume, type Subscription } from '@atende/kit';
import type { CampaignsDeps } from '../deps.js';
import { connectionsRepository } from '../db/connections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';

const CONSUMER = 'campaigns';

/**
 * Keeps campaigns.connections in step with channels' connections: campaigns and schedules name a
 * connection (whatsappId), which must be one of the company's, and answers show its name. Likewise
 * campaigns.queues with tickets' queues (a campaign's queue name).
 */
export async function contactListEventHandlers(deps: CampaignsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'campaigns', logger: ctx.logger };
  return Promise.all([
    consume(on, 'channels.connection.updated', CONSUMER, async (tx, { connection }) => {
      await connectionsRepository(tx).upsert({
        id: connection.id,
        companyId: connection.companyId,
        name: connection.name.slice(0, 50),
        channel: connection.channel.slice(0, 20),
        status: connection.status.slice(0, 20),
        isDefault: connection.isDefault,
      });
    }),
    consume(on, 'channels.connection.deleted', CONSUMER, async (tx, { connectionId }) => {
      await connectionsRepository(tx).remove(connectionId);
    }),
    // Queue names for the campaigns' answers (spec 002 §3 Campaign "queue").
    consume(on, 'tickets.queue.created', CONSUMER, async (tx, { queue }) => {
      await queuesRepository(tx).upsert({ id: queue.id, companyId: queue.companyId, name: queue.name.slice(0, 255) });
    }),
    consume(on, 'tickets.queue.updated', CONSUMER, async (tx, { queue }) => {
      await queuesRepository(tx).upsert({ id: queue.id, companyId: queue.companyId, name: queue.name.slice(0, 255) });
    }),
    consume(on, 'tickets.queue.deleted', CONSUMER, async (tx, { queueId }) => {
      await queuesRepository(tx).remove(queueId);
    }),
  ]);
}
