import { consume, type Envelope, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { createActiveFlags } from '../domain/auto-responder.js';
import { createBotQueues } from '../domain/bot-turns.js';
import { createChatsDesk } from '../domain/chats.js';
import { createInbound } from '../domain/inbound.js';
import { createQuickMessagesDesk } from '../domain/quick-messages.js';
import { userChanged, userDeleted } from '../domain/user-projection.js';

/** The consumer name of the tickets service (one durable per subject). */
export const CONSUMER = 'tickets';

/** channels.message.received events handled at once; one conversation's events still one after the other. */
export const INBOUND_CONCURRENCY = 64;
/** Of those, most handled in one transaction (several transactions still run side by side). */
export const INBOUND_BATCH = 16;

/**
 * The conversation an inbound message belongs to (company, connection, and the group or the contact's
 * number): messages of one conversation are stored in the order they arrived; others run side by side.
 */
export function conversationKey(envelope: Envelope): string | null {
  const data = envelope.data as { connectionId?: unknown; isGroup?: unknown; group?: { number?: unknown } | null; contact?: { number?: unknown } } | null;
  const chat = data?.isGroup && data.group ? data.group.number : data?.contact?.number;
  return typeof chat === 'string' ? `${envelope.companyId}:${String(data?.connectionId)}:${chat}` : null;
}

/**
 * What tickets consumes: channels' messages, acks, changes and connections; auth's users.
 * Each handler runs in one transaction with the processed-event record (kit consume).
 */
export async function ticketEventHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const autoResponses = await createActiveFlags(ctx.bus, ctx.logger);
  const botQueues = await createBotQueues(ctx.bus);
  const inbound = createInbound(deps, { autoResponses: autoResponses.flags, botQueues: botQueues.queues });
  const chats = createChatsDesk(deps);
  const quickMessages = createQuickMessagesDesk(deps);
  const on = { bus: ctx.bus, unitOfWork, schema: 'tickets', logger: ctx.logger, afterCommit: (companyId: number | null) => deps.readCache.invalidate(companyId) };
  const companyOf = (companyId: number | null, subject: string): number | null => {
    if (companyId === null) ctx.logger.warn({ subject }, 'event without company dropped');
    return companyId;
  };
  const consumers = await Promise.all([
    consume(
      on,
      'channels.message.received',
      CONSUMER,
      async (tx, data, envelope, emit) => {
        const companyId = companyOf(envelope.companyId, envelope.type);
        if (companyId !== null) await inbound.receive(tx, emit, companyId, data);
      },
      // Idempotent by the message's channel id (unique per company): a redelivered event finds it stored and stops.
      { concurrency: INBOUND_CONCURRENCY, batch: INBOUND_BATCH, orderingKey: conversationKey, idempotent: true },
    ),
    consume(on, 'channels.message.ack', CONSUMER, async (tx, data, envelope, emit) => {
      const companyId = companyOf(envelope.companyId, envelope.type);
      if (companyId !== null) await inbound.ack(tx, emit, companyId, data);
    }),
    consume(on, 'channels.message.changed', CONSUMER, async (tx, data, envelope, emit) => {
      const companyId = companyOf(envelope.companyId, envelope.type);
      if (companyId !== null) await inbound.changed(tx, emit, companyId, data);
    }),
    consume(on, 'channels.connection.updated', CONSUMER, async (tx, data, _envelope, emit) => {
      await inbound.connectionUpdated(tx, emit, data.connection);
    }),
    consume(on, 'channels.connection.deleted', CONSUMER, async (tx, data, _envelope, emit) => {
      await inbound.connectionDeleted(tx, emit, data.connectionId);
    }),
    consume(on, 'auth.user.created', CONSUMER, async (tx, data) => userChanged(tx, data.user)),
    consume(on, 'auth.user.updated', CONSUMER, async (tx, data) => userChanged(tx, data.user)),
    consume(on, 'auth.user.deleted', CONSUMER, async (tx, data, envelope, emit) => {
      await userDeleted(tx, emit, envelope.companyId, data.userId);
      await chats.userDeleted(tx, emit, data.userId);
      await quickMessages.userDeleted(tx, emit, data.userId);
    }),
  ]);
  return [...autoResponses.subscriptions, ...botQueues.subscriptions, ...consumers];
}
