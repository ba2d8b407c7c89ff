import { z } from 'zod';
import { announcement, company, plan } from './admin.js';
import { invoice } from './invoices.js';
import { user } from './users.js';
import { connection, inboundMedia, messageAck, messageChanged, messageReceived, sendCommand } from './channels.js';
import { importMessagesEvent, sessionUpdate, whatsappConnection } from './connections.js';
import { chat, chatMessage } from './chats.js';
import { contactList, contactListItemRecord } from './contact-lists.js';
import { fileList } from './file-lists.js';
import { campaign } from './campaigns.js';
import { contact, message, queue, quickMessage, tag, ticket, ticketScope } from './tickets.js';
import { schedule } from './schedules.js';
import { autoResponse } from './auto-responses.js';
import { queueIntegration } from './queue-integrations.js';
import { prompt } from './prompts.js';
import { botReplyAnswer, botReplyRequest, botTurn } from './bots.js';

/**
 * The typed map of every bus event subject to its payload schema (`<service>.<entity>.<verb>`).
 * Publishers and consumers share it; the bus validates `data` against it on both ends.
 * Later services add their subjects here, one entry each.
 */
export const eventSchemas = {
  'auth.user.created': z.object({ user }),
  'auth.user.updated': z.object({ user }),
  'auth.user.deleted': z.object({ userId: z.number().int() }),
  /** A new login: every other session of the user was revoked (company-{id}-auth). */
  'auth.session.started': z.object({ userId: z.number().int(), sessionId: z.string() }),
  /** Logout, reuse detection or password change: sockets of these sessions must go. */
  'auth.session.revoked': z.object({ userId: z.number().int(), sessionIds: z.array(z.string()) }),

  'admin.company.created': z.object({ company }),
  'admin.company.updated': z.object({ company }),
  'admin.company.deleted': z.object({ companyId: z.number().int() }),
  'admin.plan.created': z.object({ plan }),
  'admin.plan.updated': z.object({ plan }),
  'admin.plan.deleted': z.object({ planId: z.number().int() }),
  'admin.setting.updated': z.object({ key: z.string(), value: z.string() }),
  /** Platform-wide (the envelope's company is the super user's): every user of every company reads the active ones. */
  'admin.announcement.created': z.object({ announcement }),
  'admin.announcement.updated': z.object({ announcement }),
  'admin.announcement.deleted': z.object({ announcementId: z.number().int() }),
  /** A Pix payment of an invoice was confirmed and the company's due date moved forward (company-{id}-payment). */
  'admin.invoice.paid': z.object({ invoice, company: z.object({ id: z.number().int(), dueDate: z.string().nullable() }) }),

  // tickets: `previous` lets realtime tell viewers who lost sight of a ticket to drop it.
  'tickets.ticket.created': z.object({ ticket }),
  'tickets.ticket.updated': z.object({ ticket, previous: ticketScope.nullable() }),
  'tickets.ticket.deleted': z.object({ ticketId: z.number().int(), scope: ticketScope }),
  'tickets.ticket.unreadReset': z.object({ ticketId: z.number().int(), scope: ticketScope }),
  'tickets.message.created': z.object({ message, ticket, contact }),
  'tickets.message.updated': z.object({ message, scope: ticketScope }),
  'tickets.message.deleted': z.object({ messageId: z.number().int(), ticketId: z.number().int(), scope: ticketScope }),
  'tickets.contact.created': z.object({ contact }),
  'tickets.contact.updated': z.object({ contact }),
  'tickets.contact.deleted': z.object({ contactId: z.number().int() }),
  'tickets.tag.created': z.object({ tag }),
  'tickets.tag.updated': z.object({ tag }),
  'tickets.tag.deleted': z.object({ tagId: z.number().int() }),
  'tickets.queue.created': z.object({ queue }),
  'tickets.queue.updated': z.object({ queue }),
  'tickets.queue.deleted': z.object({ queueId: z.number().int() }),
  'tickets.quickMessage.created': z.object({ quickMessage }),
  'tickets.quickMessage.updated': z.object({ quickMessage }),
  'tickets.quickMessage.deleted': z.object({ quickMessageId: z.number().int(), userId: z.number().int().nullable() }),
  // internal chat: every payload names its participants, the only ones told (removed ones are told to drop it).
  'tickets.chat.created': z.object({ chat }),
  'tickets.chat.updated': z.object({ chat, removedUserIds: z.array(z.number().int()) }),
  'tickets.chat.deleted': z.object({ chatId: z.number().int(), userIds: z.array(z.number().int()) }),
  /** A participant read the chat: their unreads are 0 again (their other tabs clear the badge). */
  'tickets.chat.read': z.object({ chat, userId: z.number().int() }),
  'tickets.chatMessage.created': z.object({ message: chatMessage, chat }),
  /** Command to the channels service: deliver (or edit/delete/react) a stored message. */
  'channels.message.send': sendCommand,

  // channels → tickets
  'channels.message.received': messageReceived,
  'channels.message.ack': messageAck,
  'channels.message.changed': messageChanged,
  /** `whatsapp`: the connection as the API answers it, for the browsers' company-{id}-whatsapp (channels sends it). */
  'channels.connection.updated': z.object({ connection, whatsapp: whatsappConnection.optional() }),
  'channels.connection.deleted': z.object({ connectionId: z.number().int() }),
  /** A session's state changed (status, QR code, retries): company-{id}-whatsappSession. */
  'channels.session.updated': z.object({ session: sessionUpdate }),
  /**
   * Between channels processes (fan-out): the worker that holds (or takes) the connection's session lease
   * acts. `deliver`: sends are waiting for this connection (channels.pending_sends).
   */
  'channels.session.command': z.object({ connectionId: z.number().int(), action: z.enum(['start', 'renew', 'logout', 'stop', 'deliver']) }),
  /** A connection's history import advanced (update, with progress) or ended (refresh): importMessages-{id}. */
  'channels.import.progress': importMessagesEvent,
  // channels: queue integrations (company-{id}-queueIntegration, admins' screen; jsonContent is '' here).
  // On delete, tickets clears the queues and chatbot options that named it.
  'channels.queueIntegration.created': z.object({ queueIntegration }),
  'channels.queueIntegration.updated': z.object({ queueIntegration }),
  'channels.queueIntegration.deleted': z.object({ integrationId: z.number().int() }),

  // campaigns: scheduled messages (company-{id}-schedule)
  'campaigns.schedule.created': z.object({ schedule }),
  'campaigns.schedule.updated': z.object({ schedule }),
  'campaigns.schedule.deleted': z.object({ scheduleId: z.number().int() }),

  /** Presence from the realtime service: online on connect and every heartbeat, offline after a missed beat or disconnect. */
  'realtime.presence.changed': z.object({ userId: z.number().int(), online: z.boolean(), at: z.string() }),

  // campaigns: company-{id}-campaign for the admins' campaigns screens.
  'campaigns.campaign.created': z.object({ campaign }),
  'campaigns.campaign.updated': z.object({ campaign }),
  'campaigns.campaign.deleted': z.object({ campaignId: z.number().int() }),

  // campaigns: contact lists (company-{id}-ContactList / -ContactListItem, admins' screens). `reloaded`: a
  // spreadsheet added many items at once; browsers showing that list fetch it again.
  'campaigns.contactList.created': z.object({ contactList }),
  'campaigns.contactList.updated': z.object({ contactList }),
  'campaigns.contactList.deleted': z.object({ contactListId: z.number().int() }),
  'campaigns.contactListItem.created': z.object({ contactListItem: contactListItemRecord }),
  'campaigns.contactListItem.updated': z.object({ contactListItem: contactListItemRecord }),
  'campaigns.contactListItem.deleted': z.object({ contactListItemId: z.number().int(), contactListId: z.number().int() }),
  'campaigns.contactListItem.reloaded': z.object({ contactListId: z.number().int() }),

  // channels: file lists (company-{id}-file, admins' screen). tickets drops a deleted list from its queues and chatbot options.
  'channels.fileList.created': z.object({ fileList }),
  'channels.fileList.updated': z.object({ fileList }),
  'channels.fileList.deleted': z.object({ fileListId: z.number().int() }),

  // channels: keyword auto-responses (company-{id}-autoResponse, admins' screen). created/updated/deleted
  // change what matches (tickets drops its cached "company has an active one" flag on them); `used` only
  // carries new usage statistics.
  'channels.autoResponse.created': z.object({ autoResponse }),
  'channels.autoResponse.updated': z.object({ autoResponse }),
  'channels.autoResponse.deleted': z.object({ autoResponseId: z.number().int() }),
  'channels.autoResponse.used': z.object({ autoResponse }),
  /** tickets → channels: an auto-response was sent to a contact as this message (its usage is counted, its delivery rated). */
  'tickets.autoResponse.sent': z.object({ autoResponseId: z.number().int(), messageId: z.number().int() }),

  // channels: AI prompts (company-{id}-prompt, admins' screen); the prompt's apiKey travels masked.
  'channels.prompt.created': z.object({ prompt }),
  'channels.prompt.updated': z.object({ prompt }),
  'channels.prompt.deleted': z.object({ promptId: z.number().int() }),

  /** tickets → channels: a contact wrote to a ticket a queue integration or an AI prompt serves (the bot's turn). */
  'tickets.bot.turn': botTurn,
} as const;

