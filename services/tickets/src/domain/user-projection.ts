import type { Emit, User } from '@atende/kit';
import type { TicketsDb } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { announceTicket, scopeOf } from './outbound.js';

/** auth.user.created / updated: the users projection names attendants in answers and events. */
export async function userChanged(tx: TicketsDb, user: User): Promise<void> {
  await projectionsRepository(tx).upsertUser(user);
}

/**
 * auth.user.deleted: the user leaves the projection, and the tickets they were handling (open or
 * group) go back to their queue as pending, unassigned, so nobody's conversation is stranded.
 * Closed tickets keep their user id (history); answers then show no user name.
 */
export async function userDeleted(tx: TicketsDb, emit: Emit, companyId: number | null, userId: number): Promise<number> {
  const projections = projectionsRepository(tx);
  const known = companyId ?? (await projections.findUserAnyCompany(userId))?.companyId ?? null;
  await projections.removeUser(userId);
  if (known === null) return 0;
  // Chatbot options handing contacts to them forget them, so the queue's menu saves again as it is.
  await queuesRepository(tx).forgetTargetUser(known, userId);
  const repo = ticketsRepository(tx);
  const handled = await repo.activeOfUser(known, userId);
  for (const row of handled) {
    const updated = await repo.update(known, row.id, { status: 'pending', userId: null });
    await logsRepository(tx).add(known, row.id, [{ type: 'pending', userId: null, queueId: row.queueId }]);
    await announceTicket(tx, emit, updated, scopeOf(row));
  }
  return handled.length;
}
