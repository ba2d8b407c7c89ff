import { z } from 'zod';
import { isCalendarDay, msg, numberFromText, pageNumber } from './common.js';
import { channel, contact, isoDay, listQuery, queryList, tag, tagSummary, ticket } from './tickets.js';

/**
 * Contacts, tags, ticket tags and the kanban board (spec 000 §3/§5/§7, spec 001 §2/§3/§5/§7):
 * every request and answer of those routes. Answers reuse the `contact`, `tag` and `ticket`
 * shapes of contracts/tickets.ts, so events and HTTP carry the same objects.
 */

// ---- building blocks ----

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const blankToNull = (v: unknown) => (v === '' ? null : v);

/** A positive int4 id from JSON or text; a missing one reads 'Required'. */
const intId = z.preprocess(
  numberFromText,
  z.number({ error: (issue) => (issue.input === undefined ? msg.required : 'must be a number') }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
);
const nullableId = z.preprocess(blankToNull, intId.nullable());
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
const searchParam = z.string().trim().max(200, msg.tooLong).optional();

/**
 * Text of `min`..`max` characters after trimming, with exactly one message per failure:
 * absent or empty → `required`, then `tooShort` / `tooLong` (spec 000 §5 wording by default).
 */
export const sizedText = (min: number, max: number, words: { required?: string; tooShort?: string; tooLong?: string } = {}) =>
  z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? (words.required ?? msg.required) : 'must be text') }))
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v.length === 0) ctx.addIssue({ code: 'custom', message: words.required ?? msg.required });
      else if (v.length < min) ctx.addIssue({ code: 'custom', message: words.tooShort ?? msg.tooShort });
      else if (v.length > max) ctx.addIssue({ code: 'custom', message: words.tooLong ?? msg.tooLong });
    });

/** The mask characters people type around a phone number. */
const PHONE_MASK = /[\s().\-+]/g;

/**
 * A phone number as stored: the mask characters people type (spaces, parentheses, dots, dashes and a
 * leading '+') are dropped when what remains is digits; a person's WhatsApp address becomes its digits;
 * anything else (a channel id, a group id with '@') is kept as typed, trimmed.
 */
export function normalizeContactNumber(raw: string): string {
  const trimmed = raw.trim();
  // A person's WhatsApp address (5511…@s.whatsapp.net, …@c.us, with or without a device) is their number:
  // stored as the digits, it meets the contact the same number already names instead of making a second one.
  const person = /^(\d+)(?::\d+)?@(?:s\.whatsapp\.net|c\.us)$/i.exec(trimmed);
  if (person) return person[1]!;
  if (trimmed.includes('@')) return trimmed;
  const digits = trimmed.replace(PHONE_MASK, '');
  return /^\d+$/.test(digits) ? digits : trimmed;
}

/**
 * A phone number field: required, normalized, then `accepts` what may stand (else 'must be a phone number
 * (digits only)'), then 8 to 50 characters. A JSON number past 2^53 has lost digits already: it must come as text.
 */
export const phoneNumberField = (accepts: (normalized: string) => boolean) =>
  z
    .preprocess((v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v), z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : 'must be text') }))
    .transform(normalizeContactNumber)
    .superRefine((v, ctx) => {
      if (v.length === 0) ctx.addIssue({ code: 'custom', message: msg.required });
      else if (!accepts(v)) ctx.addIssue({ code: 'custom', message: msg.notPhoneNumber });
      else if (v.length < 8) ctx.addIssue({ code: 'custom', message: msg.tooShort });
      else if (v.length > 50) ctx.addIssue({ code: 'custom', message: msg.tooLong });
    });

/** Contact number (spec 000 §5): a phone number's digits or a channel id with '@'. */
export const contactNumber = phoneNumberField((v) => v.includes('@') || /^\d+$/.test(v.replace(PHONE_MASK, '')));
/**
 * A contact's number on an edit: also its masked form (LGPD: the digits with '*' the viewer was shown), which
 * the form sends back unchanged; the use case takes it only as the stored number's own mask.
 */
export const editedContactNumber = phoneNumberField((v) => v.includes('@') || /^[\d*]+$/.test(v.replace(PHONE_MASK, '')));

/** E-mail: empty (or absent) means none; anything else must be valid. */
export const optionalEmail = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'must be text' }))
  .transform((v) => v.trim())
  .superRefine((v, ctx) => {
    if (v === '') return;
    if (v.length > 254 || !z.email().safeParse(v).success) ctx.addIssue({ code: 'custom', message: msg.invalidEmail });
  });

/** Extra information as the form sends it (numbers allowed as values; ids and other keys dropped). */
export const extraInfoInput = z
  .array(
    z.object({
      name: z.string({ error: msg.required }).trim().max(100, msg.tooLong),
      value: z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? '' : String(v))).pipe(z.string().max(2000, msg.tooLong)),
    }),
  )
  .max(50, msg.tooLong);

