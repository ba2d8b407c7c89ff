import { consume, type Subscription } from '@atende/kit';
import type { CampaignsDeps } from '../deps.js';
import { companyDataRepository } from '../db/company-data.repository.js';

const CONSUMER = 'campaigns';

/**
 * admin.company.deleted: the company's campaigns with their shipping lists, contact lists, scheduled
 * messages, campaign settings and the connection and queue projections, in one transaction (their files go
 * with the company's media folder, which admin removes). The workers find nothing of it left to send.
 * Redelivered, the event finds nothing left.
 */
export async function companyDeletedHandlers(deps: CampaignsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'campaigns', logger: ctx.logger };
  return [
    await consume(on, 'admin.company.deleted', CONSUMER, async (tx, { companyId }) => {
      const removed = await companyDataRepository(tx).removeCompany(companyId);
      ctx.logger.info({ companyId, removed }, "a deleted company's campaigns data removed");
    }),
  ];
}
