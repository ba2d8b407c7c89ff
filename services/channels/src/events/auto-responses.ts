import { answer, consume, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { createAutoResponsesDesk } from '../domain/auto-responses-desk.js';

const CONSUMER = 'channels';

/**
 * Auto-responses at work on real conversations: tickets asks whether a company has any active rule (it
 * caches the answer) and which rule answers an inbound text; it reports each answer it sent (usage counted)
 * and the channel's delivery report of that message rates it (success rate).
 */
export async function autoResponseHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const desk = createAutoResponsesDesk(deps);
  const on = { bus: ctx.bus, unitOfWork, schema: 'channels', logger: ctx.logger };
  return Promise.all([
    answer(ctx.bus, 'channels.autoResponse.active', async ({ companyId }) => ({ active: await desk.hasActive(companyId) })),
    answer(ctx.bus, 'channels.autoResponse.match', ({ companyId, body }) => desk.match(companyId, body)),
    // Both are idempotent by themselves: a use is recorded once per message, a use is rated once.
    consume(
      on,
      'tickets.autoResponse.sent',
      CONSUMER,
      async (tx, data, envelope, emit) => {
        if (envelope.companyId !== null) await desk.recordUse(tx, emit, envelope.companyId, data.autoResponseId, data.messageId);
      },
      { idempotent: true },
    ),
    consume(
      on,
      'channels.message.ack',
      CONSUMER,
      async (tx, data, _envelope, emit) => {
        if (data.messageId !== null) await desk.rateDelivery(tx, emit, data.messageId, data.ack);
      },
      // Reports of one message one after the other (only its first report rates it).
      { idempotent: true, concurrency: 16, orderingKey: (e) => String((e.data as { messageId?: unknown } | null)?.messageId ?? '') || null },
    ),
  ]);
}
