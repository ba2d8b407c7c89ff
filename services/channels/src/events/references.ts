import { answer, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { connectionsRepository } from '../db/connections.repository.js';
import { missingReferences } from '../db/references.repository.js';

/**
 * Answers channels.refs.check (tickets saves queues and chatbot options naming integrations and file lists)
 * and channels.connection.get (campaigns checks a connection its projection does not know yet).
 */
export async function referenceHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  return [
    await answer(deps.ctx.bus, 'channels.refs.check', ({ companyId, integrationIds, fileListIds }) => missingReferences(deps.db, companyId, { integrationIds, fileListIds })),
    await answer(deps.ctx.bus, 'channels.connection.get', async ({ companyId, connectionId }) => {
      const row = await connectionsRepository(deps.db).findById(companyId, connectionId);
      return row ? { connection: { id: row.id, name: row.name } } : null;
    }),
  ];
}
