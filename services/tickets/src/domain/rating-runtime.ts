import type { Emit, User } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import type { ConnectionProjection } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { announceTicket, farewellText, postAutomaticText, scopeOf } from './outbound.js';
import type { ContactRow } from './presenters.js';
import { rateAnswer, ratingExpired, ratingRequestText } from './rating.js';

/** Expired requests closed per sweep statement (the sweep repeats until none is left). */
const SWEEP_BATCH = 500;

/**
 * The rating conversation's I/O (rules in rating.ts): the request posted on resolve, the contact's
 * answers on a ticket in status nps, and the sweep that closes requests left unanswered.
 */
export function createRatingDesk(deps: TicketsDeps) {
  /** A text on behalf of the ticket's attendant (their name in the variables; the text may depend on them). */
  const say = async (
    tx: TicketsDb,
    emit: Emit,
    ticket: TicketRow,
    contact: ContactRow,
    connection: ConnectionProjection | undefined,
    text: (user: User | null) => string,
  ): Promise<TicketRow> => {
    const user = ticket.userId ? await deps.users.get(ticket.userId).catch(() => null) : null;
    const queue = ticket.queueId ? ((await ticketsRepository(tx).queue(ticket.companyId, ticket.queueId)) ?? null) : null;
    const posted = await postAutomaticText(deps, tx, emit, { ticket, contact, text: text(user), user, queue, connection, userId: null });
    return posted?.ticket ?? ticket;
  };

  return {
    /** Ask the contact for a rate (the ticket was just resolved into nps). */
    request: (tx: TicketsDb, emit: Emit, ticket: TicketRow, contact: ContactRow, connection: ConnectionProjection | undefined): Promise<TicketRow> =>
      say(tx, emit, ticket, contact, connection, () => ratingRequestText(connection?.ratingMessage)),

    /** Whether an nps ticket's request expired (then the contact's next message opens a new ticket). */
    expired: (ticket: TicketRow, connection: ConnectionProjection | undefined, now = new Date()): boolean =>
      ticket.status === 'nps' && ratingExpired(ticket.ratingRequestedAt, connection?.expiresTicketNps ?? 0, now),

    /** Close an expired request without a rate (inside the inbound transaction that found it). */
    async expire(tx: TicketsDb, emit: Emit, ticket: TicketRow): Promise<void> {
      // Closed when the attendant resolved it (the rating request's time), however late the request ends.
      const closed = await ticketsRepository(tx).update(ticket.companyId, ticket.id, { status: 'closed', closedAt: ticket.closedAt ?? undefined });
      await announceTicket(tx, emit, closed, scopeOf(ticket));
    },

    /** The contact answered a rating request: a rate closes the ticket, anything else asks again up to the connection's limit. */
    async afterInbound(tx: TicketsDb, emit: Emit, input: { ticket: TicketRow; contact: ContactRow; connection: ConnectionProjection | undefined; body: string }): Promise<TicketRow> {
      const { ticket, contact, connection } = input;
      if (ticket.status !== 'nps' || ticket.isGroup) return ticket;
      const repo = ticketsRepository(tx);
      const outcome = rateAnswer(input.body, ticket.ratingAttempts, connection?.maxUseBotQueuesNps ?? 3);
      if (outcome.kind === 'ask-again') {
        const asked = await repo.update(ticket.companyId, ticket.id, { ratingAttempts: outcome.attempts, unreadMessages: 0 });
        const current = await say(tx, emit, asked, contact, connection, () => ratingRequestText(connection?.ratingMessage));
        await announceTicket(tx, emit, current, scopeOf(ticket));
        return current;
      }
      const closed = await repo.update(ticket.companyId, ticket.id, {
        status: 'closed',
        closedAt: ticket.closedAt ?? undefined,
        ...(outcome.kind === 'rated' ? { userRating: outcome.rate } : {}),
      });
      const current = await say(tx, emit, closed, contact, connection, (user) => farewellText(user, connection));
      await announceTicket(tx, emit, current, scopeOf(ticket));
      return current;
    },

    /** Close every request left unanswered past its connection's limit; returns how many. */
    async closeExpired(): Promise<number> {
      let total = 0;
      for (;;) {
        const closed = await deps.unitOfWork(async (tx, emit) => {
          const rows = await ticketsRepository(tx).closeExpiredRatings(SWEEP_BATCH);
          for (const row of rows) await announceTicket(tx, emit, row, scopeOf({ ...row, status: 'nps' }));
          return rows.length;
        });
        total += closed;
        if (closed < SWEEP_BATCH) return total;
      }
    },
  };
}
export type RatingDesk = ReturnType<typeof createRatingDesk>;
