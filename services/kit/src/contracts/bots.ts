import { z } from 'zod';
import { inboundMedia } from './channels.js';

/**
 * The bot runtime between tickets and channels: when a queue integration (typebot, n8n, webhook,
 * dialogflow) or an AI prompt serves a waiting ticket, tickets announces each message the contact
 * writes as a turn (tickets.bot.turn, through its outbox); channels calls the outside service and asks
 * tickets to post the answer (tickets.bot.reply) as the bot, the way the chatbot's texts go out.
 */

/** Messages of the conversation a turn carries (the last ones, oldest first). */
export const BOT_TURN_HISTORY = 20;
/** Texts one reply may post. */
export const BOT_REPLY_MAX_TEXTS = 50;
/** Longest text one bot message may carry (WhatsApp's own limit is about 65 536). */
export const BOT_TEXT_MAX = 65_536;
/** Files one reply may post (an AI prompt with a voice posts one voice note). */
export const BOT_REPLY_MAX_MEDIAS = 10;
/** The type of an AI prompt's voice note (Azure's ogg-24khz-16bit-mono-opus; WhatsApp plays it as a voice message). */
export const BOT_VOICE_MIMETYPE = 'audio/ogg; codecs=opus';

export const botTurn = z.object({
  companyId: z.number().int(),
  ticketId: z.number().int(),
  ticketUuid: z.string().max(100),
  contact: z.object({ id: z.number().int(), name: z.string().max(250), number: z.string().max(50) }),
  connectionId: z.number().int().nullable(),
  queueId: z.number().int().nullable(),
  /** Exactly one of integrationId and promptId is set: the bot that serves the ticket. */
  integrationId: z.number().int().nullable(),
  promptId: z.number().int().nullable(),
  /** What the contact just wrote. */
  body: z.string().max(BOT_TEXT_MAX),
  mediaType: z.string().max(50),
  recentMessages: z
    .array(z.object({ fromMe: z.boolean(), body: z.string().max(BOT_TEXT_MAX), createdAt: z.string().max(40) }))
    .max(BOT_TURN_HISTORY),
});
export type BotTurn = z.infer<typeof botTurn>;

export const botReplyRequest = z.object({
  companyId: z.number().int(),
  ticketId: z.number().int(),
  /** Posted in order, each as its own bot message. */
  texts: z.array(z.string().max(BOT_TEXT_MAX)).max(BOT_REPLY_MAX_TEXTS),
  /**
   * Files channels stored under the company's folder (an AI prompt's spoken answer), each posted as its
   * own bot message after the texts, in order; a key outside the company's folder refuses the reply.
   */
  medias: z.array(inboundMedia).max(BOT_REPLY_MAX_MEDIAS).optional(),
  /** The bot is done with the ticket: useIntegration off (the ticket waits for an attendant). */
  endIntegration: z.boolean().optional(),
  /** Move the ticket to this queue of the company (logged as a redirect). */
  transferToQueueId: z.number().int().nullable().optional(),
  closeTicket: z.boolean().optional(),
});
export type BotReplyRequest = z.infer<typeof botReplyRequest>;
/** A file a bot reply posts (kind, storage key, type, name, size). */
export type BotReplyMedia = z.infer<typeof inboundMedia>;
/** How many messages (texts and medias) were posted (0 when the ticket is no longer the bot's: an attendant took it meanwhile). */
export const botReplyAnswer = z.object({ sent: z.number().int() });
export type BotReplyAnswer = z.infer<typeof botReplyAnswer>;

/** The line an AI prompt answers to hand the conversation to a human (Whaticket's wording). */
export const PROMPT_TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';
