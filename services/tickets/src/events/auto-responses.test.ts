import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Connection, type Envelope, type MessageReceived, type Subscription } from '@atende/kit';
import { mayAutoRespond } from '../domain/auto-responder.js';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * Keyword auto-responses on inbound messages (spec 002 §4), through the real consumer: channels is played
 * here (it answers whether the company has active rules and which rule answers a text).
 */
let h: Harness;
let seq = 0;
let phone = 5511960000000;
const C = 7;
const PLAIN = 700; // a connection without queues: the chatbot has nothing to do
const MENU = 701; // a connection with two queues: the chatbot shows its menu
const SINGLE = 702; // a connection with one queue (without options): its tickets wait in it

const received = (connectionId: number, number: string, body: string, over: Partial<MessageReceived> = {}): MessageReceived => ({
  connectionId,
  channel: 'whatsapp',
  contact: { number, name: 'João Souza', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `AR-${++seq}-${Date.now()}`,
  fromMe: false,
  body,
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});
const contactOn = (connectionId: number) => {
  const number = String(++phone);
  return { number, write: (body: string, over: Partial<MessageReceived> = {}) => h.publish('channels.message.received', C, received(connectionId, number, body, over)) };
};
const botSaid = async (number: string): Promise<string[]> =>
  (
    await h.sql<{ body: string }[]>`select m.body from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
      where c.company_id = ${C} and c.number = ${number} and m.from_me and m.user_id is null order by m.id`
  ).map((r) => r.body);
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

/** What channels answers, and what it was asked. */
const channels = { active: true, rules: new Map<string, { response: string; autoResponseId: number }>(), activeAsked: 0, matchAsked: [] as string[] };
let responders: Subscription[] = [];
const playChannels = async () => {
  responders = [
    await answer(h.bus, 'channels.autoResponse.active', async ({ companyId }) => {
      channels.activeAsked += 1;
      return { active: companyId === C && channels.active };
    }),
    await answer(h.bus, 'channels.autoResponse.match', async ({ body }) => {
      channels.matchAsked.push(body);
      for (const [keyword, rule] of channels.rules) if (body.toLowerCase().includes(keyword)) return rule;
      return null;
    }),
  ];
};
/** channels announces a rule change: tickets forgets what it knew of the company. */
const ruleChanged = () => h.publish('channels.autoResponse.deleted', C, { autoResponseId: 1 });

beforeAll(async () => {
  h = await startHarness();
  const admin = h.addUser({ id: 70, companyId: C, profile: 'admin', name: 'Admin' });
  const token = h.token(admin);
  await h.publish('auth.user.created', C, { user: admin });
  const queueIds: number[] = [];
  for (const [i, name] of ['Vendas', 'Suporte'].entries()) {
    const res = await h.request('POST', '/api/queue', { token, body: { name, color: `#70000${i}`, greetingMessage: name } });
    expect(res.status).toBe(201);
    queueIds.push(res.body.id);
  }
  const connection = (over: Partial<Connection>) => makeConnection({ companyId: C, id: PLAIN, name: 'Loja', ...over });
  await h.publish('channels.connection.updated', C, { connection: connection({ id: PLAIN }) });
  await h.publish('channels.connection.updated', C, { connection: connection({ id: MENU, name: 'Central', greetingMessage: 'Escolha:', queueIds }) });
  await h.publish('channels.connection.updated', C, { connection: connection({ id: SINGLE, name: 'Balcão', queueIds: [queueIds[1]!] }) });
  await playChannels();
  channels.rules.set('horário', { response: 'Atendemos das 8h às 18h, {{firstName}}.', autoResponseId: 41 });
  channels.rules.set('setor', { response: 'Você está em {{queue}} ({{connection}}), protocolo {{ticket_id}}.', autoResponseId: 42 });
});
afterAll(async () => {
  for (const r of responders) await r.unsubscribe();
  await h?.stop();
});

describe('auto-responses on inbound messages', () => {
  it('answers a waiting ticket nobody serves with the matching rule’s text, sends it and reports the use', async () => {
    const maria = contactOn(PLAIN);
    const before = h.published.length;
    await maria.write('Qual o horário de vocês?');
    expect(await botSaid(maria.number)).toEqual(['Atendemos das 8h às 18h, João.']);
    const [sent] = eventsSince(before, 'channels.message.send');
    expect(sent?.data).toMatchObject({ connectionId: PLAIN, body: 'Atendemos das 8h às 18h, João.', kind: 'text', to: { number: maria.number } });
    const [reported] = eventsSince(before, 'tickets.autoResponse.sent');
    expect(reported?.companyId).toBe(C);
    expect(reported?.data).toEqual({ autoResponseId: 41, messageId: sent!.data.messageId });
    // Attendants see the answer in the conversation.
    expect(eventsSince(before, 'tickets.message.created').map((e) => e.data.message.body)).toContain('Atendemos das 8h às 18h, João.');
    const [ticket] = await h.sql<{ status: string; user_id: number | null }[]>`select t.status, t.user_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = ${maria.number}`;
    expect(ticket).toEqual({ status: 'pending', user_id: null });
  });

  it("replaces the message variables with the ticket's values: {{queue}} is the ticket's queue", async () => {
    const maria = contactOn(SINGLE);
    await maria.write('Oi');
    await maria.write('em que setor estou?');
    const [ticket] = await h.sql<{ id: number }[]>`select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = ${maria.number}`;
    expect((await botSaid(maria.number)).at(-1)).toBe(`Você está em Suporte (Balcão), protocolo ${ticket!.id}.`);
    // A ticket without queue: {{queue}} is empty.
    const joao = contactOn(PLAIN);
    await joao.write('qual setor?');
    const [plain] = await h.sql<{ id: number }[]>`select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = ${joao.number}`;
    expect((await botSaid(joao.number)).at(-1)).toBe(`Você está em  (Loja), protocolo ${plain!.id}.`);
  });

  it('sends nothing when no rule matches', async () => {
    const joao = contactOn(PLAIN);
    await joao.write('bom dia');
    expect(channels.matchAsked).toContain('bom dia');
    expect(await botSaid(joao.number)).toEqual([]);
  });

  it('leaves alone tickets an attendant serves, messages from the phone, groups and contacts without bot', async () => {
    const served = contactOn(PLAIN);
    await served.write('oi');
    await h.sql`update tickets.tickets t set user_id = 70, status = 'open' from tickets.contacts c where c.id = t.contact_id and c.number = ${served.number}`;
    await served.write('e o horário?');
    await served.write('horário', { fromMe: true });
    expect(await botSaid(served.number)).toEqual(['horário']); // only what the phone itself sent

    const group = contactOn(PLAIN);
    await group.write('horário?', { isGroup: true, group: { number: `1203630${group.number}`, name: 'Grupo', pictureUrl: null } });
    const groupSaid = await h.sql`select m.id from tickets.messages m join tickets.contacts c on c.id = m.contact_id where c.number = ${group.number} and m.from_me`;
    expect(groupSaid).toHaveLength(0);

    const noBot = contactOn(PLAIN);
    await noBot.write('oi');
    await h.sql`update tickets.contacts set disable_bot = true where number = ${noBot.number}`;
    await noBot.write('horário');
    expect(await botSaid(noBot.number)).toEqual([]);
  });

  it('stays out of a chatbot menu step', async () => {
    const pedro = contactOn(MENU);
    const asked = channels.matchAsked.length;
    await pedro.write('qual o horário?');
    const said = await botSaid(pedro.number);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Escolha:/);
    expect(channels.matchAsked.length).toBe(asked);
  });

  it('does not ask for a match while the company has no active rule, and asks again once a rule changes', async () => {
    channels.active = false;
    await ruleChanged();
    const ana = contactOn(PLAIN);
    const asked = channels.matchAsked.length;
    const activeAsked = channels.activeAsked;
    await ana.write('horário');
    await ana.write('horário de novo');
    expect(channels.matchAsked.length).toBe(asked);
    expect(channels.activeAsked).toBe(activeAsked + 1); // asked once, then cached
    expect(await botSaid(ana.number)).toEqual([]);

    channels.active = true;
    await ruleChanged();
    await ana.write('e o horário?');
    expect(await botSaid(ana.number)).toEqual(['Atendemos das 8h às 18h, João.']);
  });

  it('keeps storing messages when channels does not answer', async () => {
    for (const r of responders) await r.unsubscribe();
    try {
      const bia = contactOn(PLAIN);
      await bia.write('horário?');
      const stored = await h.sql`select m.body from tickets.messages m join tickets.contacts c on c.id = m.contact_id where c.number = ${bia.number}`;
      expect(stored).toHaveLength(1);
      expect(await botSaid(bia.number)).toEqual([]);
    } finally {
      await playChannels();
    }
  });
});

