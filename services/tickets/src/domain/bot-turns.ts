import { BOT_TEXT_MAX, BOT_TURN_HISTORY, Directory, type Bus, type Emit, type Subscription } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { botRepository } from '../db/bot.repository.js';
import type { ConnectionProjection } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { announceTicket, scopeOf } from './outbound.js';
import type { ContactRow } from './presenters.js';

/**
 * The bot runtime on tickets' side (Whaticket's handleMessageIntegration / handleOpenAi, moved out of the
 * inbound transaction): after the chatbot and the auto-responder had their turn, a waiting ticket that a
 * queue integration or an AI prompt serves gets a `tickets.bot.turn` in its outbox (published after the
 * commit); channels calls the outside service and answers through `tickets.bot.reply` (events/bot-replies.ts).
 *
 * The common inbound path pays nothing: whether a queue has an integration or a prompt is read from an
 * in-memory map per company (BotQueues), the connection's ids come with the inbound lookup, and only a
 * ticket a bot serves costs queries (its recent messages, the option's integration).
 */

/** Which bot serves a ticket. */
export type ServingBot = { kind: 'integration'; integrationId: number } | { kind: 'prompt'; promptId: number };

type TicketFacts = Pick<TicketRow, 'status' | 'userId' | 'isGroup' | 'isBot' | 'useIntegration' | 'queueId' | 'integrationId' | 'botEnded'>;

/** A bot may take the turn: a waiting ticket nobody serves (no attendant, no chatbot menu or rating under way), not a group, the contact's bot not disabled. */
export function botMayServe(ticket: Omit<TicketFacts, 'useIntegration' | 'queueId' | 'integrationId' | 'botEnded'>, contact: Pick<ContactRow, 'isGroup' | 'disableBot'>): boolean {
  return ticket.status === 'pending' && ticket.userId === null && !ticket.isGroup && !ticket.isBot && !contact.isGroup && !contact.disableBot;
}

/**
 * The serving rule (pure): (a) with useIntegration, the integration the ticket remembers, else the chatbot
 * option's, else its queue's, else its connection's; (b) otherwise an AI prompt: the connection's while the
 * ticket has no queue, else the prompt of its queue, unless a bot already handed the ticket to the
 * attendants (botEnded). Null: no bot serves it.
 */
export function servingBot(input: {
  ticket: TicketFacts;
  contact: Pick<ContactRow, 'isGroup' | 'disableBot'>;
  connection: Pick<ConnectionProjection, 'integrationId' | 'promptId'> | undefined;
  /** The integration of the chatbot option the contact picked (null: none). */
  optionIntegrationId: number | null;
  /** The integration and the prompt of the ticket's queue (null: none). */
  queueIntegrationId: number | null;
  queuePromptId: number | null;
}): ServingBot | null {
  const { ticket, connection } = input;
  if (!botMayServe(ticket, input.contact)) return null;
  if (ticket.useIntegration) {
    const integrationId = ticket.integrationId ?? input.optionIntegrationId ?? input.queueIntegrationId ?? connection?.integrationId ?? null;
    if (integrationId !== null) return { kind: 'integration', integrationId };
  }
  // A bot that handed the conversation to the attendants (tickets.bot.reply endIntegration) keeps the prompts away.
  if (ticket.botEnded) return null;
  const promptId = ticket.queueId === null ? (connection?.promptId ?? null) : input.queuePromptId;
  return promptId !== null ? { kind: 'prompt', promptId } : null;
}

/** A company's queues that have a bot: queue id → integration id, queue id → prompt id (the oldest prompt of a queue). */
export type QueueBots = { integrations: Map<number, number>; prompts: Map<number, number> };
/** Read with the caller's transaction (see createBotQueues). */
export type BotQueues = Directory<number, QueueBots, TicketsDb>;

/** How long a company's queue bots are trusted without any announcement (a safety net). */
export const BOT_QUEUES_TTL_MS = 60_000;
/** Other replicas hear a prompt change before the projection's commit: they forget it again this much later. */
export const BOT_QUEUES_SETTLE_MS = 2_000;

/**
 * Per company, which queues have an integration (tickets' own queues) or a prompt (projection of channels'
 * prompts); dropped on every queue or prompt announcement, so the inbound path reads it from memory.
 */
