import type { AutoResponseSocketPayload } from './auto-responses.js';
import type { Chat, ChatSocketPayload } from './chats.js';
import type { EventData, EventSubject } from './events.js';
import type { PaymentSocketPayload } from './invoices.js';
import type { TicketScope } from '../visibility.js';

/**
 * Who receives a socket emission. Realtime resolves the audience against each socket's
 * own user; it never broadcasts a tenant event beyond the envelope's company.
 */
export type SocketAudience =
  | { to: 'company' }
  | { to: 'admins' }
  /** `exceptAdmins`: not to the user's sockets of an admin (an emission to the admins reaches them already). */
  | { to: 'user'; userId: number; exceptSessionId?: string; exceptAdmins?: boolean }
  | { to: 'super' }
  /** Every connected socket of every company (platform-wide notices only). */
  | { to: 'everyone' }
  /**
   * Sockets whose user may see the ticket (kit visibility). With `previous`, sockets that could see
   * the ticket before but not any more receive `lostPayload` instead (so their lists drop it).
   * `panel`: the real-time panel shows it, so the panel's viewers (allowRealTime, treated there as
   * admins, spec 000 §6) receive it whatever their visibility; `'only'`: it is for them alone, the ones
   * who see the ticket through the panel and not otherwise (the others get the conversation's own event).
   */
  | { to: 'ticket'; ticket: TicketScope; previous?: TicketScope | null; lostPayload?: unknown; panel?: boolean | 'only' };

/** `{companyId}` in an event name is replaced by the receiving socket's company id. */
export type SocketEmission = { event: string; payload: unknown; audience: SocketAudience };

type Mapper<S extends EventSubject> = (envelope: { companyId: number | null; data: EventData<S> }) => SocketEmission[];

/**
 * The spec's socket events (spec 000 §7 "Live events") for each bus subject. One entry per subject;
 * realtime only looks entries up and delivers. Subjects without an entry are not pushed to browsers.
 */
