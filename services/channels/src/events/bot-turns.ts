import { AppError, ask, BOT_VOICE_MIMETYPE, durableName, readEnvelope, type BotReplyMedia, type BotTurn, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { botSessionsRepository } from '../db/bot-sessions.repository.js';
import { promptsRepository } from '../db/prompts.repository.js';
import { queueIntegrationsRepository, type QueueIntegrationRow } from '../db/queue-integrations.repository.js';
import {
  nothing,
  promptRequest,
  readDialogflowAnswer,
  readPromptAnswer,
  readTypebotAnswer,
  readWebhookAnswer,
  sameKeyword,
  typebotMessageFor,
  typebotSessionExpired,
  webhookPayload,
  type BotAnswer,
} from '../domain/bot-runtime.js';
import { promptVoice, speechText, TEXT_VOICE, VOICE_FILE_EXT, type PromptVoice } from '../domain/prompt-voice.js';
import { BotCallError, createBotServices, type BotServices } from '../integrations/bot-services.js';

const CONSUMER = 'channels';
const SUBJECT = 'tickets.bot.turn';
/** Turns of different tickets answered at once by this process (one ticket's turns one after the other). */
export const BOT_TURN_CONCURRENCY = 32;
/** How long stopping waits for the turns under way. */
const STOP_WAIT_MS = 5_000;
/** The one retry of a call that failed for want of an answer (network, 5xx, 429) waits this long. */
const RETRY_AFTER_MS = 500;
/** Where an AI prompt's voice notes are stored, under the company's folder (`company<id>/bot-voice/…`). */
export const BOT_VOICE_AREA = 'bot-voice';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The bot runtime's consumer (tickets.bot.turn, durable 'channels'): the integration or prompt of the
 * turn's company is loaded (never another company's), the outside service is called, and tickets is asked
 * to post the answer (tickets.bot.reply). A turn is taken once per event id: it is recorded first (short
 * statement), then answered outside any transaction, so a slow bot never holds a database connection and
 * a redelivery never answers twice; turns of one ticket are answered in order, different tickets side by
 * side. An outside failure is logged and answers nothing (one retry when nothing answered or a 5xx did).
 * An AI prompt with a voice answers with a voice note (Azure text-to-speech), or in text when speaking fails.
 */
