import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, Envelope, MessageReceived, ResponseOf } from '@atende/kit';
import { png } from '@atende/kit/testing';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * File lists sent by the chatbot (spec 001 §3: a queue's fileListId, chatbot options of type 'file'),
 * through the real consumer: channels.message.received in; the list asked of channels
 * (channels.fileList.get, played here as channels answers it); stored bot messages and
 * channels.message.send out. And channels.fileList.deleted: queues and options forget the list.
 */
let h: Harness;
let seq = 0;
let phone = 5511960000000;
const C1 = 1;
const C2 = 2;
const tokens: Record<string, string> = {};
const q: Record<string, { id: number; name: string; fileListId: number | null; chatbots: { id: number; optFileId: number | null }[] }> = {};

/** The lists channels knows, by company and id; a list id in `failing` makes channels fail to answer. */
const lists = new Map<string, NonNullable<ResponseOf<'channels.fileList.get'>>>();
const failing = new Set<number>();
const asked: { companyId: number; fileListId: number }[] = [];
const PRICES = 41;
const PHOTOS = 42;
const BROKEN = 43;
const GONE = 44;
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
let pdfKey = '';
let pngKey = '';

const received = (connectionId: number, number: string, body: string): MessageReceived => ({
  connectionId,
  channel: 'whatsapp',
  contact: { number, name: 'Maria Silva', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `FL-${++seq}-${Date.now()}`,
  fromMe: false,
  body,
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
});
const contactOn = (connectionId: number) => {
  const number = String(++phone);
  return { number, write: (body: string) => h.publish('channels.message.received', C1, received(connectionId, number, body)) };
};
type BotMessage = { body: string; media_type: string; media_key: string | null; media_name: string | null };
/** What the bot wrote on the contact's ticket, oldest first. */
const botSaid = async (number: string): Promise<BotMessage[]> =>
  h.sql<BotMessage[]>`select m.body, m.media_type, m.media_key, m.media_name from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
      where c.company_id = ${C1} and c.number = ${number} and m.from_me and m.user_id is null and m.wid is null order by m.id`;
const texts = async (number: string) => (await botSaid(number)).map((m) => (m.media_key ? `[${m.media_type}] ${m.media_name}` : m.body));
const ticketOf = async (number: string) =>
  (await h.sql<{ id: number; status: string; queue_id: number | null; is_bot: boolean; chatbot_id: number | null }[]>`select t.id, t.status, t.queue_id, t.is_bot, t.chatbot_id
    from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = ${C1} and c.number = ${number} order by t.id desc limit 1`)[0]!;
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const connection = (over: Partial<Connection> & { id: number }): Connection => makeConnection({ companyId: C1, name: 'Recepção', isDefault: false, ...over });

beforeAll(async () => {
  h = await startHarness();
  pdfKey = (await h.deps.ctx.storage.save(C1, 'file-lists', pdf(), { mime: 'application/pdf', ext: 'pdf' })).key;
  pngKey = (await h.deps.ctx.storage.save(C1, 'file-lists', png(), { mime: 'image/png', ext: 'png' })).key;
  const foreignKey = (await h.deps.ctx.storage.save(C2, 'file-lists', pdf(), { mime: 'application/pdf', ext: 'pdf' })).key;
  lists.set(`${C1}:${PRICES}`, {
    name: 'Tabela',
    message: 'Segue nossa tabela, {{firstName}}:',
    options: [
      { name: 'Tabela de preços', path: pdfKey, mediaType: 'application/pdf' },
      // Never another company's file, whatever channels answers.
      { name: 'Alheio', path: foreignKey, mediaType: 'application/pdf' },
    ],
  });
  lists.set(`${C1}:${PHOTOS}`, { name: 'Fotos', message: 'Nossa clínica', options: [{ name: 'Fachada', path: pngKey, mediaType: 'image/png' }] });
  failing.add(BROKEN);
  await h.bus.reply('channels.fileList.get', async (data) => {
    const { companyId, fileListId } = data as { companyId: number; fileListId: number };
    asked.push({ companyId, fileListId });
    if (failing.has(fileListId)) throw new Error('channels is down');
    return lists.get(`${companyId}:${fileListId}`) ?? null;
  });

  const admin = h.addUser({ id: 1, companyId: C1, profile: 'admin', name: 'Admin' });
  const admin2 = h.addUser({ id: 2, companyId: C2, profile: 'admin', name: 'Admin 2' });
  tokens.admin = h.token(admin);
  tokens.admin2 = h.token(admin2);
  for (const u of [admin, admin2]) await h.publish('auth.user.created', u.companyId, { user: u });
  const makeQueue = async (key: string, body: Record<string, unknown>, token = tokens.admin) => {
    const res = await h.request('POST', '/api/queue', { token, body: { color: `#${(0x300000 + Object.keys(q).length).toString(16)}`, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    q[key] = res.body;
  };
  await makeQueue('prices', { name: 'Preços', orderQueue: 1, greetingMessage: 'Olá! Veja nossos preços.', fileListId: PRICES });
  await makeQueue('menu', {
    name: 'Atendimento',
    orderQueue: 2,
    greetingMessage: 'Escolha uma opção',
    chatbots: [
      { name: 'Ver fotos', queueType: 'file', optFileId: PHOTOS, greetingMessage: 'Aqui estão as fotos' },
      { name: 'Tabela e encerrar', queueType: 'file', optFileId: PRICES, greetingMessage: 'Enviando a tabela', closeTicket: true },
      { name: 'Lista fora do ar', queueType: 'file', optFileId: BROKEN, greetingMessage: 'Um momento' },
      { name: 'Lista apagada', queueType: 'file', optFileId: GONE, greetingMessage: 'Veja' },
    ],
  });
  await makeQueue('photosMenu', { name: 'Galeria', orderQueue: 3, greetingMessage: 'Galeria: escolha', fileListId: PHOTOS, chatbots: [{ name: 'Falar com alguém', greetingMessage: 'Aguarde' }] });
  await makeQueue('other', { name: 'Outra empresa', greetingMessage: 'oi', fileListId: PRICES }, tokens.admin2);

  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 120, greetingMessage: 'Bem-vindo!', queueIds: [q.prices!.id, q.menu!.id] }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 121, queueIds: [q.menu!.id] }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 122, queueIds: [q.photosMenu!.id] }) });
});
afterAll(async () => h?.stop());