export const socketEmissions: { [S in EventSubject]?: Mapper<S> } = {
  'auth.user.created': ({ data }) => [{ event: 'company-{companyId}-user', payload: { action: 'create', user: data.user }, audience: { to: 'company' } }],
  'auth.user.updated': ({ data }) => [{ event: 'company-{companyId}-user', payload: { action: 'update', user: data.user }, audience: { to: 'company' } }],
  'auth.user.deleted': ({ data }) => [{ event: 'company-{companyId}-user', payload: { action: 'delete', userId: data.userId }, audience: { to: 'company' } }],
  'auth.session.started': ({ data }) => [
    {
      event: 'company-{companyId}-auth',
      payload: { action: 'update', user: { id: data.userId } },
      audience: { to: 'user', userId: data.userId, exceptSessionId: data.sessionId },
    },
  ],
  'admin.setting.updated': ({ data }) => [
    { event: 'company-{companyId}-settings', payload: { action: 'update', setting: { key: data.key, value: data.value } }, audience: { to: 'company' } },
  ],
  'admin.company.created': ({ data }) => [{ event: 'company-{companyId}-company', payload: { action: 'create', company: data.company }, audience: { to: 'super' } }],
  'admin.company.updated': ({ data }) => [
    { event: 'company-{companyId}-company', payload: { action: 'update', company: data.company }, audience: { to: 'super' } },
    // The company's own admins too: their Settings → Schedules tab follows live changes (spec 001 §4).
    { event: 'company-{companyId}-company', payload: { action: 'update', company: data.company }, audience: { to: 'admins' } },
  ],
  'admin.company.deleted': ({ data }) => [{ event: 'company-{companyId}-company', payload: { action: 'delete', companyId: data.companyId }, audience: { to: 'super' } }],
  'tickets.ticket.created': ({ data }) => [
    { event: 'company-{companyId}-ticket', payload: { action: 'update', ticket: data.ticket }, audience: { to: 'ticket', ticket: data.ticket, panel: true } },
    ticketActivity({ action: 'create', ticketId: data.ticket.id, uuid: data.ticket.uuid, status: data.ticket.status, at: data.ticket.updatedAt }, data.ticket),
    dashboardUpdate,
  ],
  'tickets.ticket.updated': ({ data }) => [
    {
      event: 'company-{companyId}-ticket',
      payload: { action: 'update', ticket: data.ticket },
      audience: { to: 'ticket', ticket: data.ticket, previous: data.previous, lostPayload: { action: 'delete', ticketId: data.ticket.id }, panel: true },
    },
    ticketActivity({ action: 'update', ticketId: data.ticket.id, uuid: data.ticket.uuid, status: data.ticket.status, at: data.ticket.updatedAt }, data.ticket),
    dashboardUpdate,
  ],
  'tickets.ticket.deleted': ({ data }) => [
    { event: 'company-{companyId}-ticket', payload: { action: 'delete', ticketId: data.ticketId }, audience: { to: 'ticket', ticket: data.scope, panel: true } },
    ticketActivity({ action: 'delete', ticketId: data.ticketId, uuid: null, status: data.scope.status, at: null }, data.scope),
    dashboardUpdate,
  ],
  'tickets.ticket.unreadReset': ({ data }) => [
    { event: 'company-{companyId}-ticket', payload: { action: 'updateUnread', ticketId: data.ticketId }, audience: { to: 'ticket', ticket: data.scope, panel: true } },
  ],
  'tickets.message.created': ({ data }) => [
    {
      event: 'company-{companyId}-appMessage',
      payload: { action: 'create', message: data.message, ticket: data.ticket, contact: data.contact },
      audience: { to: 'ticket', ticket: data.ticket },
    },
    // The panel's card shows the last message, its time and the unread count: its viewers who may not read
    // the conversation get the ticket as it now is, not the message.
    { event: 'company-{companyId}-ticket', payload: { action: 'update', ticket: data.ticket }, audience: { to: 'ticket', ticket: data.ticket, panel: 'only' } },
    ticketActivity({ action: 'message', ticketId: data.ticket.id, uuid: data.ticket.uuid, status: data.ticket.status, at: data.message.createdAt, fromMe: data.message.fromMe }, data.ticket),
  ],
  'tickets.message.updated': ({ data }) => [
    { event: 'company-{companyId}-appMessage', payload: { action: 'update', message: data.message }, audience: { to: 'ticket', ticket: data.scope } },
  ],
  'tickets.message.deleted': ({ data }) => [
    {
      event: 'company-{companyId}-appMessage',
      payload: { action: 'delete', messageId: data.messageId, ticketId: data.ticketId },
      audience: { to: 'ticket', ticket: data.scope },
    },
  ],
  'tickets.contact.created': ({ data }) => [{ event: 'company-{companyId}-contact', payload: { action: 'create', contact: data.contact }, audience: { to: 'company' } }],
  'tickets.contact.updated': ({ data }) => [{ event: 'company-{companyId}-contact', payload: { action: 'update', contact: data.contact }, audience: { to: 'company' } }],
  'tickets.contact.deleted': ({ data }) => [{ event: 'company-{companyId}-contact', payload: { action: 'delete', contactId: data.contactId }, audience: { to: 'company' } }],
  // Announcements are platform-wide: an active one reaches everyone; one turned inactive leaves everyone's
  // bell, and only the super users' management list keeps it.
  'admin.announcement.created': ({ data }) => announcementEmissions('create', data.announcement),
  'admin.announcement.updated': ({ data }) => announcementEmissions('update', data.announcement),
  'admin.announcement.deleted': ({ data }) => [{ event: 'company-announcement', payload: { action: 'delete', id: data.announcementId }, audience: { to: 'everyone' } }],
  // The licence renewal (spec 001 §4): the whole company learns its new due date (ids and a date only).
  'admin.invoice.paid': ({ data }) => [
    {
      event: 'company-{companyId}-payment',
      payload: { action: 'CONCLUIDA', company: data.company, invoiceId: data.invoice.id } satisfies PaymentSocketPayload,
      audience: { to: 'company' },
    },
  ],
  'tickets.tag.created': ({ data }) => [{ event: 'company-{companyId}-tag', payload: { action: 'create', tag: data.tag }, audience: { to: 'company' } }],
  'tickets.tag.updated': ({ data }) => [{ event: 'company-{companyId}-tag', payload: { action: 'update', tag: data.tag }, audience: { to: 'company' } }],
  'tickets.tag.deleted': ({ data }) => [{ event: 'company-{companyId}-tag', payload: { action: 'delete', tagId: data.tagId }, audience: { to: 'company' } }],
  'tickets.queue.created': ({ data }) => [{ event: 'company-{companyId}-queue', payload: { action: 'create', queue: data.queue }, audience: { to: 'company' } }],
  'tickets.queue.updated': ({ data }) => [{ event: 'company-{companyId}-queue', payload: { action: 'update', queue: data.queue }, audience: { to: 'company' } }],
  'tickets.queue.deleted': ({ data }) => [{ event: 'company-{companyId}-queue', payload: { action: 'delete', queueId: data.queueId }, audience: { to: 'company' } }],
  'tickets.quickMessage.created': ({ data }) => quickMessageEmissions('create', data.quickMessage),
  'tickets.quickMessage.updated': ({ data }) => quickMessageEmissions('update', data.quickMessage),
  'tickets.quickMessage.deleted': ({ data }) => [
    {
      event: 'company-{companyId}-quickmessage',
      payload: { action: 'delete', id: data.quickMessageId },
      // Only an id: harmless for everyone, and whether it was shared is no longer known.
      audience: { to: 'company' },
    },
  ],
  'tickets.chat.created': ({ data }) => chatEmissions(participantsOf(data.chat), { action: 'create', record: data.chat }),
  'tickets.chat.updated': ({ data }) => [
    ...chatEmissions(participantsOf(data.chat), { action: 'update', record: data.chat }),
    ...chatEmissions(data.removedUserIds, { action: 'delete', id: data.chat.id }),
  ],
  'tickets.chat.deleted': ({ data }) => chatEmissions(data.userIds, { action: 'delete', id: data.chatId }),
  'tickets.chat.read': ({ data }) => chatEmissions([data.userId], { action: 'update', record: data.chat }),
  'tickets.chatMessage.created': ({ data }) => chatEmissions(participantsOf(data.chat), { action: 'new-message', newMessage: data.message, chat: data.chat }),
  // The token is the integrators' secret: only admins read it, through GET /whatsapp/{id}.
  'channels.connection.updated': ({ data }) =>
    data.whatsapp ? [{ event: 'company-{companyId}-whatsapp', payload: { action: 'update', whatsapp: { ...data.whatsapp, token: '' } }, audience: { to: 'company' } }] : [],
  'channels.connection.deleted': ({ data }) => [{ event: 'company-{companyId}-whatsapp', payload: { action: 'delete', whatsappId: data.connectionId }, audience: { to: 'company' } }],
  'channels.session.updated': ({ data }) => [
    { event: 'company-{companyId}-whatsappSession', payload: { action: 'update', session: data.session }, audience: { to: 'company' } },
    // A connection that dropped is the one system problem the admins must act on (read the QR code again).
    ...(CONNECTION_ALERTS.has(data.session.status)
      ? [
          {
            event: 'system:alert',
            payload: { level: 'warning', code: `CONNECTION_${data.session.status}`, whatsappId: data.session.id, status: data.session.status, at: data.session.updatedAt } satisfies SystemAlert,
            audience: { to: 'admins' } as const,
          },
        ]
      : []),
  ],
  // History import progress (spec 001 §7 importMessages-{companyId}): counts and a date, shown on the
  // connections screen, which admins and users whose allowConnections treats them as admins open.
  'channels.import.progress': ({ data }) => [{ event: 'importMessages-{companyId}', payload: data, audience: { to: 'company' } }],
  // Queue integrations are an admins' screen (spec 002 §6).
  'channels.queueIntegration.created': ({ data }) => [
    { event: 'company-{companyId}-queueIntegration', payload: { action: 'create', queueIntegration: data.queueIntegration }, audience: { to: 'admins' } },
  ],
  'channels.queueIntegration.updated': ({ data }) => [
    { event: 'company-{companyId}-queueIntegration', payload: { action: 'update', queueIntegration: data.queueIntegration }, audience: { to: 'admins' } },
  ],
  'channels.queueIntegration.deleted': ({ data }) => [
    { event: 'company-{companyId}-queueIntegration', payload: { action: 'delete', integrationId: data.integrationId }, audience: { to: 'admins' } },
  ],
  'campaigns.schedule.created': ({ data }) => [{ event: 'company-{companyId}-schedule', payload: { action: 'create', schedule: data.schedule }, audience: { to: 'company' } }],
  'campaigns.schedule.updated': ({ data }) => [{ event: 'company-{companyId}-schedule', payload: { action: 'update', schedule: data.schedule }, audience: { to: 'company' } }],
  'campaigns.schedule.deleted': ({ data }) => [{ event: 'company-{companyId}-schedule', payload: { action: 'delete', scheduleId: data.scheduleId }, audience: { to: 'company' } }],
  // Presence travels on both names spec 002 §7 lists: the platform-wide `user:status` (read by the web) and the
  // company's `user-status` channel (an update with the user's id and whether they are online).
  'realtime.presence.changed': ({ data }) => [
    { event: 'user:status', payload: { userId: data.userId, online: data.online }, audience: { to: 'company' } },
    { event: 'company-{companyId}-user-status', payload: { action: 'update', userId: data.userId, online: data.online }, audience: { to: 'company' } },
  ],
  // Campaigns are an admins' screen (spec 002 §6): only admins are told.
  'campaigns.campaign.created': ({ data }) => [{ event: 'company-{companyId}-campaign', payload: { action: 'create', record: data.campaign }, audience: { to: 'admins' } }],
  'campaigns.campaign.updated': ({ data }) => [{ event: 'company-{companyId}-campaign', payload: { action: 'update', record: data.campaign }, audience: { to: 'admins' } }],
  'campaigns.campaign.deleted': ({ data }) => [{ event: 'company-{companyId}-campaign', payload: { action: 'delete', id: data.campaignId }, audience: { to: 'admins' } }],
  // Contact lists are admin-only too (spec 002 §6).
  'campaigns.contactList.created': ({ data }) => [{ event: 'company-{companyId}-ContactList', payload: { action: 'create', record: data.contactList }, audience: { to: 'admins' } }],
  'campaigns.contactList.updated': ({ data }) => [{ event: 'company-{companyId}-ContactList', payload: { action: 'update', record: data.contactList }, audience: { to: 'admins' } }],
  'campaigns.contactList.deleted': ({ data }) => [{ event: 'company-{companyId}-ContactList', payload: { action: 'delete', id: data.contactListId }, audience: { to: 'admins' } }],
  'campaigns.contactListItem.created': ({ data }) => [{ event: 'company-{companyId}-ContactListItem', payload: { action: 'create', record: data.contactListItem }, audience: { to: 'admins' } }],
  'campaigns.contactListItem.updated': ({ data }) => [{ event: 'company-{companyId}-ContactListItem', payload: { action: 'update', record: data.contactListItem }, audience: { to: 'admins' } }],
  'campaigns.contactListItem.deleted': ({ data }) => [
    { event: 'company-{companyId}-ContactListItem', payload: { action: 'delete', id: data.contactListItemId, contactListId: data.contactListId }, audience: { to: 'admins' } },
  ],
  'campaigns.contactListItem.reloaded': ({ data }) => [{ event: 'company-{companyId}-ContactListItem', payload: { action: 'reload', contactListId: data.contactListId }, audience: { to: 'admins' } }],
  // File lists are admin-only (spec 000 §6).
  'channels.fileList.created': ({ data }) => [{ event: 'company-{companyId}-file', payload: { action: 'create', fileList: data.fileList }, audience: { to: 'admins' } }],
  'channels.fileList.updated': ({ data }) => [{ event: 'company-{companyId}-file', payload: { action: 'update', fileList: data.fileList }, audience: { to: 'admins' } }],
  'channels.fileList.deleted': ({ data }) => [{ event: 'company-{companyId}-file', payload: { action: 'delete', fileId: data.fileListId }, audience: { to: 'admins' } }],
  // Auto-responses are an admins' screen (spec 000 §6); new usage statistics update the record like an edit.
  'channels.autoResponse.created': ({ data }) => [autoResponseEmission({ action: 'create', autoResponse: data.autoResponse })],
  'channels.autoResponse.updated': ({ data }) => [autoResponseEmission({ action: 'update', autoResponse: data.autoResponse })],
  'channels.autoResponse.used': ({ data }) => [autoResponseEmission({ action: 'update', autoResponse: data.autoResponse })],
  'channels.autoResponse.deleted': ({ data }) => [autoResponseEmission({ action: 'delete', autoResponseId: data.autoResponseId })],
  // AI prompts are an admins' screen (spec 002 §6); their API key travels masked.
  'channels.prompt.created': ({ data }) => [{ event: 'company-{companyId}-prompt', payload: { action: 'create', prompt: data.prompt }, audience: { to: 'admins' } }],
  'channels.prompt.updated': ({ data }) => [{ event: 'company-{companyId}-prompt', payload: { action: 'update', prompt: data.prompt }, audience: { to: 'admins' } }],
  'channels.prompt.deleted': ({ data }) => [{ event: 'company-{companyId}-prompt', payload: { action: 'delete', promptId: data.promptId }, audience: { to: 'admins' } }],
};

