import { and, eq, sql } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import { botSessions, processedEvents } from './schema.js';

export type BotSessionRow = typeof botSessions.$inferSelect;

/** Typebot sessions of tickets, and the bot runtime's record of turns taken (drizzle queries only). */
export function botSessionsRepository(db: ChannelsDb) {
  return {
    /** The ticket's session with this company's integration (another company's row is never read). */
    find: async (companyId: number, ticketId: number): Promise<BotSessionRow | undefined> =>
      (await db.select().from(botSessions).where(and(eq(botSessions.ticketId, ticketId), eq(botSessions.companyId, companyId))).limit(1))[0],
    save: async (values: { ticketId: number; companyId: number; integrationId: number; sessionId: string; lastInput: unknown }): Promise<void> => {
      const row = { ...values, lastInput: values.lastInput ?? null, lastActivityAt: new Date() };
      await db.insert(botSessions).values(row).onConflictDoUpdate({ target: botSessions.ticketId, set: row });
    },
    remove: async (companyId: number, ticketId: number): Promise<void> => {
      await db.delete(botSessions).where(and(eq(botSessions.ticketId, ticketId), eq(botSessions.companyId, companyId)));
    },
    /** Record the turn as taken; false when it already was (a redelivered event is not answered twice). */
    claim: async (consumer: string, eventId: string): Promise<boolean> =>
      (
        await db
          .insert(processedEvents)
          .values({ consumer, eventId })
          .onConflictDoNothing()
          .returning({ id: sql<string>`event_id` })
      ).length > 0,
  };
}