describe('a queue with a file list', () => {
  it('chosen from the menu: its greeting, then the list\'s message and its files, each sent as media', async () => {
    const maria = contactOn(120);
    await maria.write('Oi');
    const before = h.published.length;
    await maria.write('1');
    expect(await texts(maria.number)).toEqual(['Bem-vindo!\n\n*1* - Preços\n*2* - Atendimento', 'Olá! Veja nossos preços.', 'Segue nossa tabela, Maria:', '[application] Tabela de preços.pdf']);
    expect(asked.at(-1)).toEqual({ companyId: C1, fileListId: PRICES });
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.prices!.id, is_bot: false });

    // The file is the company's own copy: same bytes, in the messages folder, kept if the list changes.
    const file = (await botSaid(maria.number)).at(-1)!;
    expect(file.media_key).toMatch(new RegExp(`^company${C1}/messages/.+\\.pdf$`));
    expect(file.media_key).not.toBe(pdfKey);
    const copy = await h.deps.ctx.storage.open(file.media_key!);
    const chunks: Buffer[] = [];
    for await (const chunk of copy!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf())).toBe(true);

    const sends = eventsSince(before, 'channels.message.send');
    expect(sends.map((e) => e.data.kind)).toEqual(['text', 'text', 'media']);
    expect(sends[2]!.data).toMatchObject({
      connectionId: 120,
      to: { number: maria.number },
      body: '',
      media: { mediaType: 'application', key: file.media_key, mimetype: 'application/pdf', filename: 'Tabela de preços.pdf', size: pdf().length },
    });
    const created = eventsSince(before, 'tickets.message.created').map((e) => e.data.message);
    expect(created.at(-1)).toMatchObject({ fromMe: true, mediaType: 'application', body: '' });
  });

  it('a single queue with options sends its files before its menu (the menu stays last)', async () => {
    const maria = contactOn(122);
    await maria.write('Oi');
    expect(await texts(maria.number)).toEqual(['Nossa clínica', '[image] Fachada.png', 'Galeria: escolha\n\n*1* - Falar com alguém']);
    const image = (await botSaid(maria.number))[1]!;
    expect(image.body).toBe('Fachada');
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.photosMenu!.id, is_bot: true });
  });
});

