import { z } from 'zod';
import { weekdaySchedulesInput } from './admin.js';
import { msg, numberFromText, pageNumber } from './common.js';
import { queue, quickMessage, ticket } from './tickets.js';

/**
 * The rest of the service desk (spec 000 §3/§5/§7, spec 001 §3/§5/§7, spec 002 §3/§5/§7): ticket notes,
 * pinned tickets, queues with their chatbot menus and quick messages. Answers reuse `ticket`, `queue`
 * and `quickMessage` of contracts/tickets.ts so HTTP and events carry the same objects.
 */

// ---- building blocks (module-private: other contract files have their own) ----

const blankToNull = (v: unknown) => (v === '' ? null : v);
const deskId = z.preprocess(
  numberFromText,
  z.number({ error: (issue) => (issue.input === undefined ? msg.required : 'must be a number') }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
);
const deskNullableId = z.preprocess(blankToNull, deskId.nullable());
const deskBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
const deskSearch = z.string().trim().max(200, msg.tooLong).optional();

/** Trimmed text of `min`..`max` characters: absent/empty → required, then too short / too long. */
const deskText = (min: number, max: number, words: { required?: string; tooShort?: string; tooLong?: string } = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? (words.required ?? msg.required) : 'must be text') })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (v.length === 0) ctx.addIssue({ code: 'custom', message: words.required ?? msg.required });
      else if (v.length < min) ctx.addIssue({ code: 'custom', message: words.tooShort ?? msg.tooShort });
      else if (v.length > max) ctx.addIssue({ code: 'custom', message: words.tooLong ?? msg.tooLong });
    });
/** Optional free text; null reads as empty. */
const freeText = (max: number) => z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'must be text' }).max(max, msg.tooLong));

// ---- ticket notes (spec 000 §3 "Ticket note", §5 note ≥ 2) ----

export const TICKET_NOTE_MIN = 2;

export const ticketNote = z.object({
  id: z.number().int(),
  note: z.string(),
  ticketId: z.number().int().nullable(),
  contactId: z.number().int(),
  userId: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketNote = z.infer<typeof ticketNote>;

/** `note` is required (2+ characters); the contact comes from the ticket when only the ticket is named. */
export const createTicketNoteBody = z.object({
  note: deskText(TICKET_NOTE_MIN, 10_000),
  ticketId: deskNullableId.optional(),
  contactId: deskNullableId.optional(),
});
export type CreateTicketNoteBody = z.infer<typeof createTicketNoteBody>;

export const ticketNotesQuery = z.object({
  contactId: deskNullableId.optional(),
  ticketId: deskNullableId.optional(),
});
export type TicketNotesQuery = z.infer<typeof ticketNotesQuery>;

// ---- pinned tickets (spec 000 §4, §9: at most 10) ----

export const MAX_PINNED_TICKETS = 10;

export const pinnedTicket = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  userId: z.number().int(),
  createdAt: z.string(),
  ticket,
});
export type PinnedTicket = z.infer<typeof pinnedTicket>;
export const pinTicketBody = z.object({ ticketId: deskId });

// ---- queues and chatbot menus (spec 001 §3 Queue / Chatbot option, §5, §9) ----

export const chatbotQueueType = z.enum(['text', 'attendent', 'queue', 'integration', 'file']);
export type ChatbotQueueType = z.infer<typeof chatbotQueueType>;
/** Queue rotation times in minutes (spec 001 §9); 0 means off. */
export const queueRotationMinutes = [0, 2, 5, 10, 15, 30, 45, 60] as const;
/** The times a switched-on rotation may take (0 is no rotation). */
export const queueRotationTimes: readonly number[] = queueRotationMinutes.filter((m) => m > 0);
export const CHATBOT_NAME_MIN = 4;
/** Options nest at most this deep (a queue's menu, its sub-menus, …). */
export const CHATBOT_MAX_DEPTH = 5;

export type ChatbotOption = {
  id: number;
  queueId: number;
  parentId: number | null;
  name: string;
  greetingMessage: string;
  queueType: ChatbotQueueType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  orderOption: number;
  options: ChatbotOption[];
};

