import type { BotReplyRequest, Emit } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { ticketsRepository, type NewTicketRow, type TicketRow } from '../db/tickets.repository.js';
import type { LogEntry, TicketChanges } from './tickets.js';
import { announceTicket, postAutomaticText, scopeOf } from './outbound.js';

/**
 * tickets.bot.reply (channels' bot runtime answering a turn): the bot's texts are posted in order as the
 * chatbot's are (stored, channels.message.send, announced); then the integration may end (useIntegration
 * off, the ticket waits for attendants), the ticket may move to a queue of the company (logged as a
 * redirect) or close. A ticket an attendant took meanwhile (no longer waiting, or assigned) is left alone.
 */
export async function applyBotReply(deps: Pick<TicketsDeps, 'mediaUrl' | 'config'>, tx: TicketsDb, emit: Emit, reply: BotReplyRequest): Promise<{ sent: number }> {
  const { companyId } = reply;
  const tickets = ticketsRepository(tx);
  const start = await tickets.findById(companyId, reply.ticketId, { lock: true });
  if (!start || start.status !== 'pending' || start.userId !== null || start.isGroup) return { sent: 0 };
  const contact = await tickets.contact(companyId, start.contactId);
  if (!contact) return { sent: 0 };
  const connection = start.whatsappId !== null ? await projectionsRepository(tx).findConnection(companyId, start.whatsappId) : undefined;
  const queues = queuesRepository(tx);
  const queue = start.queueId !== null ? ((await queues.findById(companyId, start.queueId)) ?? null) : null;

  let current: TicketRow = start;
  let sent = 0;
  const now = new Date();
  for (const text of reply.texts) {
    const posted = await postAutomaticText(deps, tx, emit, { ticket: current, contact, text, user: null, queue, connection, userId: null, now });
    if (!posted) continue;
    current = posted.ticket;
    sent += 1;
  }

  const changes: TicketChanges & Partial<NewTicketRow> = {};
  const logs: LogEntry[] = [];
  // The bot is done: the integration goes off and no prompt takes over; the ticket waits for the attendants.
  if (reply.endIntegration && (current.useIntegration || current.integrationId !== null || !current.botEnded)) {
    Object.assign(changes, { useIntegration: false, integrationId: null, botEnded: true });
  }
  if (reply.transferToQueueId != null && reply.transferToQueueId !== current.queueId) {
    const target = await queues.findById(companyId, reply.transferToQueueId);
    if (target) {
      changes.queueId = target.id;
      logs.push({ type: 'redirect', userId: null, queueId: target.id });
    }
  }
  if (reply.closeTicket) {
    changes.status = 'closed';
    logs.push({ type: 'closed', userId: null, queueId: changes.queueId ?? current.queueId });
  }
  if (Object.keys(changes).length > 0) {
    const before = scopeOf(current);
    current = await tickets.update(companyId, current.id, changes);
    if (logs.length > 0) await logsRepository(tx).add(companyId, current.id, logs);
    await announceTicket(tx, emit, current, before);
  }
  return { sent };
}