/** A moment (ISO timestamp or day) or nothing. */
const momentOrNull = z.preprocess(
  blankToNull,
  z
    .string()
    .max(40)
    // A real calendar day first (Date.parse rolls 2024-02-30 over to March 1st), then a parseable moment.
    .refine((v) => isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), 'must be a date')
    .nullable(),
);

// ---- contacts ----

/** Contacts per page of GET /contacts (the export of the web assumes 20). */
export const CONTACTS_PAGE_SIZE = 20;

export const contactsQuery = listQuery({
  searchParam,
  pageNumber,
  channel: z.preprocess(blankToUndefined, channel.optional()),
  isGroup: z.preprocess(blankToUndefined, bool.optional()),
  /** Tag ids (JSON text of a list, repeated or comma-separated): contacts carrying every one of them. */
  contactTag: queryList(intId, 20).optional(),
});
export type ContactsQuery = z.infer<typeof contactsQuery>;
export const contactsPage = z.object({ contacts: z.array(contact), count: z.number().int(), hasMore: z.boolean() });

/** The export: the same filters as the list, every page. */
export const contactsExportQuery = listQuery({
  searchParam,
  channel: z.preprocess(blankToUndefined, channel.optional()),
  isGroup: z.preprocess(blankToUndefined, bool.optional()),
  contactTag: queryList(intId, 20).optional(),
});
export type ContactsExportQuery = z.infer<typeof contactsExportQuery>;

/** GET /contacts/list: the light list selectors use (companyId only counts for super users). */
export const contactsListQuery = z.object({ companyId: nullableId.optional(), searchParam });
export const contactListItem = contact.pick({ id: true, uuid: true, name: true, number: true, email: true, channel: true, isGroup: true, urlPicture: true, active: true });
export type ContactListItem = z.infer<typeof contactListItem>;

export const contactNumberParams = z.object({ number: z.string().trim().min(1, msg.required).max(200, msg.tooLong) });
export const contactIdParams = z.object({ contactId: intId });

const contactFields = {
  name: sizedText(2, 250),
  number: contactNumber,
  email: optionalEmail,
  extraInfo: extraInfoInput,
  disableBot: bool,
  acceptAudioMessage: bool,
  lgpdAcceptedAt: momentOrNull,
  /** The connection the contact is reached by (a connection of the company). */
  whatsappId: nullableId,
  channel,
  /** Read-only (set by the channels); accepted and ignored. */
  remoteJid: z.unknown(),
  lid: z.unknown(),
  /** Only a super user may name another company; anyone else's is ignored. */
  companyId: nullableId,
};
export const createContactBody = z.object(contactFields).partial().extend({ name: contactFields.name, number: contactFields.number });
export type CreateContactBody = z.infer<typeof createContactBody>;
export const updateContactBody = z.object({ ...contactFields, number: editedContactNumber }).partial().omit({ companyId: true });
export type UpdateContactBody = z.infer<typeof updateContactBody>;

/** PUT /contacts/block/:id — block sets active false, unblock true. */
export const blockContactBody = z.object({ active: bool });

// ---- contact import ----

/** One contact of the import page (POST /contactsImport), posted row by row. */
export const importContactBody = z.object({
  name: sizedText(2, 250),
  number: contactNumber,
  email: optionalEmail.optional(),
  /** Tag names, a list or one text separated by commas or semicolons (created when new). */
  tags: z
    .union([z.string().max(2000, msg.tooLong), z.array(z.string().max(100, msg.tooLong)).max(50, msg.tooLong), z.null()])
    .optional(),
  validateContact: z.preprocess(blankToUndefined, bool.optional()),
});
export type ImportContactBody = z.infer<typeof importContactBody>;

/** A spreadsheet column: its header text or its 1-based position. */
export const importColumn = z.union([z.number().int().min(1).max(16_384), z.string().trim().min(1).max(200)]);
/** Multipart field `mapping` (JSON): which column holds each field. Without it the headers are recognised. */
export const importMapping = z.object({
  name: importColumn.nullable().optional(),
  number: importColumn.nullable().optional(),
  email: importColumn.nullable().optional(),
  tags: importColumn.nullable().optional(),
});
export type ImportMapping = z.infer<typeof importMapping>;
/** Multipart field `rows` (JSON): the spreadsheet row numbers selected (absent: every row). */
export const importRows = z.array(z.number().int().min(1).max(1_048_576)).max(100_000);

export const importIssue = z.object({
  /** Spreadsheet row (1-based, the header being row 1), or the position in the list imported. */
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
  /** The catalogue code when there is one (ERR_DUPLICATED_CONTACT, ERR_WAPP_INVALID_CONTACT). */
  error: z.string().nullable(),
});
export type ImportIssue = z.infer<typeof importIssue>;
export const importResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  ignored: z.number().int(),
  /** Why rows were ignored (at most the first 1000). */
  errors: z.array(importIssue),
});
export type ImportResult = z.infer<typeof importResult>;

/**
 * POST /contacts/upload/preview: the first worksheet as the import page shows it (column mapping and row
 * checkboxes): the first non-empty row's cells as headers, then every non-empty row with its spreadsheet
 * row number (1-based) and its cells as text. Nothing is imported.
 */
