import { z } from 'zod';
import { msg, numberFromText, pageNumber, timeOfDay } from './common.js';
import { importResult, optionalEmail, phoneNumberField, sizedText } from './contacts.js';

/**
 * Contact lists, their items and the campaign settings (spec 002 §2, §3, §5, §7): the answers,
 * bodies and queries of /api/contact-lists, /api/contact-list-items and /api/campaign-settings.
 */

// ---- building blocks ----

const intId = z.preprocess(
  numberFromText,
  z.number({ error: (issue) => (issue.input === undefined ? msg.required : 'must be a number') }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
);
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
const searchParam = z.string().trim().max(200, msg.tooLong).optional();

// ---- contact lists ----

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 20;

export const contactList = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  contactsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactList = z.infer<typeof contactList>;

export const contactListsQuery = z.object({ searchParam, pageNumber });
export type ContactListsQuery = z.infer<typeof contactListsQuery>;
export const contactListsPage = z.object({ records: z.array(contactList), count: z.number().int(), hasMore: z.boolean() });

/** Spec 002 §5: name required, 2 to 50. */
export const contactListBody = z.object({ name: sizedText(2, 50) });
export type ContactListBody = z.infer<typeof contactListBody>;

// ---- contact list items ----

export const contactListItemRecord = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  contactListId: z.number().int(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactListItemRecord = z.infer<typeof contactListItemRecord>;

export const contactListItemsQuery = z.object({ searchParam, contactListId: intId, pageNumber });
export type ContactListItemsQuery = z.infer<typeof contactListItemsQuery>;
export const contactListItemsPage = z.object({ contacts: z.array(contactListItemRecord), count: z.number().int(), hasMore: z.boolean() });

/**
 * A list item's number (spec 002 §5 "number 8 to 50"): a phone number campaigns send to, so digits only once
 * the usual mask (spaces, '+', '-', parentheses, dots) is dropped; required, then 8 to 50 digits.
 */
export const contactListItemNumber = phoneNumberField((v) => /^\d+$/.test(v));

/** Spec 002 §5: name required 2 to 50; number 8 to 50 digits; email valid when given ("Invalid email"). */
const itemFields = { name: sizedText(2, 50), number: contactListItemNumber, email: optionalEmail, isWhatsappValid: bool };
export const createContactListItemBody = z.object({ ...itemFields, isWhatsappValid: itemFields.isWhatsappValid.optional(), contactListId: intId });
export type CreateContactListItemBody = z.infer<typeof createContactListItemBody>;
/** The list an item belongs to never changes; the rest may. */
export const updateContactListItemBody = z.object(itemFields).partial();
export type UpdateContactListItemBody = z.infer<typeof updateContactListItemBody>;

/** POST /contact-lists/:id/upload: rows read, added, ignored (bad or repeated rows) and why. */
export const contactListUploadResult = importResult;
export type ContactListUploadResult = z.infer<typeof contactListUploadResult>;

// ---- campaign settings ----

/** A custom variable of campaign messages ({key} in the text is replaced by value). */
export const campaignVariable = z.object({
  key: z.string({ error: msg.required }).trim().min(1, msg.required).max(50, msg.tooLong).regex(/^[\p{L}\p{N}_-]+$/u, 'letters, digits, _ and - only'),
  value: z.string({ error: msg.required }).max(1000, msg.tooLong),
});
export type CampaignVariable = z.infer<typeof campaignVariable>;

/** A count or a number of seconds: a number, or one written as text (the form may send "20"). */
const wholeNumber = (max: number) =>
  z.preprocess(
    numberFromText,
    z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(max, 'is too large'),
  );
const seconds = wholeNumber(86_400);

/**
 * The choices of the settings screen (spec 002 §9): seconds between messages (0: no pause), after how many
 * messages the longer pause comes (0: never) and that longer pause in seconds (0, or 40 to 200 by 20).
 * A value saved outside them (before they were checked) may be saved again unchanged.
 */
export const campaignSettingChoices = {
  messageInterval: [0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120],
  longerIntervalAfter: [0, 5, 10, 15, 20, 30, 40, 50, 60],
  greaterInterval: [0, 40, 60, 80, 100, 120, 140, 160, 180, 200],
} as const satisfies Record<string, readonly number[]>;

/** Every campaign setting with its type; values a company never saved read as `campaignSettingDefaults`. */
export const campaignSettingsValues = z.object({
  /** Seconds between two messages of a campaign. */
  messageInterval: seconds,
  /** After this many messages the longer pause (greaterInterval) is taken (0: never). */
  longerIntervalAfter: wholeNumber(1_000_000),
  /** Seconds of the longer pause. */
  greaterInterval: seconds,
  variables: z
    .array(campaignVariable)
    .max(100, 'at most 100 variables')
    .refine((list) => new Set(list.map((v) => v.key.toLowerCase())).size === list.length, 'variable keys must be unique'),
  /** Whether campaigns send on Saturdays / Sundays. */
  sabado: bool,
  domingo: bool,
  /** Sending window of each day (HH:mm). */
  startHour: timeOfDay,
  endHour: timeOfDay,
});
export type CampaignSettingsValues = z.output<typeof campaignSettingsValues>;
export type CampaignSettingKey = keyof CampaignSettingsValues;
export const campaignSettingKeys = Object.keys(campaignSettingsValues.shape) as CampaignSettingKey[];

/** As Whaticket ships them. */
export const campaignSettingDefaults: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};

/** GET /campaign-settings: every key with its value. */
export const campaignSettingsList = z.array(z.object({ key: z.string(), value: z.unknown() }));
export type CampaignSettingsList = z.infer<typeof campaignSettingsList>;

/** An empty field of the form comes as null or '' (spec 002 §5 "Empty strings are sent as null"): the key keeps its value. */
const keptWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());
const shape = campaignSettingsValues.shape;
const partialSettings = z.object({
  messageInterval: keptWhenEmpty(shape.messageInterval),
  longerIntervalAfter: keptWhenEmpty(shape.longerIntervalAfter),
  greaterInterval: keptWhenEmpty(shape.greaterInterval),
  variables: keptWhenEmpty(shape.variables),
  sabado: keptWhenEmpty(shape.sabado),
  domingo: keptWhenEmpty(shape.domingo),
  startHour: keptWhenEmpty(shape.startHour),
  endHour: keptWhenEmpty(shape.endHour),
});
/** POST /campaign-settings: `{ settings: {...} }` or the object itself; keys left out (or empty) keep their value. */
export const campaignSettingsBody = partialSettings.extend({ settings: partialSettings.optional() });
export type CampaignSettingsBody = z.output<typeof campaignSettingsBody>;
