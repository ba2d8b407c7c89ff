import { boolean, index, integer, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { contactLists } from './contact-lists.schema.js';
import { campaignsSchema } from './pg-schema.js';

/** A bulk send to a contact list (spec 002 §3 "Campaign"). */
export const campaigns = campaignsSchema.table(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    message1: text('message1'),
    message2: text('message2'),
    message3: text('message3'),
    message4: text('message4'),
    message5: text('message5'),
    confirmationMessage1: text('confirmation_message1'),
    confirmationMessage2: text('confirmation_message2'),
    confirmationMessage3: text('confirmation_message3'),
    confirmationMessage4: text('confirmation_message4'),
    confirmationMessage5: text('confirmation_message5'),
    status: varchar('status', { length: 20 }).notNull().default('INATIVA'),
    confirmation: boolean('confirmation').notNull().default(false),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Cleared when the list is deleted (the dialog could not be saved with a list that is gone). */
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    /** A tickets' tag (kept for the dialog; recipients come from the contact list). */
    tagListId: integer('tag_list_id'),
    whatsappId: integer('whatsapp_id').notNull(),
    statusTicket: varchar('status_ticket', { length: 10 }).notNull().default('closed'),
    openTicket: varchar('open_ticket', { length: 10 }).notNull().default('disabled'),
    userId: integer('user_id'),
    queueId: integer('queue_id'),
    /** Storage key of the attachment. */
    mediaPath: varchar('media_path', { length: 500 }),
    mediaName: varchar('media_name', { length: 500 }),
    /** The attachment's sniffed type (tickets needs it to send the file). */
    mediaMime: varchar('media_mime', { length: 200 }),
    /** When the runner last sent one of its messages: the interval to the next one counts from here. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_company_idx').on(t.companyId), index('campaigns_status_idx').on(t.status)],
);

/**
 * One recipient of a campaign. jobStatus: pending (to send), awaiting (confirmation asked, no reply yet),
 * confirmed (replied: the campaign message is due), sending (claimed by a runner: never retried, so a
 * message is never sent twice), delivered, failed.
 */
export const campaignShipping = campaignsSchema.table(
  'campaign_shipping',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    number: varchar('number', { length: 50 }).notNull(),
    name: varchar('name', { length: 250 }).notNull().default(''),
    email: varchar('email', { length: 250 }).notNull().default(''),
    message: text('message').notNull().default(''),
    confirmationMessage: text('confirmation_message').notNull().default(''),
    confirmation: boolean('confirmation').notNull().default(false),
    contactListItemId: integer('contact_list_item_id'),
    jobStatus: varchar('job_status', { length: 20 }).notNull().default('pending'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_shipping_campaign_number_key').on(t.campaignId, t.number),
    index('campaign_shipping_company_number_idx').on(t.companyId, t.number),
    index('campaign_shipping_job_status_idx').on(t.jobStatus),
  ],
);
