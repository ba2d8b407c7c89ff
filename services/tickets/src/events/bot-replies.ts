import { answer, consume, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { botRepository } from '../db/bot.repository.js';
import { applyBotReply } from '../domain/bot-replies.js';
import { CONSUMER } from './handlers.js';

/**
 * The bot runtime's answers (tickets.bot.reply, see domain/bot-replies.ts) and the projection of channels'
 * AI prompts by queue the serving rule reads (domain/bot-turns.ts). Prompt events are idempotent upserts
 * and deletes: a redelivery changes nothing.
 */
export async function botReplyHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'tickets', logger: ctx.logger };
  return Promise.all([
    answer(ctx.bus, 'tickets.bot.reply', (reply) => unitOfWork((tx, emit) => applyBotReply(deps, tx, emit, reply))),
    consume(
      on,
      'channels.prompt.created',
      CONSUMER,
      async (tx, data, envelope) => {
        if (envelope.companyId !== null) await botRepository(tx).upsertPrompt(envelope.companyId, data.prompt.id, data.prompt.queueId);
      },
      { idempotent: true },
    ),
    consume(
      on,
      'channels.prompt.updated',
      CONSUMER,
      async (tx, data, envelope) => {
        if (envelope.companyId !== null) await botRepository(tx).upsertPrompt(envelope.companyId, data.prompt.id, data.prompt.queueId);
      },
      { idempotent: true },
    ),
    consume(
      on,
      'channels.prompt.deleted',
      CONSUMER,
      async (tx, data, envelope) => {
        if (envelope.companyId !== null) await botRepository(tx).removePrompt(envelope.companyId, data.promptId);
      },
      { idempotent: true },
    ),
  ]);
}