/**
 * `ticket:activity` (spec 000 §7 live events): a compact line per change of a ticket (created, updated,
 * deleted, a message), to whoever may see the ticket, for activity feeds that do not want whole records.
 */
export type TicketActivity = {
  action: 'create' | 'update' | 'delete' | 'message';
  ticketId: number;
  uuid: string | null;
  status: string;
  /** When it happened (the ticket's updatedAt, the message's createdAt); null for a delete. */
  at: string | null;
  fromMe?: boolean;
};
const ticketActivity = (payload: TicketActivity, ticket: TicketScope): SocketEmission => ({ event: 'ticket:activity', payload, audience: { to: 'ticket', ticket } });

/**
 * `dashboard:update`: the company's figures changed (a ticket was created, moved or deleted); dashboards
 * and the real-time panel load them again. To the whole company, as a company-wide count changed even when
 * the receiver may not see that ticket; it carries nothing but the cause.
 */
export type DashboardUpdate = { action: 'update'; cause: 'ticket' };
const dashboardUpdate: SocketEmission = { event: 'dashboard:update', payload: { action: 'update', cause: 'ticket' } satisfies DashboardUpdate, audience: { to: 'company' } };

/** `system:alert`: something the company's admins must act on; today a connection that went down. */
export type SystemAlert = { level: 'warning' | 'error'; code: string; whatsappId?: number; status?: string; at: string };
const CONNECTION_ALERTS = new Set<string>(['DISCONNECTED', 'TIMEOUT']);

