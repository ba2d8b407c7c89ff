import { z } from 'zod';
import { msg, queryBool, searchParam, timeOfDay } from './common.js';
import { importResult } from './contacts.js';

/**
 * Keyword auto-responses (spec 002 §2 "Auto-responses", §3 "Auto-response", §4 "Auto-response active
 * now" and "tester", §5, §7 /auto-responses, §9): the answers, bodies and queries of /api/auto-responses.
 */

/** Spec 002 §5: the message the form and the server show when a required field is missing. */
export const AUTO_RESPONSE_REQUIRED = 'Preencha todos os campos obrigatórios';

export const AUTO_RESPONSE_LIMITS = {
  name: 100,
  keywords: 50,
  keyword: 100,
  response: 4096,
} as const;

/** UI high / medium / low is stored as 5 / 3 / 1. */
export const autoResponsePriorities = { high: 5, medium: 3, low: 1 } as const;
export type AutoResponsePriorityName = keyof typeof autoResponsePriorities;
export const autoResponsePriority = z.union([z.literal(1), z.literal(3), z.literal(5)], { error: 'must be 1 (low), 3 (medium) or 5 (high)' });
export type AutoResponsePriority = z.infer<typeof autoResponsePriority>;

/** The name of a stored priority (anything else reads as the nearest lower level). */
export function priorityName(priority: number): AutoResponsePriorityName {
  return priority >= 5 ? 'high' : priority >= 3 ? 'medium' : 'low';
}

/** Spec 002 §9: the default window spans the night. Days 1 Monday … 7 Sunday, all by default. */
export const AUTO_RESPONSE_DEFAULTS = { priority: 3, startTime: '18:00', endTime: '07:00', daysOfWeek: [1, 2, 3, 4, 5, 6, 7] } as const;

