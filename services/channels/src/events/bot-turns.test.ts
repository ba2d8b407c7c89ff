import { createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, makeEnvelope, PROMPT_TRANSFER_MARKER, type BotReplyRequest, type BotTurn, type Subscription } from '@atende/kit';
import { startFakeOpenAi, type FakeOpenAi } from '../testing/fake-openai.js';
import { startHarness, type Harness } from '../testing/harness.js';

/**
 * The bot runtime's consumer against fakes of Typebot, an n8n/webhook, Google + Dialogflow and an
 * OpenAI-compatible API, all on 127.0.0.1; tickets is played here (it answers tickets.bot.reply and records it).
 */
let h: Harness;
let openAi: FakeOpenAi;
const C = 21;
const OTHER = 22;

// ---- a fake outside service: each test says how it answers ----

type Got = { method: string; path: string; headers: Record<string, string | string[] | undefined>; json: any; raw: string };
type Answer = { status?: number; body?: unknown; /** Content type of a binary (Buffer) body. */ type?: string; delayMs?: number };
type Fake = { url: string; got: Got[]; answer: (got: Got) => Answer; server: Server };

async function fake(): Promise<Fake> {
  const f: Fake = { url: '', got: [], answer: () => ({ status: 200, body: {} }), server: undefined as never };
  f.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = raw && (req.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : null;
      } catch {
        json = null;
      }
      const got: Got = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, json, raw };
      f.got.push(got);
      const a = f.answer(got);
      const send = () => {
        if (Buffer.isBuffer(a.body)) {
          res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'application/octet-stream' });
          res.end(a.body);
          return;
        }
        const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? {});
        res.writeHead(a.status ?? 200, { 'content-type': typeof a.body === 'string' ? 'text/plain' : 'application/json' });
        res.end(text);
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => f.server.listen(0, '127.0.0.1', resolve));
  f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
  return f;
}
let typebot: Fake;
let hook: Fake;
let google: Fake;
let dialogflow: Fake;
let azure: Fake;

// ---- tickets, played: every reply request is recorded ----

const replies: BotReplyRequest[] = [];
let taken = false; // an attendant took the ticket: tickets answers sent 0
let responder: Subscription;

let ticketSeq = 5000;
const turn = (over: Partial<BotTurn> = {}): BotTurn => ({
  companyId: C,
  ticketId: ++ticketSeq,
  ticketUuid: randomUUID(),
  contact: { id: 9, name: 'Rita Alves', number: '5511988887777' },
  connectionId: 3,
  queueId: null,
  integrationId: null,
  promptId: null,
  body: 'Olá',
  mediaType: 'chat',
  recentMessages: [{ fromMe: false, body: over.body ?? 'Olá', createdAt: new Date().toISOString() }],
  ...over,
});
/** Publish a turn as tickets' outbox would and wait until the runtime answered it (or went quiet). */
const play = async (t: BotTurn, expectedReplies = 1, companyId: number | null = t.companyId) => {
  const before = replies.length;
  await h.bus.publish(makeEnvelope('tickets.bot.turn', companyId, t));
  await h.bus.settled();
  if (expectedReplies > 0) await vi.waitFor(() => expect(replies.length - before).toBeGreaterThanOrEqual(expectedReplies), { timeout: 4000, interval: 10 });
  else await new Promise((r) => setTimeout(r, 150));
  return replies.slice(before).filter((r) => r.ticketId === t.ticketId);
};

