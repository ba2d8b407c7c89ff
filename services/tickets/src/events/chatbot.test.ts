import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, Envelope, MessageReceived, User, WeekdaySchedule } from '@atende/kit';
import { png } from '@atende/kit/testing';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * The chatbot on inbound messages (spec 000/001: queue menus and chatbot option trees), through the
 * real consumer: channels.message.received in, stored messages and channels.message.send out.
 */
let h: Harness;
let seq = 0;
let phone = 5511970000000;
const C1 = 1;
const tokens: Record<string, string> = {};
const q: Record<string, { id: number; name: string }> = {};
let agent: User;

const connection = (over: Partial<Connection>): Connection => makeConnection({ id: 100, companyId: C1, name: 'Recepção', isDefault: false, ...over });

const received = (connectionId: number, number: string, body: string, over: Partial<MessageReceived> = {}): MessageReceived => ({
  connectionId,
  channel: 'whatsapp',
  contact: { number, name: 'Maria Silva', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `BOT-${++seq}-${Date.now()}`,
  fromMe: false,
  body,
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});

type TicketState = { id: number; status: string; queue_id: number | null; user_id: number | null; is_bot: boolean; chatbot_id: number | null; amount_used_bot_queues: number };
const ticketOf = async (number: string): Promise<TicketState> =>
  (await h.sql<TicketState[]>`select t.id, t.status, t.queue_id, t.user_id, t.is_bot, t.chatbot_id, t.amount_used_bot_queues
    from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = ${C1} and c.number = ${number} order by t.id desc limit 1`)[0]!;
/** What the bot wrote on the contact's ticket, oldest first (outbound, no author, not from the phone). */
const botSaid = async (number: string): Promise<string[]> =>
  (
    await h.sql<{ body: string }[]>`select m.body from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
      where c.company_id = ${C1} and c.number = ${number} and m.from_me and m.user_id is null and m.wid is null order by m.id`
  ).map((r) => r.body);
const logsOf = async (ticketId: number) => (await h.sql<{ type: string }[]>`select type from tickets.ticket_logs where ticket_id = ${ticketId} order by id`).map((r) => r.type);
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

/** A new contact number and a helper to write as them on a connection. */
const contactOn = (connectionId: number) => {
  const number = String(++phone);
  return { number, write: (body: string, over: Partial<MessageReceived> = {}) => h.publish('channels.message.received', C1, received(connectionId, number, body, over)) };
};
const setSettings = (entries: Record<string, string>) => h.settings.set(C1, Object.entries(entries).map(([key, value]) => ({ key, value })));
const closedAllWeek = (): WeekdaySchedule[] =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({ weekday: d, weekdayEn: d, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }));

const MENU_AB = 'Olá Maria! Escolha um setor:\n\n*1* - Financeiro\n*2* - Suporte';

beforeAll(async () => {
  h = await startHarness();
  const admin = h.addUser({ id: 1, companyId: C1, profile: 'admin', name: 'Admin' });
  agent = h.addUser({ id: 11, companyId: C1, name: 'Ana Atendente' });
  tokens.admin = h.token(admin);
  for (const u of [admin, agent]) await h.publish('auth.user.created', C1, { user: u });
  const makeQueue = async (key: string, body: Record<string, unknown>) => {
    const res = await h.request('POST', '/api/queue', { token: tokens.admin, body: { color: `#${(0x200000 + Object.keys(q).length).toString(16)}`, ...body } });
    expect(res.status).toBe(201);
    q[key] = res.body;
  };
  await makeQueue('fin', { name: 'Financeiro', orderQueue: 1, greetingMessage: 'Financeiro aqui, {{firstName}}.' });
  await makeQueue('sup', { name: 'Suporte', orderQueue: 2, greetingMessage: 'Suporte técnico, em que ajudo?' });
  await makeQueue('bot', {
    name: 'Atendimento',
    orderQueue: 3,
    greetingMessage: 'Atendimento: escolha uma opção',
    chatbots: [
      {
        name: 'Segunda via',
        greetingMessage: 'Qual documento?',
        options: [
          { name: 'Boleto bancário', greetingMessage: 'Segue o boleto, {{name}}.' },
          { name: 'Encerrar atendimento', greetingMessage: 'Até mais!', closeTicket: true },
        ],
      },
      { name: 'Falar com atendente', queueType: 'attendent', optUserId: 11, greetingMessage: 'Transferindo para {{userName}} em {{queue}}' },
      { name: 'Ir para o suporte', queueType: 'queue', greetingMessage: 'Encaminhando para {{queue}}', optQueueId: 0 },
    ].map((o) => (o.queueType === 'queue' ? { ...o, optQueueId: q.sup!.id } : o)),
  });
  await makeQueue('night', { name: 'Plantão', orderQueue: 4, greetingMessage: 'Plantão', outOfHoursMessage: 'Fora do horário do plantão.', schedules: closedAllWeek() });

  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 110, greetingMessage: 'Olá {{firstName}}! Escolha um setor:', queueIds: [q.sup!.id, q.fin!.id] }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 111, greetingMessage: 'Bem-vindo!', queueIds: [q.fin!.id, q.bot!.id] }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 112, queueIds: [q.sup!.id] }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 113, queueIds: [q.bot!.id] }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 114, greetingMessage: 'Menu', queueIds: [q.fin!.id, q.night!.id], outOfHoursMessage: 'Estamos fechados, {{firstName}}.' }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 115, queueIds: [] }) });
  const menuAB = { greetingMessage: 'Olá {{firstName}}! Escolha um setor:', queueIds: [q.sup!.id, q.fin!.id] };
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 116, ...menuAB, maxUseBotQueues: 1 }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: 117, ...menuAB, timeUseBotQueues: 10 }) });
});
afterAll(async () => h?.stop());
beforeEach(() => {
  h.settings.clear();
  h.companyFields.clear();
});

