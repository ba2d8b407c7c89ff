import { consume, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { queueIntegrationRefsRepository } from '../db/queue-integration-refs.repository.js';
import { toQueue } from '../domain/presenters.js';
import { CONSUMER } from './handlers.js';

/**
 * channels.queueIntegration.deleted: the company's queues and chatbot options that named the
 * integration lose it (the queues are announced changed, so open queue screens and channels'
 * projection follow). Idempotent: a redelivery finds nothing left to clear.
 */
export async function queueIntegrationHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'tickets', logger: ctx.logger, afterCommit: (companyId: number | null) => deps.readCache.invalidate(companyId) };
  return [
    await consume(on, 'channels.queueIntegration.deleted', CONSUMER, async (tx, data, envelope, emit) => {
      const companyId = envelope.companyId;
      if (companyId === null) {
        ctx.logger.warn({ subject: envelope.type }, 'event without company dropped');
        return;
      }
      const refs = queueIntegrationRefsRepository(tx);
      for (const row of await refs.clearFromQueues(companyId, data.integrationId)) {
        await emit('tickets.queue.updated', companyId, { queue: toQueue(row) });
      }
      await refs.clearFromOptions(companyId, data.integrationId);
    }),
  ];
}
