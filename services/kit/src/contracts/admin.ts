import { z } from 'zod';
import { id, isCalendarDay, msg, numberFromText, pageNumber, searchParam, timeOfDay, wholeNumber } from './common.js';
import { TEXT_CORRECTION_MODELS } from './prompts.js';

// ---------- plans (spec 001 §3) ----------
const limit = wholeNumber(0, 100_000);
export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 means no limit. */
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  amount: z.string(),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

const planFields = {
  name: z.string({ error: msg.required }).trim().min(1, msg.required).max(100, msg.tooLong),
  users: limit,
  connections: limit,
  queues: limit,
  amount: z.union([z.number(), z.string()]).transform((v) => String(v).trim().replace(',', '.')).pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount like 99.90')),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
};
export const createPlanBody = z.object(planFields).partial().required({ name: true });
export const updatePlanBody = z.object(planFields).partial();
/** New-plan defaults: 0 users, 0 connections, 0 queues, amount 0, all features, public. */
export const planDefaults = {
  users: 0, connections: 0, queues: 0, amount: '0', isPublic: true,
  useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true, useSchedules: true,
  useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
} as const;
export const publicPlan = plan.omit({ createdAt: true, updatedAt: true });

// ---------- companies ----------
export const recurrence = z.enum(['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']);
export type Recurrence = z.infer<typeof recurrence>;
export const recurrenceMonths: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
/** Spec 000 §9 names the recurrences in English: an integrator sending those (any case) gets the same one. */
const recurrenceAliases: Record<string, Recurrence> = { monthly: 'MENSAL', bimonthly: 'BIMESTRAL', quarterly: 'TRIMESTRAL', semester: 'SEMESTRAL', yearly: 'ANUAL' };
/** A recurrence as written to the API: MENSAL… or monthly… (any case), stored and answered as MENSAL… */
export const recurrenceInput = z.preprocess((v) => (typeof v === 'string' ? (recurrenceAliases[v.trim().toLowerCase()] ?? v.trim().toUpperCase()) : v), recurrence);

export const weekdaySchedule = z.object({
  weekday: z.string().max(20),
  weekdayEn: z.string().max(20),
  startTimeA: z.union([timeOfDay, z.literal('')]),
  endTimeA: z.union([timeOfDay, z.literal('')]),
  startTimeB: z.union([timeOfDay, z.literal('')]),
  endTimeB: z.union([timeOfDay, z.literal('')]),
});
export type WeekdaySchedule = z.infer<typeof weekdaySchedule>;

/** The seven weekdays as schedules name them (weekdayEn), Monday first; the runtime matches the day by it. */
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const SHIFTS = [
  ['startTimeA', 'endTimeA'],
  ['startTimeB', 'endTimeB'],
] as const;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * One day as the schedule editors send it (connection, queue and company hours): a known weekday, and each
 * shift with both ends or neither, ending after it starts. Anything else would leave the day silently closed.
 */
export const weekdayScheduleInput = weekdaySchedule
  .extend({
    weekdayEn: z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => (WEEKDAYS_EN as readonly string[]).includes(v), `must be one of ${WEEKDAYS_EN.join(', ')}`),
  })
  .superRefine((day, ctx) => {
    for (const [start, end] of SHIFTS) {
      if (day[start] === '' && day[end] === '') continue;
      if (day[start] === '') ctx.addIssue({ code: 'custom', path: [start], message: 'Required when the shift has an end' });
      else if (day[end] === '') ctx.addIssue({ code: 'custom', path: [end], message: 'Required when the shift has a start' });
      else if (minutesOf(day[end]) <= minutesOf(day[start])) ctx.addIssue({ code: 'custom', path: [end], message: 'must be after the start' });
    }
  });

/** A whole schedule from an editor: at most one entry per weekday. Answers keep the looser `weekdaySchedule` (rows stored before these checks still read). */
export const weekdaySchedulesInput = z
  .array(weekdayScheduleInput)
  .max(7, msg.tooLong)
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, i) => {
      if (seen.has(day.weekdayEn)) ctx.addIssue({ code: 'custom', path: [i, 'weekdayEn'], message: 'is repeated: one schedule per weekday' });
      seen.add(day.weekdayEn);
    });
  });