// ---- records, as the admin screens save them ----

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const serviceAccount = JSON.stringify({
  type: 'service_account',
  project_id: 'clinica-sorriso',
  private_key_id: 'k1',
  private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: 'bot@clinica-sorriso.iam.gserviceaccount.com',
});
const integration = async (companyId: number, fields: Record<string, unknown>): Promise<number> => {
  const row = { type: 'webhook', name: `Integração ${randomUUID().slice(0, 8)}`, url_n8n: '', typebot_slug: '', ...fields };
  const [inserted] = await h.sql<{ id: number }[]>`insert into channels.queue_integrations ${h.sql(row as Record<string, string | number>)} returning id`;
  return inserted!.id;
};
const prompt = async (companyId: number, fields: Record<string, unknown> = {}): Promise<number> => {
  const row = { company_id: companyId, name: 'Assistente', prompt: 'Você é a recepcionista da Clínica Sorriso.', api_key: 'sk-clinica', queue_id: 1, max_tokens: 120, temperature: 0.4, max_messages: 3, ...fields };
  const [inserted] = await h.sql<{ id: number }[]>`insert into channels.prompts ${h.sql(row as Record<string, string | number>)} returning id`;
  return inserted!.id;
};

beforeAll(async () => {
  [typebot, hook, google, dialogflow, azure] = await Promise.all([fake(), fake(), fake(), fake(), fake()]);
  openAi = await startFakeOpenAi();
  h = await startHarness({
    recordSessions: true,
    config: {
      OPENAI_BASE_URL: `${openAi.url}/v1`,
      GOOGLE_OAUTH_TOKEN_URL: `${google.url}/token`,
      DIALOGFLOW_API_URL: dialogflow.url,
      AZURE_TTS_URL: `${azure.url}/{region}/cognitiveservices/v1`,
      BOT_TIMEOUT_MS: 1000,
    },
  });
  responder = await answer(h.bus, 'tickets.bot.reply', async (request) => {
    replies.push(request);
    return { sent: taken ? 0 : request.texts.length + (request.medias?.length ?? 0) };
  });
});
afterAll(async () => {
  await responder?.unsubscribe();
  await h?.stop();
  await openAi?.close();
  for (const f of [typebot, hook, google, dialogflow, azure]) f?.server.close();
});
beforeEach(() => {
  taken = false;
  for (const f of [typebot, hook, google, dialogflow, azure]) f.got.length = 0;
  openAi.requests.length = 0;
});

// ---- Typebot ----

const rich = (...children: unknown[]) => ({ type: 'text', content: { type: 'richText', richText: [{ type: 'p', children }] } });
const choice = { type: 'choice input', items: [{ id: 'a', content: 'Consultas' }, { id: 'b', content: 'Financeiro' }] };