export type EventSubject = keyof typeof eventSchemas;
export type EventData<S extends EventSubject> = z.infer<(typeof eventSchemas)[S]>;

export function isEventSubject(value: string): value is EventSubject {
  return Object.prototype.hasOwnProperty.call(eventSchemas, value);
}

/** Request/reply subjects between services (synchronous questions), with request and answer schemas. */
export const requestSchemas = {
  /** admin → anyone: the company as sessions need it, with its plan flags and limits. */
  'admin.company.get': {
    request: z.object({ companyId: z.number().int() }),
    response: z.object({ company, plan: plan.nullable(), settings: z.array(z.object({ key: z.string(), value: z.string() })) }).nullable(),
  },
  /** admin → channels (the super user's all-connections page): every company by id, with its name. */
  'admin.company.list': {
    request: z.object({}),
    response: z.object({ companies: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  },
  /** auth (signup) → admin: create a company on a public plan. */
  'admin.company.create': {
    request: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), planId: z.number().int() }),
    response: z.object({ company }),
  },
  /** auth (signup rollback) → admin. */
  'admin.company.remove': {
    request: z.object({ companyId: z.number().int() }),
    response: z.object({ ok: z.boolean() }),
  },
  'admin.setting.get': {
    request: z.object({ companyId: z.number().int(), key: z.string() }),
    response: z.object({ value: z.string().nullable() }),
  },
  /** admin → auth: the admin user created together with a company. */
  'auth.user.createCompanyAdmin': {
    request: z.object({ companyId: z.number().int(), name: z.string(), email: z.string(), passwordHash: z.string() }),
    response: z.object({ user }),
  },
  /**
   * admin → auth: a company's password as its form sets it (PUT /companies/:id): the password of the
   * company's admin, its user with the company's e-mail (`previousEmail`, before this save changed it, else
   * `email`); a company created without one gets that admin now, with `email`.
   */
  'auth.user.setCompanyAdminPassword': {
    request: z.object({ companyId: z.number().int(), name: z.string(), email: z.string(), previousEmail: z.string(), passwordHash: z.string() }),
    response: z.object({ user }),
  },
  /** anyone → auth: a user's visibility-relevant fields. */
  'auth.user.get': {
    request: z.object({ userId: z.number().int() }),
    response: z.object({ user }).nullable(),
  },
  /**
   * anyone → auth: what changed in the last `withinMs` (at most a token's lifetime), for a process that just
   * started: the sessions ended early and the users whose profile or super flag may differ from their tokens'.
   */
  'auth.session.recentChanges': {
    request: z.object({ withinMs: z.number().int().positive().max(24 * 3_600_000) }),
    response: z.object({
      revoked: z.array(z.object({ sessionId: z.string(), at: z.string() })),
      users: z.array(z.object({ id: z.number().int(), profile: user.shape.profile, super: z.boolean(), at: z.string() })),
    }),
  },
  'auth.users.ofCompany': {
    request: z.object({ companyId: z.number().int() }),
    response: z.object({ users: z.array(user) }),
  },
  /**
   * tickets → channels: the contacts a connection's phone knows (POST /contacts/import: the phonebook;
   * /contacts/import/chats: the people of its chats), from a connection tickets knows as connected.
   */
  'channels.contacts.fetch': {
    request: z.object({ companyId: z.number().int(), connectionId: z.number().int(), source: z.enum(['phonebook', 'chats']) }),
    response: z.object({
      connectionId: z.number().int(),
      contacts: z.array(z.object({ name: z.string().max(250), number: z.string().max(50), isGroup: z.boolean().optional() })).max(100_000),
    }),
  },
  /**
   * tickets → channels: which of these integrations and file lists are not the company's (a queue or a
   * chatbot option names them on save).
   */
  'channels.refs.check': {
    request: z.object({
      companyId: z.number().int(),
      integrationIds: z.array(z.number().int()).max(1000),
      fileListIds: z.array(z.number().int()).max(1000),
    }),
    response: z.object({ missingIntegrationIds: z.array(z.number().int()), missingFileListIds: z.array(z.number().int()) }),
  },
  /**
   * tickets (chatbot) → channels: a file list of the company to send to a contact (null: none there).
   * Only options whose file was uploaded; `path` is the file's key in the shared media storage.
   */
  'channels.fileList.get': {
    request: z.object({ companyId: z.number().int(), fileListId: z.number().int() }),
    response: z
      .object({
        name: z.string(),
        message: z.string(),
        options: z.array(z.object({ name: z.string(), path: z.string().max(500), mediaType: z.string().max(100) })),
      })
      .nullable(),
  },
  /** tickets → channels: whether the company has at least one active auto-response (tickets caches it). */
  'channels.autoResponse.active': {
    request: z.object({ companyId: z.number().int() }),
    response: z.object({ active: z.boolean() }),
  },
  /**
   * tickets → channels: the auto-response answering an inbound text (spec 002 §4), with the text to send
   * (the outside-hours message outside the window when set); null: none matches. Usage is not counted here.
   */
  'channels.autoResponse.match': {
    request: z.object({ companyId: z.number().int(), body: z.string().max(65_536) }),
    response: z.object({ response: z.string(), autoResponseId: z.number().int() }).nullable(),
  },
  /**
   * channels (bot runtime) → tickets: post a bot's answer to a ticket it serves, in order, as the chatbot's
   * texts go out; it may end the integration, move the ticket to a queue or close it.
   */
  'tickets.bot.reply': {
    request: botReplyRequest,
    response: botReplyAnswer,
  },
  /**
   * campaigns → channels: a connection of the company, by id (null: none there). Asked when the local
   * projection does not know the id yet (a connection created a moment ago).
   */
  'channels.connection.get': {
    request: z.object({ companyId: z.number().int(), connectionId: z.number().int() }),
    response: z.object({ connection: z.object({ id: z.number().int(), name: z.string() }) }).nullable(),
  },
  /**
   * auth, campaigns, channels (prompts, connections) → tickets: a queue of the company, by id (null: none
   * there). Asked when the local projection does not know the id yet (a queue created a moment ago).
   */
  'tickets.queue.get': {
    request: z.object({ companyId: z.number().int(), queueId: z.number().int() }),
    response: z.object({ queue: z.object({ id: z.number().int(), name: z.string(), color: z.string() }) }).nullable(),
  },
  /** campaigns (schedules) → tickets: a contact of the company, by id (null: none there). */
  'tickets.contact.get': {
    request: z.object({ companyId: z.number().int(), contactId: z.number().int() }),
    response: z.object({ contact: z.object({ id: z.number().int(), name: z.string(), number: z.string() }) }).nullable(),
  },
  /**
   * campaigns → tickets: the active, non-group contacts carrying a tag of the company (a campaign's tags
   * list); null when the tag is not the company's.
   */
  'tickets.contacts.tagged': {
    request: z.object({ companyId: z.number().int(), tagId: z.number().int() }),
    response: z
      .object({ contacts: z.array(z.object({ name: z.string(), number: z.string(), email: z.string() })).max(1_000_000) })
      .nullable(),
  },
  /**
   * channels (messages API) → tickets: send a message to a number on a connection, as the integrator's
   * connection token allows. Tickets finds or creates the contact and its ticket, stores the message(s)
   * and issues channels.message.send like an attendant's send; closeTicket resolves the ticket after.
   */
  'tickets.api.send': {
    request: z.object({
      companyId: z.number().int(),
      connectionId: z.number().int(),
      number: z.string().min(8).max(50),
      body: z.string().max(65_536),
      userId: z.number().int().nullable(),
      queueId: z.number().int().nullable(),
      sendSignature: z.boolean(),
      closeTicket: z.boolean(),
      /** closeTicket closes only a ticket this send opened: a schedule or a campaign never ends a conversation already under way. */
      closeOnlyOpened: z.boolean().optional(),
      /** The name a contact this send creates gets (a contact list item's); else its number. */
      contactName: z.string().max(250).nullable().optional(),
      /** The body's {{variables}} replaced as in an attendant's send (a schedule's text); the messages API sends its text as given. */
      personalize: z.boolean().optional(),
      medias: z.array(inboundMedia).max(10),
    }),
    response: z.object({ ticketId: z.number().int(), ticketUuid: z.string(), contactId: z.number().int(), messageIds: z.array(z.number().int()) }),
  },
  /**
   * channels (audio transcription) → tickets: a message of the company by its channel id, if the user may
   * see its ticket (null: no such message, or not theirs to see), with its stored media and transcription.
   */
  'tickets.message.media': {
    request: z.object({
      companyId: z.number().int(),
      wid: z.string().min(1).max(200),
      userId: z.number().int(),
      profile: z.enum(['admin', 'user']),
      super: z.boolean(),
    }),
    response: z
      .object({
        message: z.object({
          id: z.number().int(),
          ticketId: z.number().int(),
          fromMe: z.boolean(),
          mediaType: z.string(),
          /** Storage key of the media file (null: none stored). */
          mediaKey: z.string().nullable(),
          mediaName: z.string().nullable(),
          /** The text of an earlier transcription (null: never transcribed). */
          transcription: z.string().nullable(),
          /** The queue of the message's ticket (its prompt's API key may serve). */
          queueId: z.number().int().nullable(),
        }),
      })
      .nullable(),
  },
  /**
   * channels (POST /closedimported/{id}) → tickets: close every ticket of the connection that its history
   * import created and that is not closed yet (a 'closed' log entry each, by `userId`); answers how many.
   */
  'tickets.imported.close': {
    request: z.object({ companyId: z.number().int(), connectionId: z.number().int(), userId: z.number().int().nullable() }),
    response: z.object({ closed: z.number().int().nonnegative() }),
  },
  /** channels → tickets: store a message's transcription (transcrito true) and announce the message updated. */
  'tickets.message.transcribed': {
    request: z.object({ companyId: z.number().int(), messageId: z.number().int(), transcription: z.string().max(100_000) }),
    response: z.object({ ok: z.boolean() }),
  },
} as const;

export type RequestSubject = keyof typeof requestSchemas;
export type RequestOf<S extends RequestSubject> = z.infer<(typeof requestSchemas)[S]['request']>;
export type ResponseOf<S extends RequestSubject> = z.infer<(typeof requestSchemas)[S]['response']>;
