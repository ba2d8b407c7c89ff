import { consume, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { companyDataRepository } from '../db/company-data.repository.js';
import { CONSUMER } from './handlers.js';

/**
 * admin.company.deleted: the company's contacts, tickets, messages, tags, queues and chatbot menus, notes,
 * pins, logs, quick messages, internal chats and the projections, all in one transaction (its files go with
 * the company's media folder, which admin removes). Redelivered, it finds nothing left.
 */
export async function companyDeletedHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'tickets', logger: ctx.logger, afterCommit: (companyId: number | null) => deps.readCache.invalidate(companyId) };
  return [
    await consume(on, 'admin.company.deleted', CONSUMER, async (tx, { companyId }) => {
      const removed = await companyDataRepository(tx).removeCompany(companyId);
      ctx.logger.info({ companyId, removed }, "a deleted company's tickets data removed");
    }),
  ];
}
