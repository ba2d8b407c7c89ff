import { z } from 'zod';
import { msg, numberFromText, pageNumber } from './common.js';

/**
 * The internal chat (spec 002 §2 "Internal chat", §3 Chat / Chat message, §4, §5, §7): employees of one
 * company talking to each other, privately (two people) or in groups. Owned by the tickets service
 * (`/api/chats*`), gated by the plan flag `useInternalChat`, always scoped to the caller's company and,
 * for everything but creation, to chats the caller takes part in.
 *
 * Live updates (socket event `company-{companyId}-chat`, addressed only to the chat's participants):
 * - `{ action: 'create', record: Chat }`   a chat the socket's user was added to was created;
 * - `{ action: 'update', record: Chat }`   title, participants or unread counters changed (also after a read);
 * - `{ action: 'delete', id: number }`     the chat was deleted, or the socket's user was removed from it;
 * - `{ action: 'new-message', newMessage: ChatMessage, chat: Chat }` a message was posted (`chat` carries the
 *   new lastMessage, updatedAt and every participant's unreads).
 */

// ---- building blocks (module-private: other contract files have their own) ----

const chatId = z.preprocess(
  numberFromText,
  z
    .number({ error: (issue) => (issue.input === undefined ? msg.required : 'must be a number') })
    .int('must be a whole number')
    .positive('must be positive')
    .max(2_147_483_647, 'is too large'),
);
const chatBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 1);
/** Multipart forms send `users` as JSON text; JSON bodies send the array itself. */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** Chats and messages per page. */
export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
/** Participants a group may name at once (the creator comes on top). */
export const CHAT_MAX_USERS = 500;
export const CHAT_TITLE_MAX = 255;
export const CHAT_MESSAGE_MAX = 10_000;

// ---- answers ----

/** A participant's person as the chat list and the message pane show it. */
export const chatUserSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The user's uploaded photo (URL) or null. */
  profileImage: z.string().nullable(),
  /** Same as profileImage (the web's avatar component reads either). */
  urlPicture: z.string().nullable(),
  /** Presence as the tickets service last heard it (live changes come as `user:status`). */
  online: z.boolean(),
});
export type ChatUserSummary = z.infer<typeof chatUserSummary>;

/** A participant of a chat with their own unread counter. */
export const chatParticipant = z.object({
  userId: z.number().int(),
  /** Messages posted by others since this participant last read the chat. */
  unreads: z.number().int(),
  user: chatUserSummary,
});
export type ChatParticipant = z.infer<typeof chatParticipant>;

export const chat = z.object({
  id: z.number().int(),
  /** Stable public id: the web opens /chats/{uuid}. */
  uuid: z.string(),
  /** A group's name; for a private chat the names of both people ("Ana, Bruno"), the web shows the other one. */
  title: z.string(),
  isGroup: z.boolean(),
  /** The creator: the only one who may delete the chat (and edit a group). */
  ownerId: z.number().int(),
  /** A group's photo (URL) or null. */
  groupImage: z.string().nullable(),
  /** Text of the newest message (a file's name when it had no text); '' before the first message. */
  lastMessage: z.string(),
  /** Time of the newest activity (message, edit); lists are ordered by it, newest first. */
  updatedAt: z.string(),
  createdAt: z.string(),
  users: z.array(chatParticipant),
});
export type Chat = z.infer<typeof chat>;

/** What a file attached to a chat message is: the web shows an image preview, a player, opens a PDF or shows a file card. */
export const chatMediaType = z.enum(['image', 'audio', 'video', 'pdf', 'document']);
export type ChatMediaType = z.infer<typeof chatMediaType>;

export const chatMessage = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  senderId: z.number().int(),
  /** The text ('' when only a file was sent). */
  message: z.string(),
  /** URL of the attached file, or null. */
  mediaPath: z.string().nullable(),
  /** The file's original name, or null. */
  mediaName: z.string().nullable(),
  /** Kind of the attached file, or null for text only. */
  mediaType: chatMediaType.nullable(),
  createdAt: z.string(),
  /** In message pages: whether the caller had read it (false for others' messages still counted in the caller's unreads). */
  read: z.boolean().optional(),
  sender: z.object({ id: z.number().int(), name: z.string(), profileImage: z.string().nullable(), urlPicture: z.string().nullable() }),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** The `company-{companyId}-chat` socket payloads (see the top of this file). */
