import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, type Connection, type Envelope, type EventData, type MessageReceived, type Prompt } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * The bot runtime on tickets' side, through the real consumers: which inbound messages become a
 * tickets.bot.turn (and which never do), and what tickets.bot.reply does to the ticket. Channels is played
 * here (it announces connections and prompts, and answers turns by asking tickets.bot.reply).
 */
let h: Harness;
let seq = 0;
let phone = 5511970000000;
const C = 8;
const OTHER = 9;
const PLAIN = 800; // no queues, no bot
const PROMPTED = 801; // no queues, an AI prompt answers
const ONE_QUEUE = 802; // one queue (with a prompt once channels announces it)
const MENU_CONN = 803; // two queues; the 'Robô' queue's menu hands contacts to an integration
const INTEGRATED_QUEUE = 804; // one queue that has an integration
let admin: { token: string };
let queueWithPrompt = 0;
let menuQueue = 0;
let integratedQueue = 0;
let salesQueue = 0;

const received = (connectionId: number, number: string, body: string, over: Partial<MessageReceived> = {}): MessageReceived => ({
  connectionId,
  channel: 'whatsapp',
  contact: { number, name: 'Ana Lima', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `BT-${++seq}-${Date.now()}`,
  fromMe: false,
  body,
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});
const contactOn = (connectionId: number, companyId = C) => {
  const number = String(++phone);
  return { number, write: (body: string, over: Partial<MessageReceived> = {}) => h.publish('channels.message.received', companyId, received(connectionId, number, body, over)) };
};
const turnsSince = (n: number) => h.published.slice(n).filter((e) => e.type === 'tickets.bot.turn') as Envelope<EventData<'tickets.bot.turn'>>[];
const ticketOf = async (number: string) =>
  (
    await h.sql<{ id: number; status: string; queue_id: number | null; use_integration: boolean; integration_id: number | null; prompt_id: number | null; user_id: number | null }[]>`
      select t.id, t.status, t.queue_id, t.use_integration, t.integration_id, t.prompt_id, t.user_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id
      where c.number = ${number} order by t.id desc limit 1`
  )[0]!;
const botSaid = async (ticketId: number): Promise<string[]> =>
  (await h.sql<{ body: string }[]>`select body from tickets.messages where ticket_id = ${ticketId} and from_me and user_id is null order by id`).map((r) => r.body);
const promptRecord = (id: number, queueId: number): Prompt => ({
  id, companyId: C, name: `Assistente ${id}`, prompt: 'Você é a recepcionista.', voice: 'texto', voiceKey: '', voiceRegion: '', maxTokens: 100, temperature: 1,
  apiKey: '****abcd', queueId, queue: { id: queueId, name: 'Fila' }, maxMessages: 10, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(),
});
const reply = async (request: Parameters<typeof ask<'tickets.bot.reply'>>[2]) => {
  const answer = await ask(h.bus, 'tickets.bot.reply', request);
  await h.flush();
  return answer;
};

beforeAll(async () => {
  h = await startHarness();
  h.plans.set(C, { useIntegrations: true });
  const user = h.addUser({ id: 80, companyId: C, profile: 'admin', name: 'Admin' });
  await h.publish('auth.user.created', C, { user });
  admin = { token: h.token(user) };
  const queue = async (body: Record<string, unknown>) => {
    const res = await h.request('POST', '/api/queue', { token: admin.token, body: { color: `#8${String(++seq).padStart(5, '0')}`, greetingMessage: '', ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  queueWithPrompt = await queue({ name: 'Recepção', greetingMessage: 'Bem-vindo à recepção.' });
  salesQueue = await queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
  menuQueue = await queue({
    name: 'Robô',
    greetingMessage: 'Escolha uma opção:',
    chatbots: [
      { name: 'Falar com o robô', queueType: 'integration', optIntegrationId: 77, greetingMessage: 'Conectando ao robô…', closeTicket: false },
      { name: 'Falar com humano', queueType: 'text', greetingMessage: 'Aguarde.', closeTicket: false },
    ],
  });
  integratedQueue = await queue({ name: 'Typebot', greetingMessage: 'Typebot.', integrationId: 55 });
  const connection = (over: Partial<Connection> & { id: number }) => makeConnection({ companyId: C, name: `Conexão ${over.id}`, ...over });
  for (const c of [
    connection({ id: PLAIN }),
    connection({ id: PROMPTED, promptId: 31 }),
    connection({ id: ONE_QUEUE, queueIds: [queueWithPrompt] }),
    connection({ id: MENU_CONN, queueIds: [menuQueue, salesQueue], greetingMessage: 'Olá! Escolha:' }),
    connection({ id: INTEGRATED_QUEUE, queueIds: [integratedQueue] }),
  ]) {
    await h.publish('channels.connection.updated', C, { connection: c });
  }
  await h.publish('channels.connection.updated', OTHER, { connection: makeConnection({ companyId: OTHER, id: 900, name: 'Outra' }) });
});
afterAll(async () => {
  await h?.stop();
});

describe('tickets.bot.turn', () => {
  it('is never announced for a ticket no bot serves (the common path)', async () => {
    const plain = contactOn(PLAIN);
    const before = h.published.length;
    await plain.write('Bom dia');
    await plain.write('Alguém aí?');
    const inQueue = contactOn(ONE_QUEUE);
    await inQueue.write('Oi'); // the queue has no prompt yet
    expect(turnsSince(before)).toEqual([]);
  });

  it('goes to the connection’s prompt while the ticket has no queue, with the conversation so far, and the ticket remembers it', async () => {
    const ana = contactOn(PROMPTED);
    await ana.write('Olá');
    const before = h.published.length;
    await ana.write('Quero marcar uma limpeza');
    const [turn] = turnsSince(before);
    const ticket = await ticketOf(ana.number);
    expect(turn?.companyId).toBe(C);
    expect(turn?.data).toMatchObject({
      companyId: C,
      ticketId: ticket.id,
      contact: { name: 'Ana Lima', number: ana.number },
      connectionId: PROMPTED,
      queueId: null,
      integrationId: null,
      promptId: 31,
      body: 'Quero marcar uma limpeza',
      mediaType: 'chat',
    });
    expect(turn!.data.recentMessages.map((m) => [m.fromMe, m.body])).toEqual([
      [false, 'Olá'],
      [false, 'Quero marcar uma limpeza'],
    ]);
    expect(ticket.prompt_id).toBe(31);
  });

  it('goes to the prompt of the ticket’s queue once channels announced it; a deleted prompt stops answering', async () => {
    await h.publish('channels.prompt.created', C, { prompt: promptRecord(32, queueWithPrompt) });
    await new Promise((r) => setTimeout(r, 20));
    const bia = contactOn(ONE_QUEUE);
    let before = h.published.length;
    await bia.write('Oi');
    expect(turnsSince(before).map((t) => t.data.promptId)).toEqual([32]);
    expect(turnsSince(before)[0]!.data.queueId).toBe(queueWithPrompt);

    await h.publish('channels.prompt.deleted', C, { promptId: 32 });
    await new Promise((r) => setTimeout(r, 20));
    before = h.published.length;
    await bia.write('Ainda aí?');
    expect(turnsSince(before)).toEqual([]);
  });

  it('goes to the integration of the chatbot option the contact picked, and not while the menu waits', async () => {
    const caio = contactOn(MENU_CONN);
    let before = h.published.length;
    await caio.write('Oi'); // the queue menu
    await caio.write('1'); // the 'Robô' queue: its options
    expect(turnsSince(before)).toEqual([]);
    before = h.published.length;
    await caio.write('1'); // 'Falar com o robô'
    const [turn] = turnsSince(before);
    expect(turn?.data).toMatchObject({ integrationId: 77, promptId: null, queueId: menuQueue, body: '1' });
    const ticket = await ticketOf(caio.number);
    expect(ticket).toMatchObject({ use_integration: true, integration_id: 77 });
    before = h.published.length;
    await caio.write('Quero ver meu pedido');
    expect(turnsSince(before).map((t) => [t.data.integrationId, t.data.body])).toEqual([[77, 'Quero ver meu pedido']]);
  });

  it('a queue with an integration takes the tickets that enter it', async () => {
    const dani = contactOn(INTEGRATED_QUEUE);
    const before = h.published.length;
    await dani.write('Olá');
    expect(turnsSince(before).map((t) => t.data.integrationId)).toEqual([55]);
    expect(await ticketOf(dani.number)).toMatchObject({ use_integration: true, integration_id: 55, queue_id: integratedQueue });
  });

  it('stops once an attendant accepts the ticket, for messages from the phone and in groups', async () => {
    const eva = contactOn(PROMPTED);
    await eva.write('Oi');
    const ticket = await ticketOf(eva.number);
    const before = h.published.length;
    await eva.write('Mensagem do celular', { fromMe: true });
    const accepted = await h.request('PUT', `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open', userId: 80, queueId: salesQueue } });
    expect(accepted.status).toBe(200);
    await eva.write('Obrigada');
    const group = contactOn(PROMPTED);
    await group.write('No grupo', { isGroup: true, group: { number: '120363000000000001', name: 'Grupo', pictureUrl: null } });
    expect(turnsSince(before)).toEqual([]);
  });
});

describe('tickets.bot.reply', () => {
  it('posts the texts in order as the bot, sends each to the contact, and answers how many', async () => {
    const fabi = contactOn(PROMPTED);
    await fabi.write('Oi');
    const ticket = await ticketOf(fabi.number);
    const before = h.published.length;
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: ['Olá, {{firstName}}!', 'Como posso ajudar?'] })).toEqual({ sent: 2 });
    expect(await botSaid(ticket.id)).toEqual(['Olá, Ana!', 'Como posso ajudar?']);
    const sends = h.published.slice(before).filter((e) => e.type === 'channels.message.send') as Envelope<any>[];
    expect(sends.map((s) => [s.data.body, s.data.connectionId, s.data.to.number])).toEqual([
      ['Olá, Ana!', PROMPTED, fabi.number],
      ['Como posso ajudar?', PROMPTED, fabi.number],
    ]);
    expect(await ticketOf(fabi.number)).toMatchObject({ status: 'pending', user_id: null });
  });

  it('ends the integration: the ticket waits for attendants and the integration no longer gets turns', async () => {
    const gil = contactOn(INTEGRATED_QUEUE);
    await gil.write('Oi');
    const ticket = await ticketOf(gil.number);
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: ['Vou te passar para um atendente.'], endIntegration: true })).toEqual({ sent: 1 });
    expect(await ticketOf(gil.number)).toMatchObject({ status: 'pending', use_integration: false, integration_id: null, queue_id: integratedQueue });
    const updated = h.published.filter((e) => e.type === 'tickets.ticket.updated' && (e.data as any).ticket.id === ticket.id).at(-1) as Envelope<any>;
    expect(updated.data.ticket.useIntegration).toBe(false);
    const before = h.published.length;
    await gil.write('Olá?');
    expect(turnsSince(before)).toEqual([]);
  });

  it('moves the ticket to a queue of the company (logged as a redirect) and closes it when asked', async () => {
    const hugo = contactOn(PROMPTED);
    await hugo.write('Oi');
    const ticket = await ticketOf(hugo.number);
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: [], transferToQueueId: salesQueue })).toEqual({ sent: 0 });
    expect((await ticketOf(hugo.number)).queue_id).toBe(salesQueue);
    const logs = await h.sql<{ type: string; queue_id: number }[]>`select type, queue_id from tickets.ticket_logs where ticket_id = ${ticket.id} order by id`;
    expect(logs.at(-1)).toMatchObject({ type: 'redirect', queue_id: salesQueue });
    // A queue of another company (or none) moves nothing.
    const foreign = await h.sql<{ id: number }[]>`insert into tickets.queues (company_id, name, color) values (${OTHER}, 'Alheia', '#123456') returning id`;
    await reply({ companyId: C, ticketId: ticket.id, texts: [], transferToQueueId: foreign[0]!.id });
    expect((await ticketOf(hugo.number)).queue_id).toBe(salesQueue);
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: ['Até logo!'], closeTicket: true })).toEqual({ sent: 1 });
    expect((await ticketOf(hugo.number)).status).toBe('closed');
  });

  it('a prompt that hands the conversation to the attendants answers that ticket no more', async () => {
    const lia = contactOn(PROMPTED);
    await lia.write('Quero falar com uma pessoa');
    const ticket = await ticketOf(lia.number);
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: ['Um momento, vou chamar alguém.'], endIntegration: true })).toEqual({ sent: 1 });
    const before = h.published.length;
    await lia.write('Oi?');
    expect(turnsSince(before)).toEqual([]);
    expect(await ticketOf(lia.number)).toMatchObject({ status: 'pending', user_id: null });
  });

  it('posts a voice note after the texts as the bot’s audio message, and channels.message.send carries it', async () => {
    const kai = contactOn(PROMPTED);
    await kai.write('Oi');
    const ticket = await ticketOf(kai.number);
    const voice = { mediaType: 'audio' as const, key: `company${C}/bot-voice/7c1e0a52-2f7e-4f55-9a55-0b0b3c1c2d01.ogg`, mimetype: 'audio/ogg; codecs=opus', filename: '7c1e0a52-2f7e-4f55-9a55-0b0b3c1c2d01.ogg', size: 5321 };
    const before = h.published.length;
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: ['Segue o áudio:'], medias: [voice] })).toEqual({ sent: 2 });
    const rows = await h.sql<{ body: string; media_type: string; media_key: string | null; media_name: string | null; from_me: boolean; user_id: number | null }[]>`
      select body, media_type, media_key, media_name, from_me, user_id from tickets.messages where ticket_id = ${ticket.id} and from_me order by id`;
    expect(rows).toEqual([
      { body: 'Segue o áudio:', media_type: 'chat', media_key: null, media_name: null, from_me: true, user_id: null },
      { body: '', media_type: 'audio', media_key: voice.key, media_name: voice.filename, from_me: true, user_id: null },
    ]);
    const sends = h.published.slice(before).filter((e) => e.type === 'channels.message.send') as Envelope<EventData<'channels.message.send'>>[];
    expect(sends.map((s) => s.data.kind)).toEqual(['text', 'media']);
    expect(sends[1]!.data).toMatchObject({ connectionId: PROMPTED, body: '', to: { number: kai.number }, media: voice });
    const created = h.published.slice(before).filter((e) => e.type === 'tickets.message.created') as Envelope<EventData<'tickets.message.created'>>[];
    expect(created.map((e) => e.data.message.mediaType)).toEqual(['chat', 'audio']);
    expect((await ticketOf(kai.number)).status).toBe('pending');
  });

  it('refuses a file outside the company’s folder, posting nothing of the reply', async () => {
    const lu = contactOn(PROMPTED);
    await lu.write('Oi');
    const ticket = await ticketOf(lu.number);
    const before = h.published.length;
    const media = (key: string) => ({ mediaType: 'audio' as const, key, mimetype: 'audio/ogg; codecs=opus', filename: 'voz.ogg', size: 10 });
    for (const key of [`company${OTHER}/bot-voice/a.ogg`, `company${C}/../company${OTHER}/bot-voice/a.ogg`, `company${C}0/bot-voice/a.ogg`]) {
      await expect(reply({ companyId: C, ticketId: ticket.id, texts: ['Olá'], medias: [media(`company${C}/bot-voice/ok.ogg`), media(key)] })).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        fields: [{ field: 'medias.1' }],
      });
    }
    expect(await botSaid(ticket.id)).toEqual([]);
    expect(h.published.slice(before).filter((e) => e.type === 'channels.message.send')).toEqual([]);
  });

  it('leaves alone a ticket an attendant took meanwhile, and a ticket of another company', async () => {
    const iris = contactOn(PROMPTED);
    await iris.write('Oi');
    const ticket = await ticketOf(iris.number);
    expect((await h.request('PUT', `/api/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open', userId: 80, queueId: salesQueue } })).status).toBe(200);
    expect(await reply({ companyId: C, ticketId: ticket.id, texts: ['Resposta atrasada do robô'], endIntegration: true })).toEqual({ sent: 0 });
    expect(await botSaid(ticket.id)).toEqual([]);
    const jo = contactOn(PROMPTED);
    await jo.write('Oi');
    const mine = await ticketOf(jo.number);
    expect(await reply({ companyId: OTHER, ticketId: mine.id, texts: ['De outra empresa'] })).toEqual({ sent: 0 });
    expect(await botSaid(mine.id)).toEqual([]);
  });
});