describe('typebot', () => {
  let bot = 0;
  let ticket: BotTurn;
  beforeAll(async () => {
    bot = await integration(C, {
      company_id: C,
      type: 'typebot',
      typebot_slug: 'recepcao',
      typebot_expires: 1,
      typebot_delay_message: 0,
      typebot_keyword_finish: 'sair',
      typebot_keyword_restart: 'reiniciar',
      typebot_unknown_message: 'Não entendi, escolha uma das opções.',
      typebot_restart_message: 'Vamos começar de novo.',
    });
    await h.sql`update channels.queue_integrations set url_n8n = ${typebot.url} where id = ${bot}`;
  });
  const sessionOf = async (ticketId: number) => (await h.sql<{ session_id: string }[]>`select session_id from channels.bot_sessions where ticket_id = ${ticketId}`)[0];

  it('starts a chat on the first message, formats its bubbles for WhatsApp and numbers its choices', async () => {
    typebot.answer = () => ({
      body: { sessionId: 'sess-1', messages: [rich({ text: 'Olá, ' }, { text: 'Rita', bold: true }, { text: '! Tudo ' }, { text: 'bem', italic: true }, { text: '?' })], input: choice },
    });
    ticket = turn({ integrationId: bot });
    const [reply] = await play(ticket);
    expect(typebot.got[0]).toMatchObject({ method: 'POST', path: '/api/v1/typebots/recepcao/startChat' });
    expect(typebot.got[0]!.json).toMatchObject({ message: 'Olá', prefilledVariables: { number: '5511988887777', pushName: 'Rita Alves', ticketId: ticket.ticketId } });
    expect(reply).toEqual({ companyId: C, ticketId: ticket.ticketId, texts: ['Olá, *Rita*! Tudo _bem_?', '1 - Consultas\n2 - Financeiro'], endIntegration: false });
    expect((await sessionOf(ticket.ticketId))?.session_id).toBe('sess-1');
  });

  it('continues the session afterwards, a choice answered by its number sent as the item', async () => {
    typebot.answer = () => ({ body: { messages: [rich({ text: 'Qual o melhor dia?' })], input: { type: 'text input' } } });
    const [reply] = await play({ ...ticket, body: '2' });
    expect(typebot.got.map((g) => g.path)).toEqual(['/api/v1/sessions/sess-1/continueChat']);
    expect(typebot.got[0]!.json).toMatchObject({ message: 'Financeiro' });
    expect(reply?.texts).toEqual(['Qual o melhor dia?']);
  });

  it('sends the unknown-input message when the bot answers nothing', async () => {
    typebot.answer = () => ({ body: { messages: [], input: { type: 'text input' } } });
    const [reply] = await play({ ...ticket, body: 'asdfgh' });
    expect(reply?.texts).toEqual(['Não entendi, escolha uma das opções.']);
  });

  it('starts a new chat after typebotExpires minutes of silence', async () => {
    await h.sql`update channels.bot_sessions set last_activity_at = now() - interval '2 minutes' where ticket_id = ${ticket.ticketId}`;
    typebot.answer = () => ({ body: { sessionId: 'sess-2', messages: [rich({ text: 'Bem-vinda de volta!' })], input: { type: 'text input' } } });
    const [reply] = await play({ ...ticket, body: 'Oi de novo' });
    expect(typebot.got.map((g) => g.path)).toEqual(['/api/v1/typebots/recepcao/startChat']);
    expect(reply?.texts).toEqual(['Bem-vinda de volta!']);
    expect((await sessionOf(ticket.ticketId))?.session_id).toBe('sess-2');
  });

  it('the restart keyword starts over with the restart message first', async () => {
    typebot.answer = () => ({ body: { sessionId: 'sess-3', messages: [rich({ text: 'Como posso ajudar?' })], input: choice } });
    const [reply] = await play({ ...ticket, body: 'Reiniciar' });
    expect(typebot.got.map((g) => g.path)).toEqual(['/api/v1/typebots/recepcao/startChat']);
    expect(typebot.got[0]!.json.message).toBeUndefined();
    expect(reply?.texts).toEqual(['Vamos começar de novo.', 'Como posso ajudar?', '1 - Consultas\n2 - Financeiro']);
  });

  it('the finish keyword ends the integration without calling the bot', async () => {
    const [reply] = await play({ ...ticket, body: ' SAIR ' });
    expect(typebot.got).toEqual([]);
    expect(reply).toEqual({ companyId: C, ticketId: ticket.ticketId, texts: [], endIntegration: true });
    expect(await sessionOf(ticket.ticketId)).toBeUndefined();
  });

  it('waits typebotDelayMessage between messages, and stops when an attendant took the ticket', async () => {
    await h.sql`update channels.queue_integrations set typebot_delay_message = 120 where id = ${bot}`;
    typebot.answer = () => ({ body: { sessionId: 'sess-4', messages: [rich({ text: 'Um' }), rich({ text: 'Dois' }), rich({ text: 'Três' })] } });
    const t = turn({ integrationId: bot });
    const started = Date.now();
    const got = await play(t, 3);
    expect(got.map((r) => r.texts)).toEqual([['Um'], ['Dois'], ['Três']]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    // A flow without an input block is over: the next message starts a new chat.
    expect(await sessionOf(t.ticketId)).toBeUndefined();

    taken = true;
    const t2 = turn({ integrationId: bot });
    const got2 = await play(t2, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(replies.filter((r) => r.ticketId === t2.ticketId).map((r) => r.texts)).toEqual([['Um']]);
    expect(got2).toHaveLength(1);
    await h.sql`update channels.queue_integrations set typebot_delay_message = 0 where id = ${bot}`;
  });
});

// ---- n8n and webhook ----

describe('n8n and webhook', () => {
  let n8n = 0;
  beforeAll(async () => {
    n8n = await integration(C, { company_id: C, type: 'n8n' });
    await h.sql`update channels.queue_integrations set url_n8n = ${`${hook.url}/webhook/atende`} where id = ${n8n}`;
  });

  it('posts the turn and sends what the workflow answers (reply or messages; end ends it)', async () => {
    hook.answer = () => ({ body: { reply: 'Recebemos sua mensagem!', messages: ['Horário: 8h às 18h'], end: true } });
    const t = turn({ integrationId: n8n, queueId: 4, body: 'Qual o horário?' });
    const [reply] = await play(t);
    expect(hook.got[0]).toMatchObject({ method: 'POST', path: '/webhook/atende' });
    expect(hook.got[0]!.json).toEqual({
      event: 'message',
      companyId: C,
      ticket: { id: t.ticketId, uuid: t.ticketUuid, queueId: 4 },
      contact: { name: 'Rita Alves', number: '5511988887777' },
      message: { body: 'Qual o horário?', mediaType: 'chat' },
      recentMessages: t.recentMessages,
    });
    expect(reply).toEqual({ companyId: C, ticketId: t.ticketId, texts: ['Recebemos sua mensagem!', 'Horário: 8h às 18h'], endIntegration: true });
  });

  it('sends nothing when the workflow answers no reply (it may answer through the messages API)', async () => {
    hook.answer = () => ({ body: 'Workflow was started' });
    await play(turn({ integrationId: n8n }), 0);
    hook.answer = () => ({ body: { ok: true } });
    await play(turn({ integrationId: n8n }), 0);
    expect(hook.got).toHaveLength(2);
    expect(replies.filter((r) => r.texts.length > 0 && r.texts[0] === 'Workflow was started')).toEqual([]);
  });

  it('a failing service is retried once, then the turn goes unanswered; a redelivered turn is answered once', async () => {
    hook.answer = () => ({ status: 502, body: { error: 'bad gateway' } });
    const before = replies.length;
    await play(turn({ integrationId: n8n }), 0);
    await vi.waitFor(() => expect(hook.got).toHaveLength(2), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 700));
    expect(hook.got).toHaveLength(2);
    expect(replies.length).toBe(before);

    // A turn already taken (its id recorded, as after a crash between the record and the answer, or a
    // JetStream redelivery) is not answered again.
    hook.got.length = 0;
    hook.answer = () => ({ body: { reply: 'Uma vez só' } });
    const envelope = makeEnvelope('tickets.bot.turn', C, turn({ integrationId: n8n }));
    await h.sql`insert into channels.processed_events (consumer, event_id) values ('channels__tickets_bot_turn', ${envelope.id})`;
    await h.bus.publish(envelope);
    await h.bus.settled();
    await new Promise((r) => setTimeout(r, 150));
    expect(hook.got).toHaveLength(0);
    const fresh = turn({ integrationId: n8n });
    await play(fresh);
    expect(hook.got).toHaveLength(1);
  });
});

// ---- Dialogflow ----

describe('dialogflow', () => {
  let agent = 0;
  beforeAll(async () => {
    agent = await integration(C, { company_id: C, type: 'dialogflow', project_name: 'clinica-sorriso', json_content: serviceAccount, language: 'pt-BR' });
  });

  it('exchanges the service account for a token and asks detectIntent in the ticket’s session', async () => {
    google.answer = (got) => {
      const assertion = new URLSearchParams(got.raw).get('assertion') ?? '';
      const [head, claims, signature] = assertion.split('.');
      const valid = createVerify('RSA-SHA256').update(`${head}.${claims}`).verify(keys.publicKey, Buffer.from(signature ?? '', 'base64url'));
      return valid ? { body: { access_token: 'ya29.bot', expires_in: 3600, token_type: 'Bearer' } } : { status: 400, body: { error: 'invalid_grant' } };
    };
    dialogflow.answer = () => ({
      body: { queryResult: { fulfillmentText: 'Olá!', fulfillmentMessages: [{ text: { text: ['Olá! Sou o assistente.'] } }, { text: { text: ['Como posso ajudar?'] } }], intent: { displayName: 'Welcome' } } },
    });
    const t = turn({ integrationId: agent, body: 'Oi' });
    const [reply] = await play(t);
    expect(google.got).toHaveLength(1);
    expect(dialogflow.got[0]).toMatchObject({ method: 'POST', path: `/v2/projects/clinica-sorriso/agent/sessions/${t.ticketUuid}:detectIntent` });
    expect(dialogflow.got[0]!.headers.authorization).toBe('Bearer ya29.bot');
    expect(dialogflow.got[0]!.json).toEqual({ queryInput: { text: { text: 'Oi', languageCode: 'pt-BR' } } });
    expect(reply).toMatchObject({ texts: ['Olá! Sou o assistente.', 'Como posso ajudar?'], endIntegration: false });
  });

  it('an intent that ends the conversation ends the integration (the token is reused)', async () => {
    dialogflow.answer = () => ({ body: { queryResult: { fulfillmentText: 'Até logo!', diagnosticInfo: { end_conversation: true } } } });
    const [reply] = await play(turn({ integrationId: agent, body: 'tchau' }));
    expect(google.got).toHaveLength(0);
    expect(reply).toMatchObject({ texts: ['Até logo!'], endIntegration: true });
  });
});

// ---- AI prompt ----

describe('AI prompt', () => {
  it('answers with the prompt, its settings and the last maxMessages of the conversation', async () => {
    const id = await prompt(C);
    openAi.chatText = () => 'Claro! Temos horários na terça.';
    const history = ['Oi', 'Olá! Como posso ajudar?', 'Quero marcar', 'Para quando?', 'Terça'].map((body, i) => ({ fromMe: i % 2 === 1, body, createdAt: new Date(Date.now() - (5 - i) * 1000).toISOString() }));
    const [reply] = await play(turn({ promptId: id, body: 'Terça', recentMessages: history }));
    const request = openAi.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-clinica');
    expect(request.json).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 120, temperature: 0.4 });
    expect(request.json.messages[0].role).toBe('system');
    expect(request.json.messages[0].content).toContain('Você é a recepcionista da Clínica Sorriso.');
    expect(request.json.messages[0].content).toContain(PROMPT_TRANSFER_MARKER);
    expect(request.json.messages.slice(1)).toEqual([
      { role: 'user', content: 'Quero marcar' },
      { role: 'assistant', content: 'Para quando?' },
      { role: 'user', content: 'Terça' },
    ]);
    expect(reply).toMatchObject({ texts: ['Claro! Temos horários na terça.'], endIntegration: false });
  });

  it('the transfer marker hands the ticket to the attendants, with the rest of the text', async () => {
    const id = await prompt(C);
    openAi.chatText = () => `Vou te transferir para um atendente.\n${PROMPT_TRANSFER_MARKER}`;
    const [reply] = await play(turn({ promptId: id, body: 'Quero falar com uma pessoa' }));
    expect(reply).toMatchObject({ texts: ['Vou te transferir para um atendente.'], endIntegration: true });
    openAi.chatText = () => PROMPT_TRANSFER_MARKER;
    const [alone] = await play(turn({ promptId: id, body: 'Humano' }));
    expect(alone).toMatchObject({ texts: [], endIntegration: true });
  });

  it('a failing provider answers nothing', async () => {
    const id = await prompt(C);
    openAi.next.push({ status: 401, body: { error: { message: 'bad key' } } });
    await play(turn({ promptId: id }), 0);
    expect(openAi.requests).toHaveLength(1);
  });
});

