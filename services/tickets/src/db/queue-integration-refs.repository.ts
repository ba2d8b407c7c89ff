import { and, eq } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { chatbots, queues } from './schema.js';
import type { QueueRow } from './queues.repository.js';

/** The queues and chatbot options that name a channels queue integration (drizzle queries only). */
export function queueIntegrationRefsRepository(db: TicketsDb) {
  return {
    /** Queues that handed conversations to the integration lose it; answers the rows it changed. */
    clearFromQueues: async (companyId: number, integrationId: number): Promise<QueueRow[]> =>
      db
        .update(queues)
        .set({ integrationId: null, updatedAt: new Date() })
        .where(and(eq(queues.companyId, companyId), eq(queues.integrationId, integrationId)))
        .returning(),
    /** Options that sent contacts to the integration forget it (their queue editor then asks for a new target). */
    clearFromOptions: async (companyId: number, integrationId: number): Promise<number> =>
      (
        await db
          .update(chatbots)
          .set({ optIntegrationId: null, updatedAt: new Date() })
          .where(and(eq(chatbots.companyId, companyId), eq(chatbots.optIntegrationId, integrationId)))
          .returning({ id: chatbots.id })
      ).length,
  };
}
