import type { Contact, Message, QuickMessage, Queue, Tag, Ticket, TicketScope } from '@atende/kit';
import type { connections, contacts, messages, queues, quickMessages, tags, tickets, users } from '../db/schema.js';

/**
 * Rows → the contract shapes every answer and event carries (kit contracts/tickets.ts).
 * Pure: stored media keys become links through the `mediaUrl` function given.
 */
export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type QueueRow = typeof queues.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type ConnectionRow = typeof connections.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type MediaUrl = (key: string) => string;
export type TagRef = Pick<TagRow, 'id' | 'name' | 'color' | 'kanban'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toContact(row: ContactRow, rel: { tags?: TagRef[]; connection?: Pick<ConnectionRow, 'id' | 'name'> | null } = {}): Contact {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    number: row.number,
    email: row.email,
    companyId: row.companyId,
    remoteJid: row.remoteJid,
    lid: row.lid,
    isGroup: row.isGroup,
    channel: row.channel as Contact['channel'],
    urlPicture: row.urlPicture,
    profilePicUrl: row.urlPicture,
    active: row.active,
    acceptAudioMessage: row.acceptAudioMessage,
    disableBot: row.disableBot,
    lgpdAcceptedAt: iso(row.lgpdAcceptedAt),
    extraInfo: row.extraInfo,
    tags: (rel.tags ?? []).map(toTagRef),
    whatsappId: row.whatsappId,
    whatsapp: rel.connection ? { id: rel.connection.id, name: rel.connection.name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toTagRef = (t: TagRef) => ({ id: t.id, name: t.name, color: t.color, kanban: t.kanban });

export type TicketRelations = {
  contact: ContactRow;
  contactTags?: TagRef[];
  queue?: Pick<QueueRow, 'id' | 'name' | 'color'> | null;
  user?: Pick<UserRow, 'id' | 'name'> | null;
  connection?: Pick<ConnectionRow, 'id' | 'name' | 'channel' | 'groupAsTicket'> | null;
  tags?: TagRef[];
};

export function toTicket(row: TicketRow, rel: TicketRelations): Ticket {
  return {
    id: row.id,
    uuid: row.uuid,
    companyId: row.companyId,
    status: row.status as Ticket['status'],
    contactId: row.contactId,
    contact: toContact(rel.contact, { tags: rel.contactTags, connection: rel.connection }),
    queueId: row.queueId,
    queue: rel.queue ? { id: rel.queue.id, name: rel.queue.name, color: rel.queue.color } : null,
    userId: row.userId,
    user: rel.user ? { id: rel.user.id, name: rel.user.name } : null,
    whatsappId: row.whatsappId,
    whatsapp: rel.connection
      ? { id: rel.connection.id, name: rel.connection.name, channel: rel.connection.channel, groupAsTicket: rel.connection.groupAsTicket as 'enabled' | 'disabled' }
      : null,
    channel: row.channel as Ticket['channel'],
    isGroup: row.isGroup,
    isBot: row.isBot,
    unreadMessages: row.unreadMessages,
    lastMessage: row.lastMessage,
    lastMessageAt: iso(row.lastMessageAt),
    tags: (rel.tags ?? []).map(toTagRef),
    userRating: row.userRating ? { rate: row.userRating } : null,
    useIntegration: row.useIntegration,
    amountUsedBotQueues: row.amountUsedBotQueues,
    isTransfered: row.isTransfered,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: iso(row.closedAt),
  };
}

export function toTicketScope(row: Pick<TicketRow, 'id' | 'status' | 'userId' | 'queueId' | 'isGroup'>): TicketScope {
  return { id: row.id, status: row.status as TicketScope['status'], userId: row.userId, queueId: row.queueId, isGroup: row.isGroup };
}

export type QueueRef = Pick<QueueRow, 'id' | 'name' | 'color'>;
const toQueueRef = (q: QueueRef | undefined) => (q ? { id: q.id, name: q.name, color: q.color } : null);

export function toMessage(
  row: MessageRow,
  rel: {
    ticket: Pick<TicketRow, 'id' | 'uuid' | 'status' | 'queueId' | 'whatsappId'>;
    contact?: Pick<ContactRow, 'id' | 'name' | 'number' | 'urlPicture'> | null;
    quoted?: (Pick<MessageRow, 'id' | 'body' | 'fromMe' | 'mediaType'> & { contactName: string | null }) | null;
    /** The queues of the message and of its ticket, by id (read once for a page of messages). */
    queues: ReadonlyMap<number, QueueRef>;
  },
  mediaUrl: MediaUrl,
): Message {
  const queueOf = (id: number | null) => (id === null ? null : toQueueRef(rel.queues.get(id)));
  return {
    id: row.id,
    wid: row.wid,
    companyId: row.companyId,
    ticketId: row.ticketId,
    ticket: {
      id: rel.ticket.id,
      uuid: rel.ticket.uuid,
      status: rel.ticket.status as Message['ticket']['status'],
      queueId: rel.ticket.queueId,
      queue: queueOf(rel.ticket.queueId),
      whatsappId: rel.ticket.whatsappId,
    },
    contactId: row.contactId,
    contact: rel.contact ? { id: rel.contact.id, name: rel.contact.name, number: rel.contact.number, urlPicture: rel.contact.urlPicture } : null,
    userId: row.userId,
    body: row.isDeleted ? '' : row.body,
    fromMe: row.fromMe,
    read: row.read,
    isPrivate: row.isPrivate,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    ack: row.ack,
    mediaType: row.mediaType as Message['mediaType'],
    mediaUrl: row.mediaKey && !row.isDeleted ? mediaUrl(row.mediaKey) : null,
    mediaName: row.mediaName,
    quotedMsgId: row.quotedMsgId,
    quotedMsg: rel.quoted
      ? { id: rel.quoted.id, body: rel.quoted.body, fromMe: rel.quoted.fromMe, mediaType: rel.quoted.mediaType as Message['mediaType'], contactName: rel.quoted.contactName }
      : null,
    reactions: row.reactions,
    queueId: row.queueId,
    queue: queueOf(row.queueId),
    transcrito: row.transcrito,
    transcription: row.isDeleted ? null : row.transcription,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toQueue(row: QueueRow): Queue {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    orderQueue: row.orderQueue,
    tempoRoteador: row.tempoRoteador,
    ativarRoteador: row.ativarRoteador,
    integrationId: row.integrationId,
    fileListId: row.fileListId,
    closeTicket: row.closeTicket,
    schedules: row.schedules as Queue['schedules'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTag(row: TagRow, counts: { contacts?: number; tickets?: number } = {}): Tag {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    color: row.color,
    kanban: row.kanban,
    timeLane: row.timeLane,
    nextLaneId: row.nextLaneId,
    rollbackLaneId: row.rollbackLaneId,
    greetingMessageLane: row.greetingMessageLane,
    userId: row.userId,
    contactsCount: counts.contacts ?? 0,
    ticketsCount: counts.tickets ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toQuickMessage(row: QuickMessageRow, mediaUrl: MediaUrl): QuickMessage {
  return {
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    visao: row.visao,
    status: row.status,
    mediaPath: row.mediaKey ? mediaUrl(row.mediaKey) : null,
    mediaName: row.mediaName,
    isMedia: Boolean(row.mediaKey),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
