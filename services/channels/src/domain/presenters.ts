import type { Channel, Connection, SessionStatus, WhatsappConnection } from '@atende/kit';
import type { ConnectionRow } from '../db/connections.repository.js';
import type { QueueRow } from '../db/queues.repository.js';

/**
 * Rows → the answers and events of the connections API. Pure: stored media keys become links through
 * the `mediaUrl` function given.
 */

export type MediaUrl = (key: string) => string;

export type PresentOptions = {
  /** The integrators' token is the admins' secret: others read ''. */
  showToken: boolean;
  /** Lists asked with session=0 carry no QR code. */
  withQrcode: boolean;
  mediaUrl: MediaUrl;
};

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The connection as GET /whatsapp answers it; `queues` holds (at least) the projection rows of its queueIds. */
export function toWhatsappConnection(row: ConnectionRow, queues: ReadonlyMap<number, QueueRow>, options: PresentOptions): WhatsappConnection {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    channel: row.channel as Channel,
    number: row.number,
    status: row.status as SessionStatus,
    qrcode: options.withQrcode ? row.qrcode : '',
    retries: row.retries,
    isDefault: row.isDefault,
    allowGroup: row.allowGroup,
    groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    importOldMessages: iso(row.importOldMessages),
    importRecentMessages: iso(row.importRecentMessages),
    importOldMessagesGroups: row.importOldMessagesGroups,
    closedTicketsPostImported: row.closedTicketsPostImported,
    queueIdImportMessages: row.queueIdImportMessages,
    statusImportMessages: row.statusImportMessages,
    token: options.showToken ? row.token : '',
    queues: row.queueIds.flatMap((id) => {
      const q = queues.get(id);
      return q ? [{ id: q.id, name: q.name, color: q.color }] : [];
    }),
    queueIds: row.queueIds,
    integrationId: row.integrationId,
    promptId: row.promptId,
    sendIdQueue: row.sendIdQueue,
    timeSendQueue: row.timeSendQueue,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    collectiveVacationMessage: row.collectiveVacationMessage,
    collectiveVacationStart: iso(row.collectiveVacationStart),
    collectiveVacationEnd: iso(row.collectiveVacationEnd),
    greetingMediaAttachment: row.greetingMediaAttachment ? options.mediaUrl(row.greetingMediaAttachment) : null,
    greetingMediaName: row.greetingMediaAttachment ? row.greetingMediaName : null,
    timeCreateNewTicket: row.timeCreateNewTicket,
    maxUseBotQueues: row.maxUseBotQueues,
    timeUseBotQueues: row.timeUseBotQueues,
    provider: row.provider,
    expiresTicket: row.expiresTicket,
    whenExpiresTicket: row.whenExpiresTicket === '1' ? '1' : '0',
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
    ratingMessage: row.ratingMessage,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNps,
    expiresTicketNPS: row.expiresTicketNps,
    schedules: row.schedules,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The connection as other services keep it (bus projection of channels.connection.updated). */
export function toConnectionProjection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    channel: row.channel as Channel,
    status: row.status,
    number: row.number || null,
    isDefault: row.isDefault,
    groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    timeCreateNewTicket: row.timeCreateNewTicket,
    maxUseBotQueues: row.maxUseBotQueues,
    timeUseBotQueues: row.timeUseBotQueues,
    ratingMessage: row.ratingMessage,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNps,
    expiresTicketNPS: row.expiresTicketNps,
    queueIds: row.queueIds,
    schedules: row.schedules,
    collectiveVacationMessage: row.collectiveVacationMessage,
    collectiveVacationStart: iso(row.collectiveVacationStart),
    collectiveVacationEnd: iso(row.collectiveVacationEnd),
    greetingMediaKey: row.greetingMediaAttachment,
    greetingMediaName: row.greetingMediaName,
    sendIdQueue: row.sendIdQueue,
    timeSendQueue: row.timeSendQueue,
    expiresTicket: row.expiresTicket,
    whenExpiresTicket: row.whenExpiresTicket === '1' ? '1' : '0',
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
    integrationId: row.integrationId,
    promptId: row.promptId,
  };
}
