import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { campaignsSchema } from './pg-schema.js';

/** A company's list of people a campaign is sent to (spec 002 §3 "Contact list"). */
export const contactLists = campaignsSchema.table(
  'contact_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_lists_company_idx').on(t.companyId)],
);

/** One person of a contact list; a number appears once per list. Items go with their list. */
export const contactListItems = campaignsSchema.table(
  'contact_list_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    contactListId: integer('contact_list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    isWhatsappValid: boolean('is_whatsapp_valid').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_key').on(t.contactListId, t.number),
    index('contact_list_items_company_idx').on(t.companyId),
  ],
);

/** Projection of channels' connections (names for answers; a campaign's or schedule's whatsappId must be the company's). */
export const connections = campaignsSchema.table(
  'connections',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    /** The company's default connection: a schedule saved without one is sent on it. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('connections_company_idx').on(t.companyId)],
);

/** Projection of tickets' queues (a campaign's queueId must be the company's; answers show its name). */
export const queues = campaignsSchema.table(
  'queues',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
  },
  (t) => [index('queues_company_idx').on(t.companyId)],
);

/** Campaign settings (spec 002 §3 "Campaign setting"): one JSON value per company and key. */
export const campaignSettings = campaignsSchema.table(
  'campaign_settings',
  {
    companyId: integer('company_id').notNull(),
    key: varchar('key', { length: 50 }).notNull(),
    value: jsonb('value').$type<unknown>().notNull().default(sql`'null'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);
