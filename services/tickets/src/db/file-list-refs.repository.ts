import { and, eq } from 'drizzle-orm';
import type { TicketsDb } from '../deps.js';
import { chatbots, queues } from './schema.js';

type QueueRow = typeof queues.$inferSelect;

/** Where tickets names a file list of the channels service: queues (fileListId) and chatbot options (optFileId). */
export function fileListRefsRepository(db: TicketsDb) {
  return {
    /** The list is gone: queues and options that named it forget it; answers the queues changed (for announcing). */
    forget: async (companyId: number, fileListId: number): Promise<QueueRow[]> => {
      await db
        .update(chatbots)
        .set({ optFileId: null, updatedAt: new Date() })
        .where(and(eq(chatbots.companyId, companyId), eq(chatbots.optFileId, fileListId)));
      return db
        .update(queues)
        .set({ fileListId: null, updatedAt: new Date() })
        .where(and(eq(queues.companyId, companyId), eq(queues.fileListId, fileListId)))
        .returning();
    },
  };
}
