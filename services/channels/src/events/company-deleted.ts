import { consume, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { companyDataRepository } from '../db/company-data.repository.js';
import { runsSession } from '../domain/connection-rules.js';

const CONSUMER = 'channels';

/**
 * admin.company.deleted: the company's connections (with their sessions' credentials and leases, and the
 * sends waiting for them), prompts, integrations, auto-responses, file lists and the queue projection, in one
 * transaction (their files go with the company's media folder, which admin removes).
 *
 * Its running sessions are stopped and forgotten as on DELETE /whatsapp/{id}: the worker running one is asked
 * to log it out first (the phone forgets the device; the connections are locked meanwhile, so what that
 * session writes waits for the delete and then finds nothing to write or announce), and once committed,
 * channels.connection.deleted closes whatever still runs. Should both be missed, that worker's next lease
 * renewal finds the lease gone and closes the session. Redelivered, the event finds nothing left.
 */
export async function companyDeletedHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork, sessions } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'channels', logger: ctx.logger };
  return [
    await consume(on, 'admin.company.deleted', CONSUMER, async (tx, { companyId }, _envelope, emit) => {
      const repo = companyDataRepository(tx);
      const connections = await repo.connections(companyId);
      for (const c of connections) {
        if (!c.running || !runsSession(c.channel as Parameters<typeof runsSession>[0])) continue;
        // Asking is all it takes (the worker acts on its own); a failure to ask is left to the fallbacks above.
        await sessions.command(companyId, c.id, 'logout').catch((err: unknown) => ctx.logger.warn({ err, connectionId: c.id }, 'session logout not asked'));
      }
      const removed = await repo.removeCompany(
        companyId,
        connections.map((c) => c.id),
      );
      for (const c of connections) await emit('channels.connection.deleted', companyId, { connectionId: c.id });
      ctx.logger.info({ companyId, removed }, "a deleted company's channels data removed");
    }),
  ];
}
