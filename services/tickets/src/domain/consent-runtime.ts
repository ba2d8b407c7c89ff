import type { Emit } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { inboundContactsRepository } from '../db/inbound-contacts.repository.js';
import { logsRepository } from '../db/logs.repository.js';
import type { ConnectionProjection } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { createAccess } from './access.js';
import { CONSENT_INVALID_TEXT, CONSENT_REFUSED_TEXT, consentAnswer, consentRequestText } from './consent.js';
import { announceTicket, postAutomaticText, scopeOf } from './outbound.js';
import type { ContactRow } from './presenters.js';

/**
 * The LGPD consent conversation's I/O (rules in consent.ts): the request when a ticket opens waiting for the
 * contact's consent (status lgpd), and the contact's answers to it.
 */
export function createConsentDesk(deps: TicketsDeps) {
  const access = createAccess(deps);

  return {
    /**
     * A contact's message on a ticket in status lgpd. Answers the ticket as it is afterwards: pending once the
     * contact consented (the caller then serves it as a new conversation: greeting, queue menu), closed when
     * they refused, still lgpd otherwise.
     */
    async afterInbound(
      tx: TicketsDb,
      emit: Emit,
      input: {
        ticket: TicketRow;
        contact: ContactRow;
        connection: ConnectionProjection | undefined;
        body: string;
        /** The ticket entered lgpd with this message: opened by it, or a closed one it reopened (timeCreateNewTicket). */
        entered: boolean;
      },
    ): Promise<TicketRow> {
      const { ticket, contact, connection } = input;
      if (ticket.status !== 'lgpd' || ticket.isGroup) return ticket;
      const { companyId } = ticket;
      const settings = await access.settings(companyId);
      const say = async (current: TicketRow, text: string): Promise<TicketRow> =>
        (await postAutomaticText(deps, tx, emit, { ticket: current, contact, text, user: null, queue: null, connection, userId: null }))?.ticket ?? current;
      const request = () => consentRequestText(settings.value('lgpdMessage'), settings.value('lgpdLink'));
      // The message that opened (or reopened) the ticket is no answer: the request goes out first.
      if (input.entered) return say(ticket, request());

      const tickets = ticketsRepository(tx);
      const outcome = consentAnswer(input.body, ticket.amountUsedBotQueues, connection?.maxUseBotQueues ?? 3);
      switch (outcome.kind) {
        case 'accepted': {
          const contacts = inboundContactsRepository(tx);
          const consented = await contacts.update(contact.id, { lgpdAcceptedAt: new Date() });
          await emit('tickets.contact.updated', companyId, { contact: await contacts.present(consented) });
          const pending = await tickets.update(companyId, ticket.id, { status: 'pending', amountUsedBotQueues: 0 });
          await announceTicket(tx, emit, pending, scopeOf(ticket));
          return pending;
        }
        case 'refused': {
          const told = await say(ticket, CONSENT_REFUSED_TEXT);
          const closed = await tickets.update(companyId, told.id, { status: 'closed', amountUsedBotQueues: 0 });
          await logsRepository(tx).add(companyId, closed.id, [{ type: 'closed', userId: null, queueId: closed.queueId }]);
          await announceTicket(tx, emit, closed, scopeOf(ticket));
          return closed;
        }
        case 'ask-again': {
          const asked = await tickets.update(companyId, ticket.id, { amountUsedBotQueues: outcome.attempts });
          return say(asked, `${CONSENT_INVALID_TEXT}\n\n${request()}`);
        }
        case 'give-up':
          // Asked enough: the ticket waits for an attendant (who may ignore it).
          return ticket;
      }
    },
  };
}