// ---- AI prompt with a voice (Azure text-to-speech) ----

describe('AI prompt with a voice', () => {
  const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  // What Azure answers: an Ogg/Opus stream (its first page's header is enough for the fake).
  const OGG = Buffer.concat([Buffer.from('OggS\u0000\u0002', 'latin1'), Buffer.alloc(22, 1), Buffer.from('\u0001\u0013OpusHead', 'latin1'), Buffer.alloc(64, 7)]);
  /** Azure as it behaves: the key checked, SSML in, Ogg/Opus out. */
  const realAzure = (got: Got): Answer => {
    if (got.headers['ocp-apim-subscription-key'] !== KEY) return { status: 401, body: { error: { code: '401', message: 'Access denied due to invalid subscription key.' } } };
    if (got.headers['content-type'] !== 'application/ssml+xml' || !got.raw.startsWith('<speak')) return { status: 400, body: 'Bad Request' };
    return { body: OGG, type: 'audio/ogg' };
  };
  const stored = async (key: string): Promise<Buffer | null> => {
    const file = await h.ctx.storage.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  };
  const voicePrompt = (fields: Record<string, unknown> = {}) => prompt(C, { voice: 'pt-BR-FranciscaNeural', voice_key: KEY, voice_region: 'brazilsouth', ...fields });

  it('speaks the answer with the prompt’s voice and sends it as a voice note, without the text', async () => {
    azure.answer = realAzure;
    const id = await voicePrompt();
    openAi.chatText = () => 'Temos horários na *terça* & na quarta, às 9h <manhã>.';
    const t = turn({ promptId: id, body: 'Quando tem horário?' });
    const [reply] = await play(t);

    expect(azure.got).toHaveLength(1);
    const call = azure.got[0]!;
    expect(call).toMatchObject({ method: 'POST', path: '/brazilsouth/cognitiveservices/v1' });
    expect(call.headers['ocp-apim-subscription-key']).toBe(KEY);
    expect(call.headers['content-type']).toBe('application/ssml+xml');
    expect(call.headers['x-microsoft-outputformat']).toBe('ogg-24khz-16bit-mono-opus');
    expect(call.headers['user-agent']).toBe('Atende-Bot');
    expect(call.raw).toBe(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-FranciscaNeural'>Temos horários na terça &amp; na quarta, às 9h &lt;manhã&gt;.</voice></speak>",
    );

    expect(reply).toMatchObject({ companyId: C, ticketId: t.ticketId, texts: [], endIntegration: false });
    expect(reply!.medias).toHaveLength(1);
    const media = reply!.medias![0]!;
    expect(media).toMatchObject({ mediaType: 'audio', mimetype: 'audio/ogg; codecs=opus', size: OGG.length });
    expect(media.key).toMatch(new RegExp(`^company${C}/bot-voice/[0-9a-f-]+\\.ogg$`));
    expect(media.filename).toBe(media.key!.split('/').pop());
    expect(await stored(media.key!)).toEqual(OGG);
  });

  it('a hand-over speaks what comes before the marker and ends the integration; the marker alone says nothing', async () => {
    azure.answer = realAzure;
    const id = await voicePrompt({ voice: 'pt-BR-AntonioNeural' });
    openAi.chatText = () => `Vou te transferir para um atendente.\n${PROMPT_TRANSFER_MARKER}`;
    const [reply] = await play(turn({ promptId: id, body: 'Quero falar com uma pessoa' }));
    expect(azure.got[0]!.raw).toBe("<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-AntonioNeural'>Vou te transferir para um atendente.</voice></speak>");
    expect(reply).toMatchObject({ texts: [], endIntegration: true });
    expect(reply!.medias).toHaveLength(1);

    azure.got.length = 0;
    openAi.chatText = () => PROMPT_TRANSFER_MARKER;
    const [alone] = await play(turn({ promptId: id, body: 'Humano' }));
    expect(azure.got).toEqual([]);
    expect(alone).toEqual({ companyId: C, ticketId: alone!.ticketId, texts: [], endIntegration: true });
  });

  it('falls back to the text when Azure refuses the key (401), without retrying', async () => {
    azure.answer = realAzure;
    const id = await voicePrompt({ voice_key: 'wrong-key' });
    openAi.chatText = () => 'Claro! Temos horários na terça.';
    const [reply] = await play(turn({ promptId: id }));
    expect(azure.got).toHaveLength(1);
    expect(azure.got[0]!.headers['ocp-apim-subscription-key']).toBe('wrong-key');
    expect(reply).toEqual({ companyId: C, ticketId: reply!.ticketId, texts: ['Claro! Temos horários na terça.'], endIntegration: false });
  });

  it('falls back to the text when Azure does not answer within BOT_TIMEOUT_MS, or answers something that is not audio', async () => {
    const id = await voicePrompt();
    openAi.chatText = () => 'Resposta em texto.';
    azure.answer = () => ({ body: OGG, type: 'audio/ogg', delayMs: 1500 });
    const started = Date.now();
    const [late] = await play(turn({ promptId: id }));
    expect(Date.now() - started).toBeLessThan(1500 + 1000);
    expect(late).toMatchObject({ texts: ['Resposta em texto.'] });
    expect(late!.medias).toBeUndefined();

    azure.answer = () => ({ body: '<html>captive portal</html>' });
    const [html] = await play(turn({ promptId: id }));
    expect(html).toMatchObject({ texts: ['Resposta em texto.'] });
    expect(html!.medias).toBeUndefined();
  });

  it('answers in text without calling Azure when the voice is “texto”, or the key or a usable region is missing', async () => {
    azure.answer = realAzure;
    openAi.chatText = () => 'Só texto.';
    for (const fields of [{ voice: 'texto' }, { voice_key: '' }, { voice_region: '' }, { voice_region: 'evil.example/x#' }]) {
      const [reply] = await play(turn({ promptId: await voicePrompt(fields) }));
      expect(reply).toMatchObject({ texts: ['Só texto.'] });
      expect(reply!.medias).toBeUndefined();
    }
    expect(azure.got).toEqual([]);
  });

  it('removes the voice note when an attendant took the ticket meanwhile (tickets posted nothing)', async () => {
    azure.answer = realAzure;
    const id = await voicePrompt();
    openAi.chatText = () => 'Olá!';
    taken = true;
    const [reply] = await play(turn({ promptId: id }));
    const key = reply!.medias![0]!.key!;
    await vi.waitFor(async () => expect(await stored(key)).toBeNull(), { timeout: 2000, interval: 20 });
  });
});

// ---- cross-company ----

describe('company isolation', () => {
  it('a turn of another company never loads this company’s integration or prompt', async () => {
    const mine = await integration(C, { company_id: C, type: 'webhook' });
    await h.sql`update channels.queue_integrations set url_n8n = ${hook.url} where id = ${mine}`;
    const myPrompt = await prompt(C);
    hook.answer = () => ({ body: { reply: 'segredo da empresa 21' } });
    const [ended] = await play(turn({ companyId: OTHER, integrationId: mine }));
    expect(hook.got).toEqual([]);
    expect(ended).toMatchObject({ companyId: OTHER, texts: [], endIntegration: true });
    await play(turn({ companyId: OTHER, promptId: myPrompt }), 0);
    expect(openAi.requests).toEqual([]);
    // An envelope whose company differs from the turn's is dropped.
    await play(turn({ integrationId: mine }), 0, OTHER);
    expect(hook.got).toEqual([]);
  });
});
