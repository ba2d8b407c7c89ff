import { readServiceAccount } from '@atende/kit';
import type { ChatCompletionRequest } from '../domain/ai-requests.js';
import { openAiCompatibleClient, type AiClient } from '../drivers/openai-compatible.js';
import { exchangeServiceAccountToken } from './google-auth.js';
import { TTS_OUTPUT_FORMAT, ttsUrl, voiceSsml, type PromptVoice } from '../domain/prompt-voice.js';

/**
 * The outside services a bot turn calls (bot runtime): Typebot's public API v1, an n8n workflow or a
 * webhook, Google's OAuth token endpoint and Dialogflow ES detectIntent, an OpenAI-compatible chat
 * completion and Azure's text-to-speech (an AI prompt's voice). Every call has a timeout; every failure is a BotCallError (the caller logs it and sends
 * nothing). Addresses come from the integration (Typebot, n8n, webhook) or the config (Google, OpenAI, Azure),
 * so tests point them at local fakes.
 */
export class BotCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'BotCallError';
  }
}

export type BotServicesOptions = {
  tokenUrl: string;
  dialogflowUrl: string;
  openAiBaseUrl: string;
  /** Azure text-to-speech endpoint with a `{region}` placeholder. */
  ttsUrl: string;
  /** Largest spoken answer accepted (bytes). */
  maxAudioBytes: number;
  timeoutMs: number;
  ai?: AiClient;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');
/** Answers are read up to this size (a bot's answer is a few KB). */
const MAX_ANSWER_CHARS = 1_000_000;

/** A response's body up to `max` bytes (more is an error, and the rest is not downloaded). */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`the audio is larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export function createBotServices(options: BotServicesOptions) {
  const ai = options.ai ?? openAiCompatibleClient;
  /** Google access tokens by service account, reused until a minute before they expire. */
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  /** POST JSON, answer the status and the parsed JSON (null when the body is not JSON). */
  const postJson = async (what: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new BotCallError(timedOut ? `${what} did not answer within ${options.timeoutMs} ms` : `${what} could not be reached`);
    }
    const text = (await response.text().catch(() => '')).slice(0, MAX_ANSWER_CHARS);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  };
  const ok = (what: string, answer: { status: number; json: unknown }) => {
    if (answer.status < 200 || answer.status >= 300) throw new BotCallError(`${what} answered HTTP ${answer.status}`, answer.status);
    return answer.json;
  };

  const googleToken = async (jsonContent: string): Promise<{ token: string; projectId: string }> => {
    const key = readServiceAccount(jsonContent);
    if (!key.ok) throw new BotCallError(`the service-account key is unusable: ${key.problem}`);
    const { account } = key;
    const cacheKey = `${account.clientEmail}|${account.privateKeyId ?? ''}`;
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now() + 60_000) return { token: cached.token, projectId: account.projectId };
    const exchange = await exchangeServiceAccountToken(account, { tokenUrl: options.tokenUrl, timeoutMs: options.timeoutMs });
    if (!exchange.ok) {
      switch (exchange.problem) {
        case 'unreadable-key':
          throw new BotCallError('the service-account private key could not be read');
        case 'unreachable':
          throw new BotCallError(exchange.timedOut ? `Google's token endpoint did not answer within ${options.timeoutMs} ms` : "Google's token endpoint could not be reached");
        default:
          throw new BotCallError(`Google's token endpoint answered HTTP ${exchange.status}${exchange.reason ? `: ${exchange.reason}` : ''}`, exchange.status);
      }
    }
    tokens.set(cacheKey, { token: exchange.token, expiresAt: Date.now() + exchange.expiresInS * 1000 });
    return { token: exchange.token, projectId: account.projectId };
  };

  return {
    typebot: {
      /** POST {url}/api/v1/typebots/{slug}/startChat: a new session; its id and first answer. */
      async start(baseUrl: string, slug: string, body: { message?: string; prefilledVariables: Record<string, string | number> }): Promise<{ sessionId: string; answer: unknown }> {
        const url = `${trimSlash(baseUrl)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`;
        const json = ok('Typebot', await postJson('Typebot', url, { ...body, textBubbleContentFormat: 'richText' })) as { sessionId?: unknown } | null;
        if (!json || typeof json.sessionId !== 'string' || !json.sessionId) throw new BotCallError('Typebot answered without a session');
        return { sessionId: json.sessionId, answer: json };
      },
      /** POST {url}/api/v1/sessions/{id}/continueChat; null when Typebot no longer knows the session (it starts over). */
      async continue(baseUrl: string, sessionId: string, message: string): Promise<unknown> {
        const url = `${trimSlash(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`;
        const answer = await postJson('Typebot', url, { message, textBubbleContentFormat: 'richText' });
        if (answer.status === 404) return null;
        return ok('Typebot', answer);
      },
    },

    /** An n8n workflow or a webhook: the turn POSTed as JSON; its JSON answer (null when it answered none). */
    async webhook(url: string, payload: unknown): Promise<unknown> {
      return ok('The webhook', await postJson('The webhook', url, payload, { 'user-agent': 'Atende-Bot' }));
    },

    /** Dialogflow ES detectIntent on the agent's project, in a session per ticket. */
    async dialogflow(integration: { jsonContent: string; projectName: string; language: string }, sessionId: string, text: string): Promise<unknown> {
      const { token, projectId } = await googleToken(integration.jsonContent);
      const project = integration.projectName.trim() || projectId;
      const url = `${trimSlash(options.dialogflowUrl)}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
      return ok('Dialogflow', await postJson('Dialogflow', url, { queryInput: { text: { text, languageCode: integration.language } } }, { authorization: `Bearer ${token}` }));
    },

    /** An AI prompt's answer: the first choice's text. */
    async prompt(apiKey: string, request: ChatCompletionRequest): Promise<string> {
      try {
        return await ai.chat(options.openAiBaseUrl, apiKey, request, options.timeoutMs);
      } catch (err) {
        throw new BotCallError(`the AI provider failed: ${err instanceof Error ? err.message : String(err)}`, (err as { status?: number | null }).status ?? null);
      }
    },

    /**
     * An AI prompt's answer spoken by its Azure neural voice (Speech REST API, SSML in, Ogg/Opus out): the
     * audio bytes. A refused key (401/403), an unknown region, a timeout or an answer that is not audio is a
     * BotCallError.
     */
    async speech(voice: PromptVoice, text: string): Promise<Buffer> {
      let response: Response;
      try {
        response = await fetch(ttsUrl(options.ttsUrl, voice.region), {
          method: 'POST',
          headers: {
            'Ocp-Apim-Subscription-Key': voice.key,
            'Content-Type': 'application/ssml+xml',
            'X-Microsoft-OutputFormat': TTS_OUTPUT_FORMAT,
            'User-Agent': 'Atende-Bot',
          },
          body: voiceSsml(voice.voice, text),
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new BotCallError(timedOut ? `Azure text-to-speech did not answer within ${options.timeoutMs} ms` : `Azure text-to-speech could not be reached in region ${voice.region}`);
      }
      if (response.status < 200 || response.status >= 300) {
        await response.body?.cancel().catch(() => undefined);
        throw new BotCallError(`Azure text-to-speech answered HTTP ${response.status}`, response.status);
      }
      const type = (response.headers.get('content-type') ?? '').toLowerCase();
      if (type && !type.startsWith('audio/') && !type.startsWith('application/octet-stream')) {
        await response.body?.cancel().catch(() => undefined);
        throw new BotCallError(`Azure text-to-speech answered ${type}, not audio`);
      }
      let audio: Buffer;
      try {
        audio = await readCapped(response, options.maxAudioBytes);
      } catch (err) {
        throw new BotCallError(err instanceof Error ? `Azure text-to-speech: ${err.message}` : 'Azure text-to-speech answer unreadable');
      }
      if (audio.length === 0) throw new BotCallError('Azure text-to-speech answered no audio');
      return audio;
    },
  };
}
export type BotServices = ReturnType<typeof createBotServices>;