export async function botTurnHandlers(deps: ChannelsDeps, services?: BotServices): Promise<Subscription[]> {
  const { ctx, config, db } = deps;
  const bots =
    services ??
    createBotServices({
      tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
      dialogflowUrl: config.DIALOGFLOW_API_URL,
      openAiBaseUrl: config.OPENAI_BASE_URL,
      ttsUrl: config.AZURE_TTS_URL,
      maxAudioBytes: config.CONNECTION_MEDIA_MAX_BYTES,
      timeoutMs: config.BOT_TIMEOUT_MS,
    });
  const durable = durableName(CONSUMER, SUBJECT);

  const retryOnce = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      const status = err instanceof BotCallError ? err.status : null;
      const transient = err instanceof BotCallError && (status === null || status >= 500 || status === 429);
      if (!transient) throw err;
      await sleep(RETRY_AFTER_MS);
      return call();
    }
  };

  const typebot = async (integration: QueueIntegrationRow, turn: BotTurn): Promise<BotAnswer> => {
    const sessions = botSessionsRepository(db);
    const body = turn.body.trim();
    let session = await sessions.find(turn.companyId, turn.ticketId);
    if (session && (session.integrationId !== integration.id || typebotSessionExpired(session.lastActivityAt, integration.typebotExpires))) {
      await sessions.remove(turn.companyId, turn.ticketId);
      session = undefined;
    }
    if (sameKeyword(body, integration.typebotKeywordFinish)) {
      await sessions.remove(turn.companyId, turn.ticketId);
      return { texts: [], end: true };
    }
    const texts: string[] = [];
    const restart = sameKeyword(body, integration.typebotKeywordRestart);
    if (restart) {
      await sessions.remove(turn.companyId, turn.ticketId);
      session = undefined;
      if (integration.typebotRestartMessage.trim()) texts.push(integration.typebotRestartMessage);
    } else if (!body) return nothing(); // a media without text: the bot waits for words
    let answer: unknown = null;
    let sessionId = session?.sessionId ?? '';
    const continued = session !== undefined;
    if (session) answer = await retryOnce(() => bots.typebot.continue(integration.urlN8N, session!.sessionId, typebotMessageFor(body, session!.lastInput)));
    if (!session || answer === null) {
      const started = await retryOnce(() =>
        bots.typebot.start(integration.urlN8N, integration.typebotSlug, {
          ...(restart ? {} : { message: body }),
          prefilledVariables: { number: turn.contact.number, pushName: turn.contact.name, ticketId: turn.ticketId },
        }),
      );
      sessionId = started.sessionId;
      answer = started.answer;
    }
    const read = readTypebotAnswer(answer);
    if (read.waiting) {
      const input = (answer as { input?: unknown } | null)?.input ?? null;
      await sessions.save({ ticketId: turn.ticketId, companyId: turn.companyId, integrationId: integration.id, sessionId, lastInput: input });
    } else await sessions.remove(turn.companyId, turn.ticketId);
    // The bot had nothing to say to what the contact wrote.
    if (read.texts.length === 0 && continued && answer !== null && integration.typebotUnknownMessage.trim()) texts.push(integration.typebotUnknownMessage);
    texts.push(...read.texts);
    return { texts, end: false };
  };

  const integrationAnswer = async (integration: QueueIntegrationRow, turn: BotTurn): Promise<BotAnswer> => {
    switch (integration.type) {
      case 'typebot':
        return typebot(integration, turn);
      case 'n8n':
      case 'webhook':
        return readWebhookAnswer(await retryOnce(() => bots.webhook(integration.urlN8N, webhookPayload(turn))));
      case 'dialogflow':
        if (!turn.body.trim()) return nothing();
        return readDialogflowAnswer(await retryOnce(() => bots.dialogflow(integration, turn.ticketUuid, turn.body.trim())));
      default:
        ctx.logger.warn({ companyId: turn.companyId, integrationId: integration.id, type: integration.type }, 'unknown integration type; the turn goes unanswered');
        return nothing();
    }
  };

  /**
   * Post the answer: at once, or (Typebot) one message every typebotDelayMessage ms; stops when the ticket is
   * no longer the bot's. Answers how many messages tickets posted.
   */
  const post = async (turn: BotTurn, answer: BotAnswer, delayMs: number): Promise<number> => {
    const base = { companyId: turn.companyId, ticketId: turn.ticketId };
    const medias = answer.medias ?? [];
    const withMedias = (list: BotReplyMedia[]) => (list.length > 0 ? { medias: list } : {});
    const count = answer.texts.length + medias.length;
    if (count === 0) {
      if (answer.end) await ask(ctx.bus, 'tickets.bot.reply', { ...base, texts: [], endIntegration: true });
      return 0;
    }
    if (delayMs <= 0 || count === 1) {
      return (await ask(ctx.bus, 'tickets.bot.reply', { ...base, texts: answer.texts, ...withMedias(medias), endIntegration: answer.end })).sent;
    }
    const items = [...answer.texts.map((text) => ({ texts: [text], medias: [] as BotReplyMedia[] })), ...medias.map((media) => ({ texts: [] as string[], medias: [media] }))];
    let posted = 0;
    for (const [i, item] of items.entries()) {
      if (i > 0) await sleep(delayMs);
      const last = i === items.length - 1;
      const { sent } = await ask(ctx.bus, 'tickets.bot.reply', { ...base, texts: item.texts, ...withMedias(item.medias), endIntegration: last && answer.end });
      if (sent === 0) return posted; // an attendant took the ticket meanwhile
      posted += sent;
    }
    return posted;
  };

  /**
   * An AI prompt's answer in its voice: spoken by Azure, stored under the company's folder, and sent as a
   * voice note instead of the text (Whaticket sends the audio alone). When speaking fails (a refused key, an
   * unknown region, a timeout) the text goes, so the contact still gets an answer.
   */
  const spoken = async (turn: BotTurn, voice: PromptVoice, promptId: number, answer: BotAnswer): Promise<BotAnswer> => {
    const text = speechText(answer.texts.join('\n\n'));
    if (!text) return answer;
    try {
      const audio = await bots.speech(voice, text);
      const stored = await ctx.storage.save(turn.companyId, BOT_VOICE_AREA, audio, { mime: BOT_VOICE_MIMETYPE, ext: VOICE_FILE_EXT });
      const filename = stored.key.slice(stored.key.lastIndexOf('/') + 1);
      return { texts: [], medias: [{ mediaType: 'audio', key: stored.key, mimetype: BOT_VOICE_MIMETYPE, filename, size: stored.size }], end: answer.end };
    } catch (err) {
      ctx.logger.warn(
        { err, companyId: turn.companyId, ticketId: turn.ticketId, promptId, voice: voice.voice, region: voice.region },
        'the prompt’s answer could not be spoken; it goes as text',
      );
      return answer;
    }
  };

  /** Post a prompt's answer; a voice note tickets did not take (the ticket was taken, or the reply refused) is removed. */
  const postSpoken = async (turn: BotTurn, answer: BotAnswer): Promise<void> => {
    const keys = (answer.medias ?? []).flatMap((m) => (m.key ? [m.key] : []));
    const forget = () => Promise.all(keys.map((key) => ctx.storage.remove(key).catch(() => undefined)));
    let sent: number;
    try {
      sent = await post(turn, answer, 0);
    } catch (err) {
      // A refusal means tickets stored nothing; after a timeout it may still have.
      if (err instanceof AppError && err.status < 500) await forget();
      throw err;
    }
    if (sent === 0) await forget();
  };

  const answerTurn = async (turn: BotTurn): Promise<void> => {
    if (turn.integrationId !== null) {
      const integration = await queueIntegrationsRepository(db).find(turn.companyId, turn.integrationId);
      if (!integration) {
        // Deleted since: the ticket goes back to the attendants.
        ctx.logger.info({ companyId: turn.companyId, ticketId: turn.ticketId, integrationId: turn.integrationId }, 'the ticket’s integration is gone; it ends');
        await post(turn, { texts: [], end: true }, 0);
        return;
      }
      const answer = await integrationAnswer(integration, turn);
      await post(turn, answer, integration.type === 'typebot' ? integration.typebotDelayMessage : 0);
      return;
    }
    if (turn.promptId !== null) {
      const prompt = await promptsRepository(db).find(turn.companyId, turn.promptId);
      if (!prompt || !prompt.apiKey.trim() || !turn.recentMessages.some((m) => !m.fromMe && m.body.trim())) return;
      const text = await retryOnce(() => bots.prompt(prompt.apiKey, promptRequest(prompt, turn, config.PROMPT_MODEL)));
      const answer = readPromptAnswer(text);
      const voice = promptVoice(prompt);
      if (!voice || answer.texts.length === 0) {
        if (!voice && prompt.voice.trim() !== TEXT_VOICE && answer.texts.length > 0) {
          ctx.logger.info({ companyId: turn.companyId, promptId: prompt.id, voice: prompt.voice }, 'the prompt has a voice but no voice key or usable region; it answers in text');
        }
        await post(turn, answer, 0);
        return;
      }
      await postSpoken(turn, await spoken(turn, voice, prompt.id, answer));
    }
  };

  // Turns under way, chained per ticket.
  const chains = new Map<number, Promise<void>>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (running < BOT_TURN_CONCURRENCY) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  const enqueue = (turn: BotTurn) => {
    const previous = chains.get(turn.ticketId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        await slot();
        try {
          await answerTurn(turn);
        } finally {
          release();
        }
      })
      .catch((err: unknown) => {
        ctx.logger.warn({ err, companyId: turn.companyId, ticketId: turn.ticketId, integrationId: turn.integrationId, promptId: turn.promptId }, 'bot turn failed; nothing was sent');
      })
      .finally(() => {
        if (chains.get(turn.ticketId) === next) chains.delete(turn.ticketId);
      });
    chains.set(turn.ticketId, next);
  };

  const subscription = await ctx.bus.subscribe(SUBJECT, { durable }, async (raw) => {
    let turn: BotTurn;
    try {
      turn = readEnvelope(SUBJECT, raw).data;
    } catch (err) {
      ctx.logger.warn({ err, eventId: raw.id }, 'unreadable bot turn dropped');
      return;
    }
    // The turn's company is the envelope's: a turn naming another company's records is not answered.
    if (raw.companyId === null || raw.companyId !== turn.companyId) {
      ctx.logger.warn({ eventId: raw.id, companyId: raw.companyId }, 'bot turn of another company dropped');
      return;
    }
    if (!(await botSessionsRepository(db).claim(durable, raw.id))) return;
    enqueue(turn);
  });

  return [
    {
      async unsubscribe() {
        await subscription.unsubscribe();
        await Promise.race([Promise.allSettled([...chains.values()]), sleep(STOP_WAIT_MS)]);
      },
    },
  ];
}
