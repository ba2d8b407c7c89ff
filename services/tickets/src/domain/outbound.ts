import type { Channel, Emit, Message, Ticket, TicketScope } from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { messagesRepository, type MessageRow } from '../db/messages.repository.js';
import { projectionsRepository, type ConnectionProjection } from '../db/projections.repository.js';
import { ticketsRepository, type TicketRow } from '../db/tickets.repository.js';
import { loadTicketDetail } from '../db/ticket-details.repository.js';
import type { ContactRow } from './presenters.js';
import { toTicketScope } from './presenters.js';
import { replaceVariables, type VariableContext } from './variables.js';

/**
 * Everything tickets writes into a conversation goes through here: stored with ack 0, the ticket's
 * last message updated, the send command emitted in the same transaction (unless it is a private
 * note or the ticket has no connection yet: then it waits, see connection events), and announced.
 */
export type MessageMedia = { key: string; mime: string; name: string | null; size: number };
export type MessageKind = 'chat' | 'image' | 'video' | 'audio' | 'application' | 'contactMessage';

export type OutboundInput = {
  ticket: TicketRow;
  contact: ContactRow;
  body: string;
  userId: number | null;
  isPrivate?: boolean;
  mediaType?: MessageKind | (string & {});
  media?: MessageMedia | null;
  quoted?: Pick<MessageRow, 'id' | 'wid'> | null;
  /** A copy of another message (forward): its channel id lets the channel forward natively. */
  forwardOf?: Pick<MessageRow, 'wid'> | null;
};

/** What the list shows as the last message. */
export function lastMessagePreview(body: string, mediaType: string, mediaName: string | null): string {
  // A contact card reads as the person it names, not as its vCard text.
  if (mediaType === 'contactMessage' || /^BEGIN:VCARD/i.test(body.trimStart())) {
    const name = /^FN(?:;[^:\r\n]*)?:(.+)$/im.exec(body)?.[1]?.trim() || /^N(?:;[^:\r\n]*)?:(.+)$/im.exec(body)?.[1]?.split(';').filter(Boolean).reverse().join(' ').trim();
    if (name) return `Contato: ${name}`.slice(0, 1000);
  }
  const text = body.trim() || mediaName || (mediaType === 'chat' ? '' : mediaType);
  return text.length > 1000 ? text.slice(0, 1000) : text;
}

/** The send command for a stored message (text, media, forward, or an edit/delete/reaction of it). */
export async function emitSend(
  emit: Emit,
  ticket: Pick<TicketRow, 'id' | 'companyId' | 'whatsappId' | 'channel'>,
  contact: Pick<ContactRow, 'number' | 'remoteJid' | 'isGroup'>,
  message: Pick<MessageRow, 'id' | 'body' | 'mediaType' | 'mediaKey' | 'mediaName'>,
  options: { kind: 'text' | 'media' | 'edit' | 'delete' | 'reaction' | 'forward'; quotedWid?: string | null; targetWid?: string | null; body?: string; mime?: string | null; size?: number | null },
): Promise<void> {
  if (ticket.whatsappId === null) return;
  await emit('channels.message.send', ticket.companyId, {
    messageId: message.id,
    ticketId: ticket.id,
    connectionId: ticket.whatsappId,
    channel: ticket.channel as Channel,
    to: { number: contact.number, remoteJid: contact.remoteJid, isGroup: contact.isGroup },
    body: options.body ?? message.body,
    media: message.mediaKey
      ? { mediaType: message.mediaType as Message['mediaType'], key: message.mediaKey, mimetype: options.mime ?? 'application/octet-stream', filename: message.mediaName, size: options.size ?? null }
      : null,
    quotedWid: options.quotedWid ?? null,
    kind: options.kind,
    targetWid: options.targetWid ?? null,
  });
}

