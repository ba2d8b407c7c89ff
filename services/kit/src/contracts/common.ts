import { z } from 'zod';

/** A missing field reads 'Required' everywhere (server answers and web forms alike). */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

/** Spec 000 §5 messages, shared by server answers and web forms. */
export const msg = {
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Invalid email',
  /** Not in the spec's list: a number with letters in it (the web shows it translated). */
  notPhoneNumber: 'must be a phone number (digits only)',
} as const;

/**
 * A whole number from `min` to `max`, one message per bad value: a number past the ceiling is only "too
 * large" (not also "not whole", as a 20-digit one would read), one under the floor only "`min` or more".
 */
const boundedWhole = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .max(max, { error: 'is too large', abort: true })
    .int({ error: 'must be a whole number', abort: true })
    .min(min, `must be ${min} or more`);

/**
 * A positive int4 id from a path, query string or body (never a PostgreSQL out-of-range error). Text must be
 * decimal digits: Number() would also read '0x10', '1e1' or ' +2' as ids (and a delete act on them).
 */
export const id = z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), boundedWhole(1, 2_147_483_647));
export const idParams = z.object({ id });
export type IdParams = z.infer<typeof idParams>;

export const enabledDisabled = z.enum(['enabled', 'disabled']);
export type EnabledDisabled = z.infer<typeof enabledDisabled>;

/** Whether YYYY-MM-DD names a day of the calendar (not 2030-02-30 nor 2030-13-45). */
export const isCalendarDay = (v: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * A number a form may send as text ("20"): decimal text is read as its number; anything else goes on as it
 * came, so '', '0x10', '1e1', `true`, `[3]` or null fail as no number (z.coerce and Number() would read
 * them as 0, 16, 10, 1 and 3). Every number field of a body or a query is read through this.
 */
export const numberFromText = (v: unknown): unknown => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/** HH:mm (spec: time fields masked ##:##). */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm');

/** Query-string booleans arrive as text. */
export const queryBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/**
 * The company a call acts on: the caller's own when absent; a super user names another one from the
 * all-connections page's company dialog (spec 001 §2): a new connection, a Facebook link, and the
 * queues, prompts and integrations its editor offers.
 */
export const forCompany = z.object({ companyId: id.optional() });

/** A whole number from `min` to `max`, as JSON or decimal text (numberFromText). */
export const wholeNumber = (min: number, max: number) => z.preprocess(numberFromText, boundedWhole(min, max));

export const pageNumber = wholeNumber(1, 100_000).default(1);

export const searchParam = z.string().trim().max(200).optional();

/** Free text with a sane ceiling so nothing oversized reaches the database. */
export const text = (max = 10_000) => z.string().max(max, msg.tooLong);

export const okAnswer = z.object({ message: z.string() });