/** A date as YYYY-MM-DD (the web's date picker; a timestamp counts by its day); empty is no date (null). */
const dueDate = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .refine((v) => isCalendarDay(v.slice(0, 10)) && (v.length === 10 || v[10] === 'T' || v[10] === ' '), 'must be a date YYYY-MM-DD')
    .transform((v) => v.slice(0, 10))
    .nullable(),
);
/** Blank is no value. */
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max, msg.tooLong).nullable());
/** A count from a form (text or number); blank is none. */
const optionalCount = z.preprocess(
  (v) => (v === '' ? null : numberFromText(v)),
  z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'is too large').nullable(),
);

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  document: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  numberAttendants: z.number().int().nullable(),
  numberConections: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  status: z.boolean(),
  dueDate: z.string().nullable(),
  recurrence: recurrence.nullable(),
  paymentMethod: z.string().nullable(),
  schedules: z.array(weekdaySchedule),
  lastLogin: z.string().nullable(),
  /** The company's media folder as last measured: bytes, files, and when (null until the first measure). */
  folderSize: z.number().int().nullable(),
  numberFileFolder: z.number().int().nullable(),
  updatedAtFolder: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string(), amount: z.string() }).nullable(),
});
export type Company = z.infer<typeof company>;

/** The company form's messages as spec 001 §5 quotes them (the web translates them for en and es). */
export const companyMessages = { nameRequired: 'Nome é obrigatório', emailRequired: 'E-mail é obrigatório', emailInvalid: 'Email é inválido' } as const;

const companyFields = {
  name: z.string({ error: companyMessages.nameRequired }).trim().min(2, companyMessages.nameRequired).max(50, companyMessages.nameRequired),
  email: z
    .string({ error: companyMessages.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, companyMessages.emailRequired)
    .max(254, msg.tooLong)
    .pipe(z.email(companyMessages.emailInvalid)),
  // Blank is none: the company is created without its admin user (the super user adds users later).
  password: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(5, msg.tooShort).max(50, msg.tooLong).optional()),
  phone: z.string().trim().max(30, msg.tooLong).nullable(),
  document: z.string().trim().max(30, msg.tooLong).nullable(),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  numberAttendants: optionalCount,
  numberConections: optionalCount,
  planId: id,
  status: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
  dueDate,
  recurrence: z.union([recurrenceInput, z.literal('').transform(() => null), z.null()]),
  paymentMethod: z.string().trim().max(50, msg.tooLong).nullable(),
  /** Name of the admin user created with the company (defaults to the company name). */
  adminName: z.string().trim().min(2, msg.tooShort).max(50, msg.tooLong),
};
// Name, e-mail and plan required with their own messages ('Nome é obrigatório'...); a partial().required()
// wrapper would answer its generic 'Required' instead.
const { name: companyName, email: companyEmail, planId: companyPlanId, ...optionalCompanyFields } = companyFields;
export const createCompanyBody = z.object({
  name: companyName,
  email: companyEmail,
  planId: z.preprocess((v) => (v === '' || v === undefined ? null : v), companyPlanId.nullable()).refine((v) => v !== null, 'Plano é obrigatório'),
  ...z.object(optionalCompanyFields).partial().shape,
});
export const updateCompanyBody = z.object(companyFields).partial().omit({ adminName: true });
export const companySchedulesBody = z.object({ schedules: weekdaySchedulesInput });
export const companiesPageQuery = z.object({ searchParam, pageNumber });
export const companiesPage = z.object({ companies: z.array(company), count: z.number().int(), hasMore: z.boolean() });

// ---------- settings ----------
/** Global keys the login and signup pages read without a session (company 1's values). */
export const publicSettingKeys = [
  'userCreation', 'primaryColorLight', 'primaryColorDark', 'appName',
  'appLogoLight', 'appLogoDark', 'appLogoFavicon', 'loginEnterImage', 'loginRegisterImage',
] as const;
export type PublicSettingKey = (typeof publicSettingKeys)[number];