export async function postMessage(
  deps: Pick<TicketsDeps, 'mediaUrl'>,
  tx: TicketsDb,
  emit: Emit,
  input: OutboundInput,
): Promise<{ row: MessageRow; message: Message; ticket: TicketRow; /** The ticket as the events show it, after this message. */ details: Ticket }> {
  const isPrivate = input.isPrivate ?? false;
  const mediaType = input.mediaType ?? (input.media ? 'application' : 'chat');
  const values = {
    companyId: input.ticket.companyId,
    ticketId: input.ticket.id,
    contactId: null,
    userId: input.userId,
    body: input.body,
    fromMe: true,
    read: true,
    isPrivate,
    ack: 0,
    mediaType,
    mediaKey: input.media?.key ?? null,
    mediaName: input.media?.name ?? null,
    quotedMsgId: input.quoted?.id ?? null,
    isForwarded: Boolean(input.forwardOf),
    queueId: input.ticket.queueId,
  };
  const messages = messagesRepository(tx);
  let row: MessageRow;
  let ticket = input.ticket;
  let details: Ticket | undefined;
  if (isPrivate) {
    row = await messages.insert(values);
    details = await loadTicketDetail(tx, ticket.companyId, ticket.id);
  } else {
    // The message written with the ticket's last message set (one statement), and the ticket read back as
    // the events show it, in one round trip (statements run in this order).
    let written: { row: MessageRow; ticket: TicketRow };
    [written, details] = await Promise.all([
      messages.insertTouching(values, lastMessagePreview(values.body, values.mediaType, values.mediaName)),
      loadTicketDetail(tx, ticket.companyId, ticket.id),
    ]);
    ({ row, ticket } = written);
  }
  if (!isPrivate) {
    await emitSend(emit, ticket, input.contact, row, {
      kind: input.forwardOf ? 'forward' : row.mediaKey ? 'media' : 'text',
      quotedWid: input.quoted?.wid ?? null,
      targetWid: input.forwardOf?.wid ?? null,
      mime: input.media?.mime ?? null,
      size: input.media?.size ?? null,
    });
  }
  const message = await messages.presentRow(row, ticket, null, deps.mediaUrl, details?.queue);
  return { row, message, ticket, details: await announceMessageWith(emit, ticket, message, details) };
}

/** The farewell of a resolved ticket: the attendant's own farewellMessage, else the connection's complationMessage. */
export const farewellText = (user: { farewellMessage?: string | null } | null | undefined, connection: { complationMessage: string } | null | undefined): string =>
  user?.farewellMessage?.trim() || connection?.complationMessage || '';

/**
 * An automatic text (greeting, farewell, transfer message, menu, rating request) posted as the ticket's next
 * message with its variables replaced (spec 000 §3); a text empty after that posts nothing (null).
 * `queue`: the queue {{queue}} names; none given, the ticket's own queue (read only when the text has a variable).
 */
export async function postAutomaticText(
  deps: Pick<TicketsDeps, 'mediaUrl' | 'config'>,
  tx: TicketsDb,
  emit: Emit,
  input: Omit<VariableContext, 'now' | 'timeZone'> & { ticket: TicketRow; contact: ContactRow; text: string; userId: number | null; now?: Date },
): Promise<Awaited<ReturnType<typeof postMessage>> | null> {
  const { ticket, contact, text, userId, now = new Date() } = input;
  const queue =
    input.queue ?? (ticket.queueId !== null && text.includes('{{') ? ((await ticketsRepository(tx).queue(ticket.companyId, ticket.queueId)) ?? null) : null);
  const body = replaceVariables(text, { contact, user: input.user, ticket, queue, connection: input.connection, now, timeZone: deps.config.TICKETS_TIME_ZONE }).trim();
  return body ? postMessage(deps, tx, emit, { ticket, contact, body, userId }) : null;
}

/**
 * The `{{variables}}` of texts an attendant (or a schedule on their behalf) sends on this ticket, replaced
 * as in automatic texts: the returned function fills one text in. The queue and the connection are read
 * only when one of `texts` names a variable.
 */
