import type { TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { announceTicket, postAutomaticText, scopeOf } from './outbound.js';

/** Tickets each rule handles per statement (the sweep repeats until none is left). */
const SWEEP_BATCH = 200;

/**
 * A connection's timed rules (spec 001: its queue redirection and ticket expiry), run by a periodic sweep:
 * a ticket left without a queue (its menu unanswered) past timeSendQueue minutes goes to sendIdQueue; an
 * open ticket with no message past expiresTicket minutes closes with expiresInactiveMessage to the contact,
 * only when the last message was ours (whenExpiresTicket '0': the contact stopped answering) or whoever
 * wrote last ('1').
 */
export function createConnectionTimers(deps: TicketsDeps) {
  /** Queue-less waiting tickets moved to their connection's redirect queue; how many. */
  const redirect = async (): Promise<number> =>
    deps.unitOfWork(async (tx, emit) => {
      const due = await ticketsRepository(tx).dueForRedirect(SWEEP_BATCH);
      for (const { ticket, queueId } of due) {
        const moved = await ticketsRepository(tx).update(ticket.companyId, ticket.id, { queueId, isBot: false, chatbotId: null });
        await logsRepository(tx).add(ticket.companyId, ticket.id, [{ type: 'redirect', userId: null, queueId }]);
        await announceTicket(tx, emit, moved, scopeOf(ticket));
      }
      return due.length;
    });

  /** Quiet open tickets closed (with the connection's message when it has one); how many. */
  const expire = async (): Promise<number> =>
    deps.unitOfWork(async (tx, emit) => {
      const tickets = ticketsRepository(tx);
      const due = await tickets.dueForExpiry(SWEEP_BATCH);
      for (const { ticket, message } of due) {
        let current = ticket;
        if (message.trim()) {
          const contact = await tickets.contact(ticket.companyId, ticket.contactId);
          const connection = ticket.whatsappId ? await projectionsRepository(tx).findConnection(ticket.companyId, ticket.whatsappId) : undefined;
          const queue = ticket.queueId ? ((await tickets.queue(ticket.companyId, ticket.queueId)) ?? null) : null;
          if (contact) current = (await postAutomaticText(deps, tx, emit, { ticket, contact, text: message, user: null, queue, connection, userId: null }))?.ticket ?? ticket;
        }
        const closed = await tickets.update(ticket.companyId, current.id, { status: 'closed' });
        await logsRepository(tx).add(ticket.companyId, ticket.id, [{ type: 'closed', userId: null, queueId: closed.queueId }]);
        await announceTicket(tx, emit, closed, scopeOf(ticket));
      }
      return due.length;
    });

  return {
    /** One pass of every rule; what each did. */
    async sweep(): Promise<{ redirected: number; closed: number }> {
      let redirected = 0;
      for (let n = SWEEP_BATCH; n === SWEEP_BATCH; redirected += n) n = await redirect();
      let closed = 0;
      for (let n = SWEEP_BATCH; n === SWEEP_BATCH; closed += n) n = await expire();
      return { redirected, closed };
    },
  };
}
