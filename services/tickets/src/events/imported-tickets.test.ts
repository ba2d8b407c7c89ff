import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ask, type Connection, type Envelope, type MessageReceived } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * A connection's imported history (spec 001 §3 importOldMessages, closedTicketsPostImported,
 * queueIdImportMessages) through the real consumer, and the close-imported button's request
 * (tickets.imported.close, spec 001 §2, §7).
 */
let h: Harness;
let seq = 0;
let phone = 5511960000000;
const C1 = 1;
const C2 = 2;
/** A connection whose chatbot greets every new ticket with a queue menu (two queues). */
const MENU = 120;
/** Another connection of the company, and one of another company. */
const OTHER = 121;
const FOREIGN = 220;
let importQueue = 0;
let menuQueues: number[] = [];

const connection = (over: Partial<Connection> & { id: number }): Connection => makeConnection({ companyId: C1, name: `Conexão ${over.id}`, isDefault: false, ...over });

const message = (number: string, over: Partial<MessageReceived> = {}): MessageReceived => ({
  connectionId: MENU,
  channel: 'whatsapp',
  contact: { number, name: 'Maria Silva', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `IMP-${++seq}-${Date.now()}`,
  fromMe: false,
  body: `mensagem ${seq}`,
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.parse('2024-03-01T10:00:00Z') / 1000) + seq,
  ...over,
});
const imported = (queueId: number | null, closed = false) => ({ imported: { queueId, closed } });

type TicketRow = { id: number; status: string; queue_id: number | null; unread_messages: number; last_message: string; imported: Date | null; closed_at: Date | null; whatsapp_id: number };
const ticketsOf = async (number: string, companyId = C1): Promise<TicketRow[]> =>
  h.sql<TicketRow[]>`select t.id, t.status, t.queue_id, t.unread_messages, t.last_message, t.imported, t.closed_at, t.whatsapp_id
    from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = ${companyId} and c.number = ${number} order by t.id`;
const messagesOf = async (ticketId: number) =>
  h.sql<{ body: string; read: boolean; created_at: Date; from_me: boolean }[]>`select body, read, created_at, from_me from tickets.messages where ticket_id = ${ticketId} order by created_at, id`;
const logsOf = async (ticketId: number) => h.sql<{ type: string; user_id: number | null }[]>`select type, user_id from tickets.ticket_logs where ticket_id = ${ticketId} order by id`;
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const newNumber = () => String(++phone);

beforeAll(async () => {
  h = await startHarness();
  importQueue = await h.insertQueue(C1, 'Histórico');
  menuQueues = [await h.insertQueue(C1, 'Financeiro'), await h.insertQueue(C1, 'Suporte')];
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: MENU, greetingMessage: 'Olá! Escolha um setor:', queueIds: menuQueues }) });
  await h.publish('channels.connection.updated', C1, { connection: connection({ id: OTHER }) });
  await h.publish('channels.connection.updated', C2, { connection: makeConnection({ id: FOREIGN, companyId: C2 }) });
});
afterAll(async () => h?.stop());
beforeEach(() => h.settings.clear());

describe('an imported message', () => {
  it('a live message on this connection gets the chatbot’s menu (the contrast for the imported ones below)', async () => {
    const number = newNumber();
    const before = h.published.length;
    await h.publish('channels.message.received', C1, message(number));
    expect(eventsSince(before, 'channels.message.send')).toHaveLength(1);
    expect((await ticketsOf(number))[0]).toMatchObject({ status: 'pending', unread_messages: 1, imported: null });
  });

  it('is stored at its own time in a pending ticket of the import’s queue, read, and nobody answers it', async () => {
    const number = newNumber();
    const at = Date.parse('2024-02-10T14:30:00Z');
    const before = h.published.length;
    await h.publish('channels.message.received', C1, message(number, { body: 'Pedido 42 chegou?', timestamp: at / 1000, ...imported(importQueue) }));
    await h.publish('channels.message.received', C1, message(number, { body: 'Chegou sim', fromMe: true, timestamp: at / 1000 + 60, ...imported(importQueue) }));
    const tickets = await ticketsOf(number);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', queue_id: importQueue, unread_messages: 0, last_message: 'Chegou sim', whatsapp_id: MENU });
    expect(tickets[0]!.imported).not.toBeNull();
    const stored = await messagesOf(tickets[0]!.id);
    expect(stored.map((m) => [m.body, m.read, new Date(m.created_at).toISOString()])).toEqual([
      ['Pedido 42 chegou?', true, '2024-02-10T14:30:00.000Z'],
      ['Chegou sim', true, '2024-02-10T14:31:00.000Z'],
    ]);
    // No menu, no greeting, no auto-response, no bot turn.
    expect(eventsSince(before, 'channels.message.send')).toEqual([]);
    expect(eventsSince(before, 'tickets.bot.turn')).toEqual([]);
    expect((await logsOf(tickets[0]!.id)).map((l) => l.type)).toEqual(['create', 'queue']);
    // The screens hear of it as of any message.
    expect(eventsSince(before, 'tickets.message.created')).toHaveLength(2);
    expect(eventsSince(before, 'tickets.ticket.created')).toHaveLength(1);
  });

  it('with closedTicketsPostImported, goes into one closed ticket per contact', async () => {
    const number = newNumber();
    await h.publish('channels.message.received', C1, message(number, { ...imported(importQueue, true) }));
    await h.publish('channels.message.received', C1, message(number, { ...imported(importQueue, true) }));
    const tickets = await ticketsOf(number);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'closed', queue_id: importQueue, unread_messages: 0 });
    expect(tickets[0]!.closed_at).not.toBeNull();
    expect(await messagesOf(tickets[0]!.id)).toHaveLength(2);
    expect((await logsOf(tickets[0]!.id)).map((l) => l.type)).toEqual(['create', 'queue', 'closed']);
  });

  it('joins the contact’s open ticket instead of opening a second one, without raising its unread count or replacing its newer last message', async () => {
    const number = newNumber();
    await h.publish('channels.message.received', C1, message(number, { connectionId: OTHER, body: 'Oi, hoje', timestamp: Math.floor(Date.now() / 1000) }));
    await h.publish('channels.message.received', C1, message(number, { connectionId: OTHER, body: 'De meses atrás', ...imported(importQueue, true) }));
    const tickets = await ticketsOf(number);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', unread_messages: 1, last_message: 'Oi, hoje', imported: null, queue_id: null, whatsapp_id: OTHER });
    expect((await messagesOf(tickets[0]!.id)).map((m) => m.body)).toEqual(['De meses atrás', 'Oi, hoje']);
  });

  it('is stored once, whatever how often it arrives', async () => {
    const number = newNumber();
    const data = message(number, { ...imported(null) });
    await h.publish('channels.message.received', C1, data);
    await h.publish('channels.message.received', C1, data);
    const [ticket] = await ticketsOf(number);
    expect(await messagesOf(ticket!.id)).toHaveLength(1);
    expect(ticket).toMatchObject({ queue_id: null, status: 'pending' });
  });

  it('never asks for LGPD consent', async () => {
    h.settings.set(C1, [{ key: 'enableLGPD', value: 'enabled' }, { key: 'lgpdMessage', value: 'Aceita os termos?' }]);
    const number = newNumber();
    const before = h.published.length;
    await h.publish('channels.message.received', C1, message(number, { ...imported(importQueue) }));
    expect((await ticketsOf(number))[0]).toMatchObject({ status: 'pending' });
    expect(eventsSince(before, 'channels.message.send')).toEqual([]);
  });
});