export async function messageVariables(
  deps: Pick<TicketsDeps, 'config'>,
  tx: TicketsDb,
  input: { ticket: TicketRow; contact: ContactRow; user: { name: string } | null; connection?: ConnectionProjection | null },
  texts: readonly string[],
): Promise<(text: string) => string> {
  if (!texts.some((text) => text.includes('{{'))) return (text) => text;
  const { ticket } = input;
  const [queue, connection] = await Promise.all([
    ticket.queueId ? ticketsRepository(tx).queue(ticket.companyId, ticket.queueId) : undefined,
    input.connection !== undefined ? input.connection : ticket.whatsappId ? projectionsRepository(tx).findConnection(ticket.companyId, ticket.whatsappId) : undefined,
  ]);
  const context: VariableContext = {
    contact: input.contact, user: input.user, ticket, queue: queue ?? null, connection: connection ?? null, now: new Date(), timeZone: deps.config.TICKETS_TIME_ZONE,
  };
  return (text) => replaceVariables(text, context);
}

/** tickets.message.created with the ticket details already loaded (after the last change of the ticket). */
export async function announceMessageWith(emit: Emit, ticket: TicketRow, message: Message, details: Ticket | undefined): Promise<Ticket> {
  if (!details) throw new Error(`ticket ${ticket.id} vanished`);
  await emit('tickets.message.created', ticket.companyId, { message, ticket: details, contact: details.contact });
  return details;
}

/** tickets.ticket.updated (with the scope before the change) or .created, with the ticket details already loaded. */
export async function announceTicketWith(emit: Emit, ticket: TicketRow, previous: TicketScope | 'new', details: Ticket | undefined): Promise<Ticket> {
  if (!details) throw new Error(`ticket ${ticket.id} vanished`);
  if (previous === 'new') await emit('tickets.ticket.created', ticket.companyId, { ticket: details });
  else await emit('tickets.ticket.updated', ticket.companyId, { ticket: details, previous });
  return details;
}

/** tickets.message.created with the ticket and contact realtime shows beside it. */
export async function announceMessage(tx: TicketsDb, emit: Emit, ticket: TicketRow, message: Message): Promise<Ticket> {
  const details = await loadTicketDetail(tx, ticket.companyId, ticket.id);
  if (!details) throw new Error(`ticket ${ticket.id} vanished`);
  await emit('tickets.message.created', ticket.companyId, { message, ticket: details, contact: details.contact });
  return details;
}

/** tickets.ticket.updated (with the scope before the change) or .created for a new ticket. */
export async function announceTicket(tx: TicketsDb, emit: Emit, ticket: TicketRow, previous: TicketScope | null | 'new'): Promise<Ticket> {
  const details = await loadTicketDetail(tx, ticket.companyId, ticket.id);
  if (!details) throw new Error(`ticket ${ticket.id} vanished`);
  if (previous === 'new') await emit('tickets.ticket.created', ticket.companyId, { ticket: details });
  else await emit('tickets.ticket.updated', ticket.companyId, { ticket: details, previous });
  return details;
}

export const scopeOf = (row: TicketRow): TicketScope => toTicketScope(row);

/**
 * After `message` was edited or deleted: when it is its ticket's last message, the list's preview follows
 * (an edit shows the new text; a deleted message's text shows no more) and the ticket is announced.
 */
export async function previewFollows(tx: TicketsDb, emit: Emit, message: MessageRow, ticket: TicketRow): Promise<void> {
  if (message.isPrivate) return;
  const messages = messagesRepository(tx);
  // A deleted last message hands the preview back to the message before it (what the conversation still shows last).
  const shown = message.isDeleted ? await messages.previousShown(message) : message;
  const preview = shown ? lastMessagePreview(shown.body, shown.mediaType, shown.mediaName) : '';
  const changed = await messages.setPreviewIfLast(message, preview);
  if (changed) await announceTicket(tx, emit, changed, scopeOf(ticket));
}
