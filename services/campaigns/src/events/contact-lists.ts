import { consume, type Subscription } from '@atende/kit';
import type { CampaignsDeps } from '../deps.js';
import { connectionsRepository } from '../db/connections.repository.js';

const CONSUMER = 'campaigns';

/**
 * Keeps campaigns.connections in step with channels' connections: campaigns and schedules name a
 * connection (whatsappId), which must be one of the company's, and answers show its name.
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
      });
    }),
    consume(on, 'channels.connection.deleted', CONSUMER, async (tx, { connectionId }) => {
      await connectionsRepository(tx).remove(connectionId);
    }),
  ]);
}
