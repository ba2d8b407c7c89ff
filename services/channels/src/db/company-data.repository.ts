import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { removeCompanyRows } from '@atende/kit';
import type { ChannelsDb } from '../deps.js';
import {
  autoResponses,
  autoResponseUses,
  botSessions,
  connections,
  fileListOptions,
  fileLists,
  pendingSends,
  prompts,
  queueIntegrations,
  queues,
  sessionKeys,
  sessionLeases,
} from './schema.js';

/**
 * Every table of the channels schema that holds a company's rows, children before their parents. A session's
 * keys and lease have no company column: they go by the company's connections (removeCompany). A new table
 * with a company_id belongs here (company-deleted.test).
 */
export const companyTables = [
  pendingSends, botSessions, connections,
  autoResponseUses, autoResponses,
  fileListOptions, fileLists,
  prompts, queueIntegrations, queues,
] as const;

/** A company's rows across the channels schema (drizzle queries only). */
export function companyDataRepository(db: ChannelsDb) {
  return {
    /**
     * The company's connections, locked until the delete commits (a session writing its state meanwhile waits,
     * then finds nothing to write or announce), with whether a worker runs its session (a live lease).
     */
    connections: async (companyId: number): Promise<{ id: number; channel: string; running: boolean }[]> => {
      const rows = await db.select({ id: connections.id, channel: connections.channel }).from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.id)).for('update');
      if (rows.length === 0) return [];
      const leased = await db
        .select({ connectionId: sessionLeases.connectionId })
        .from(sessionLeases)
        .where(and(inArray(sessionLeases.connectionId, rows.map((r) => r.id)), gt(sessionLeases.expiresAt, sql`now()`)));
      const running = new Set(leased.map((l) => l.connectionId));
      return rows.map((r) => ({ ...r, running: running.has(r.id) }));
    },

    /**
     * Removes every row of the company, and its connections' session keys (credentials) and leases (the
     * worker running one then finds it lost at its next renewal and closes it). Answers how many each table had.
     */
    removeCompany: async (companyId: number, connectionIds: number[]): Promise<Record<string, number>> => {
      const removed: Record<string, number> = {};
      if (connectionIds.length > 0) {
        const keys = (await db.delete(sessionKeys).where(inArray(sessionKeys.connectionId, connectionIds))).count;
        const leases = (await db.delete(sessionLeases).where(inArray(sessionLeases.connectionId, connectionIds))).count;
        if (keys > 0) removed.session_keys = keys;
        if (leases > 0) removed.session_leases = leases;
      }
      return removeCompanyRows(db, companyTables, companyId, removed);
    },
  };
}
