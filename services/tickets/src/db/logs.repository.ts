import { and, asc, desc, eq } from 'drizzle-orm';
import type { TicketLogEntry, TicketLogType } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import type { LogEntry } from '../domain/tickets.js';
import { run, tableRef } from './raw.js';
import { queues, ticketLogs, users } from './schema.js';

const logColumns = [ticketLogs.companyId, ticketLogs.ticketId, ticketLogs.type, ticketLogs.userId, ticketLogs.queueId].map((c) => `"${c.name}"`).join(', ');
/** add's statement for n entries (one to three in practice). Raw text: every transition and bot step logs (see raw.ts). */
const addText = (n: number) =>
  `insert into ${tableRef(ticketLogs)} (${logColumns}) values ${Array.from({ length: n }, (_, i) => `($1, $2, $${3 * i + 3}, $${3 * i + 4}, $${3 * i + 5})`).join(', ')}`;
const addTexts = [1, 2, 3, 4].map(addText);

/** The ticket log (spec 000 §3): one row per transition. */
export function logsRepository(db: TicketsDb) {
  return {
    add: async (companyId: number, ticketId: number, entries: LogEntry[]): Promise<void> => {
      if (entries.length === 0) return;
      if (entries.length > addTexts.length) {
        await db.insert(ticketLogs).values(entries.map((e) => ({ companyId, ticketId, type: e.type, userId: e.userId, queueId: e.queueId })));
        return;
      }
      await run(db, addTexts[entries.length - 1]!, [companyId, ticketId, ...entries.flatMap((e) => [e.type, e.userId, e.queueId])]);
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
