import { consume, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { fileListRefsRepository } from '../db/file-list-refs.repository.js';
import { toQueue } from '../domain/presenters.js';
import { CONSUMER } from './handlers.js';

/**
 * channels.fileList.deleted: the queues and chatbot options that sent that list forget it (the queues
 * changed are announced, so open queue editors show the list gone).
 */
export async function fileListEventHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'tickets', logger: ctx.logger, afterCommit: (companyId: number | null) => deps.readCache.invalidate(companyId) };
  return [
    await consume(on, 'channels.fileList.deleted', CONSUMER, async (tx, data, envelope, emit) => {
      if (envelope.companyId === null) return;
      for (const row of await fileListRefsRepository(tx).forget(envelope.companyId, data.fileListId)) {
        await emit('tickets.queue.updated', row.companyId, { queue: toQueue(row) });
      }
    }),
  ];
}