const chatbotOptionFields = {
  id: z.number().int(),
  queueId: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  greetingMessage: z.string(),
  queueType: chatbotQueueType,
  closeTicket: z.boolean(),
  optQueueId: z.number().int().nullable(),
  optUserId: z.number().int().nullable(),
  optIntegrationId: z.number().int().nullable(),
  optFileId: z.number().int().nullable(),
  orderOption: z.number().int(),
};
/** An option of a chatbot menu with its nested options (spelt out level by level: OpenAPI takes no recursion). */
const optionAnswer = (levels: number): z.ZodType<ChatbotOption> =>
  z.object({ ...chatbotOptionFields, options: levels > 1 ? z.array(optionAnswer(levels - 1)) : z.array(z.any()) }) as unknown as z.ZodType<ChatbotOption>;
export const chatbotOption = optionAnswer(CHATBOT_MAX_DEPTH);

/** An option as the queue modal sends it: `id` keeps an existing option, nested `options` replace its children. */
export type ChatbotOptionInput = {
  id?: number | null;
  name: string;
  greetingMessage: string;
  queueType: ChatbotQueueType;
  closeTicket: boolean;
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
  options?: ChatbotOptionInput[];
};

/** An option's type as forms send it: empty or null is a plain text option. */
const chatbotQueueTypeWithEmpty = z.union([chatbotQueueType, z.literal(''), z.null()]);
const chatbotInputFields = {
  id: deskNullableId.optional(),
  name: deskText(CHATBOT_NAME_MIN, 250),
  greetingMessage: freeText(10_000).default(''),
  queueType: chatbotQueueTypeWithEmpty.optional().transform((v): ChatbotQueueType => v || 'text'),
  closeTicket: deskBool.default(false),
  optQueueId: deskNullableId.optional(),
  optUserId: deskNullableId.optional(),
  optIntegrationId: deskNullableId.optional(),
  optFileId: deskNullableId.optional(),
};
const DEPTH_MESSAGE = `Options nest at most ${CHATBOT_MAX_DEPTH} levels`;
const optionInput = (levels: number): z.ZodType<ChatbotOptionInput, unknown> =>
  z.object({
    ...chatbotInputFields,
    options: levels > 1 ? z.array(optionInput(levels - 1)).max(50, msg.tooLong).optional() : z.array(z.unknown()).max(0, DEPTH_MESSAGE).optional(),
  }) as unknown as z.ZodType<ChatbotOptionInput, unknown>;
/** An option with up to CHATBOT_MAX_DEPTH levels of nested options. */
export const chatbotOptionInput = optionInput(CHATBOT_MAX_DEPTH);

/** POST /chatbot: an option (with nested options) under a queue's menu or under another option. */
export const createChatbotBody = z.object({
  ...chatbotInputFields,
  queueId: deskNullableId.optional(),
  parentId: deskNullableId.optional(),
  options: z.array(chatbotOptionInput).max(50, msg.tooLong).optional(),
});
export type CreateChatbotBody = z.infer<typeof createChatbotBody>;
/** PUT /chatbot/:id: the option's fields; `options`, when sent, replace its children. */
export const updateChatbotBody = z.object({
  name: deskText(CHATBOT_NAME_MIN, 250).optional(),
  greetingMessage: freeText(10_000).optional(),
  queueType: chatbotQueueTypeWithEmpty.transform((v): ChatbotQueueType => v || 'text').optional(),
  closeTicket: deskBool.optional(),
  optQueueId: deskNullableId.optional(),
  optUserId: deskNullableId.optional(),
  optIntegrationId: deskNullableId.optional(),
  optFileId: deskNullableId.optional(),
  options: z.array(chatbotOptionInput).max(50, msg.tooLong).optional(),
});
export type UpdateChatbotBody = z.infer<typeof updateChatbotBody>;

export const queueDetail = z.object({ ...queue.shape, chatbots: z.array(chatbotOption) });
export type QueueDetail = z.infer<typeof queueDetail>;

