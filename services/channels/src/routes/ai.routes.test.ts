import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, type RequestOf, type ResponseOf } from '@atende/kit';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';
import { TEXT_CORRECTOR_SYSTEM_PROMPT } from '../domain/ai-requests.js';

/**
 * The text corrector (POST /api/text-corrector; spec 000 §7, §8, spec 001 §3/§9) and audio transcription
 * (POST /api/message/transcribeAudio; spec 000 §7): channels alone, a fake OpenAI-compatible API on
 * 127.0.0.1, admin's secret settings and tickets' messages answered here.
 */
let h: Harness;
let ai: FakeOpenAi;
const tokens: Record<string, string> = {};
const C1 = 1;
const C2 = 2;
/** Secret settings as admin.setting.get answers them, per company. */
const secrets = new Map<number, Record<string, string>>();
/** Messages as tickets.message.media answers them: wid → company, who may see it, the message. */
type StoredMessage = NonNullable<ResponseOf<'tickets.message.media'>>['message'];
const messages = new Map<string, { companyId: number; visibleTo: number[] | 'all'; message: StoredMessage }>();
const mediaAsked: RequestOf<'tickets.message.media'>[] = [];
const transcribed: RequestOf<'tickets.message.transcribed'>[] = [];
let nextMessageId = 5000;

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) =>
  h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
const correct = (who: string | undefined, body: unknown) => api(who, 'POST', '/api/text-corrector', body);
const transcribe = (who: string | undefined, body: unknown) => api(who, 'POST', '/api/message/transcribeAudio', body);

const settingsOf = (companyId: number, values: Record<string, string>) => h.settings.set(companyId, Object.entries(values).map(([key, value]) => ({ key, value })));

/** An audio message stored in the company's media, as tickets would hold it. */
async function storeAudio(companyId: number, over: Partial<StoredMessage> = {}, visibleTo: number[] | 'all' = 'all'): Promise<string> {
  const wid = `WID-${++nextMessageId}`;
  const file = await h.ctx.storage.save(companyId, 'messages', Buffer.from(`OggS-fake-voice-${wid}`), { mime: 'audio/ogg', ext: 'ogg' });
  messages.set(wid, {
    companyId,
    visibleTo,
    message: { id: nextMessageId, ticketId: 70, fromMe: false, mediaType: 'audio', mediaKey: file.key, mediaName: null, transcription: null, queueId: null, ...over },
  });
  return wid;
}

beforeAll(async () => {
  ai = await startFakeOpenAi();
  h = await startHarness({
    recordSessions: true,
    config: { OPENAI_BASE_URL: `${ai.url}/openai/v1`, GROQ_BASE_URL: `${ai.url}/groq/openai/v1`, GEMINI_BASE_URL: `${ai.url}/gemini/v1beta/openai`, AI_TIMEOUT_MS: 1000, TRANSCRIPTION_TIMEOUT_MS: 1000 },
  });
  h.plans.set(C1, fullPlan());
  h.plans.set(C2, fullPlan());
  tokens.admin = h.signIn({ id: 1, companyId: C1, profile: 'admin' }).token;
  tokens.user = h.signIn({ id: 11, companyId: C1, profile: 'user' }).token;
  tokens.admin2 = h.signIn({ id: 2, companyId: C2, profile: 'admin' }).token;
  await answer(h.bus, 'admin.setting.get', async ({ companyId, key }) => ({ value: secrets.get(companyId)?.[key] ?? null }));
  await answer(h.bus, 'tickets.message.media', async (request) => {
    mediaAsked.push(request);
    const entry = messages.get(request.wid);
    if (!entry || entry.companyId !== request.companyId) return null;
    if (entry.visibleTo !== 'all' && !entry.visibleTo.includes(request.userId)) return null;
    return { message: entry.message };
  });
  await answer(h.bus, 'tickets.message.transcribed', async (request) => {
    transcribed.push(request);
    for (const entry of messages.values()) if (entry.message.id === request.messageId) entry.message.transcription = request.transcription;
    return { ok: true };
  });
});
afterAll(async () => {
  await h?.stop();
  await ai?.close();
});
beforeEach(() => {
  ai.next = [];
  settingsOf(C1, { useTextCorrector: 'enabled', textCorrectorModel: 'gpt-4o-mini' });
  settingsOf(C2, { useTextCorrector: 'disabled' });
  secrets.set(C1, { textCorrectorOpenAiApiKey: 'sk-openai-c1', textCorrectorGroqApiKey: 'gsk-groq-c1', textCorrectorGeminiApiKey: 'AIza-gemini-c1' });
  secrets.set(C2, { textCorrectorOpenAiApiKey: 'sk-openai-c2' });
});

