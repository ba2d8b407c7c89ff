import { completionText, transcriptionText, type ChatCompletionRequest } from '../domain/ai-requests.js';

/**
 * A client of OpenAI-compatible APIs (OpenAI, Groq, Gemini's OpenAI endpoint): chat completions and
 * audio transcriptions. Failures are one error type saying whether the provider refused the key
 * (401/403) or failed otherwise (other status, unreadable answer, network, timeout); the provider's
 * own text is kept for the logs, never for the caller.
 */

export type AiFailureKind = 'refused' | 'failed';

export class AiProviderError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

export type AudioFile = { data: Buffer; filename: string; mime: string };

export type AiClient = {
  chat(baseUrl: string, apiKey: string, request: ChatCompletionRequest, timeoutMs: number): Promise<string>;
  transcribe(baseUrl: string, apiKey: string, audio: AudioFile, timeoutMs: number): Promise<string>;
};

const endpoint = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

/** The provider's error text (OpenAI shape { error: { message } }, or any text), cut for a log line. */
async function upstreamDetail(response: Response): Promise<string> {
  const raw = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(raw) as { error?: { message?: unknown } | unknown } | Array<{ error?: { message?: unknown } }>;
    const error = Array.isArray(parsed) ? parsed[0]?.error : (parsed as { error?: unknown }).error;
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return raw.slice(0, 300);
}

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new AiProviderError('failed', null, timedOut ? `no answer within ${timeoutMs} ms` : `unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!response.ok) {
    const detail = await upstreamDetail(response);
    throw new AiProviderError(response.status === 401 || response.status === 403 ? 'refused' : 'failed', response.status, `HTTP ${response.status}: ${detail}`);
  }
  try {
    return await response.json();
  } catch {
    throw new AiProviderError('failed', response.status, 'answer is not JSON');
  }
}

export const openAiCompatibleClient: AiClient = {
  async chat(baseUrl, apiKey, request, timeoutMs) {
    const answer = await call(
      endpoint(baseUrl, '/chat/completions'),
      { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(request) },
      timeoutMs,
    );
    const text = completionText(answer);
    if (text === null) throw new AiProviderError('failed', null, 'answer has no text');
    return text;
  },

  async transcribe(baseUrl, apiKey, audio, timeoutMs) {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('response_format', 'json');
    form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.mime }), audio.filename);
    const answer = await call(endpoint(baseUrl, '/audio/transcriptions'), { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form }, timeoutMs);
    const text = transcriptionText(answer);
    if (text === null) throw new AiProviderError('failed', null, 'answer has no text');
    return text;
  },
};
