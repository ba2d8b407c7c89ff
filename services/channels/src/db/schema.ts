import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { outboxTables, type WeekdaySchedule } from '@atende/kit';

export const channelsSchema = pgSchema('channels');

/** A company's messaging connection (spec 001 "Connection (whatsapp)") and its session's state. */
export const connections = channelsSchema.table(
  'connections',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull().default('whatsapp'),
    number: varchar('number', { length: 50 }).notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('DISCONNECTED'),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    allowGroup: boolean('allow_group').notNull().default(false),
    groupAsTicket: varchar('group_as_ticket', { length: 10 }).notNull().default('disabled'),
    importOldMessages: timestamp('import_old_messages', { withTimezone: true }),
    importRecentMessages: timestamp('import_recent_messages', { withTimezone: true }),
    importOldMessagesGroups: boolean('import_old_messages_groups').notNull().default(false),
    closedTicketsPostImported: boolean('closed_tickets_post_imported').notNull().default(false),
    queueIdImportMessages: integer('queue_id_import_messages'),
    statusImportMessages: varchar('status_import_messages', { length: 50 }),
    /** The integrators' bearer token for POST /api/messages/send (30 random alphanumerics). */
    token: varchar('token', { length: 30 }).notNull(),
    queueIds: integer('queue_ids').array().notNull().default(sql`'{}'::integer[]`),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    sendIdQueue: integer('send_id_queue'),
    timeSendQueue: integer('time_send_queue').notNull().default(0),
    greetingMessage: text('greeting_message').notNull().default(''),
    complationMessage: text('complation_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    collectiveVacationMessage: text('collective_vacation_message').notNull().default(''),
    collectiveVacationStart: timestamp('collective_vacation_start', { withTimezone: true }),
    collectiveVacationEnd: timestamp('collective_vacation_end', { withTimezone: true }),
    /** Storage key of the greeting's image or video (POST /whatsapp/{id}/media-upload). */
    greetingMediaAttachment: varchar('greeting_media_attachment', { length: 500 }),
    greetingMediaName: varchar('greeting_media_name', { length: 500 }),
    timeCreateNewTicket: integer('time_create_new_ticket').notNull().default(0),
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    provider: varchar('provider', { length: 50 }).notNull().default('beta'),
    expiresTicket: integer('expires_ticket').notNull().default(0),
    whenExpiresTicket: varchar('when_expires_ticket', { length: 1 }).notNull().default('0'),
    expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
    timeInactiveMessage: integer('time_inactive_message').notNull().default(0),
    inactiveMessage: text('inactive_message').notNull().default(''),
    ratingMessage: text('rating_message').notNull().default(''),
    maxUseBotQueuesNps: integer('max_use_bot_queues_nps').notNull().default(3),
    expiresTicketNps: integer('expires_ticket_nps').notNull().default(0),
    schedules: jsonb('schedules').$type<WeekdaySchedule[]>().notNull().default(sql`'[]'::jsonb`),
    /** Facebook and Instagram: the page (or Instagram account) this connection answers, and its access token. */
    facebookUserId: varchar('facebook_user_id', { length: 100 }),
    facebookUserToken: text('facebook_user_token'),
    facebookPageUserId: varchar('facebook_page_user_id', { length: 100 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connections_company_idx').on(t.companyId),
    uniqueIndex('connections_token_key').on(t.token),
    uniqueIndex('connections_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    // One default connection per company, held by the database (two admins saving at once cannot make two).
    uniqueIndex('connections_company_default_key').on(t.companyId).where(sql`${t.isDefault}`),
  ],
);

/** Projection of tickets' queues (names and colours for answers; a connection's queueIds must be the company's). */
export const queues = channelsSchema.table(
  'queues',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    color: varchar('color', { length: 9 }).notNull(),
  },
  (t) => [index('queues_company_idx').on(t.companyId)],
);

/** A session's credentials and keys (Baileys' auth state), one row per key, so a session resumes on any worker. */
export const sessionKeys = channelsSchema.table(
  'session_keys',
  {
    connectionId: integer('connection_id').notNull(),
    key: varchar('key', { length: 300 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.key] })],
);

/** Which worker runs a connection's session: one at a time, renewed while it lives, taken over once expired. */
export const sessionLeases = channelsSchema.table('session_leases', {
  connectionId: integer('connection_id').primaryKey(),
  owner: varchar('owner', { length: 100 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Send commands waiting for their connection's session (not connected, or run by another worker):
 * delivered in order by the worker that runs it once connected; failed (ack -1) on logout.
 */
export const pendingSends = channelsSchema.table(
  'pending_sends',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id').notNull(),
    companyId: integer('company_id').notNull(),
    command: jsonb('command').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_sends_connection_idx').on(t.connectionId, t.id)],
);

/** An AI prompt (spec 002 "Prompt"): the assistant that answers a queue's tickets through an OpenAI-compatible API. */
export const prompts = channelsSchema.table(
  'prompts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    prompt: text('prompt').notNull(),
    voice: varchar('voice', { length: 100 }).notNull().default('texto'),
    voiceKey: text('voice_key').notNull().default(''),
    voiceRegion: varchar('voice_region', { length: 100 }).notNull().default(''),
    maxTokens: integer('max_tokens').notNull().default(100),
    temperature: doublePrecision('temperature').notNull().default(1),
    apiKey: text('api_key').notNull(),
    queueId: integer('queue_id').notNull(),
    maxMessages: integer('max_messages').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompts_company_idx').on(t.companyId, t.name)],
);

/** A keyword auto-response (spec 002 "Auto-response"), with its usage statistics. */
export const autoResponses = channelsSchema.table(
  'auto_responses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    similarWords: text('similar_words').array().notNull().default(sql`'{}'::text[]`),
    response: text('response').notNull(),
    /** 5 high, 3 medium, 1 low. */
    priority: integer('priority').notNull().default(3),
    isActive: boolean('is_active').notNull().default(true),
    timeRestriction: boolean('time_restriction').notNull().default(false),
    startTime: varchar('start_time', { length: 5 }).notNull().default('18:00'),
    endTime: varchar('end_time', { length: 5 }).notNull().default('07:00'),
    /** 1 Monday … 7 Sunday. */
    daysOfWeek: integer('days_of_week').array().notNull().default(sql`'{1,2,3,4,5,6,7}'::integer[]`),
    outsideHoursMessage: text('outside_hours_message'),
    usageCount: integer('usage_count').notNull().default(0),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    successRate: doublePrecision('success_rate').notNull().default(0),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_responses_company_idx').on(t.companyId, t.isActive)],
);

/**
 * One auto-response sent to a contact (tickets' message id): counted when sent, rated when its delivery
 * report arrives (delivered: ack 1 or more; failed: ack -1). Unrated rows wait for that report.
 */
export const autoResponseUses = channelsSchema.table(
  'auto_response_uses',
  {
    messageId: integer('message_id').primaryKey(),
    autoResponseId: integer('auto_response_id')
      .notNull()
      .references(() => autoResponses.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    /** null until the delivery report; then true (delivered) or false (failed). */
    delivered: boolean('delivered'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_response_uses_rule_idx').on(t.autoResponseId)],
);

/** A queue integration (spec 002 "Queue integration"): dialogflow, n8n, webhook or typebot. */
export const queueIntegrations = channelsSchema.table(
  'queue_integrations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    projectName: varchar('project_name', { length: 100 }).notNull().default(''),
    jsonContent: text('json_content').notNull().default(''),
    language: varchar('language', { length: 10 }).notNull().default('pt-BR'),
    urlN8N: text('url_n8n').notNull().default(''),
    typebotSlug: varchar('typebot_slug', { length: 255 }).notNull().default(''),
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    typebotKeywordFinish: varchar('typebot_keyword_finish', { length: 255 }).notNull().default(''),
    typebotKeywordRestart: varchar('typebot_keyword_restart', { length: 255 }).notNull().default(''),
    typebotUnknownMessage: text('typebot_unknown_message').notNull().default(''),
    typebotRestartMessage: text('typebot_restart_message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('queue_integrations_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

/** A file list (spec 002 "File list"): files a chatbot option or a queue sends, with a message. */
export const fileLists = channelsSchema.table(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    message: text('message').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_lists_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

/** One file of a file list; path is the storage key under the company's folder (empty until uploaded). */
export const fileListOptions = channelsSchema.table(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    path: varchar('path', { length: 500 }).notNull().default(''),
    mediaType: varchar('media_type', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_list_options_list_idx').on(t.fileListId)],
);

/** A Typebot conversation under way on a ticket (bot runtime): a new one starts after typebotExpires minutes of silence. */
export const botSessions = channelsSchema.table(
  'bot_sessions',
  {
    ticketId: integer('ticket_id').primaryKey(),
    companyId: integer('company_id').notNull(),
    integrationId: integer('integration_id').notNull(),
    sessionId: varchar('session_id', { length: 200 }).notNull(),
    /** The choice input the bot last asked (a contact answering its number is sent the item's text). */
    lastInput: jsonb('last_input'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bot_sessions_company_idx').on(t.companyId)],
);

/**
 * The people and groups a connection's phone knows (its address book, its chats), as its session's driver
 * reported them: what POST /contacts/import and /contacts/import/chats read (channels.contacts.fetch),
 * from any worker. Forgotten on logout and with the connection.
 */
export const phoneContacts = channelsSchema.table(
  'phone_contacts',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 50 }).notNull(),
    name: varchar('name', { length: 250 }).notNull().default(''),
    inPhonebook: boolean('in_phonebook').notNull().default(false),
    hasChat: boolean('has_chat').notNull().default(false),
    isGroup: boolean('is_group').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.number] })],
);

export const { outbox, processedEvents } = outboxTables(channelsSchema);

export const schema = {
  connections,
  queues,
  sessionKeys,
  sessionLeases,
  pendingSends,
  prompts,
  autoResponses,
  autoResponseUses,
  queueIntegrations,
  fileLists,
  fileListOptions,
  botSessions,
  phoneContacts,
  outbox,
  processedEvents,
};
