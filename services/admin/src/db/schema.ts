import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgSchema, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { outboxTables, type WeekdaySchedule } from '@atende/kit';

export const adminSchema = pgSchema('admin');

export const plans = adminSchema.table(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    users: integer('users').notNull().default(0),
    connections: integer('connections').notNull().default(0),
    queues: integer('queues').notNull().default(0),
    amount: numeric('amount', { precision: 11, scale: 2 }).notNull().default('0'),
    isPublic: boolean('is_public').notNull().default(true),
    useWhatsapp: boolean('use_whatsapp').notNull().default(true),
    useFacebook: boolean('use_facebook').notNull().default(true),
    useInstagram: boolean('use_instagram').notNull().default(true),
    useCampaigns: boolean('use_campaigns').notNull().default(true),
    useSchedules: boolean('use_schedules').notNull().default(true),
    useInternalChat: boolean('use_internal_chat').notNull().default(true),
    useExternalApi: boolean('use_external_api').notNull().default(true),
    useKanban: boolean('use_kanban').notNull().default(true),
    useOpenAi: boolean('use_open_ai').notNull().default(true),
    useIntegrations: boolean('use_integrations').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_name_key').on(sql`lower(${t.name})`)],
);

export const companies = adminSchema.table(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 30 }),
    document: varchar('document', { length: 30 }),
    /** Postal address of the company form (spec 001 §3): street, city and state. */
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 100 }),
    state: varchar('state', { length: 50 }),
    /** Attendants and connections the company was sold (the company form); the plan's limits still rule. */
    numberAttendants: integer('number_attendants'),
    numberConections: integer('number_conections'),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    status: boolean('status').notNull().default(true),
    dueDate: date('due_date', { mode: 'string' }),
    recurrence: varchar('recurrence', { length: 20 }),
    paymentMethod: varchar('payment_method', { length: 50 }),
    schedules: jsonb('schedules').$type<WeekdaySchedule[]>().notNull().default([]),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** The company's media folder as last measured (admin's folder sweep): bytes, files and when. */
    folderSize: bigint('folder_size', { mode: 'number' }),
    numberFileFolder: integer('number_file_folder'),
    updatedAtFolder: timestamp('updated_at_folder', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_name_key').on(sql`lower(${t.name})`)],
);

/** One row per company and key that differs from nothing: missing keys read as the catalogue default. */
export const settings = adminSchema.table(
  'settings',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 60 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export const helps = adminSchema.table('helps', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description'),
  video: varchar('video', { length: 500 }),
  link: varchar('link', { length: 1000 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Platform-wide notices (spec 002): written by super users, read by every user while active. */
export const announcements = adminSchema.table(
  'announcements',
  {
    id: serial('id').primaryKey(),
    /** The company of the super user who wrote it (its attachment lives in that company's folder). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    text: text('text').notNull(),
    priority: smallint('priority').notNull().default(3),
    status: boolean('status').notNull().default(true),
    mediaPath: text('media_path'),
    mediaName: varchar('media_name', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_status_created_idx').on(t.status, t.createdAt)],
);

/**
 * What a company owes for one due date (spec 001 §3 "Invoice"): made by the invoice job ahead of the
 * due date and by the checkout; one per company and due date, so replicas never make two.
 */
export const invoices = adminSchema.table(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    detail: varchar('detail', { length: 200 }).notNull(),
    users: integer('users').notNull().default(0),
    connections: integer('connections').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 11, scale: 2 }).notNull(),
    /** 'open' until paid; 'Pago' (the spec's word) once the payment is confirmed. */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** The Pix transaction id written into this invoice's code; the payment notification names it. */
    txid: varchar('txid', { length: 35 }),
    linkInvoice: varchar('link_invoice', { length: 1000 }),
    /** The Pix end-to-end id of the confirmed payment (reconciliation). */
    endToEndId: varchar('end_to_end_id', { length: 40 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_company_due_key').on(t.companyId, t.dueDate), uniqueIndex('invoices_txid_key').on(t.txid)],
);

export const { outbox, processedEvents } = outboxTables(adminSchema);

export const schema = { plans, companies, settings, helps, announcements, invoices, outbox, processedEvents };
export type PlanRow = typeof plans.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type HelpRow = typeof helps.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
