import { z } from 'zod';
import { msg, numberFromText, pageNumber } from './common.js';

/**
 * File lists (spec 002 §2 "Files", §3 "File list", §5, §7): files with a message that a queue or a
 * chatbot option of type 'file' sends to the contact. The answers, bodies and queries of /api/files.
 */

// ---- building blocks (module-private: other contract files have their own) ----

const listId = z.preprocess(
  numberFromText,
  z.number({ error: (issue) => (issue.input === undefined ? msg.required : 'must be a number') }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
);
const listSearch = z.string().trim().max(200, msg.tooLong).optional();

/** Trimmed text of `min`..`max` characters: absent/empty → required, then too short / too long. */
const listText = (min: number, max: number, words: { required?: string; tooShort?: string; tooLong?: string } = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? (words.required ?? msg.required) : 'must be text') })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v.length === 0) ctx.addIssue({ code: 'custom', message: words.required ?? msg.required });
      else if (v.length < min) ctx.addIssue({ code: 'custom', message: words.tooShort ?? msg.tooShort });
      else if (v.length > max) ctx.addIssue({ code: 'custom', message: words.tooLong ?? msg.tooLong });
    });

// ---- answers ----

export const FILE_LISTS_PAGE_SIZE = 20;
/** A list holds at most this many files. */
export const FILE_LIST_MAX_OPTIONS = 50;
export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 10_000;
export const FILE_LIST_OPTION_NAME_MAX = 255;
/** Spec 002 §5 texts. */
export const fileListMessages = { nameTooShort: 'nome muito curto', required: 'Obrigatório' } as const;

/** One file of a list. `path`: a link to the stored file ('' until its file is uploaded); `mediaType`: its type, read from its bytes. */
export const fileListOption = z.object({
  id: z.number().int(),
  fileListId: z.number().int(),
  name: z.string(),
  path: z.string(),
  mediaType: z.string(),
});
export type FileListOption = z.infer<typeof fileListOption>;

export const fileList = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  message: z.string(),
  /** Who created it (null: unknown). */
  userId: z.number().int().nullable(),
  options: z.array(fileListOption),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** (Not `FileList`: the browser has a type of that name.) */
export type FileListRecord = z.infer<typeof fileList>;

/** GET /files: searchParam (name), pageNumber (20 per page). */
export const fileListsQuery = z.object({ searchParam: listSearch, pageNumber });
export type FileListsQuery = z.infer<typeof fileListsQuery>;
export const fileListsPage = z.object({ files: z.array(fileList), count: z.number().int(), hasMore: z.boolean() });
export type FileListsPage = z.infer<typeof fileListsPage>;
/** GET /files/list: every list of the company (the selects of the queue and chatbot option editors). */
export const fileListsAll = z.object({ files: z.array(fileList) });

// ---- bodies ----

/** An option as the dialog sends it: with `id` an existing option of the list (updated), without a new one. */
export const fileListOptionInput = z.object({
  id: listId.nullable().optional(),
  name: listText(1, FILE_LIST_OPTION_NAME_MAX),
  /** The type the browser declared for the file about to be uploaded; the upload stores the type read from the bytes. */
  mediaType: z.string({ error: 'must be text' }).max(100, msg.tooLong).nullable().optional(),
});
export type FileListOptionInput = z.infer<typeof fileListOptionInput>;

/** POST /files and PUT /files/:id (spec 002 §5: name min 3 "nome muito curto"; message required "Obrigatório"). */
export const fileListBody = z.object({
  name: listText(FILE_LIST_NAME_MIN, FILE_LIST_NAME_MAX, { required: fileListMessages.required, tooShort: fileListMessages.nameTooShort }),
  message: listText(1, FILE_LIST_MESSAGE_MAX, { required: fileListMessages.required }),
  options: z
    .array(fileListOptionInput)
    .max(FILE_LIST_MAX_OPTIONS, `at most ${FILE_LIST_MAX_OPTIONS} files`)
    .superRefine((options, ctx) => {
      const seen = new Set<number>();
      options.forEach((o, i) => {
        if (o.id == null) return;
        if (seen.has(o.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'repeated option' });
        seen.add(o.id);
      });
    })
    .default([]),
});
export type FileListBody = z.infer<typeof fileListBody>;

/**
 * POST /files/uploadList/:id multipart text fields, as the reference client sends them: `fileId` the list,
 * and per file part `files`, in the same order, `id` the option it belongs to (`mediaType`, `name` and
 * `typeArch` are read and ignored: the type comes from the bytes). Without any `id`, `fileId` names the
 * option of a single file.
 */
export const fileListUploadFields = z
  .object({ fileId: listId.optional(), id: z.array(listId).default([]) })
  .refine((f) => f.fileId !== undefined || f.id.length > 0, { path: ['id'], message: msg.required });