export async function createBotQueues(bus: Bus): Promise<{ queues: BotQueues; subscriptions: Subscription[] }> {
  // A miss is read in the inbound transaction asking for it: read from the pool, a burst of inbound messages
  // holding every pool connection in their transactions would each wait for a connection none gives back.
  const queues: BotQueues = new Directory(async (companyId, tx) => {
    const repo = botRepository(tx);
    const [integrations, prompts] = await Promise.all([repo.queueIntegrations(companyId), repo.queuePrompts(companyId)]);
    const byQueue = new Map<number, number>();
    for (const p of prompts) if (!byQueue.has(p.queueId)) byQueue.set(p.queueId, p.promptId);
    return { integrations: new Map(integrations.map((q) => [q.queueId, q.integrationId])), prompts: byQueue };
  }, BOT_QUEUES_TTL_MS);
  const drop = (companyId: number | null) => (companyId === null ? queues.invalidate() : queues.invalidate(companyId));
  const dropTwice = (companyId: number | null) => {
    drop(companyId);
    setTimeout(() => drop(companyId), BOT_QUEUES_SETTLE_MS).unref();
  };
  const subscriptions = await Promise.all([
    // Queues are this service's own: announced after their commit.
    ...(['tickets.queue.created', 'tickets.queue.updated', 'tickets.queue.deleted'] as const).map((s) => bus.companiesOf(s, drop)),
    ...(['channels.prompt.created', 'channels.prompt.updated', 'channels.prompt.deleted'] as const).map((s) => bus.companiesOf(s, dropTwice)),
  ]);
  return { queues, subscriptions };
}

export type BotTurnInput = {
  /** The ticket after the chatbot and the auto-responder. */
  ticket: TicketRow;
  /** The ticket as it was before this message (a queue entered now may hand it to its integration). */
  before: Pick<TicketRow, 'queueId'> | null;
  contact: ContactRow;
  connection: ConnectionProjection | undefined;
  body: string;
  mediaType: string;
  /** The ticket was opened by this message. */
  created: boolean;
};

export function createBotTurns(deps: Pick<TicketsDeps, 'ctx'>, queues: BotQueues) {
  return {
    /** After the inbound message is stored: emits tickets.bot.turn when a bot serves the ticket; answers the ticket as it is after. */
    async afterInbound(tx: TicketsDb, emit: Emit, input: BotTurnInput): Promise<TicketRow> {
      const { contact, connection } = input;
      let ticket = input.ticket;
      if (!botMayServe(ticket, contact)) return ticket;
      const companyId = ticket.companyId;
      // A miss another transaction was loading fails with that transaction: read it again in this one.
      const bots = await queues.get(companyId, tx).catch(() => queues.get(companyId, tx)).catch((err: unknown) => {
        deps.ctx.logger.warn({ err, companyId }, 'queue bots unavailable; the message goes to attendants');
        return null;
      });
      if (!bots) return ticket;
      const tickets = ticketsRepository(tx);
      const queueIntegrationId = ticket.queueId !== null ? (bots.integrations.get(ticket.queueId) ?? null) : null;
      // A queue with an integration takes the ticket when it enters it (Whaticket: the queue's integration),
      // and a connection with one takes its new tickets while no queue has them.
      if (!ticket.useIntegration) {
        const enteredQueue = ticket.queueId !== null && (input.created || input.before?.queueId !== ticket.queueId);
        const activate = enteredQueue && queueIntegrationId !== null ? queueIntegrationId : input.created && ticket.queueId === null ? (connection?.integrationId ?? null) : null;
        if (activate !== null) {
          ticket = await tickets.update(companyId, ticket.id, { useIntegration: true, integrationId: activate });
          await announceTicket(tx, emit, ticket, scopeOf(ticket));
        }
      }
      const needsOption = ticket.useIntegration && ticket.integrationId === null && ticket.chatbotId !== null;
      const optionIntegrationId = needsOption ? await botRepository(tx).optionIntegration(companyId, ticket.chatbotId!) : null;
      const bot = servingBot({
        ticket,
        contact,
        connection,
        optionIntegrationId,
        queueIntegrationId,
        queuePromptId: ticket.queueId !== null ? (bots.prompts.get(ticket.queueId) ?? null) : null,
      });
      if (!bot) return ticket;
      const integrationId = bot.kind === 'integration' ? bot.integrationId : null;
      const promptId = bot.kind === 'prompt' ? bot.promptId : null;
      // The ticket remembers its bot (the integration stays until it ends; the prompt is the last that answered).
      const remember = bot.kind === 'integration' ? ticket.integrationId !== integrationId : ticket.promptId !== promptId;
      if (remember) ticket = await tickets.update(companyId, ticket.id, bot.kind === 'integration' ? { integrationId } : { promptId });
      const recent = await botRepository(tx).recentMessages(companyId, ticket.id, BOT_TURN_HISTORY);
      await emit('tickets.bot.turn', companyId, {
        companyId,
        ticketId: ticket.id,
        ticketUuid: ticket.uuid,
        contact: { id: contact.id, name: contact.name, number: contact.number },
        connectionId: ticket.whatsappId,
        queueId: ticket.queueId,
        integrationId,
        promptId,
        body: input.body.slice(0, BOT_TEXT_MAX),
        mediaType: input.mediaType,
        recentMessages: recent.map((m) => ({ fromMe: m.fromMe, body: m.body.slice(0, BOT_TEXT_MAX), createdAt: m.createdAt.toISOString() })),
      });
      return ticket;
    },
  };
}
export type BotTurns = ReturnType<typeof createBotTurns>;
