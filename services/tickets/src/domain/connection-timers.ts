import type { Emit } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { announceTicket, postAutomaticText, scopeOf } from './outbound.js';

/** Tickets each rule handles per statement (the sweep repeats until none is left). */
const SWEEP_BATCH = 200;

/**
 * A connection's timed rules (spec 001: its queue redirection and ticket expiry), run by a periodic sweep:
 * a ticket left without a queue (its menu unanswered) past timeSendQueue minutes goes to sendIdQueue; an
 * open ticket with no message past expiresTicket minutes closes with expiresInactiveMessage to the contact,
 * only when the last message was ours (whenExpiresTicket '0': the contact stopped answering) or whoever
 * wrote last ('1'); an open ticket whose contact has not answered our last message for timeInactiveMessage
 * minutes gets inactiveMessage once (the reminder being our last message, the expiry counts from it).
 * Besides the connections' rules, the installation's automatic close: an open ticket nothing happened on
 * for HOURS_CLOSE_TICKETS_AUTO hours (24 by default, spec 001 §9) closes without a word to the contact, as
 * an attendant who forgot it would have closed it.
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

  /** The connection's `text` said on `ticket` (variables replaced: its contact, attendant, queue, connection); the ticket after it. */
  const say = async (tx: TicketsDb, emit: Emit, ticket: TicketRow, text: string): Promise<TicketRow> => {
    if (!text.trim()) return ticket;
    const tickets = ticketsRepository(tx);
    const contact = await tickets.contact(ticket.companyId, ticket.contactId);
    if (!contact) return ticket;
    const projections = projectionsRepository(tx);
    const connection = ticket.whatsappId ? await projections.findConnection(ticket.companyId, ticket.whatsappId) : undefined;
    const queue = ticket.queueId ? ((await tickets.queue(ticket.companyId, ticket.queueId)) ?? null) : null;
    const user = ticket.userId ? ((await projections.findUser(ticket.companyId, ticket.userId)) ?? null) : null;
    return (await postAutomaticText(deps, tx, emit, { ticket, contact, text, user, queue, connection, userId: null }))?.ticket ?? ticket;
  };

  /** Open tickets whose contact went quiet reminded with the connection's inactivity message; how many. */
  const remind = async (): Promise<number> =>
    deps.unitOfWork(async (tx, emit) => {
      const tickets = ticketsRepository(tx);
      const due = await tickets.dueForInactivityMessage(SWEEP_BATCH);
      for (const { ticket, message } of due) {
        await say(tx, emit, ticket, message);
        await tickets.markInactivityWarned(ticket.id);
      }
      return due.length;
    });

  /** `ticket` closed by the sweep (no user did it), logged and announced. */
  const close = async (tx: TicketsDb, emit: Emit, ticket: TicketRow, current = ticket): Promise<void> => {
    const closed = await ticketsRepository(tx).update(ticket.companyId, current.id, { status: 'closed' });
    await logsRepository(tx).add(ticket.companyId, ticket.id, [{ type: 'closed', userId: null, queueId: closed.queueId }]);
    await announceTicket(tx, emit, closed, scopeOf(ticket));
  };

  /** Quiet open tickets closed (with the connection's message when it has one); how many. */
  const expire = async (): Promise<number> =>
    deps.unitOfWork(async (tx, emit) => {
      const due = await ticketsRepository(tx).dueForExpiry(SWEEP_BATCH);
      for (const { ticket, message } of due) await close(tx, emit, ticket, await say(tx, emit, ticket, message));
      return due.length;
    });

  /** Open tickets idle past the installation's automatic close, closed without a message; how many. */
  const closeIdle = async (hours: number): Promise<number> =>
    deps.unitOfWork(async (tx, emit) => {
      const due = await ticketsRepository(tx).dueForAutoClose(hours, SWEEP_BATCH);
      for (const ticket of due) await close(tx, emit, ticket);
      return due.length;
    });

  return {
    /** One pass of every rule; what each did. */
    async sweep(): Promise<{ redirected: number; reminded: number; closed: number }> {
      let redirected = 0;
      for (let n = SWEEP_BATCH; n === SWEEP_BATCH; redirected += n) n = await redirect();
      // Closing first: a ticket due for both closes rather than being reminded and closed at once. The
      // connection's expiry before the automatic close: its message goes out when it has one.
      let closed = 0;
      for (let n = SWEEP_BATCH; n === SWEEP_BATCH; closed += n) n = await expire();
      const hours = deps.config.HOURS_CLOSE_TICKETS_AUTO;
      if (hours > 0) for (let n = SWEEP_BATCH; n === SWEEP_BATCH; closed += n) n = await closeIdle(hours);
      let reminded = 0;
      for (let n = SWEEP_BATCH; n === SWEEP_BATCH; reminded += n) n = await remind();
      return { redirected, reminded, closed };
    },
  };
}
