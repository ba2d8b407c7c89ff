import { ask, Directory, type Bus, type Emit, type ServiceContext, type Subscription } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import type { ConnectionProjection } from '../db/projections.repository.js';
import type { TicketRow } from '../db/tickets.repository.js';
import { postAutomaticText } from './outbound.js';
import type { ContactRow } from './presenters.js';

/**
 * Keyword auto-responses on inbound messages (spec 002 §2/§4): channels owns the rules and picks the one
 * answering a text; tickets sends that answer into the conversation like the chatbot's texts and reports it
 * (tickets.autoResponse.sent) so channels counts the use and rates its delivery.
 *
 * Only a waiting ticket nobody serves gets one: no attendant on it, no chatbot menu step under way, not a
 * group, not a contact with the bot disabled, and never for messages sent from the phone. The inbound path
 * stays cheap for the many companies without rules: whether a company has an active rule is cached here
 * (asked once, dropped when channels announces a rule created, changed or deleted), so the match request
 * is only made for companies that have one.
 */

/** How long a company's "has an active rule" answer is trusted without any announcement (a safety net). */
export const ACTIVE_FLAG_TTL_MS = 5 * 60_000;
/** The match is asked inside the inbound transaction: never wait long for it. */
export const MATCH_TIMEOUT_MS = 1500;

export type ActiveFlags = Directory<number, boolean>;

/** Per company: whether it has an active auto-response. An unanswered question counts as "no" (until the next announcement or the TTL). */
export async function createActiveFlags(bus: Bus, logger: ServiceContext['logger']): Promise<{ flags: ActiveFlags; subscriptions: Subscription[] }> {
  const flags = new Directory<number, boolean>(async (companyId) => {
    try {
      return (await ask(bus, 'channels.autoResponse.active', { companyId }, { timeoutMs: MATCH_TIMEOUT_MS })).active;
    } catch (err) {
      logger.warn({ err, companyId }, 'auto-responses unavailable; inbound messages go without them for now');
      return false;
    }
  }, ACTIVE_FLAG_TTL_MS);
  const drop = (companyId: number | null) => (companyId === null ? flags.invalidate() : flags.invalidate(companyId));
  const subscriptions = await Promise.all(
    (['channels.autoResponse.created', 'channels.autoResponse.updated', 'channels.autoResponse.deleted'] as const).map((subject) => bus.companiesOf(subject, drop)),
  );
  return { flags, subscriptions };
}

export type AutoResponseInput = {
  /** The ticket after the chatbot had its turn. */
  ticket: TicketRow;
  contact: ContactRow;
  connection: ConnectionProjection | undefined;
  body: string;
};

/** Whether an inbound message on this ticket may get an auto-response at all (before anything is asked). */
export function mayAutoRespond(input: Pick<AutoResponseInput, 'ticket' | 'contact' | 'body'>): boolean {
  const { ticket, contact } = input;
  return (
    input.body.trim() !== '' &&
    ticket.status === 'pending' &&
    ticket.userId === null &&
    !ticket.isBot &&
    !ticket.isGroup &&
    !contact.isGroup &&
    !contact.disableBot &&
    ticket.whatsappId !== null
  );
}

export function createAutoResponder(deps: Pick<TicketsDeps, 'ctx' | 'config' | 'mediaUrl'>, flags: ActiveFlags) {
  const { ctx } = deps;
  return {
    /** After the chatbot: the matching rule's answer is posted and reported; answers the ticket as it is after it. */
    async afterInbound(tx: TicketsDb, emit: Emit, input: AutoResponseInput): Promise<TicketRow> {
      if (!mayAutoRespond(input)) return input.ticket;
      const companyId = input.ticket.companyId;
      if (!(await flags.get(companyId))) return input.ticket;
      const match = await ask(ctx.bus, 'channels.autoResponse.match', { companyId, body: input.body }, { timeoutMs: MATCH_TIMEOUT_MS }).catch((err: unknown) => {
        ctx.logger.warn({ err, companyId, ticketId: input.ticket.id }, 'auto-response match failed; the message goes unanswered');
        return null;
      });
      if (!match) return input.ticket;
      const posted = await postAutomaticText(deps, tx, emit, {
        ticket: input.ticket,
        contact: input.contact,
        text: match.response,
        user: null,
        // {{queue}}: the ticket's own queue (postAutomaticText reads it).
        connection: input.connection,
        userId: null,
      });
      if (!posted) return input.ticket;
      await emit('tickets.autoResponse.sent', companyId, { autoResponseId: match.autoResponseId, messageId: posted.row.id });
      return posted.ticket;
    },
  };
}
export type AutoResponder = ReturnType<typeof createAutoResponder>;
