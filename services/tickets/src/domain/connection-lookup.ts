import { ask } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { projectionsRepository, type ConnectionProjection } from '../db/projections.repository.js';

/** How long a connection channels has and this projection lacks yet (its event on the way) is waited for. */
const PROJECTION_WAIT_MS = 3000;
const PROJECTION_POLL_MS = 50;

/**
 * A connection of the company as tickets projects it. One channels created a moment ago, whose event has
 * not arrived yet, is waited for (an integrator creating a connection and then a ticket on it); one
 * channels does not know (or not for this company) is undefined at once.
 */
export async function projectedConnection(
  deps: Pick<TicketsDeps, 'ctx'>,
  db: TicketsDb,
  companyId: number,
  connectionId: number,
): Promise<ConnectionProjection | undefined> {
  const projections = projectionsRepository(db);
  const found = await projections.findConnection(companyId, connectionId);
  if (found) return found;
  const known = await ask(deps.ctx.bus, 'channels.connection.get', { companyId, connectionId }).catch(() => null);
  if (!known) return undefined;
  for (let waited = 0; waited < PROJECTION_WAIT_MS; waited += PROJECTION_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, PROJECTION_POLL_MS));
    const arrived = await projections.findConnection(companyId, connectionId);
    if (arrived) return arrived;
  }
  deps.ctx.logger.warn({ companyId, connectionId }, 'connection known to channels never reached the projection');
  return undefined;
}