export const sheetPreview = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.object({ row: z.number().int().min(1), cells: z.array(z.string()) })),
});
export type SheetPreview = z.infer<typeof sheetPreview>;

/** POST /contacts/import and /contacts/import/chats: from the phone of a connection (the default one when absent). */
export const importFromPhoneBody = z.object({ whatsappId: nullableId.optional() }).nullish();

// ---- tags ----

/** Tags per page of GET /tags. */
export const TAGS_PAGE_SIZE = 20;

const kanbanFlag = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : numberFromText(v)),
  z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' }),
);

export const tagsQuery = listQuery({
  /** Lowercased: the search ignores case (spec 001 §5). */
  searchParam: z.string().trim().toLowerCase().max(200, msg.tooLong).optional(),
  pageNumber,
  kanban: z.preprocess(blankToUndefined, kanbanFlag.optional()),
  /** Leave this tag out (the lane selectors of a tag's own form). */
  tagId: z.preprocess(blankToUndefined, intId.optional()),
});
export type TagsQuery = z.infer<typeof tagsQuery>;
export const tagsPage = z.object({ tags: z.array(tag), count: z.number().int(), hasMore: z.boolean() });

export const tagsListQuery = z.object({
  kanban: z.preprocess(blankToUndefined, kanbanFlag.optional()),
  companyId: nullableId.optional(),
  searchParam: z.string().trim().toLowerCase().max(200, msg.tooLong).optional(),
});

/** One tag with the contacts carrying it (the Tags screen's viewable list). */
export const tagDetail = tag.extend({ contacts: z.array(contactListItem) });
export type TagDetail = z.infer<typeof tagDetail>;

/** Tag names: required, at least 3 characters (spec 001 §5 wording). */
export const tagName = sizedText(3, 100, { required: 'Obrigatório', tooShort: 'Mensagem muito curta' });
export const tagColor = z.string().trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a colour like #A1B2C3');

const tagFields = {
  name: tagName,
  /** A random colour when absent or empty. */
  color: z.preprocess(blankToUndefined, tagColor.optional()),
  kanban: kanbanFlag,
  /** Hours a ticket stays in this lane before moving on to nextLaneId. */
  timeLane: z.preprocess((v) => (v === '' || v === null ? 0 : numberFromText(v)), z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'is too large')),
  nextLaneId: nullableId,
  rollbackLaneId: nullableId,
  greetingMessageLane: z.preprocess((v) => (v === null ? '' : v), z.string().max(10_000, msg.tooLong)),
  userId: nullableId,
  /** Only a super user may name another company. */
  companyId: nullableId,
};
export const createTagBody = z.object(tagFields).partial().extend({ name: tagFields.name });
export type CreateTagBody = z.infer<typeof createTagBody>;
export const updateTagBody = z.object(tagFields).partial().omit({ companyId: true });
export type UpdateTagBody = z.infer<typeof updateTagBody>;

/** POST /tags/sync: the contact's tags become exactly these (ids or tag objects). */
export const syncTagsBody = z.object({
  contactId: intId,
  tags: z.array(z.union([intId, z.looseObject({ id: intId }).transform((t) => t.id)])).max(100, msg.tooLong),
});
export type SyncTagsBody = z.infer<typeof syncTagsBody>;

export const tagContactParams = z.object({ tagId: intId, contactId: intId });
export const ticketTagParams = z.object({ ticketId: intId, tagId: intId });
export const ticketIdOnlyParams = z.object({ ticketId: intId });
export const contactTagsAnswer = z.array(tagSummary);

// ---- kanban ----

export const kanbanSort = z.enum(['ticketNumber', 'lastMessageTime', 'valorDesc']);
export type KanbanSort = z.infer<typeof kanbanSort>;

/** GET /tag/kanban: the lanes (kanban tags) of the company. */
export const kanbanLanesAnswer = z.object({ lista: z.array(tag) });

export const kanbanQuery = listQuery({
  queueIds: queryList(intId).optional(),
  /** Tickets created from this day (company time zone). */
  startDate: z.preprocess(blankToUndefined, isoDay.optional()),
  /** Tickets created up to this day, inclusive. */
  endDate: z.preprocess(blankToUndefined, isoDay.optional()),
  /** ticketNumber: id ascending (default); lastMessageTime: updatedAt descending; valorDesc: opportunity value descending. */
  sortBy: z.preprocess(blankToUndefined, kanbanSort.default('ticketNumber')),
});
export type KanbanQuery = z.infer<typeof kanbanQuery>;

export const kanbanTicket = ticket.extend({
  /** The lanes the card sits in: kanban tag ids, or [0] for the default lane. */
  laneIds: z.array(z.number().int()),
  /** The opportunity value (extraInfo entry 'valor'), when it reads as a number. */
  valor: z.number().nullable(),
});
export type KanbanTicket = z.infer<typeof kanbanTicket>;
export const kanbanAnswer = z.object({ tickets: z.array(kanbanTicket), count: z.number().int(), hasMore: z.boolean() });
