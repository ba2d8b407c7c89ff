import { and, asc, desc, eq } from 'drizzle-orm';
import type { TicketLogEntry, TicketLogType } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import type { LogEntry } from '../domain/tickets.js';
import { queues, ticketLogs, users } from './schema.js';

/** The ticket log (spec 000 §3): one row per transition. */
export function logsRepository(db: TicketsDb) {
  return {
    add: async (companyId: number, ticketId: number, entries: LogEntry[]): Promise<void> => {
      if (entries.length === 0) return;
      await db.insert(ticketLogs).values(entries.map((e) => ({ companyId, ticketId, type: e.type, userId: e.userId, queueId: e.queueId })));
    },
    /** The same entries for many tickets (close all). */
    addMany: async (companyId: number, rows: { ticketId: number; entry: LogEntry }[]): Promise<void> => {
      for (let i = 0; i < rows.length; i += 1000) {
        await db.insert(ticketLogs).values(
          rows.slice(i, i + 1000).map(({ ticketId, entry }) => ({ companyId, ticketId, type: entry.type, userId: entry.userId, queueId: entry.queueId })),
        );
      }
    },
    last: async (ticketId: number): Promise<{ type: string; userId: number | null } | undefined> =>
      (await db.select({ type: ticketLogs.type, userId: ticketLogs.userId }).from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(desc(ticketLogs.createdAt), desc(ticketLogs.id)).limit(1))[0],
    list: async (companyId: number, ticketId: number): Promise<TicketLogEntry[]> => {
      const rows = await db
        .select({ log: ticketLogs, user: { id: users.id, name: users.name }, queue: { id: queues.id, name: queues.name, color: queues.color } })
        .from(ticketLogs)
        .leftJoin(users, eq(users.id, ticketLogs.userId))
        .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
        .where(and(eq(ticketLogs.companyId, companyId), eq(ticketLogs.ticketId, ticketId)))
        .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id))
        .limit(1000);
      return rows.map((r) => ({
        id: r.log.id,
        ticketId: r.log.ticketId,
        type: r.log.type as TicketLogType,
        userId: r.log.userId,
        user: r.user?.id ? { id: r.user.id, name: r.user.name } : null,
        queueId: r.log.queueId,
        queue: r.queue?.id ? r.queue : null,
        createdAt: r.log.createdAt.toISOString(),
      }));
    },
  };
}
