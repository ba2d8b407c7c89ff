import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { outboxTables } from '@atende/kit';

export const authSchema = pgSchema('auth');

export const users = authSchema.table(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: varchar('profile', { length: 10 }).notNull().default('user'),
    super: boolean('super').notNull().default(false),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    startWork: varchar('start_work', { length: 5 }).notNull().default('00:00'),
    endWork: varchar('end_work', { length: 5 }).notNull().default('23:59'),
    farewellMessage: text('farewell_message'),
    allTicket: varchar('all_ticket', { length: 10 }).notNull().default('disable'),
    allowGroup: boolean('allow_group').notNull().default(false),
    defaultTheme: varchar('default_theme', { length: 10 }).notNull().default('light'),
    defaultMenu: varchar('default_menu', { length: 10 }).notNull().default('open'),
    allHistoric: varchar('all_historic', { length: 10 }).default('disabled'),
    allUserChat: varchar('all_user_chat', { length: 10 }).notNull().default('disabled'),
    userClosePendingTicket: varchar('user_close_pending_ticket', { length: 10 }).notNull().default('enabled'),
    showDashboard: varchar('show_dashboard', { length: 10 }).notNull().default('disabled'),
    allowRealTime: varchar('allow_real_time', { length: 10 }).notNull().default('disabled'),
    allowConnections: varchar('allow_connections', { length: 10 }).notNull().default('disabled'),
    whatsappId: integer('whatsapp_id'),
    queueIds: integer('queue_ids').array().notNull().default(sql`'{}'::integer[]`),
    profileImage: text('profile_image'),
    defaultTicketsManagerWidth: integer('default_tickets_manager_width').notNull().default(550),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId, t.name),
  ],
);

/** One login session (the `sid` claim); its refresh tokens rotate inside it. */
export const sessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 30 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every refresh token ever issued (hashed); a rotated one presented again is a reuse. */
export const refreshTokens = authSchema.table(
  'refresh_tokens',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const { outbox, processedEvents } = outboxTables(authSchema);

export const schema = { users, sessions, refreshTokens, outbox, processedEvents };
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