const ed = ['enabled', 'disabled'] as const;
/**
 * What a setting may hold: one of `values`, a `color`, or text; text that is `required` (not blank), at most
 * `maxLength`, a `link` (blank or an http(s) address: it is sent to contacts), or an `asset` (blank, an http(s)
 * address or the name of an uploaded file). `secret` values are never answered in clear.
 */
export type SettingRule = {
  default: string;
  values?: readonly string[];
  text?: true;
  color?: true;
  secret?: true;
  superOnly?: true;
  required?: true;
  maxLength?: number;
  link?: true;
  asset?: true;
};
/** Every setting key (spec 001 §3) with its allowed values and default. */
export const settingCatalogue = {
  userCreation: { values: ed, default: 'disabled', superOnly: true },
  userRating: { values: ed, default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company', 'connection'], default: 'disabled' },
  chatBotType: { values: ['text'], default: 'text' },
  acceptCallWhatsapp: { values: ed, default: 'enabled' },
  userRandom: { values: ed, default: 'disabled' },
  sendGreetingMessageOneQueues: { values: ed, default: 'enabled' },
  sendSignMessage: { values: ed, default: 'enabled' },
  sendFarewellWaitingTicket: { values: ed, default: 'disabled' },
  sendGreetingAccepted: { values: ed, default: 'disabled' },
  sendQueuePosition: { values: ed, default: 'disabled' },
  acceptAudioMessageContact: { values: ed, default: 'enabled' },
  enableLGPD: { values: ed, default: 'disabled' },
  requiredTag: { values: ed, default: 'disabled' },
  lgpdDeleteMessage: { values: ed, default: 'disabled' },
  lgpdHideNumber: { values: ed, default: 'disabled' },
  lgpdConsent: { values: ed, default: 'disabled' },
  lgpdMessage: { text: true, default: '' },
  lgpdLink: { text: true, link: true, default: '' },
  sendMsgTransfTicket: { values: ed, default: 'disabled' },
  DirectTicketsToWallets: { values: ed, default: 'disabled' },
  closeTicketOnTransfer: { values: ['true', 'false'], default: 'false' },
  showNotificationPending: { values: ['true', 'false'], default: 'false' },
  transferMessage: { text: true, default: '' },
  greetingAcceptedMessage: { text: true, default: '' },
  AcceptCallWhatsappMessage: { text: true, default: '' },
  sendQueuePositionMessage: { text: true, default: '' },
  useTextCorrector: { values: ed, default: 'disabled' },
  textCorrectorOpenAiApiKey: { text: true, secret: true, default: '' },
  textCorrectorGroqApiKey: { text: true, secret: true, default: '' },
  textCorrectorGeminiApiKey: { text: true, secret: true, default: '' },
  // The models offered (the current list of spec 001 §9). A retired one saved before stays readable: the
  // corrector and the settings screen read it as its replacement (prompts.ts RETIRED_TEXT_CORRECTION_MODELS).
  textCorrectorModel: { values: Object.values(TEXT_CORRECTION_MODELS).flat(), default: 'gpt-4o-mini' },
  allTicket: { values: ['enabled', 'disabled', 'enable', 'disable'], default: 'disabled' },
  // whitelabel (company 1 holds the platform's values)
  primaryColorLight: { color: true, default: '#065183', superOnly: true },
  primaryColorDark: { color: true, default: '#39ACE7', superOnly: true },
  appName: { text: true, required: true, maxLength: 100, default: 'Atende', superOnly: true },
  appLogoLight: { text: true, asset: true, default: '', superOnly: true },
  appLogoDark: { text: true, asset: true, default: '', superOnly: true },
  appLogoFavicon: { text: true, asset: true, default: '', superOnly: true },
  loginEnterImage: { text: true, asset: true, default: '', superOnly: true },
  loginRegisterImage: { text: true, asset: true, default: '', superOnly: true },
} as const satisfies Record<string, SettingRule>;
export type SettingKey = keyof typeof settingCatalogue;

/** A company's setting value: the saved one, else the catalogue default. */
export function settingValue(entries: readonly { key: string; value: string }[] | null | undefined, key: SettingKey): string {
  return entries?.find((e) => e.key === key)?.value ?? settingCatalogue[key].default;
}

/** 'enabled', 'enable' or 'true' (some settings are booleans as text). */
export const isSettingOn = (value: string): boolean => value === 'enabled' || value === 'true' || value === 'enable';
export const settingKeys = Object.keys(settingCatalogue) as SettingKey[];
export const settingKey = z.enum(settingKeys as [SettingKey, ...SettingKey[]], { error: 'unknown setting' });

/** Settings that are texts required while their switch is on (spec 001 §5), used by the web form. */
export const requiredWhenEnabled: Partial<Record<SettingKey, { switch: SettingKey; when: string }>> = {
  transferMessage: { switch: 'sendMsgTransfTicket', when: 'enabled' },
  greetingAcceptedMessage: { switch: 'sendGreetingAccepted', when: 'enabled' },
  sendQueuePositionMessage: { switch: 'sendQueuePosition', when: 'enabled' },
  AcceptCallWhatsappMessage: { switch: 'acceptCallWhatsapp', when: 'disabled' },
};

export const setting = z.object({ key: z.string(), value: z.string(), companyId: z.number().int(), updatedAt: z.string() });
export type Setting = z.infer<typeof setting>;
export const updateSettingBody = z.object({ value: z.union([z.string().max(10_000, msg.tooLong), z.boolean(), z.number()]).transform(String) });
export const companySettingOneQuery = z.object({ column: settingKey });
export const updateCompanySettingBody = z.object({ column: settingKey, data: z.union([z.string().max(10_000, msg.tooLong), z.boolean(), z.number()]).transform(String) });

// ---------- helps ----------
export const help = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  video: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Help = z.infer<typeof help>;
const helpFields = {
  title: z.string({ error: msg.required }).trim().min(1, msg.required).max(200, msg.tooLong),
  description: z.string().max(5000, msg.tooLong).nullable(),
  video: z.string().trim().max(500, msg.tooLong).nullable(),
  link: z.string().trim().max(1000, msg.tooLong).nullable(),
};
export const createHelpBody = z.object(helpFields).partial().required({ title: true });
export const updateHelpBody = z.object(helpFields).partial();
export const helpsQuery = z.object({ searchParam, pageNumber });

// ---------- announcements (spec 002 §3 Announcement, §5, §7) ----------
/** 1 high, 2 medium, 3 low. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** Platform-wide notices written by the super user; every user reads the active ones. mediaPath is a signed link. */
export const announcement = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  priority: z.number().int(),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcement>;
/** Forms send numbers and booleans as text. */
const announcementPriority = z.preprocess(
  numberFromText,
  z.number({ error: 'must be 1, 2 or 3' }).int('must be 1, 2 or 3').min(1, 'must be 1, 2 or 3').max(3, 'must be 1, 2 or 3'),
);
const announcementStatus = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'must be true or false' }));
const announcementFields = {
  title: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(200, msg.tooLong),
  text: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(10_000, msg.tooLong),
  priority: announcementPriority,
  status: announcementStatus,
};
export const createAnnouncementBody = z.object({
  ...announcementFields,
  priority: announcementFields.priority.default(3),
  status: announcementFields.status.default(true),
});
export type CreateAnnouncementBody = z.output<typeof createAnnouncementBody>;
export const updateAnnouncementBody = z.object(announcementFields).partial();
export type UpdateAnnouncementBody = z.output<typeof updateAnnouncementBody>;
export const announcementsQuery = z.object({ searchParam, pageNumber });
export const announcementsPage = z.object({ records: z.array(announcement), count: z.number().int(), hasMore: z.boolean() });
export type AnnouncementsPage = z.infer<typeof announcementsPage>;

export const versionAnswer = z.object({ version: z.string() });
