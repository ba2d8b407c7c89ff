import { AppError, type BotReplyRequest, type Emit } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { ticketsRepository, type NewTicketRow, type TicketRow } from '../db/tickets.repository.js';
import type { LogEntry, TicketChanges } from './tickets.js';
import { ownMediaKey } from './inbound.js';
import { mediaKindOf } from './message-actions.js';
import { announceTicket, postAutomaticText, postMessage, scopeOf, type MessageKind, type MessageMedia } from './outbound.js';

/**
 * tickets.bot.reply (channels' bot runtime answering a turn): the bot's texts are posted in order as the
 * chatbot's are (stored, channels.message.send, announced), then its files (an AI prompt's voice note) as
 * the messages API's are, each its own message; a file not stored under the company's own folder refuses
 * the whole reply (400 naming it) before anything is posted. Then the integration may end (useIntegration
 * off, the ticket waits for attendants), the ticket may move to a queue of the company (logged as a
 * redirect) or close. A ticket an attendant took meanwhile (no longer waiting, or assigned) is left alone.
 */
export async function applyBotReply(deps: Pick<TicketsDeps, 'mediaUrl' | 'config'>, tx: TicketsDb, emit: Emit, reply: BotReplyRequest): Promise<{ sent: number }> {
  const { companyId } = reply;
  // Only files channels stored under this company's own folder are ever linked to its messages.
  const medias: (MessageMedia & { kind: MessageKind })[] = (reply.medias ?? []).map((media, i) => {
    const key = ownMediaKey(companyId, media.key);
    if (!key) {
      const fields = [{ field: `medias.${i}`, message: 'must be a file stored for this company' }];
      throw new AppError('ERR_VALIDATION', `medias.${i}: must be a file stored for this company`, { fields });
    }
    return { key, mime: media.mimetype, name: media.filename, size: media.size ?? 0, kind: media.mediaType === 'audio' ? 'audio' : mediaKindOf(media.mimetype, null) };
  });
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
  for (const media of medias) {
    const posted = await postMessage(deps, tx, emit, { ticket: current, contact, body: '', userId: null, mediaType: media.kind, media });
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