describe('POST /api/text-corrector', () => {
  it("corrects with the company's model and OpenAI key, keeping meaning and language (system prompt), and answers only the text", async () => {
    const before = ai.requests.length;
    ai.chatText = () => '  Olá, tudo bem? Amanhã às 10h está ótimo.\n';
    const res = await correct('user', { text: 'ola tudo bem? amanha as 10h ta otimo' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ correctedText: 'Olá, tudo bem? Amanhã às 10h está ótimo.' });
    const [sent] = ai.requests.slice(before);
    expect(sent).toMatchObject({ method: 'POST', path: '/openai/v1/chat/completions', authorization: 'Bearer sk-openai-c1' });
    expect(sent!.json).toMatchObject({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: TEXT_CORRECTOR_SYSTEM_PROMPT },
        { role: 'user', content: 'ola tudo bem? amanha as 10h ta otimo' },
      ],
    });
    expect(TEXT_CORRECTOR_SYSTEM_PROMPT).toMatch(/meaning/);
    expect(TEXT_CORRECTOR_SYSTEM_PROMPT).toMatch(/never translate/);
  });

  it("uses the body's model with its provider's key: Groq and Gemini through their OpenAI-compatible endpoints", async () => {
    ai.chatText = (r) => `ok ${String(r.json.model)}`;
    const before = ai.requests.length;
    expect((await correct('admin', { text: 'teste', model: 'llama-3.3-70b-versatile' })).body).toEqual({ correctedText: 'ok llama-3.3-70b-versatile' });
    expect((await correct('admin', { text: 'teste', model: 'gemini-2.0-flash' })).body).toEqual({ correctedText: 'ok gemini-2.0-flash' });
    expect((await correct('admin', { text: 'teste', model: 'o4-mini-2025-04-16' })).status).toBe(200);
    const [groq, gemini, o4] = ai.requests.slice(before);
    expect(groq).toMatchObject({ path: '/groq/openai/v1/chat/completions', authorization: 'Bearer gsk-groq-c1' });
    expect(gemini).toMatchObject({ path: '/gemini/v1beta/openai/chat/completions', authorization: 'Bearer AIza-gemini-c1' });
    expect(o4).toMatchObject({ path: '/openai/v1/chat/completions', authorization: 'Bearer sk-openai-c1' });
    // Reasoning models take no temperature.
    expect(o4!.json.temperature).toBeUndefined();
    expect(groq!.json.temperature).toBe(0.2);
  });

  it('keeps serving a company whose saved model the current list dropped, with the replacement of the same provider', async () => {
    ai.chatText = (r) => `ok ${String(r.json.model)}`;
    const before = ai.requests.length;
    settingsOf(C1, { useTextCorrector: 'enabled', textCorrectorModel: 'mixtral-8x7b-32768' });
    expect((await correct('user', { text: 'oi' })).body).toEqual({ correctedText: 'ok llama-3.3-70b-versatile' });
    settingsOf(C1, { useTextCorrector: 'enabled', textCorrectorModel: 'gpt-3.5-turbo' });
    expect((await correct('user', { text: 'oi' })).body).toEqual({ correctedText: 'ok gpt-4o-mini' });
    const [groq, openai] = ai.requests.slice(before);
    expect(groq).toMatchObject({ path: '/groq/openai/v1/chat/completions', authorization: 'Bearer gsk-groq-c1' });
    expect(openai).toMatchObject({ path: '/openai/v1/chat/completions', authorization: 'Bearer sk-openai-c1' });
  });

  it('requires a non-blank text of at most 10,000 characters (400 naming text)', async () => {
    const before = ai.requests.length;
    const missing = await correct('user', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'text', message: 'Required' }] });
    expect((await correct('user', { text: '   \n ' })).body.fields).toEqual([{ field: 'text', message: 'Required' }]);
    expect((await correct('user', { text: 'x'.repeat(10_001) })).body.fields).toEqual([{ field: 'text', message: 'Too Long!' }]);
    expect((await correct('user', { text: 12 })).status).toBe(400);
    expect(ai.requests.length).toBe(before);
  });

  it('refuses when the company has the corrector disabled (403 ERR_TEXT_CORRECTOR_DISABLED)', async () => {
    const res = await correct('admin2', { text: 'oi' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_TEXT_CORRECTOR_DISABLED');
  });

  it('says when no model is configured, or the model is not offered', async () => {
    settingsOf(C1, { useTextCorrector: 'enabled', textCorrectorModel: '' });
    const none = await correct('user', { text: 'oi' });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_TEXT_CORRECTOR_NO_MODEL');
    const unsupported = await correct('user', { text: 'oi', model: 'claude-3-opus' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe('ERR_TEXT_CORRECTOR_UNSUPPORTED_MODEL');
  });

  it("says when the model's provider has no API key", async () => {
    secrets.set(C1, { textCorrectorOpenAiApiKey: 'sk-openai-c1' });
    const res = await correct('user', { text: 'oi', model: 'gemma2-9b-it' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_TEXT_CORRECTOR_NO_API_KEY');
    expect(res.body.message).toContain('textCorrectorGroqApiKey');
  });

  it('a refused key is a 400 saying so; other provider failures a 502 without details', async () => {
    ai.next = [{ status: 401, body: { error: { message: 'Incorrect API key provided: sk-op***c1' } } }];
    const refused = await correct('user', { text: 'oi' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_AI_API_KEY_REFUSED');
    for (const reply of [{ status: 500, body: { error: { message: 'boom' } } }, { status: 429, body: 'rate limited' }, { status: 200, body: { choices: [] } }, { delayMs: 1500 }]) {
      ai.next = [reply];
      const failed = await correct('user', { text: 'oi' });
      expect(failed.status, JSON.stringify(reply)).toBe(502);
      expect(failed.body.error).toBe('ERR_TEXT_CORRECTOR_FAILED');
      expect(JSON.stringify(failed.body)).not.toMatch(/boom|rate limited|stack|at /);
    }
  });

  it('needs a session (401); reads only the caller company settings', async () => {
    expect((await correct(undefined, { text: 'oi' })).status).toBe(401);
    settingsOf(C2, { useTextCorrector: 'enabled', textCorrectorModel: 'gpt-4o' });
    const before = ai.requests.length;
    expect((await correct('admin2', { text: 'oi' })).status).toBe(200);
    expect(ai.requests.slice(before)[0]).toMatchObject({ authorization: 'Bearer sk-openai-c2' });
    expect(ai.requests.slice(before)[0]!.json.model).toBe('gpt-4o');
  });
});

describe('POST /api/message/transcribeAudio', () => {
  it("transcribes a received audio with whisper-1 and the company's OpenAI key, and has tickets keep the text", async () => {
    const wid = await storeAudio(C1);
    const before = ai.requests.length;
    const res = await transcribe('user', { wid });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ transcription: 'Olá, gostaria de marcar uma consulta.' });
    const [sent] = ai.requests.slice(before);
    expect(sent).toMatchObject({ path: '/openai/v1/audio/transcriptions', authorization: 'Bearer sk-openai-c1' });
    expect(sent!.contentType).toMatch(/^multipart\/form-data/);
    const form = sent!.body.toString('utf8');
    expect(form).toContain('whisper-1');
    expect(form).toContain(`OggS-fake-voice-${wid}`);
    expect(form).toMatch(/filename="audio\.ogg"/);
    expect(mediaAsked.at(-1)).toEqual({ companyId: C1, wid, userId: 11, profile: 'user', super: false });
    expect(transcribed.at(-1)).toEqual({ companyId: C1, messageId: messages.get(wid)!.message.id, transcription: 'Olá, gostaria de marcar uma consulta.' });
  });

  it('answers a stored transcription again without calling the provider', async () => {
    const wid = await storeAudio(C1, { transcription: 'Já transcrito.' });
    const before = ai.requests.length;
    expect((await transcribe('user', { wid })).body).toEqual({ transcription: 'Já transcrito.' });
    expect(ai.requests.length).toBe(before);
  });

  it("without a company OpenAI key, uses the API key of a prompt of the ticket's queue; with neither, says so", async () => {
    const queueId = await h.addQueue(C1, 'Triagem');
    const prompt = await api('admin', 'POST', '/api/prompt', { name: 'Triagem IA', prompt: 'Atenda.', apiKey: 'sk-prompt-key', queueId });
    expect(prompt.status).toBe(201);
    secrets.set(C1, {});
    const withPrompt = await storeAudio(C1, { queueId });
    const before = ai.requests.length;
    expect((await transcribe('user', { wid: withPrompt })).status).toBe(200);
    expect(ai.requests.slice(before)[0]).toMatchObject({ authorization: 'Bearer sk-prompt-key' });
    const without = await storeAudio(C1, { queueId: null });
    const res = await transcribe('user', { wid: without });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_TRANSCRIPTION_NO_API_KEY');
  });

  it('refuses a message that is not audio (400) and an unknown, foreign or hidden one (404)', async () => {
    const image = await storeAudio(C1, { mediaType: 'image' });
    const notAudio = await transcribe('user', { wid: image });
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.error).toBe('ERR_TRANSCRIPTION_NOT_AUDIO');
    const unknown = await transcribe('user', { wid: 'no-such-wid' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_MESSAGE_FOUND');
    const theirs = await storeAudio(C2);
    expect((await transcribe('admin', { wid: theirs })).status).toBe(404);
    expect((await transcribe('admin2', { wid: theirs })).status).toBe(200);
    const hidden = await storeAudio(C1, {}, [1]);
    expect((await transcribe('user', { wid: hidden })).status).toBe(404);
    expect((await transcribe('admin', { wid: hidden })).status).toBe(200);
  });

  it('a refused key is a 400; a provider failure a 502; a missing file says the media is unavailable', async () => {
    const wid = await storeAudio(C1);
    ai.next = [{ status: 403, body: { error: { message: 'forbidden' } } }];
    expect((await transcribe('user', { wid })).body.error).toBe('ERR_AI_API_KEY_REFUSED');
    ai.next = [{ status: 500, body: 'down' }];
    const failed = await transcribe('user', { wid });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe('ERR_TRANSCRIPTION_FAILED');
    const gone = await storeAudio(C1, { mediaKey: `company${C1}/messages/missing.ogg` });
    expect((await transcribe('user', { wid: gone })).body.error).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
  });

  it('requires a wid (400) and a session (401)', async () => {
    const missing = await transcribe('user', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'wid', message: 'Required' }]);
    expect((await transcribe(undefined, { wid: 'x' })).status).toBe(401);
  });
});
