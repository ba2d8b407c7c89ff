import { z } from 'zod';
import { weekdaySchedule } from './admin.js';
import { channel, mediaType } from './tickets.js';

/**
 * The messaging side (channels service) as tickets sees it: inbound messages, delivery updates,
 * connection changes, and the send command tickets issues.
 */
export const inboundMedia = z.object({
  mediaType,
  /** Key in the shared media storage (channels downloaded it); absent when the download failed. */
  key: z.string().max(500).nullable(),
  mimetype: z.string().max(200),
  filename: z.string().max(500).nullable(),
  size: z.number().int().nonnegative().nullable(),
});

/**
 * The kind of a stored file handed on as inbound or outbound media, from the type its bytes have
 * (a browser recording sniffs as video/webm but is declared audio).
 */
export function fileMediaType(mime: string, declared: string | null = null): 'image' | 'video' | 'audio' | 'document' {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return declared?.startsWith('audio/') ? 'audio' : 'video';
  return 'document';
}

export const messageReceived = z.object({
  connectionId: z.number().int(),
  channel,
  /** The person who wrote (for a group: the participant). */
  contact: z.object({
    number: z.string().min(1).max(50),
    name: z.string().max(250),
    pictureUrl: z.string().max(2000).nullable(),
    lid: z.string().max(100).nullable(),
    remoteJid: z.string().max(200).nullable(),
  }),
  isGroup: z.boolean(),
  /** The group the message was posted in (its ticket belongs to the group contact). */
  group: z.object({ number: z.string().min(1).max(50), name: z.string().max(250), pictureUrl: z.string().max(2000).nullable() }).nullable(),
  /** Channel-side message id; the same wid twice is one message. */
  wid: z.string().min(1).max(200),
  fromMe: z.boolean(),
  body: z.string().max(65_536),
  media: inboundMedia.nullable(),
  quotedWid: z.string().max(200).nullable(),
  /** Unix time in seconds, as the channel gives it; a fraction keeps a channel's milliseconds (Messenger), so replies sort after what they answer. */
  timestamp: z.number().nonnegative(),
  /**
   * Present on a message of the chat history imported from the phone (spec 001 §3 importOldMessages):
   * stored at its own time, never answered (chatbot, auto-response, bots, greetings), never unread. A
   * ticket the import creates starts in `queueId` (queueIdImportMessages), closed when `closed`
   * (closedTicketsPostImported), else pending.
   */
  imported: z.object({ queueId: z.number().int().nullable(), closed: z.boolean() }).optional(),
});
export type MessageReceived = z.infer<typeof messageReceived>;

export const messageAck = z.object({
  /** Our message id when the ack answers a send command. */
  messageId: z.number().int().nullable(),
  wid: z.string().max(200).nullable(),
  ack: z.number().int().min(-1).max(5),
  error: z.string().max(500).nullable(),
  /**
   * A read watermark (Messenger names no message, wid null): every message of ours to this contact on this
   * connection sent up to `timestamp` (unix seconds) was read (ack 3).
   */
  readUpTo: z.object({ connectionId: z.number().int(), contactNumber: z.string().max(50), timestamp: z.number().nonnegative() }).optional(),
});

export const messageChanged = z.object({
  connectionId: z.number().int(),
  wid: z.string().max(200),
  kind: z.enum(['edited', 'revoked', 'reaction']),
  body: z.string().max(65_536).nullable(),
  reaction: z.object({ emoji: z.string().max(20), fromNumber: z.string().max(50) }).nullable(),
});

export const connection = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  channel,
  status: z.string(),
  number: z.string().nullable(),
  isDefault: z.boolean(),
  groupAsTicket: z.enum(['enabled', 'disabled']),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  /** Minutes during which a new message reopens the last ticket instead of creating one (0: always a new one). */
  timeCreateNewTicket: z.number().int(),
  /** Menus the chatbot repeats to a contact whose answers match no option, before it stays silent (0: no limit). */
  maxUseBotQueues: z.number().int().min(0).default(3),
  /** Minutes the chatbot waits after sending a menu before it repeats it (0: it answers every message). */
  timeUseBotQueues: z.number().int().min(0).default(0),
  /** Rating request sent on resolve when the company's userRating is on (a default text when empty). */
  ratingMessage: z.string().default(''),
  /** Answers that are not a rate before the ticket closes without one. */
  maxUseBotQueuesNPS: z.number().int().min(1).default(3),
  /** Minutes a rating request waits before the ticket closes without one (0: no limit). */
  expiresTicketNPS: z.number().int().min(0).default(0),
  queueIds: z.array(z.number().int()),
  /** Its working hours (setting scheduleType 'connection'); none: always open. Defaults: events of before. */
  schedules: z.array(weekdaySchedule).default([]),
  /** A collective vacation (ISO times; a day at midnight lasts that whole day): its message answers new conversations. */
  collectiveVacationMessage: z.string().default(''),
  collectiveVacationStart: z.string().nullable().default(null),
  collectiveVacationEnd: z.string().nullable().default(null),
  /** The greeting's image or video (a storage key of the company, name as uploaded): sent before the queue menu. */
  greetingMediaKey: z.string().nullable().default(null),
  greetingMediaName: z.string().nullable().default(null),
  /** A ticket left without a queue (its menu unanswered) this many minutes goes to sendIdQueue (0: never). */
  sendIdQueue: z.number().int().nullable().default(null),
  timeSendQueue: z.number().int().min(0).default(0),
  /**
   * An open ticket with no message this many minutes closes (0: never), with expiresInactiveMessage to the
   * contact; whenExpiresTicket '0': only when the last message was ours (the contact stopped answering), '1': whoever wrote last.
   */
  expiresTicket: z.number().int().min(0).default(0),
  whenExpiresTicket: z.enum(['0', '1']).default('0'),
  expiresInactiveMessage: z.string().default(''),
  /** An open ticket whose contact has not answered our last message this many minutes gets inactiveMessage once (0: never). */
  timeInactiveMessage: z.number().int().min(0).default(0),
  inactiveMessage: z.string().default(''),
  /** The queue integration that serves its tickets before any queue's or option's (null: none). */
  integrationId: z.number().int().nullable().optional(),
  /** The AI prompt that answers its tickets while they have no queue (null: none). */
  promptId: z.number().int().nullable().optional(),
});
export type Connection = z.infer<typeof connection>;

export const sendCommand = z.object({
  messageId: z.number().int(),
  ticketId: z.number().int(),
  connectionId: z.number().int(),
  channel,
  to: z.object({ number: z.string(), remoteJid: z.string().nullable(), isGroup: z.boolean() }),
  body: z.string(),
  media: inboundMedia.nullable(),
  quotedWid: z.string().nullable(),
  kind: z.enum(['text', 'media', 'edit', 'delete', 'reaction', 'forward']),
  /** For edit/delete/reaction: the channel id of the target message. */
  targetWid: z.string().nullable(),
});
export type SendCommand = z.infer<typeof sendCommand>;
