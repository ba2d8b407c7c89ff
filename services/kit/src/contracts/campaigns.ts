import { z } from 'zod';
import { enabledDisabled, id, msg, pageNumber, searchParam } from './common.js';

/** Campaign status (spec 002 §4). */
export const campaignStatus = z.enum(['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA']);
export type CampaignStatus = z.infer<typeof campaignStatus>;

export const campaignStatusTicket = z.enum(['closed', 'pending', 'open']);

/** The campaign as the API answers it (spec 002 §3 "Campaign"); mediaPath is a signed link. */
export const campaign = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  message1: z.string().nullable(),
  message2: z.string().nullable(),
  message3: z.string().nullable(),
  message4: z.string().nullable(),
  message5: z.string().nullable(),
  confirmationMessage1: z.string().nullable(),
  confirmationMessage2: z.string().nullable(),
  confirmationMessage3: z.string().nullable(),
  confirmationMessage4: z.string().nullable(),
  confirmationMessage5: z.string().nullable(),
  status: campaignStatus,
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  contactListId: z.number().int().nullable(),
  contactList: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  whatsappId: z.number().int(),
  whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tagListId: z.number().int().nullable(),
  statusTicket: campaignStatusTicket,
  openTicket: enabledDisabled,
  userId: z.number().int().nullable(),
  /** The attendant the opened tickets go to (spec 002 §3 "user"). */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  queueId: z.number().int().nullable(),
  /** The queue of the opened tickets (spec 002 §3 "queue"); null when none or not known here. */
  queue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

/** The report's counters (spec 002 §2 "Campaign report"). */
export const campaignReport = z.object({
  validContacts: z.number().int(),
  delivered: z.number().int(),
  confirmationRequested: z.number().int(),
  confirmed: z.number().int(),
});

/** One recipient of a campaign and where its sending stands (spec 002 §3 "shipping"). */
export const campaignShipment = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  confirmation: z.boolean(),
  deliveredAt: z.string().nullable(),
  confirmationRequestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type CampaignShipment = z.infer<typeof campaignShipment>;

/** GET /campaigns/{id}: also its list's contacts (isWhatsappValid), its recipients (shipping) and the report's counters. */
export const campaignDetail = campaign.extend({
  contactList: z
    .object({
      id: z.number().int(),
      name: z.string(),
      // Always sent here; optional so a live `campaign` (without contacts) may update a detail in place.
      contacts: z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string(), email: z.string(), isWhatsappValid: z.boolean() })).optional(),
    })
    .nullable(),
  shipping: z.array(campaignShipment),
  report: campaignReport,
});
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const campaignListQuery = z.object({ searchParam, pageNumber });
export const campaignListAnswer = z.object({ records: z.array(campaign), hasMore: z.boolean(), count: z.number().int() });

/** The web sends empty strings for untouched fields (spec 002 §5): they mean null. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = z.preprocess(blankToNull, z.string().max(10_000, msg.tooLong).nullable().optional());
const optionalId = z.preprocess(blankToNull, id.nullable().optional());

/** 'YYYY-MM-DD HH:mm:ss' (the dialog's format, server local time) or an ISO 8601 instant. */
export const campaignDateTime = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/.test(s) && !Number.isNaN(parseCampaignDate(s).getTime()), {
    message: 'must be YYYY-MM-DD HH:mm:ss',
  });

/** Reads a campaignDateTime: without a zone it is the server's local time. */
export function parseCampaignDate(s: string): Date {
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(s.trim());
  if (!local) return new Date(s);
  const [, y, mo, d, h, mi, se] = local.map(Number) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, se ?? 0);
  // Reject overflowing parts such as month 13 or day 31 of a 30-day month.
  return date.getMonth() === mo! - 1 && date.getDate() === d! && date.getHours() === h! ? date : new Date(Number.NaN);
}

/** POST /campaigns and PUT /campaigns/{id} (spec 002 §5); the status follows scheduledAt. */
export const campaignBody = z
  .object({
    name: z.string({ error: msg.required }).trim().min(2, msg.tooShort).max(50, msg.tooLong),
    message1: optionalText,
    message2: optionalText,
    message3: optionalText,
    message4: optionalText,
    message5: optionalText,
    confirmationMessage1: optionalText,
    confirmationMessage2: optionalText,
    confirmationMessage3: optionalText,
    confirmationMessage4: optionalText,
    confirmationMessage5: optionalText,
    confirmation: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(false)),
    scheduledAt: z.preprocess(blankToNull, campaignDateTime.nullable().optional()),
    contactListId: optionalId,
    tagListId: optionalId,
    whatsappId: z.preprocess(blankToNull, id.nullable()).refine((v) => v !== null, msg.required),
    statusTicket: z.preprocess(blankToNull, campaignStatusTicket.nullable().optional()),
    openTicket: z.preprocess(blankToNull, enabledDisabled.nullable().optional()),
    userId: optionalId,
    queueId: optionalId,
  })
  .superRefine((body, ctx) => {
    if (body.userId != null && body.queueId == null) ctx.addIssue({ code: 'custom', path: ['queueId'], message: msg.required });
  });
export type CampaignBody = z.infer<typeof campaignBody>;
