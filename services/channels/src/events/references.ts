import { answer, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { missingReferences } from '../db/references.repository.js';

/** Answers channels.refs.check: tickets saves queues and chatbot options naming integrations and file lists. */
export async function referenceHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  return [await answer(deps.ctx.bus, 'channels.refs.check', ({ companyId, integrationIds, fileListIds }) => missingReferences(deps.db, companyId, { integrationIds, fileListIds }))];
}