describe('mayAutoRespond', () => {
  const ticket = { status: 'pending', userId: null, isBot: false, isGroup: false, whatsappId: 1 } as Parameters<typeof mayAutoRespond>[0]['ticket'];
  const contact = { isGroup: false, disableBot: false } as Parameters<typeof mayAutoRespond>[0]['contact'];
  it('only for a text on a waiting ticket nobody serves, with a connection', () => {
    expect(mayAutoRespond({ ticket, contact, body: 'oi' })).toBe(true);
    expect(mayAutoRespond({ ticket, contact, body: '  ' })).toBe(false);
    expect(mayAutoRespond({ ticket: { ...ticket, status: 'open' }, contact, body: 'oi' })).toBe(false);
    expect(mayAutoRespond({ ticket: { ...ticket, status: 'lgpd' }, contact, body: 'oi' })).toBe(false);
    expect(mayAutoRespond({ ticket: { ...ticket, userId: 3 }, contact, body: 'oi' })).toBe(false);
    expect(mayAutoRespond({ ticket: { ...ticket, isBot: true }, contact, body: 'oi' })).toBe(false);
    expect(mayAutoRespond({ ticket: { ...ticket, whatsappId: null }, contact, body: 'oi' })).toBe(false);
    expect(mayAutoRespond({ ticket, contact: { ...contact, disableBot: true }, body: 'oi' })).toBe(false);
  });
});
