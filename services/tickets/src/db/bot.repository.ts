import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { chatbots, messages, promptQueues, queues } from './schema.js';

export type RecentMessage = { fromMe: boolean; body: string; createdAt: Date };

/** What the bot runtime reads and keeps (drizzle queries only; every query scoped by the company). */
export function botRepository(db: TicketsDb) {
  return {
    /** The ticket's last `limit` messages the contact saw (no private notes, no deleted ones), oldest first. */
    recentMessages: async (companyId: number, ticketId: number, limit: number): Promise<RecentMessage[]> =>
      (
        await db
          .select({ fromMe: messages.fromMe, body: messages.body, createdAt: messages.createdAt })
          .from(messages)
          .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isPrivate, false), eq(messages.isDeleted, false)))
          .orderBy(desc(messages.id))
          .limit(limit)
      ).reverse(),
    /** The integration a chatbot option of the company hands contacts to (null: none, or not an integration option). */
    optionIntegration: async (companyId: number, optionId: number): Promise<number | null> =>
      (
        await db
          .select({ id: chatbots.optIntegrationId })
          .from(chatbots)
          .where(and(eq(chatbots.id, optionId), eq(chatbots.companyId, companyId), eq(chatbots.queueType, 'integration')))
          .limit(1)
      )[0]?.id ?? null,
    /** The company's queues that hand conversations to an integration. */
    queueIntegrations: async (companyId: number): Promise<{ queueId: number; integrationId: number }[]> =>
      (
        await db
          .select({ queueId: queues.id, integrationId: queues.integrationId })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), isNotNull(queues.integrationId)))
      ).map((r) => ({ queueId: r.queueId, integrationId: r.integrationId! })),
    /** The company's prompts by queue (projection of channels' prompts). */
    queuePrompts: async (companyId: number): Promise<{ queueId: number; promptId: number }[]> =>
      db.select({ queueId: promptQueues.queueId, promptId: promptQueues.promptId }).from(promptQueues).where(eq(promptQueues.companyId, companyId)).orderBy(promptQueues.promptId),
    upsertPrompt: async (companyId: number, promptId: number, queueId: number): Promise<void> => {
      await db
        .insert(promptQueues)
        .values({ promptId, companyId, queueId })
        .onConflictDoUpdate({ target: promptQueues.promptId, set: { companyId, queueId, updatedAt: new Date() } });
    },
    removePrompt: async (companyId: number, promptId: number): Promise<void> => {
      await db.delete(promptQueues).where(and(eq(promptQueues.promptId, promptId), eq(promptQueues.companyId, companyId)));
    },
  };
}