describe("chatbot options of type 'file'", () => {
  it("picking one sends the option's text, then the list's message and files; the bot is done", async () => {
    const maria = contactOn(121);
    await maria.write('Oi');
    await maria.write('1');
    expect((await texts(maria.number)).slice(1)).toEqual(['Aqui estão as fotos', 'Nossa clínica', '[image] Fachada.png']);
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ status: 'pending', queue_id: q.menu!.id, is_bot: false, chatbot_id: q.menu!.chatbots[0]!.id });
  });

  it('with closeTicket the files go first, then the ticket closes', async () => {
    const maria = contactOn(121);
    await maria.write('Oi');
    await maria.write('2');
    expect((await texts(maria.number)).slice(1)).toEqual(['Enviando a tabela', 'Segue nossa tabela, Maria:', '[application] Tabela de preços.pdf']);
    expect((await ticketOf(maria.number)).status).toBe('closed');
  });

  it('a list channels cannot give (down, or deleted meanwhile) sends only the text, and the conversation goes on', async () => {
    const ana = contactOn(121);
    await ana.write('Oi');
    await ana.write('3');
    expect((await texts(ana.number)).slice(1)).toEqual(['Um momento']);
    expect(await ticketOf(ana.number)).toMatchObject({ is_bot: false, chatbot_id: q.menu!.chatbots[2]!.id });
    const bia = contactOn(121);
    await bia.write('Oi');
    await bia.write('4');
    expect((await texts(bia.number)).slice(1)).toEqual(['Veja']);
    // The contact's own messages were stored all the same.
    const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.messages m join tickets.tickets t on t.id = m.ticket_id where t.id = ${(await ticketOf(bia.number)).id} and not m.from_me`;
    expect(row!.n).toBe(2);
  });
});

describe('channels.fileList.deleted', () => {
  it("clears the list from the company's queues and options, announcing the queues changed; other companies keep theirs", async () => {
    const before = h.published.length;
    await h.publish('channels.fileList.deleted', C1, { fileListId: PRICES });
    const prices = await h.request('GET', `/api/queue/${q.prices!.id}`, { token: tokens.admin });
    expect(prices.body.fileListId).toBeNull();
    const menu = await h.request('GET', `/api/queue/${q.menu!.id}`, { token: tokens.admin });
    expect(menu.body.chatbots.map((o: { optFileId: number | null }) => o.optFileId)).toEqual([PHOTOS, null, BROKEN, GONE]);
    const updated = eventsSince(before, 'tickets.queue.updated').map((e) => e.data.queue);
    expect(updated).toEqual([expect.objectContaining({ id: q.prices!.id, fileListId: null })]);
    const other = await h.request('GET', `/api/queue/${q.other!.id}`, { token: tokens.admin2 });
    expect(other.body.fileListId).toBe(PRICES);
  });

  it('after it, choosing that queue sends only its greeting', async () => {
    const maria = contactOn(120);
    await maria.write('Oi');
    const count = asked.length;
    await maria.write('1');
    expect((await texts(maria.number)).slice(1)).toEqual(['Olá! Veja nossos preços.']);
    expect(asked.length).toBe(count);
  });
});
