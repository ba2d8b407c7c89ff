import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { outboxTables, type WeekdaySchedule } from '@atende/kit';

/** The service desk's own schema: contacts, tickets, messages and what hangs on them. */
export const ticketsSchema = pgSchema('tickets');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const contacts = ticketsSchema.table(
  'contacts',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 250 }).notNull(),
    number: varchar('number', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    /** WhatsApp's hidden id: the same person arriving by lid or by number is one contact. */
    lid: varchar('lid', { length: 100 }),
    remoteJid: varchar('remote_jid', { length: 200 }),
    isGroup: boolean('is_group').notNull().default(false),
    channel: varchar('channel', { length: 20 }).notNull().default('whatsapp'),
    urlPicture: text('url_picture'),
    active: boolean('active').notNull().default(true),
    acceptAudioMessage: boolean('accept_audio_message').notNull().default(true),
    disableBot: boolean('disable_bot').notNull().default(false),
    lgpdAcceptedAt: timestamp('lgpd_accepted_at', { withTimezone: true }),
    extraInfo: jsonb('extra_info').$type<{ name: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    whatsappId: integer('whatsapp_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_company_number_key').on(t.companyId, t.number),
    uniqueIndex('contacts_company_lid_key').on(t.companyId, t.lid).where(sql`${t.lid} is not null`),
    uniqueIndex('contacts_uuid_key').on(t.uuid),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // fastupdate off (see messages_body_trgm_idx): a new contact must not pay for flushing everyone's pending entries.
    index('contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with({ fastupdate: false }),
    index('contacts_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

export const queues = ticketsSchema.table(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    color: varchar('color', { length: 9 }).notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    orderQueue: integer('order_queue'),
    tempoRoteador: integer('tempo_roteador').notNull().default(0),
    ativarRoteador: boolean('ativar_roteador').notNull().default(false),
    integrationId: integer('integration_id'),
    fileListId: integer('file_list_id'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    schedules: jsonb('schedules').$type<Record<string, string>[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('queues_company_color_key').on(t.companyId, sql`lower(${t.color})`),
    uniqueIndex('queues_company_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** Chatbot menu options of a queue; options nest through parentId. */
export const chatbots = ticketsSchema.table(
  'chatbots',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 250 }).notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    queueType: varchar('queue_type', { length: 20 }).notNull().default('text'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    optQueueId: integer('opt_queue_id'),
    optUserId: integer('opt_user_id'),
    optIntegrationId: integer('opt_integration_id'),
    optFileId: integer('opt_file_id'),
    orderOption: integer('order_option').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('chatbots_queue_idx').on(t.queueId), index('chatbots_parent_idx').on(t.parentId)],
);

export const tags = ticketsSchema.table(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull().default('#757575'),
    kanban: smallint('kanban').notNull().default(0),
    timeLane: integer('time_lane').notNull().default(0),
    nextLaneId: integer('next_lane_id'),
    rollbackLaneId: integer('rollback_lane_id'),
    greetingMessageLane: text('greeting_message_lane').notNull().default(''),
    userId: integer('user_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

export const contactTags = ticketsSchema.table(
  'contact_tags',
  {
    contactId: integer('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

export const tickets = ticketsSchema.table(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id').notNull(),
    contactId: integer('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    /** The connection (channels service); null while the company has none. */
    whatsappId: integer('whatsapp_id'),
    queueId: integer('queue_id'),
    userId: integer('user_id'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    channel: varchar('channel', { length: 20 }).notNull().default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    /** When the chatbot last sent this ticket a menu (timeUseBotQueues counts from it). */
    botMenuAt: timestamp('bot_menu_at', { withTimezone: true }),
    useIntegration: boolean('use_integration').notNull().default(false),
    isTransfered: boolean('is_transfered').notNull().default(false),
    userRating: smallint('user_rating'),
    /** When the rating request went out (status nps); the contact's answers so far that were not a rate. */
    ratingRequestedAt: timestamp('rating_requested_at', { withTimezone: true }),
    ratingAttempts: smallint('rating_attempts').notNull().default(0),
    chatbotId: integer('chatbot_id'),
    /** The queue integration (channels) serving the ticket while useIntegration is on; remembered from its first bot turn. */
    integrationId: integer('integration_id'),
    /** The AI prompt (channels) that last answered the ticket. */
    promptId: integer('prompt_id'),
    /** An AI prompt handed the conversation to the attendants: no prompt answers this ticket again. */
    botEnded: boolean('bot_ended').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the connection's inactivity message last went out (one per silence of the contact). */
    inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true }),
    /** When a connection's history import created the ticket (spec 001 §3); null for every other ticket. */
    imported: timestamp('imported', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_uuid_key').on(t.uuid),
    /** The close-imported button reads only these (an import's tickets not closed yet). */
    index('tickets_imported_open_idx').on(t.whatsappId).where(sql`${t.imported} is not null and ${t.status} <> 'closed'`),
    /** One open ticket per contact and connection, guaranteed by PostgreSQL (not only by code). */
    uniqueIndex('tickets_one_open_per_contact_key')
      .on(t.contactId, sql`coalesce(${t.whatsappId}, 0)`)
      .where(sql`${t.status} <> 'closed'`),
    index('tickets_company_status_updated_idx').on(t.companyId, t.status, t.updatedAt.desc()),
    index('tickets_company_queue_status_updated_idx').on(t.companyId, t.queueId, t.status, t.updatedAt.desc()),
    index('tickets_company_user_status_updated_idx').on(t.companyId, t.userId, t.status, t.updatedAt.desc()),
    index('tickets_contact_idx').on(t.contactId),
    /** The sweep of unanswered rating requests reads only these (a handful among all tickets). */
    index('tickets_rating_requested_idx').on(t.ratingRequestedAt).where(sql`${t.status} = 'nps'`),
  ],
);

export const ticketTags = ticketsSchema.table(
  'ticket_tags',
  {
    ticketId: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId)],
);

export const messages = ticketsSchema.table(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    ticketId: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id'),
    userId: integer('user_id'),
    /** The channel's id of the message; unique per company so an inbound message is stored once. */
    wid: varchar('wid', { length: 200 }),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    ack: smallint('ack').notNull().default(0),
    mediaType: varchar('media_type', { length: 30 }).notNull().default('chat'),
    mediaKey: text('media_key'),
    mediaName: varchar('media_name', { length: 500 }),
    quotedMsgId: bigint('quoted_msg_id', { mode: 'number' }),
    reactions: jsonb('reactions').$type<{ emoji: string; fromMe: boolean; userId: number | null; contactId: number | null; createdAt: string }[]>().notNull().default(sql`'[]'::jsonb`),
    queueId: integer('queue_id'),
    transcrito: boolean('transcrito').notNull().default(false),
    /** The audio's transcription text (set with transcrito by POST /message/transcribeAudio). */
    transcription: text('transcription'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_company_wid_key').on(t.companyId, t.wid).where(sql`${t.wid} is not null`),
    index('messages_ticket_created_idx').on(t.ticketId, t.createdAt.desc(), t.id.desc()),
    /**
     * Search inside message contents (searchOnMessages) without a table scan. fastupdate off: with GIN's
     * pending list, the insert that finds it full (4 MB, a few thousand messages) merges it into the index
     * inside its own transaction, which stalled inbound messages for up to 2 s on the bench; without it
     * every insert pays its own small share.
     */
    index('messages_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`).with({ fastupdate: false }),
    /** The dashboard counts a period's messages: rows arrive in time order, so a block-range index is enough (and costs inserts next to nothing). */
    index('messages_created_brin_idx').using('brin', t.createdAt).with({ autosummarize: true }),
  ],
);

export const ticketNotes = ticketsSchema.table(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    note: text('note').notNull(),
    ...timestamps,
  },
  (t) => [index('ticket_notes_contact_idx').on(t.contactId), index('ticket_notes_ticket_idx').on(t.ticketId)],
);

/** Every transition of a ticket (spec 000 §3 log types). */
export const ticketLogs = ticketsSchema.table(
  'ticket_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    ticketId: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_logs_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const pinnedTickets = ticketsSchema.table(
  'pinned_tickets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    ticketId: integer('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pinned_tickets_user_ticket_key').on(t.userId, t.ticketId)],
);

export const quickMessages = ticketsSchema.table(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id'),
    shortcode: varchar('shortcode', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    geral: boolean('geral').notNull().default(false),
    visao: boolean('visao').notNull().default(true),
    status: boolean('status').notNull().default(true),
    mediaKey: text('media_key'),
    mediaName: varchar('media_name', { length: 500 }),
    ...timestamps,
  },
  (t) => [index('quick_messages_company_idx').on(t.companyId, t.shortcode)],
);

/** Projection of the channels service's connections (fed by channels.connection.* events). */
export const connections = ticketsSchema.table(
  'connections',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    number: varchar('number', { length: 50 }),
    isDefault: boolean('is_default').notNull().default(false),
    groupAsTicket: varchar('group_as_ticket', { length: 10 }).notNull().default('disabled'),
    greetingMessage: text('greeting_message').notNull().default(''),
    complationMessage: text('complation_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    timeCreateNewTicket: integer('time_create_new_ticket').notNull().default(0),
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    ratingMessage: text('rating_message').notNull().default(''),
    maxUseBotQueuesNps: integer('max_use_bot_queues_nps').notNull().default(3),
    expiresTicketNps: integer('expires_ticket_nps').notNull().default(0),
    queueIds: integer('queue_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Its working hours (setting scheduleType 'connection'): outside them the out-of-hours message answers. */
    schedules: jsonb('schedules').$type<WeekdaySchedule[]>().notNull().default(sql`'[]'::jsonb`),
    /** A collective vacation: between its start and end a new conversation gets this message instead of the menu. */
    collectiveVacationMessage: text('collective_vacation_message').notNull().default(''),
    collectiveVacationStart: timestamp('collective_vacation_start', { withTimezone: true }),
    collectiveVacationEnd: timestamp('collective_vacation_end', { withTimezone: true }),
    /** The greeting's image or video (channels' storage key): copied into the conversation before the queue menu. */
    greetingMediaKey: text('greeting_media_key'),
    greetingMediaName: varchar('greeting_media_name', { length: 500 }),
    /** Timed rules (connection-timers.ts): a ticket left without a queue goes to sendIdQueue after timeSendQueue minutes. */
    sendIdQueue: integer('send_id_queue'),
    timeSendQueue: integer('time_send_queue').notNull().default(0),
    /** …and an open ticket quiet for expiresTicket minutes closes ('0': only when the last message was ours). */
    expiresTicket: integer('expires_ticket').notNull().default(0),
    whenExpiresTicket: varchar('when_expires_ticket', { length: 1 }).notNull().default('0'),
    expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
    /** …and one whose contact has not answered our last message for timeInactiveMessage minutes is reminded once. */
    timeInactiveMessage: integer('time_inactive_message').notNull().default(0),
    inactiveMessage: text('inactive_message').notNull().default(''),
    /** The queue integration and the AI prompt that serve its tickets (bot runtime). */
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('connections_company_idx').on(t.companyId)],
);

/** Projection of channels' AI prompts: which queue each answers (fed by channels.prompt.* events). */
export const promptQueues = ticketsSchema.table(
  'prompt_queues',
  {
    promptId: integer('prompt_id').primaryKey(),
    companyId: integer('company_id').notNull(),
    queueId: integer('queue_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompt_queues_company_idx').on(t.companyId)],
);

/** Projection of auth's users (names for ticket answers, visibility flags for list filters). */
export const users = ticketsSchema.table(
  'users',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    profile: varchar('profile', { length: 10 }).notNull(),
    queueIds: integer('queue_ids').array().notNull().default(sql`'{}'::integer[]`),
    allTicket: varchar('all_ticket', { length: 10 }).notNull().default('disable'),
    allowGroup: boolean('allow_group').notNull().default(false),
    allHistoric: varchar('all_historic', { length: 10 }),
    allUserChat: varchar('all_user_chat', { length: 10 }).notNull().default('disabled'),
    farewellMessage: text('farewell_message'),
    /** Presence as auth last announced it (the dashboard's attendants table). */
    online: boolean('online').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_company_idx').on(t.companyId)],
);

/**
 * The internal chat (spec 002 §3): employees of one company talking privately (two people) or in
 * groups. A private chat keeps its pair of users (lower id first) so the pair has one chat at most,
 * even when both open it at the same moment.
 */
export const chats = ticketsSchema.table(
  'chats',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id').notNull(),
    title: varchar('title', { length: 255 }).notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    ownerId: integer('owner_id').notNull(),
    /** Storage key of a group's photo. */
    groupImage: text('group_image'),
    lastMessage: text('last_message').notNull().default(''),
    privateLowId: integer('private_low_id'),
    privateHighId: integer('private_high_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chats_uuid_key').on(t.uuid),
    uniqueIndex('chats_private_pair_key')
      .on(t.companyId, t.privateLowId, t.privateHighId)
      .where(sql`not ${t.isGroup}`),
  ],
);

export const chatUsers = ticketsSchema.table(
  'chat_users',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** Messages of others since this participant last read the chat. */
    unreads: integer('unreads').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    /** "My chats": a user's memberships. */
    index('chat_users_user_idx').on(t.userId, t.chatId),
  ],
);

export const chatMessages = ticketsSchema.table(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').notNull(),
    message: text('message').notNull().default(''),
    mediaKey: text('media_key'),
    mediaName: varchar('media_name', { length: 500 }),
    mediaType: varchar('media_type', { length: 20 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  /** Pages of a chat, newest first. */
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.id.desc())],
);

export const { outbox, processedEvents } = outboxTables(ticketsSchema);

export const schema = {
  contacts, queues, chatbots, tags, contactTags, tickets, ticketTags, messages, ticketNotes, ticketLogs, pinnedTickets, quickMessages, connections, users, outbox, processedEvents,
  chats, chatUsers, chatMessages,
  promptQueues,
};