const autoResponseEmission = (payload: AutoResponseSocketPayload): SocketEmission => ({ event: 'company-{companyId}-autoResponse', payload, audience: { to: 'admins' } });

function announcementEmissions(action: 'create' | 'update', record: EventData<'admin.announcement.created'>['announcement']): SocketEmission[] {
  if (record.status) return [{ event: 'company-announcement', payload: { action, record }, audience: { to: 'everyone' } }];
  return [
    { event: 'company-announcement', payload: { action: 'delete', id: record.id }, audience: { to: 'everyone' } },
    { event: 'company-announcement', payload: { action, record }, audience: { to: 'super' } },
  ];
}

/**
 * A quick reply reaches whoever may read it (spec 002: everyone their own, the shared (geral) and visible
 * (visao) ones; admins all): the whole company when shared or visible, otherwise its owner and the admins,
 * after a delete to the company, so a reply just made private leaves the others' lists.
 */
function quickMessageEmissions(action: 'create' | 'update', record: EventData<'tickets.quickMessage.created'>['quickMessage']): SocketEmission[] {
  const event = 'company-{companyId}-quickmessage';
  const payload = { action, record };
  if (record.geral || record.visao || record.userId === null) return [{ event, payload, audience: { to: 'company' } }];
  return [
    ...(action === 'update' ? [{ event, payload: { action: 'delete', id: record.id }, audience: { to: 'company' } } as const] : []),
    { event, payload, audience: { to: 'admins' } },
    { event, payload, audience: { to: 'user', userId: record.userId, exceptAdmins: true } },
  ];
}

const participantsOf = (chat: Chat): number[] => chat.users.map((u) => u.userId);

/**
 * The internal chat is private to its participants: each one is addressed on their own, nobody else is.
 * Besides company-{id}-chat, each hears company-{id}-chat-{chatId} for a new message inside a chat, and
 * its own company-{id}-chat-user-{userId} for the rest (its chat list: created, renamed, read, left)
 * (spec 002 §7 live channels).
 */
function chatEmissions(userIds: number[], payload: ChatSocketPayload): SocketEmission[] {
  const chatId = payload.action === 'new-message' ? payload.chat.id : null;
  return [...new Set(userIds)].flatMap((userId) => {
    const audience = { to: 'user', userId } as const;
    return [
      { event: 'company-{companyId}-chat', payload, audience },
      chatId === null ? { event: `company-{companyId}-chat-user-${userId}`, payload, audience } : { event: `company-{companyId}-chat-${chatId}`, payload, audience },
    ];
  });
}

export function emissionsFor(subject: string, envelope: { companyId: number | null; data: unknown }): SocketEmission[] {
  const mapper = (socketEmissions as Record<string, Mapper<EventSubject> | undefined>)[subject];
  return mapper ? mapper(envelope as { companyId: number | null; data: never }) : [];
}