describe('the queue menu', () => {
  it('a new ticket without queue on a connection with several queues gets the menu, sent like any message', async () => {
    const maria = contactOn(110);
    const before = h.published.length;
    await maria.write('Oi');
    expect(await botSaid(maria.number)).toEqual([MENU_AB]);
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ status: 'pending', queue_id: null, user_id: null, is_bot: true });
    expect(await logsOf(ticket.id)).toEqual(['create', 'chatBot']);
    const [stored] = await h.sql<{ ack: number; is_private: boolean; wid: string | null }[]>`select ack, is_private, wid from tickets.messages where ticket_id = ${ticket.id} and from_me`;
    expect(stored).toEqual({ ack: 0, is_private: false, wid: null });
    const send = eventsSince(before, 'channels.message.send');
    expect(send).toHaveLength(1);
    expect(send[0]!.data).toMatchObject({ kind: 'text', body: MENU_AB, connectionId: 110, to: { number: maria.number } });
    expect(eventsSince(before, 'tickets.message.created').map((e) => e.data.message.fromMe)).toEqual([false, true]);
  });

  it("the contact's number picks the queue, whose greeting follows (variables replaced)", async () => {
    const maria = contactOn(110);
    await maria.write('Oi');
    const before = h.published.length;
    await maria.write(' 1 ');
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ status: 'pending', queue_id: q.fin!.id, is_bot: false });
    expect(await botSaid(maria.number)).toEqual([MENU_AB, 'Financeiro aqui, Maria.']);
    expect(await logsOf(ticket.id)).toEqual(['create', 'chatBot', 'queue']);
    const updated = eventsSince(before, 'tickets.ticket.updated').at(-1);
    expect(updated?.data).toMatchObject({ ticket: { queueId: q.fin!.id, isBot: false }, previous: { queueId: null } });
  });

  it('anything else repeats the menu (and counts the attempt)', async () => {
    const maria = contactOn(110);
    await maria.write('Oi');
    await maria.write('quero falar com alguém');
    await maria.write('7');
    expect(await botSaid(maria.number)).toEqual([MENU_AB, MENU_AB, MENU_AB]);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null, is_bot: true, amount_used_bot_queues: 2 });
    await maria.write('2');
    expect((await ticketOf(maria.number)).queue_id).toBe(q.sup!.id);
  });

  it('stops repeating the menu after maxUseBotQueues repeats; a valid choice still works', async () => {
    const maria = contactOn(116);
    await maria.write('Oi');
    await maria.write('hã?');
    await maria.write('??');
    await maria.write('alô');
    expect(await botSaid(maria.number)).toEqual([MENU_AB, MENU_AB]);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null, is_bot: true, amount_used_bot_queues: 1 });
    await maria.write('1');
    expect((await ticketOf(maria.number)).queue_id).toBe(q.fin!.id);
  });

  it('waits timeUseBotQueues minutes after a menu before repeating it', async () => {
    const maria = contactOn(117);
    await maria.write('Oi');
    await maria.write('hã?');
    expect(await botSaid(maria.number)).toEqual([MENU_AB]);
    const ticket = await ticketOf(maria.number);
    await h.sql`update tickets.tickets set bot_menu_at = now() - interval '11 minutes' where id = ${ticket.id}`;
    await maria.write('de novo?');
    expect(await botSaid(maria.number)).toEqual([MENU_AB, MENU_AB]);
    await maria.write('e agora?');
    expect(await botSaid(maria.number)).toEqual([MENU_AB, MENU_AB]);
  });

  it('contacts with disableBot get no menu', async () => {
    const maria = contactOn(110);
    await h.sql`insert into tickets.contacts (company_id, name, number, disable_bot) values (${C1}, 'Sem robô', ${maria.number}, true)`;
    await maria.write('Oi');
    expect(await botSaid(maria.number)).toEqual([]);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null, is_bot: false });
  });

  it('messages sent from the phone and group messages never wake the bot; nor does a connection without queues', async () => {
    const fromPhone = contactOn(110);
    await fromPhone.write('mensagem do celular', { fromMe: true });
    expect(await botSaid(fromPhone.number)).toEqual([]);
    const group = String(++phone);
    await h.publish('channels.message.received', C1, received(110, String(++phone), 'oi grupo', { isGroup: true, group: { number: `${group}-1@g.us`, name: 'Grupo', pictureUrl: null } }));
    const [groupBot] = await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.messages m join tickets.tickets t on t.id = m.ticket_id where t.is_group and t.company_id = ${C1} and m.from_me`;
    expect(groupBot!.n).toBe(0);
    const lonely = contactOn(115);
    await lonely.write('Oi');
    expect(await botSaid(lonely.number)).toEqual([]);
  });

  it('an attendant taking the ticket ends the bot; later replies are left alone', async () => {
    const maria = contactOn(110);
    await maria.write('Oi');
    const ticket = await ticketOf(maria.number);
    const accepted = await h.request('PUT', `/api/tickets/${ticket.id}`, { token: tokens.admin, body: { status: 'open', queueId: q.sup!.id } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', isBot: false, userId: 1 });
    await maria.write('1');
    expect(await botSaid(maria.number)).toEqual([MENU_AB]);
    expect((await ticketOf(maria.number)).queue_id).toBe(q.sup!.id);
  });
});

describe('a queue with a chatbot option tree', () => {
  const ROOT = 'Atendimento: escolha uma opção\n\n*1* - Segunda via\n*2* - Falar com atendente\n*3* - Ir para o suporte\n*#* - Voltar ao menu anterior';
  const SECOND = 'Qual documento?\n\n*1* - Boleto bancário\n*2* - Encerrar atendimento\n*#* - Voltar ao menu anterior';

  it('choosing the queue shows its options; numbers walk the tree, # goes back, anything else repeats', async () => {
    const maria = contactOn(111);
    await maria.write('Oi');
    await maria.write('2');
    expect((await botSaid(maria.number)).at(-1)).toBe(ROOT);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.bot!.id, is_bot: true, chatbot_id: null });
    await maria.write('1');
    expect((await botSaid(maria.number)).at(-1)).toBe(SECOND);
    await maria.write('hein?');
    expect((await botSaid(maria.number)).at(-1)).toBe(SECOND);
    await maria.write('#');
    expect((await botSaid(maria.number)).at(-1)).toBe(ROOT);
    await maria.write('1');
    await maria.write('1');
    expect((await botSaid(maria.number)).at(-1)).toBe('Segue o boleto, Maria Silva.');
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ status: 'pending', queue_id: q.bot!.id, is_bot: false });
    expect((await logsOf(ticket.id)).filter((t) => t === 'chatBot').length).toBeGreaterThanOrEqual(3);
  });

  it('# at the first level of the queue goes back to the queue menu', async () => {
    const maria = contactOn(111);
    await maria.write('Oi');
    await maria.write('2');
    await maria.write('#');
    expect((await botSaid(maria.number)).at(-1)).toBe('Bem-vindo!\n\n*1* - Financeiro\n*2* - Atendimento');
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null, is_bot: true });
    await maria.write('1');
    expect((await ticketOf(maria.number)).queue_id).toBe(q.fin!.id);
  });

  it('# is navigation, not a wrong answer: it shows the queue menu even once wrong answers reached maxUseBotQueues', async () => {
    const MENU_111 = 'Bem-vindo!\n\n*1* - Financeiro\n*2* - Atendimento';
    const maria = contactOn(111); // maxUseBotQueues 3
    for (const body of ['Oi', '2', 'x', 'y', 'z', 'w']) await maria.write(body);
    expect(await botSaid(maria.number)).toEqual([MENU_111, ROOT, ROOT, ROOT, ROOT]); // 'w': the limit, silence
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.bot!.id, amount_used_bot_queues: 3 });
    await maria.write('#');
    expect(await botSaid(maria.number)).toEqual([MENU_111, ROOT, ROOT, ROOT, ROOT, MENU_111]);
    expect(await ticketOf(maria.number)).toMatchObject({ status: 'pending', queue_id: null, is_bot: true, chatbot_id: null, amount_used_bot_queues: 0 });
    // The queue menu is a menu of its own: a wrong answer there repeats it.
    await maria.write('hein?');
    expect((await botSaid(maria.number)).at(-1)).toBe(MENU_111);
    await maria.write('2');
    expect((await botSaid(maria.number)).at(-1)).toBe(ROOT);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.bot!.id, is_bot: true, amount_used_bot_queues: 0 });
  });

  it('entering a queue starts the wrong-answer count afresh for its options', async () => {
    const MENU_111 = 'Bem-vindo!\n\n*1* - Financeiro\n*2* - Atendimento';
    const maria = contactOn(111);
    for (const body of ['Oi', 'a', 'b', 'c']) await maria.write(body);
    expect(await botSaid(maria.number)).toEqual([MENU_111, MENU_111, MENU_111, MENU_111]);
    await maria.write('2');
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.bot!.id, amount_used_bot_queues: 0 });
    await maria.write('d');
    expect(await botSaid(maria.number)).toEqual([MENU_111, MENU_111, MENU_111, MENU_111, ROOT, ROOT]);
  });

  it('# from a sub-level shows the level above even once the limit was reached', async () => {
    const maria = contactOn(111);
    for (const body of ['Oi', '2', '1', 'x', 'y', 'z', 'w']) await maria.write(body);
    expect((await botSaid(maria.number)).slice(-4)).toEqual([SECOND, SECOND, SECOND, SECOND]);
    await maria.write('#');
    expect((await botSaid(maria.number)).at(-1)).toBe(ROOT);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.bot!.id, chatbot_id: null, is_bot: true });
  });

  it('an attendant option hands the ticket to that user, open', async () => {
    const maria = contactOn(111);
    await maria.write('Oi');
    await maria.write('2');
    const before = h.published.length;
    await maria.write('2');
    expect((await botSaid(maria.number)).at(-1)).toBe('Transferindo para Ana Atendente em Atendimento');
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ status: 'open', user_id: 11, queue_id: q.bot!.id, is_bot: false });
    expect((await logsOf(ticket.id)).at(-1)).toBe('receivedTransfer');
    expect(eventsSince(before, 'tickets.ticket.updated').at(-1)?.data).toMatchObject({ ticket: { status: 'open', user: { id: 11, name: 'Ana Atendente' } }, previous: { status: 'pending' } });
  });

  it('an option with closeTicket says its text and closes the ticket', async () => {
    const maria = contactOn(111);
    for (const body of ['Oi', '2', '1', '2']) await maria.write(body);
    expect((await botSaid(maria.number)).at(-1)).toBe('Até mais!');
    const ticket = await ticketOf(maria.number);
    expect(ticket.status).toBe('closed');
    expect((await logsOf(ticket.id)).at(-1)).toBe('closed');
  });

  it('a queue option sends the contact on to that queue ({{queue}} in its text: the destination)', async () => {
    const maria = contactOn(111);
    for (const body of ['Oi', '2', '3']) await maria.write(body);
    expect((await botSaid(maria.number)).slice(-2)).toEqual(['Encaminhando para Suporte', 'Suporte técnico, em que ajudo?']);
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ queue_id: q.sup!.id, is_bot: false });
    expect(await logsOf(ticket.id)).toContain('redirect');
  });
});

describe("the connection's greeting attachment", () => {
  it('goes out (copied into the conversation) before the first menu, which stays the last message; not with a repeated menu', async () => {
    const stored = await h.deps.ctx.storage.save(C1, 'connections', png(), { mime: 'image/png', ext: 'png' });
    await h.publish('channels.connection.updated', C1, {
      connection: connection({ id: 118, greetingMessage: 'Olá {{firstName}}! Escolha um setor:', queueIds: [q.sup!.id, q.fin!.id], greetingMediaKey: stored.key, greetingMediaName: 'boas-vindas.png' }),
    });
    const maria = contactOn(118);
    await maria.write('Oi');
    await maria.write('não sei');
    const sent = await h.sql<{ body: string; media_type: string; media_key: string | null; media_name: string | null }[]>`select m.body, m.media_type, m.media_key, m.media_name
      from tickets.messages m join tickets.tickets t on t.id = m.ticket_id join tickets.contacts c on c.id = t.contact_id
      where c.company_id = ${C1} and c.number = ${maria.number} and m.from_me order by m.id`;
    expect(sent.map((m) => [m.body, m.media_type, m.media_name])).toEqual([
      ['', 'image', 'boas-vindas.png'],
      [MENU_AB, 'chat', null],
      [MENU_AB, 'chat', null],
    ]);
    expect(sent[0]!.media_key).toMatch(new RegExp(`^company${C1}/messages/`));
    // The conversation keeps its copy when the connection's file is replaced.
    await h.deps.ctx.storage.remove(stored.key);
    expect(await h.deps.ctx.storage.open(sent[0]!.media_key!)).not.toBeNull();
  });

  it("is left out when its file is gone or is not the company's; the menu goes out all the same", async () => {
    const foreign = await h.deps.ctx.storage.save(2, 'connections', png(), { mime: 'image/png', ext: 'png' });
    for (const [id, key] of [[119, `company${C1}/connections/apagado.png`], [120, foreign.key]] as const) {
      await h.publish('channels.connection.updated', C1, { connection: connection({ id, greetingMessage: 'Olá {{firstName}}! Escolha um setor:', queueIds: [q.sup!.id, q.fin!.id], greetingMediaKey: key }) });
      const maria = contactOn(id);
      await maria.write('Oi');
      expect(await botSaid(maria.number)).toEqual([MENU_AB]);
    }
  });
});

describe('a connection with a single queue', () => {
  it("puts the ticket in it and greets with the queue's message (sendGreetingMessageOneQueues)", async () => {
    const maria = contactOn(112);
    await maria.write('Oi');
    expect(await botSaid(maria.number)).toEqual(['Suporte técnico, em que ajudo?']);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.sup!.id, is_bot: false });
    await maria.write('Oi de novo');
    expect(await botSaid(maria.number)).toHaveLength(1);
  });

  it('without sendGreetingMessageOneQueues the queue stays silent', async () => {
    setSettings({ sendGreetingMessageOneQueues: 'disabled' });
    const maria = contactOn(112);
    await maria.write('Oi');
    expect(await botSaid(maria.number)).toEqual([]);
  });

  it('a single queue with options shows them right away', async () => {
    const maria = contactOn(113);
    await maria.write('Oi');
    expect(await botSaid(maria.number)).toEqual(['Atendimento: escolha uma opção\n\n*1* - Segunda via\n*2* - Falar com atendente\n*3* - Ir para o suporte']);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.bot!.id, is_bot: true });
    await maria.write('1');
    expect((await botSaid(maria.number)).at(-1)).toContain('Qual documento?');
  });
});

describe('a ticket left waiting in a queue', () => {
  const waitingInSupport = async () =>
    Number((await h.sql<{ n: string }[]>`select count(*) as n from tickets.tickets where company_id = ${C1} and queue_id = ${q.sup!.id} and status = 'pending' and user_id is null`)[0]!.n);

  it('sendQueuePosition: after the greeting the contact is told their place in line, which grows with each newcomer', async () => {
    setSettings({ sendQueuePosition: 'enabled', sendQueuePositionMessage: 'Você é o número na fila:' });
    const ahead = await waitingInSupport();
    const maria = contactOn(112);
    const joao = contactOn(112);
    await maria.write('Oi');
    await joao.write('Bom dia');
    expect(await botSaid(maria.number)).toEqual(['Suporte técnico, em que ajudo?', `Você é o número na fila: *${ahead + 1}*`]);
    expect(await botSaid(joao.number)).toEqual(['Suporte técnico, em que ajudo?', `Você é o número na fila: *${ahead + 2}*`]);
    // Chosen from the menu, too; a queue whose options the bot still walks says nothing of a line.
    const ana = contactOn(110);
    await ana.write('Oi');
    await ana.write('2');
    expect((await botSaid(ana.number)).at(-1)).toBe(`Você é o número na fila: *${ahead + 3}*`);
    const rui = contactOn(113);
    await rui.write('Oi');
    expect((await botSaid(rui.number)).join()).not.toContain('fila');
  });

  it('sendQueuePosition off (or its text empty): no place in line', async () => {
    setSettings({ sendQueuePosition: 'enabled', sendQueuePositionMessage: ' ' });
    const maria = contactOn(112);
    await maria.write('Oi');
    setSettings({ sendQueuePosition: 'disabled', sendQueuePositionMessage: 'Você é o número na fila:' });
    const joao = contactOn(112);
    await joao.write('Oi');
    for (const c of [maria, joao]) expect(await botSaid(c.number)).toEqual(['Suporte técnico, em que ajudo?']);
  });

  it('userRandom: the ticket goes to an attendant of the queue who is online (open, theirs, logged); none online leaves it waiting', async () => {
    setSettings({ userRandom: 'enabled', sendQueuePosition: 'enabled', sendQueuePositionMessage: 'Sua posição:' });
    const offline = h.addUser({ id: 21, companyId: C1, name: 'Bia', queueIds: [q.sup!.id], online: false });
    await h.publish('auth.user.created', C1, { user: offline });
    const nobody = contactOn(112);
    await nobody.write('Oi');
    expect(await ticketOf(nobody.number)).toMatchObject({ status: 'pending', user_id: null, queue_id: q.sup!.id });
    expect((await botSaid(nobody.number)).at(-1)).toMatch(/^Sua posição: \*\d+\*$/);

    const online = h.addUser({ id: 22, companyId: C1, name: 'Caio', queueIds: [q.sup!.id], online: true });
    const elsewhere = h.addUser({ id: 23, companyId: C1, name: 'Duda', queueIds: [q.fin!.id], online: true });
    for (const user of [online, elsewhere]) await h.publish('auth.user.created', C1, { user });
    const maria = contactOn(112);
    const before = h.published.length;
    await maria.write('Oi');
    const ticket = await ticketOf(maria.number);
    expect(ticket).toMatchObject({ status: 'open', user_id: 22, queue_id: q.sup!.id, is_bot: false });
    expect(await logsOf(ticket.id)).toContain('receivedTransfer');
    expect(await botSaid(maria.number)).toEqual(['Suporte técnico, em que ajudo?']);
    expect(eventsSince(before, 'tickets.ticket.updated').at(-1)?.data.ticket).toMatchObject({ id: ticket.id, status: 'open', userId: 22 });
    await h.publish('auth.user.updated', C1, { user: { ...online, online: false } });
  });
});

describe('DirectTicketsToWallets', () => {
  /** A contact who talked before: their ticket in Financeiro, attended by `userId` (or nobody), now closed. */
  const returning = async (userId: number | null) => {
    const maria = contactOn(110);
    await maria.write('Oi');
    await maria.write('1');
    const first = await ticketOf(maria.number);
    await h.sql`update tickets.tickets set user_id = ${userId}, status = 'closed' where id = ${first.id}`;
    return { ...maria, first, said: (await botSaid(maria.number)).length };
  };

  it('a returning contact goes straight to the attendant who served them last, in that queue, without the menu', async () => {
    setSettings({ DirectTicketsToWallets: 'enabled' });
    const maria = await returning(agent.id);
    const before = h.published.length;
    await maria.write('Oi de novo');
    const ticket = await ticketOf(maria.number);
    expect(ticket.id).not.toBe(maria.first.id);
    expect(ticket).toMatchObject({ status: 'open', user_id: agent.id, queue_id: q.fin!.id, is_bot: false });
    expect(await botSaid(maria.number)).toHaveLength(maria.said);
    expect(await logsOf(ticket.id)).toEqual(['create', 'receivedTransfer']);
    expect(eventsSince(before, 'tickets.ticket.updated').at(-1)?.data.ticket).toMatchObject({ id: ticket.id, status: 'open', userId: agent.id });
  });

  it('off, never attended, or their attendant gone: the menu as for anyone', async () => {
    const off = await returning(agent.id);
    await off.write('Oi de novo');
    setSettings({ DirectTicketsToWallets: 'enabled' });
    const never = await returning(null);
    await never.write('Oi de novo');
    const gone = await returning(99);
    await gone.write('Oi de novo');
    for (const c of [off, never, gone]) {
      expect(await ticketOf(c.number)).toMatchObject({ status: 'pending', user_id: null, queue_id: null, is_bot: true });
      expect((await botSaid(c.number)).at(-1)).toContain('Escolha um setor');
    }
  });
});

describe('working hours', () => {
  it("scheduleType 'queue': a queue chosen out of its hours answers its out-of-hours message", async () => {
    setSettings({ scheduleType: 'queue' });
    const maria = contactOn(114);
    await maria.write('Oi');
    await maria.write('2');
    expect((await botSaid(maria.number)).at(-1)).toBe('Fora do horário do plantão.');
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.night!.id, is_bot: false });
  });

  it("scheduleType 'connection': out of the connection's own hours only its out-of-hours text, once", async () => {
    setSettings({ scheduleType: 'connection' });
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 118, greetingMessage: 'Menu', queueIds: [q.fin!.id, q.sup!.id], outOfHoursMessage: 'Conexão fechada, {{firstName}}.', schedules: closedAllWeek() }) });
    const maria = contactOn(118);
    await maria.write('Oi');
    await maria.write('1');
    expect(await botSaid(maria.number)).toEqual(['Conexão fechada, Maria.']);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null, is_bot: false });
    // The company's hours are not the connection's: under 'company' the same connection serves.
    setSettings({ scheduleType: 'company' });
    const joana = contactOn(118);
    await joana.write('Oi');
    expect((await botSaid(joana.number)).at(-1)).toBe('Menu\n\n*1* - Financeiro\n*2* - Suporte');
  });

  it("the connection's out-of-hours and vacation texts name the ticket's queue ({{queue}}) when it has one", async () => {
    setSettings({ scheduleType: 'connection' });
    const texts = { queueIds: [q.sup!.id], outOfHoursMessage: 'Fila {{queue}} fechada, {{firstName}}.', schedules: closedAllWeek() };
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 121, ...texts }) });
    const maria = contactOn(121);
    await maria.write('Oi');
    expect(await botSaid(maria.number)).toEqual(['Fila Suporte fechada, Maria.']);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const vacation = { collectiveVacationMessage: 'Fila {{queue}} em férias.', collectiveVacationStart: day(-1), collectiveVacationEnd: day(1) };
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 122, ...texts, ...vacation }) });
    const joana = contactOn(122);
    await joana.write('Oi');
    expect(await botSaid(joana.number)).toEqual(['Fila Suporte em férias.']);
  });

  it("a collective vacation: its message to a new conversation and no menu while it lasts (its days whole); after it, the menu", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const vacation = { greetingMessage: 'Menu', queueIds: [q.fin!.id, q.sup!.id], collectiveVacationMessage: 'Em férias coletivas até {{date}}, {{firstName}}.' };
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 119, ...vacation, collectiveVacationStart: day(-1), collectiveVacationEnd: day(1) }) });
    const maria = contactOn(119);
    await maria.write('Oi');
    await maria.write('1');
    const said = await botSaid(maria.number);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Em férias coletivas até \d{2}\/\d{2}\/\d{4}, Maria\.$/);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null });
    // Over: the connection serves again.
    await h.publish('channels.connection.updated', C1, { connection: connection({ id: 119, ...vacation, collectiveVacationStart: day(-10), collectiveVacationEnd: day(-3) }) });
    const joana = contactOn(119);
    await joana.write('Oi');
    expect(await botSaid(joana.number)).toEqual(['Menu\n\n*1* - Financeiro\n*2* - Suporte']);
  });

  it("scheduleType 'company': out of the company's hours only the connection's out-of-hours text, once", async () => {
    setSettings({ scheduleType: 'company' });
    h.companyFields.set(C1, { schedules: closedAllWeek() });
    const maria = contactOn(114);
    await maria.write('Oi');
    await maria.write('1');
    expect(await botSaid(maria.number)).toEqual(['Estamos fechados, Maria.']);
    expect(await ticketOf(maria.number)).toMatchObject({ queue_id: null, is_bot: false });
    // Back within hours, the menu comes.
    h.companyFields.clear();
    await maria.write('bom dia');
    expect((await botSaid(maria.number)).at(-1)).toBe('Menu\n\n*1* - Financeiro\n*2* - Plantão');
  });
});

describe('LGPD consent (enableLGPD: the contact is asked before anyone serves them)', () => {
  const consentSettings = { enableLGPD: 'enabled', lgpdMessage: 'Olá {{firstName}}, podemos tratar seus dados?', lgpdLink: 'https://clinica.example/privacidade' };
  const REQUEST = 'Olá Maria, podemos tratar seus dados?\n\nhttps://clinica.example/privacidade\n\nEstou ciente sobre o tratamento dos meus dados pessoais:\n*1* - Sim, aceito\n*2* - Não aceito';
  const consentedAt = async (number: string) => (await h.sql<{ lgpd_accepted_at: string | null }[]>`select lgpd_accepted_at from tickets.contacts where company_id = ${C1} and number = ${number}`)[0]!.lgpd_accepted_at;

  it('a new contact gets the request (variables replaced, the link); 1 records the consent and the conversation goes on: greeting and queue menu', async () => {
    setSettings(consentSettings);
    const maria = contactOn(110);
    await maria.write('Oi');
    expect(await ticketOf(maria.number)).toMatchObject({ status: 'lgpd', queue_id: null });
    expect(await botSaid(maria.number)).toEqual([REQUEST]);
    const before = h.published.length;
    await maria.write('1');
    expect(await consentedAt(maria.number)).not.toBeNull();
    expect(await ticketOf(maria.number)).toMatchObject({ status: 'pending', is_bot: true });
    expect((await botSaid(maria.number)).at(-1)).toBe(MENU_AB);
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.previous.status, e.data.ticket.status])).toContainEqual(['lgpd', 'pending']);
    expect(eventsSince(before, 'tickets.contact.updated')).toHaveLength(1);
    // Consented once: the next conversation starts without asking (lgpdConsent off).
    await h.sql`update tickets.tickets set status = 'closed' where id = ${(await ticketOf(maria.number)).id}`;
    await maria.write('Olá de novo');
    expect(await ticketOf(maria.number)).toMatchObject({ status: 'pending' });
  });

  it('2 ends the conversation (closed, logged) with a word; anything else asks again up to the connection’s limit', async () => {
    setSettings(consentSettings);
    const joana = contactOn(116); // maxUseBotQueues 1
    await joana.write('Oi');
    await joana.write('talvez');
    expect((await botSaid(joana.number)).at(-1)).toBe(`Opção inválida. Digite *1* para aceitar ou *2* para recusar.\n\n${REQUEST}`);
    await joana.write('hmm');
    expect(await botSaid(joana.number)).toHaveLength(2);
    await joana.write('2');
    const ticket = await ticketOf(joana.number);
    expect(ticket.status).toBe('closed');
    expect(await logsOf(ticket.id)).toEqual(['create', 'closed']);
    expect((await botSaid(joana.number)).at(-1)).toContain('Sem o seu consentimento não podemos continuar o atendimento');
    expect(await consentedAt(joana.number)).toBeNull();
  });

  describe('a ticket reopened within timeCreateNewTicket', () => {
    const reopening = async (id: number, queueIds: number[]) => {
      await h.publish('channels.connection.updated', C1, { connection: connection({ id, greetingMessage: 'Olá {{firstName}}! Escolha um setor:', queueIds, timeCreateNewTicket: 10 }) });
      return contactOn(id);
    };
    const close = async (number: string) => h.sql`update tickets.tickets set status = 'closed', closed_at = now(), updated_at = now() where id = ${(await ticketOf(number)).id}`;

    it('waiting for consent asks the question first, like a new ticket: the opening message is no answer', async () => {
      setSettings(consentSettings);
      const joana = await reopening(123, [q.sup!.id, q.fin!.id]);
      await joana.write('Oi');
      await joana.write('2'); // refused: closed
      const first = await ticketOf(joana.number);
      expect(first.status).toBe('closed');
      const said = (await botSaid(joana.number)).length;
      await joana.write('Oi de novo');
      expect(await ticketOf(joana.number)).toMatchObject({ id: first.id, status: 'lgpd', queue_id: null, is_bot: false, amount_used_bot_queues: 0 });
      expect((await botSaid(joana.number)).slice(said)).toEqual([REQUEST]);
      await joana.write('1');
      expect(await ticketOf(joana.number)).toMatchObject({ id: first.id, status: 'pending', queue_id: null, is_bot: true });
      expect((await botSaid(joana.number)).at(-1)).toBe(MENU_AB);
    });

    it('enters lgpd without the queue, the menu step or the wrong answers it had (as a new lgpd ticket)', async () => {
      const maria = await reopening(124, [q.sup!.id, q.fin!.id]);
      for (const body of ['Oi', '1']) await maria.write(body); // before LGPD: in Financeiro
      expect(await ticketOf(maria.number)).toMatchObject({ queue_id: q.fin!.id });
      // Closed in the middle of a menu, after two wrong answers.
      await h.sql`update tickets.tickets set status = 'closed', closed_at = now(), updated_at = now(), is_bot = true, amount_used_bot_queues = 2 where id = ${(await ticketOf(maria.number)).id}`;
      setSettings(consentSettings);
      const said = (await botSaid(maria.number)).length;
      await maria.write('Oi');
      expect(await ticketOf(maria.number)).toMatchObject({ status: 'lgpd', queue_id: null, user_id: null, is_bot: false, chatbot_id: null, amount_used_bot_queues: 0 });
      expect((await botSaid(maria.number)).slice(said)).toEqual([REQUEST]);
      await maria.write('1');
      expect((await botSaid(maria.number)).at(-1)).toBe(MENU_AB);
      expect(await ticketOf(maria.number)).toMatchObject({ status: 'pending', queue_id: null, is_bot: true });
    });

    it("on a connection with a single queue it carries that queue, as a new lgpd ticket does", async () => {
      setSettings(consentSettings);
      const fresh = await reopening(125, [q.sup!.id]);
      await fresh.write('Oi');
      const created = await ticketOf(fresh.number);
      expect(created).toMatchObject({ status: 'lgpd', queue_id: q.sup!.id });
      await fresh.write('2');
      await fresh.write('Oi de novo');
      expect(await ticketOf(fresh.number)).toMatchObject({ id: created.id, status: 'lgpd', queue_id: q.sup!.id });
      expect((await botSaid(fresh.number)).at(-1)).toBe(REQUEST);
    });

    it('a contact who consented is not asked again (also with lgpdConsent: the conversation goes on)', async () => {
      setSettings({ ...consentSettings, lgpdConsent: 'enabled' });
      const maria = await reopening(126, [q.sup!.id, q.fin!.id]);
      await maria.write('Oi');
      await maria.write('1'); // consents: the menu
      await maria.write('1'); // Financeiro
      const first = await ticketOf(maria.number);
      expect(first).toMatchObject({ status: 'pending', queue_id: q.fin!.id });
      await close(maria.number);
      const said = (await botSaid(maria.number)).length;
      await maria.write('Voltei');
      expect(await ticketOf(maria.number)).toMatchObject({ id: first.id, status: 'pending', queue_id: q.fin!.id });
      expect(await botSaid(maria.number)).toHaveLength(said);
      // Past the window, a new conversation: asked again (lgpdConsent).
      await h.sql`update tickets.tickets set status = 'closed', updated_at = now() - interval '11 minutes' where id = ${first.id}`;
      await maria.write('Olá');
      expect(await ticketOf(maria.number)).toMatchObject({ status: 'lgpd' });
      expect((await botSaid(maria.number)).at(-1)).toBe(REQUEST);
    });
  });

  it('lgpdConsent asks at every conversation, also a contact who consented before', async () => {
    setSettings({ ...consentSettings, lgpdConsent: 'enabled' });
    const maria = contactOn(110);
    await h.sql`insert into tickets.contacts (company_id, name, number, lgpd_accepted_at) values (${C1}, 'Maria Silva', ${maria.number}, now() - interval '10 days')`;
    await maria.write('Oi');
    expect(await ticketOf(maria.number)).toMatchObject({ status: 'lgpd' });
    expect(await botSaid(maria.number)).toEqual([REQUEST]);
  });
});