const queueFields = {
  name: deskText(2, 50),
  color: deskText(3, 9),
  greetingMessage: freeText(10_000),
  outOfHoursMessage: freeText(10_000),
  orderQueue: z.preprocess((v) => numberFromText(blankToNull(v)), z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(10_000, 'is too large').nullable()),
  tempoRoteador: z.preprocess(
    numberFromText,
    z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .refine((v) => (queueRotationMinutes as readonly number[]).includes(v), `must be one of ${queueRotationMinutes.join(', ')}`),
  ),
  ativarRoteador: deskBool,
  integrationId: deskNullableId,
  fileListId: deskNullableId,
  closeTicket: deskBool,
  schedules: weekdaySchedulesInput,
  chatbots: z.array(chatbotOptionInput).max(50, msg.tooLong),
};
export const createQueueBody = z.object({
  ...queueFields,
  greetingMessage: queueFields.greetingMessage.default(''),
  outOfHoursMessage: queueFields.outOfHoursMessage.default(''),
  orderQueue: queueFields.orderQueue.optional(),
  tempoRoteador: queueFields.tempoRoteador.default(0),
  ativarRoteador: queueFields.ativarRoteador.default(false),
  integrationId: queueFields.integrationId.optional(),
  fileListId: queueFields.fileListId.optional(),
  closeTicket: queueFields.closeTicket.default(false),
  schedules: queueFields.schedules.optional(),
  chatbots: queueFields.chatbots.optional(),
});
export type CreateQueueBody = z.infer<typeof createQueueBody>;
/** PUT /queue/:id: any of the fields; `chatbots`, when sent, is the whole menu (options kept by id). */
export const updateQueueBody = z.object(queueFields).partial();
export type UpdateQueueBody = z.infer<typeof updateQueueBody>;

/** GET /queue/user: the caller's queues; an admin may name another user of the company. */
export const queueUserQuery = z.object({ userId: deskNullableId.optional() });

// ---- quick messages (spec 002 §3 Quick message, §5, §7) ----

export const QUICK_MESSAGES_PAGE_SIZE = 20;

/**
 * Whether someone may change a quick message (spec 002 §5, §6): its owner, or anyone when it is shared
 * (geral); others' private or only visible (visao) ones are read-only, to admins too. A message whose owner
 * was deleted (userId null) belongs to no one: the company's admins manage it.
 */
export function canEditQuickMessage(row: { userId: number | null; geral: boolean }, actor: { userId: number; admin: boolean }): boolean {
  return row.geral || (row.userId === null ? actor.admin : row.userId === actor.userId);
}

export const quickMessagesQuery = z.object({ searchParam: deskSearch, pageNumber });
export type QuickMessagesQuery = z.infer<typeof quickMessagesQuery>;
export const quickMessagesPage = z.object({ records: z.array(quickMessage), count: z.number().int(), hasMore: z.boolean() });
export const quickMessagesListQuery = z.object({ searchParam: deskSearch });

const quickMessageFields = {
  shortcode: deskText(1, 100, { required: 'Obrigatório' }),
  message: freeText(10_000),
  geral: deskBool,
  visao: deskBool,
  status: deskBool,
  /** Sent back by the web form; media changes only through media-upload. */
  isMedia: deskBool,
  mediaPath: z.string().max(2000).nullable(),
  mediaName: z.string().max(500).nullable(),
};
export const createQuickMessageBody = z.object({
  ...quickMessageFields,
  message: quickMessageFields.message.default(''),
  geral: quickMessageFields.geral.default(false),
  visao: quickMessageFields.visao.default(false),
  status: quickMessageFields.status.default(true),
  isMedia: quickMessageFields.isMedia.optional(),
  mediaPath: quickMessageFields.mediaPath.optional(),
  mediaName: quickMessageFields.mediaName.optional(),
});
export type CreateQuickMessageBody = z.infer<typeof createQuickMessageBody>;
export const updateQuickMessageBody = z.object(quickMessageFields).partial();
export type UpdateQuickMessageBody = z.infer<typeof updateQuickMessageBody>;