describe('tickets.imported.close', () => {
  it('closes the import’s tickets of that connection that are open, logged by the user, and answers how many', async () => {
    h.addUser({ id: 7, companyId: C1, profile: 'admin', name: 'Carla Admin' });
    const [a, b, closedOne, live, otherConnection] = [newNumber(), newNumber(), newNumber(), newNumber(), newNumber()];
    await h.publish('channels.message.received', C1, message(a, { ...imported(importQueue) }));
    await h.publish('channels.message.received', C1, message(b, { ...imported(null) }));
    await h.publish('channels.message.received', C1, message(closedOne, { ...imported(importQueue, true) }));
    await h.publish('channels.message.received', C1, message(live));
    await h.publish('channels.message.received', C1, message(otherConnection, { connectionId: OTHER, ...imported(null) }));
    const foreign = newNumber();
    await h.publish('channels.message.received', C2, message(foreign, { connectionId: FOREIGN, ...imported(null) }));
    // Earlier imports of this connection (tests above) left pending tickets too: every one of them closes.
    const waiting = (await h.sql<{ n: number }[]>`select count(*)::int as n from tickets.tickets where whatsapp_id = ${MENU} and imported is not null and status <> 'closed'`)[0]!.n;
    expect(waiting).toBeGreaterThanOrEqual(2);

    const before = h.published.length;
    const answer = await ask(h.bus, 'tickets.imported.close', { companyId: C1, connectionId: MENU, userId: 7 });
    await h.flush();
    expect(answer).toEqual({ closed: waiting });
    for (const number of [a, b]) {
      const [ticket] = await ticketsOf(number);
      expect(ticket).toMatchObject({ status: 'closed', unread_messages: 0 });
      expect((await logsOf(ticket!.id)).at(-1)).toEqual({ type: 'closed', user_id: 7 });
    }
    // The import's ticket closed already, the live ticket, another connection's and another company's stay as they were.
    expect((await logsOf((await ticketsOf(closedOne))[0]!.id)).filter((l) => l.type === 'closed')).toHaveLength(1);
    expect((await ticketsOf(live))[0]!.status).toBe('pending');
    expect((await ticketsOf(otherConnection))[0]!.status).toBe('pending');
    expect((await ticketsOf(foreign, C2))[0]!.status).toBe('pending');
    const updated = eventsSince(before, 'tickets.ticket.updated');
    expect(updated).toHaveLength(waiting);
    expect(updated.every((e) => e.companyId === C1 && e.data.ticket.status === 'closed' && e.data.previous.status === 'pending')).toBe(true);
    // No farewell goes out for conversations that ended long ago.
    expect(eventsSince(before, 'channels.message.send')).toEqual([]);

    expect(await ask(h.bus, 'tickets.imported.close', { companyId: C1, connectionId: MENU, userId: 7 })).toEqual({ closed: 0 });
  });

  it('closes nothing of a connection named with another company', async () => {
    const number = newNumber();
    await h.publish('channels.message.received', C2, message(number, { connectionId: FOREIGN, ...imported(null) }));
    expect(await ask(h.bus, 'tickets.imported.close', { companyId: C1, connectionId: FOREIGN, userId: 7 })).toEqual({ closed: 0 });
    expect((await ticketsOf(number, C2))[0]!.status).toBe('pending');
  });
});
