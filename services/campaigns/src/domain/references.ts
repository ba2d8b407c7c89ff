import { ask, type Bus } from '@atende/kit';
import type { CampaignsDb } from '../deps.js';
import { connectionById } from '../db/connections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';

/**
 * Whether what a campaign or a schedule names is the company's. The local projections answer first; an id
 * they do not know yet (a connection or queue created a moment ago, whose event has not arrived) is asked
 * of its owner before it is refused.
 */

/** Connection `id` is one of the company's (channels owns connections). */
export async function isCompanyConnection(bus: Bus, db: CampaignsDb, companyId: number, id: number): Promise<boolean> {
  const known = await connectionById(db, id);
  if (known) return known.companyId === companyId;
  return (await ask(bus, 'channels.connection.get', { companyId, connectionId: id })) !== null;
}

/** Queue `id` is one of the company's (tickets owns queues). */
export async function isCompanyQueue(bus: Bus, db: CampaignsDb, companyId: number, id: number): Promise<boolean> {
  const known = await queuesRepository(db).find(id);
  if (known) return known.companyId === companyId;
  return (await ask(bus, 'tickets.queue.get', { companyId, queueId: id })) !== null;
}
