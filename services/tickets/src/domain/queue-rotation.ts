import type { TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { announceTicket, scopeOf } from './outbound.js';

/** Tickets handed per statement (the sweep repeats until none is left). */
const ROTATION_BATCH = 200;

/**
 * The queues' attendant rotation (spec 001 queue editor: ativarRoteador, tempoRoteador): a ticket left
 * waiting in such a queue for its rotation time (nothing logged on it since) goes to the queue's attendant
 * online who attends the fewest tickets (ties: the lowest id), as open and theirs, logged and announced.
 * Nobody online: it keeps waiting.
 */
export function createQueueRotation(deps: TicketsDeps) {
  const pass = async (): Promise<number> =>
    deps.unitOfWork(async (tx, emit) => {
      const tickets = ticketsRepository(tx);
      const due = await tickets.dueForRotation(ROTATION_BATCH);
      /** Per company and queue: its attendants online and what each attends, kept up to date as tickets are handed. */
      const shares = new Map<string, Map<number, number>>();
      for (const ticket of due) {
        const queueId = ticket.queueId!;
        const key = `${ticket.companyId}:${queueId}`;
        let share = shares.get(key);
        if (!share) {
          const online = await projectionsRepository(tx).onlineUsersOfQueue(ticket.companyId, queueId);
          share = await tickets.openCountOf(ticket.companyId, online.map((u) => u.id));
          shares.set(key, share);
        }
        let chosen: number | null = null;
        for (const [userId, n] of share) if (chosen === null || n < share.get(chosen)!) chosen = userId;
        if (chosen === null) continue; // went offline since the query
        share.set(chosen, share.get(chosen)! + 1);
        const moved = await tickets.update(ticket.companyId, ticket.id, { userId: chosen, status: 'open' });
        await logsRepository(tx).add(ticket.companyId, ticket.id, [{ type: 'receivedTransfer', userId: chosen, queueId }]);
        await announceTicket(tx, emit, moved, scopeOf(ticket));
      }
      return due.length;
    });

  return {
    /** One pass over every queue with its rotation on; how many tickets went to an attendant (about: one going offline meanwhile is counted). */
    async sweep(): Promise<number> {
      let handed = 0;
      for (let n = ROTATION_BATCH; n === ROTATION_BATCH; handed += n) n = await pass();
      return handed;
    },
  };
}
