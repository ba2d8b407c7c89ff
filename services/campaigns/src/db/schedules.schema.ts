import { boolean, index, integer, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaignsSchema } from './pg-schema.js';

/**
 * Scheduled messages (spec 002 §3 "Schedule"). The contact belongs to tickets: its number and name are
 * copied when the schedule is saved, so the worker sends without asking.
 */
export const schedules = campaignsSchema.table(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    body: text('body').notNull(),
    contactId: integer('contact_id').notNull(),
    contactNumber: varchar('contact_number', { length: 50 }).notNull(),
    contactName: varchar('contact_name', { length: 250 }).notNull().default(''),
    userId: integer('user_id'),
    whatsappId: integer('whatsapp_id'),
    ticketUserId: integer('ticket_user_id'),
    queueId: integer('queue_id'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: varchar('status', { length: 20 }).notNull().default('PENDENTE'),
    error: text('error'),
    /** Set while a dispatcher sends it (so no other replica does); cleared with the outcome. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Storage key of the attachment (the answer signs a link to it). */
    mediaPath: text('media_path'),
    mediaName: varchar('media_name', { length: 500 }),
    mediaMime: varchar('media_mime', { length: 200 }),
    mediaSize: integer('media_size'),
    openTicket: varchar('open_ticket', { length: 10 }).notNull().default('enabled'),
    statusTicket: varchar('status_ticket', { length: 10 }).notNull().default('closed'),
    assinar: boolean('assinar').notNull().default(false),
    intervalo: integer('intervalo').notNull().default(1),
    valorIntervalo: integer('valor_intervalo').notNull().default(0),
    enviarQuantasVezes: integer('enviar_quantas_vezes').notNull().default(1),
    sentCount: integer('sent_count').notNull().default(0),
    tipoDias: integer('tipo_dias').notNull().default(4),
    /** The first send as chosen: repeats are counted from it, so business-day shifts do not drift. */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_company_idx').on(t.companyId, t.sendAt), index('schedules_due_idx').on(t.sendAt)],
);