/** Trimmed, blanks dropped, repeats (ignoring case) dropped, first spelling kept. */
export function cleanWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of words) {
    const word = raw.trim();
    const key = word.toLocaleLowerCase('pt-BR');
    if (!word || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}

const wordList = (field: string, required: string = msg.required) =>
  z
    .array(z.string({ error: `${field} must be texts` }).max(AUTO_RESPONSE_LIMITS.keyword, `each ${field} word at most ${AUTO_RESPONSE_LIMITS.keyword} characters`), {
      error: (issue) => (issue.input === undefined ? required : `${field} must be a list`),
    })
    .max(AUTO_RESPONSE_LIMITS.keywords * 2, `at most ${AUTO_RESPONSE_LIMITS.keywords} words`)
    .transform(cleanWords)
    .refine((list) => list.length <= AUTO_RESPONSE_LIMITS.keywords, `at most ${AUTO_RESPONSE_LIMITS.keywords} words`);

const days = z
  .array(z.number({ error: 'days must be numbers 1 (Monday) to 7 (Sunday)' }).int('days must be whole numbers').min(1, 'days go from 1 (Monday)').max(7, 'days go to 7 (Sunday)'), {
    error: 'must be a list of days',
  })
  .max(7, 'at most 7 days')
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

const bool = z.boolean({ error: 'must be true or false' });
const requiredText = (max: number) =>
  z.string({ error: (issue) => (issue.input === undefined ? AUTO_RESPONSE_REQUIRED : 'must be a text') }).trim().min(1, AUTO_RESPONSE_REQUIRED).max(max, msg.tooLong);
const outsideHoursMessage = z
  .string({ error: 'must be a text' })
  .max(AUTO_RESPONSE_LIMITS.response, msg.tooLong)
  .nullable()
  .transform((v) => (v && v.trim() ? v.trim() : null));

/** Every field of the form, none with a default (an update carries only what changes). */
const fields = {
  name: requiredText(AUTO_RESPONSE_LIMITS.name),
  // Absent, empty or blank words alike: the form's one required-fields message.
  keywords: wordList('keywords', AUTO_RESPONSE_REQUIRED).refine((list) => list.length > 0, AUTO_RESPONSE_REQUIRED),
  similarWords: wordList('similarWords'),
  response: requiredText(AUTO_RESPONSE_LIMITS.response),
  priority: autoResponsePriority,
  isActive: bool,
  timeRestriction: bool,
  startTime: timeOfDay,
  endTime: timeOfDay,
  daysOfWeek: days,
  outsideHoursMessage,
};

/** The fields the cross-field rule reads, whether they come from a body or a body merged over a stored record. */
export type AutoResponseWindow = { timeRestriction: boolean; startTime: string; endTime: string; daysOfWeek: readonly number[] };

/** Spec 002 §5: with a time restriction both times and at least one day are required (and the window cannot be empty). */
export function windowProblems(w: AutoResponseWindow): { field: string; message: string }[] {
  if (!w.timeRestriction) return [];
  const problems: { field: string; message: string }[] = [];
  if (!w.startTime) problems.push({ field: 'startTime', message: AUTO_RESPONSE_REQUIRED });
  if (!w.endTime) problems.push({ field: 'endTime', message: AUTO_RESPONSE_REQUIRED });
  if (w.startTime && w.startTime === w.endTime) problems.push({ field: 'endTime', message: 'must differ from the start time' });
  if (w.daysOfWeek.length === 0) problems.push({ field: 'daysOfWeek', message: 'choose at least one day' });
  return problems;
}

/** POST /auto-responses. */
export const autoResponseBody = z
  .object({
    ...fields,
    similarWords: fields.similarWords.default([]),
    priority: fields.priority.default(3),
    isActive: fields.isActive.default(true),
    timeRestriction: fields.timeRestriction.default(false),
    startTime: fields.startTime.default(AUTO_RESPONSE_DEFAULTS.startTime),
    endTime: fields.endTime.default(AUTO_RESPONSE_DEFAULTS.endTime),
    daysOfWeek: fields.daysOfWeek.default([...AUTO_RESPONSE_DEFAULTS.daysOfWeek]),
    outsideHoursMessage: fields.outsideHoursMessage.optional().transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    for (const p of windowProblems(body)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
export type AutoResponseBody = z.output<typeof autoResponseBody>;
export type AutoResponseInput = z.input<typeof autoResponseBody>;

/** PUT /auto-responses/:id: only the fields sent change (the UI's switch sends { isActive }). The window rule is checked on the merged record. */
export const updateAutoResponseBody = z.object(fields).partial();
export type UpdateAutoResponseBody = z.output<typeof updateAutoResponseBody>;

export const autoResponse = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  keywords: z.array(z.string()),
  similarWords: z.array(z.string()),
  response: z.string(),
  priority: z.number().int(),
  isActive: z.boolean(),
  timeRestriction: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
  daysOfWeek: z.array(z.number().int()),
  outsideHoursMessage: z.string().nullable(),
  usageCount: z.number().int(),
  lastUsed: z.string().nullable(),
  /** 0–100: share of uses whose answer reached the contact (see channels domain). */
  successRate: z.number(),
  createdBy: z.number().int().nullable(),
  updatedBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Active and inside its window right now (company time zone). */
  isActiveNow: z.boolean(),
});
export type AutoResponse = z.infer<typeof autoResponse>;

export const autoResponsesQuery = z.object({ searchParam, isActive: queryBool.optional() });
export type AutoResponsesQuery = z.infer<typeof autoResponsesQuery>;
export const autoResponsesList = z.object({ autoResponses: z.array(autoResponse) });

// ---- tester ----

export const autoResponseTestBody = z.object({ message: requiredText(4096) });
export type AutoResponseTestBody = z.infer<typeof autoResponseTestBody>;

/** Spec 002 §4: high at 0.8 or more, medium at 0.5 or more, else low. */
export type ConfidenceLabel = 'high' | 'medium' | 'low';
export function confidenceLabel(confidence: number): ConfidenceLabel {
  return confidence >= 0.8 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

export const autoResponseTestResult = z.object({
  matched: z.boolean(),
  autoResponse: z.object({ id: z.number().int(), name: z.string(), priority: z.number().int() }).nullable(),
  /** What would be sent: the outside-hours message outside the window when set, else the response. */
  response: z.string().nullable(),
  /** 1 for a main keyword, 0.8 for a similar word, 0 without a match. */
  confidence: z.number(),
  confidenceLabel: z.enum(['high', 'medium', 'low']),
  matchedKeyword: z.string().nullable(),
  matchType: z.enum(['keyword', 'similar']).nullable(),
  isActiveNow: z.boolean(),
});
export type AutoResponseTestResult = z.infer<typeof autoResponseTestResult>;

// ---- statistics ----

export const AUTO_RESPONSE_TOP = 10;

export const autoResponseStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  /** Active and inside their window right now. */
  activeNow: z.number().int(),
  totalUsage: z.number().int(),
  /** Mean success rate of the rules used at least once (0 when none was). */
  averageSuccessRate: z.number(),
  mostUsed: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      priority: z.number().int(),
      isActive: z.boolean(),
      usageCount: z.number().int(),
      lastUsed: z.string().nullable(),
      successRate: z.number(),
    }),
  ),
  byPriority: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
});
export type AutoResponseStats = z.infer<typeof autoResponseStats>;

// ---- CSV ----

/** The CSV columns, in order (export writes them, import reads them by header). */
export const AUTO_RESPONSE_CSV_COLUMNS = [
  'name',
  'keywords',
  'similarWords',
  'response',
  'priority',
  'isActive',
  'timeRestriction',
  'startTime',
  'endTime',
  'daysOfWeek',
  'outsideHoursMessage',
  'usageCount',
] as const;

/** POST /auto-responses/import: rows read, rules created, rows ignored and why. */
export const autoResponseImportResult = importResult;
export type AutoResponseImportResult = z.infer<typeof autoResponseImportResult>;

// ---- live events ----

/** company-{companyId}-autoResponse (admins). */
export type AutoResponseSocketPayload = { action: 'create' | 'update'; autoResponse: AutoResponse } | { action: 'delete'; autoResponseId: number };