export type ChatSocketPayload =
  { action: 'create' | 'update'; record: Chat } | { action: 'delete'; id: number } | { action: 'new-message'; newMessage: ChatMessage; chat: Chat };

// ---- requests ----

/** `:id` of /chats/:id: the numeric id or the uuid (the web opens /chats/{uuid}). */
export const chatParams = z.object({
  id: z.union([z.uuid({ error: 'must be an id or a uuid' }), chatId], { error: 'must be an id or a uuid' }),
});
export type ChatParams = z.infer<typeof chatParams>;

/** GET /chats: the caller's chats, newest activity first; searchParam matches the title or a participant's name. */
export const chatsQuery = z.object({ searchParam: z.string().trim().max(200, msg.tooLong).optional(), pageNumber });
export type ChatsQuery = z.infer<typeof chatsQuery>;
export const chatsPage = z.object({ records: z.array(chat), hasMore: z.boolean(), count: z.number().int() });
export type ChatsPage = z.infer<typeof chatsPage>;

/** A participant as the forms send it: `{ id }` of a user of the company. */
const chatUserRef = z.object({ id: chatId });
const chatUsers = z.preprocess(
  jsonText,
  z.array(chatUserRef, { error: (issue) => (issue.input === undefined ? msg.required : 'must be a list of users') }).max(CHAT_MAX_USERS, msg.tooLong),
);
const chatTitle = z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'must be text' }).trim().max(CHAT_TITLE_MAX, msg.tooLong));

/**
 * POST /chats, as JSON `{ title, users: [{ id }], isGroup }` or multipart (title, users as JSON text,
 * isGroup 'true'/'false', optional file `groupImage`). A private chat (isGroup false) names exactly one
 * other user and is reused when it already exists; a group needs a title and at least one other user.
 * The creator is always owner and participant (naming them in `users` is harmless).
 */
export const createChatBody = z
  .object({
    title: chatTitle.default(''),
    users: chatUsers,
    isGroup: chatBool.default(false),
  })
  .superRefine((body, ctx) => {
    if (body.isGroup && body.title.length === 0) ctx.addIssue({ code: 'custom', path: ['title'], message: msg.required });
    if (body.users.length === 0) ctx.addIssue({ code: 'custom', path: ['users'], message: msg.required });
  });
export type CreateChatBody = z.infer<typeof createChatBody>;

/**
 * PUT /chats/:id (JSON or multipart, groups only, owner only): a new title and/or the whole participant
 * list (the owner always stays). The group photo cannot change when editing.
 */
export const updateChatBody = z
  .object({
    title: chatTitle.optional(),
    users: chatUsers.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.title !== undefined && body.title.length === 0) ctx.addIssue({ code: 'custom', path: ['title'], message: msg.required });
  });
export type UpdateChatBody = z.infer<typeof updateChatBody>;

/** GET /chats/:id/messages: page 1 holds the newest messages; records are oldest first within a page. */
export const chatMessagesQuery = z.object({ pageNumber });
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;
export const chatMessagesPage = z.object({ records: z.array(chatMessage), hasMore: z.boolean(), count: z.number().int() });
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

/**
 * POST /chats/:id/messages, as JSON `{ message }` or multipart (message, typeArch, file). Empty text
 * without a file is refused. Files: audio, video, image, .pdf, .doc, .docx, .txt.
 */
export const sendChatMessageBody = z.object({
  message: z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'must be text' }).max(CHAT_MESSAGE_MAX, msg.tooLong)).default(''),
});
export type SendChatMessageBody = z.infer<typeof sendChatMessageBody>;

/** POST /chats/:id/read: clears the caller's unreads; `userId`, when sent, must be the caller. */
export const chatReadBody = z.object({ userId: chatId.optional() });
export type ChatReadBody = z.infer<typeof chatReadBody>;
