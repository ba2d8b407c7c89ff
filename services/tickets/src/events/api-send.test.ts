import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ask, type Envelope, type RequestOf } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
const COMPANY = 1;
const OTHER_COMPANY = 2;
const CONNECTION = 300;
let numberSeq = 0;
const newNumber = () => `55119777${String(++numberSeq).padStart(5, '0')}`;

const send = (over: Partial<RequestOf<'tickets.api.send'>> = {}) =>
  ask(h.bus, 'tickets.api.send', {
    companyId: COMPANY, connectionId: CONNECTION, number: newNumber(), body: 'Seu pedido saiu para entrega',
    userId: null, queueId: null, sendSignature: false, closeTicket: false, medias: [], ...over,
  }, { timeoutMs: 10_000 });

/** The error a request answered with (the test fails when it succeeded). */
const refusal = async (pending: Promise<unknown>): Promise<AppError> => {
  const err = await pending.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

const q = async <T = Record<string, any>>(text: string, ...params: (string | number | boolean | null)[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];

/** Events published from `from` on, after the outbox was relayed. */
const eventsSince = async (from: number): Promise<Envelope<any>[]> => {
  await h.flush();
  return h.published.slice(from) as Envelope<any>[];
};

let attendant: { id: number; name: string };
let queueId: number;

beforeAll(async () => {
  h = await startHarness();
  await h.publish('channels.connection.updated', COMPANY, { connection: makeConnection({ id: CONNECTION, companyId: COMPANY, complationMessage: 'Até logo!' }) });
  await h.publish('channels.connection.updated', OTHER_COMPANY, { connection: makeConnection({ id: 400, companyId: OTHER_COMPANY }) });
  attendant = (await h.signUp({ id: 31, companyId: COMPANY, name: 'Joana', profile: 'user' })).user;
  await h.signUp({ id: 41, companyId: OTHER_COMPANY, name: 'Intrusa', profile: 'admin' });
  queueId = await h.insertQueue(COMPANY, 'Vendas');
});
afterAll(async () => h?.stop());

describe('tickets.api.send', () => {
  it('a new number gets a contact named by its number, a waiting ticket and the message, sent to the connection', async () => {
    const number = newNumber();
    const from = h.published.length;
    const answer = await send({ number });
    const [ticket] = await q(`select t.*, c.name as contact_name from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where t.id = $1`, answer.ticketId);
    expect(ticket).toMatchObject({ status: 'pending', user_id: null, whatsapp_id: CONNECTION, contact_id: answer.contactId, contact_name: number, uuid: answer.ticketUuid });
    const messages = await q(`select id, body, from_me, ack, user_id from tickets.messages where ticket_id = $1`, answer.ticketId);
    expect(messages).toEqual([{ id: answer.messageIds[0], body: 'Seu pedido saiu para entrega', from_me: true, ack: 0, user_id: null }]);
    const events = await eventsSince(from);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['tickets.contact.created', 'tickets.ticket.created', 'tickets.message.created', 'channels.message.send']));
    const command = events.find((e) => e.type === 'channels.message.send')!;
    expect(command.companyId).toBe(COMPANY);
    expect(command.data).toMatchObject({ messageId: answer.messageIds[0], connectionId: CONNECTION, to: { number }, body: 'Seu pedido saiu para entrega', kind: 'text' });
  });

  it("personalize (a schedule's text) fills in the message variables; the messages API's text goes as given", async () => {
    const number = newNumber();
    const text = 'Olá {{firstName}}, aqui é {{userName}} ({{queue}}, {{connection}})';
    const personal = await send({ number, contactName: 'Carla Dias', userId: attendant.id, queueId, body: text, personalize: true });
    await send({ number, body: text });
    const bodies = await q(`select body from tickets.messages where ticket_id = $1 order by id`, personal.ticketId);
    expect(bodies.map((m) => m.body)).toEqual([`Olá Carla, aqui é Joana (Vendas, ${makeConnection({ id: CONNECTION, companyId: COMPANY }).name})`, text]);
  });

  it('with a user and a queue of the company the new ticket is open, held by that user in that queue', async () => {
    const answer = await send({ userId: attendant.id, queueId });
    const [ticket] = await q(`select status, user_id, queue_id from tickets.tickets where id = $1`, answer.ticketId);
    expect(ticket).toEqual({ status: 'open', user_id: attendant.id, queue_id: queueId });
    const logs = await q(`select type, user_id from tickets.ticket_logs where ticket_id = $1 order by id`, answer.ticketId);
    expect(logs).toEqual([{ type: 'create', user_id: attendant.id }, { type: 'open', user_id: attendant.id }]);
  });

  it('a second send to the same number goes to the ticket that is not closed', async () => {
    const number = newNumber();
    const first = await send({ number, userId: attendant.id });
    const second = await send({ number, body: 'Chegou?' });
    expect(second).toMatchObject({ ticketId: first.ticketId, contactId: first.contactId });
    const bodies = await q(`select body from tickets.messages where ticket_id = $1 order by id`, first.ticketId);
    expect(bodies.map((m) => m.body)).toEqual(['Seu pedido saiu para entrega', 'Chegou?']);
    const [ticket] = await q(`select last_message from tickets.tickets where id = $1`, first.ticketId);
    expect(ticket!.last_message).toBe('Chegou?');
  });

  it('an existing contact is found by its number, not duplicated', async () => {
    const number = newNumber();
    const contactId = await h.insertContact(COMPANY, { name: 'Cliente Antigo', number });
    const answer = await send({ number });
    expect(answer.contactId).toBe(contactId);
    const [contact] = await q(`select name from tickets.contacts where id = $1`, contactId);
    expect(contact!.name).toBe('Cliente Antigo');
  });

  it('a waiting ticket becomes open with the user the integrator names', async () => {
    const number = newNumber();
    const first = await send({ number });
    const from = h.published.length;
    const second = await send({ number, userId: attendant.id });
    expect(second.ticketId).toBe(first.ticketId);
    const [ticket] = await q(`select status, user_id from tickets.tickets where id = $1`, first.ticketId);
    expect(ticket).toEqual({ status: 'open', user_id: attendant.id });
    const updated = (await eventsSince(from)).find((e) => e.type === 'tickets.ticket.updated');
    expect(updated?.data).toMatchObject({ ticket: { id: first.ticketId, status: 'open' }, previous: { status: 'pending' } });
  });

  it('sendSignature signs the text with the user name, and only when a user is given', async () => {
    const from = h.published.length;
    const signed = await send({ userId: attendant.id, sendSignature: true, body: 'Olá' });
    const unsigned = await send({ sendSignature: true, body: 'Olá' });
    const [a] = await q(`select body from tickets.messages where id = $1`, signed.messageIds[0]!);
    const [b] = await q(`select body from tickets.messages where id = $1`, unsigned.messageIds[0]!);
    expect(a!.body).toBe('*Joana:*\nOlá');
    expect(b!.body).toBe('Olá');
    const command = (await eventsSince(from)).find((e) => e.type === 'channels.message.send' && e.data.messageId === signed.messageIds[0]);
    expect(command?.data.body).toBe('*Joana:*\nOlá');
  });

  it('closeTicket resolves the ticket as its holder would, farewell included', async () => {
    const answer = await send({ userId: attendant.id, closeTicket: true, body: 'Pedido entregue' });
    const [ticket] = await q(`select status, user_id, closed_at is not null as has_closed_at from tickets.tickets where id = $1`, answer.ticketId);
    expect(ticket).toEqual({ status: 'closed', user_id: attendant.id, has_closed_at: true });
    const bodies = await q(`select body from tickets.messages where ticket_id = $1 order by id`, answer.ticketId);
    expect(bodies.map((m) => m.body)).toEqual(['Pedido entregue', 'Até logo!']);
    const logs = await q(`select type from tickets.ticket_logs where ticket_id = $1 order by id`, answer.ticketId);
    expect(logs.map((l) => l.type)).toEqual(['create', 'open', 'closed']);
  });

  it('a close the company refuses (required tag missing) leaves the ticket open; the send stands', async () => {
    h.settings.set(COMPANY, [{ key: 'requiredTag', value: 'enabled' }]);
    try {
      const answer = await send({ userId: attendant.id, closeTicket: true, closeOnlyOpened: true, body: 'Lembrete' });
      const [ticket] = await q(`select status, user_id from tickets.tickets where id = $1`, answer.ticketId);
      expect(ticket).toEqual({ status: 'open', user_id: attendant.id });
      expect((await q(`select body from tickets.messages where ticket_id = $1`, answer.ticketId)).map((m) => m.body)).toEqual(['Lembrete']);
    } finally {
      h.settings.set(COMPANY, []);
    }
  });

  it('closeTicket without a user closes the waiting ticket', async () => {
    const answer = await send({ closeTicket: true });
    const [ticket] = await q(`select status, user_id from tickets.tickets where id = $1`, answer.ticketId);
    expect(ticket).toEqual({ status: 'closed', user_id: null });
    const next = await send({ number: (await q(`select number from tickets.contacts where id = $1`, answer.contactId))[0]!.number });
    expect(next.ticketId).not.toBe(answer.ticketId);
  });

  it('closeOnlyOpened (schedules, campaigns): a conversation already under way stays as it is; a ticket the send opened is closed', async () => {
    const number = newNumber();
    const held = await send({ number, userId: attendant.id, queueId });
    const waiting = await send({ body: 'Olá' });
    const again = await send({ number, body: 'Lembrete da consulta', closeTicket: true, closeOnlyOpened: true });
    const toWaiting = await send({ number: (await q<{ number: string }>(`select number from tickets.contacts where id = $1`, waiting.contactId))[0]!.number, body: 'Promoção', closeTicket: true, closeOnlyOpened: true });
    expect(again.ticketId).toBe(held.ticketId);
    expect(toWaiting.ticketId).toBe(waiting.ticketId);
    const kept = await q(`select id, status, user_id from tickets.tickets where id = any($1) order by id`, [held.ticketId, waiting.ticketId] as never);
    expect(kept).toEqual([
      { id: held.ticketId, status: 'open', user_id: attendant.id },
      { id: waiting.ticketId, status: 'pending', user_id: null },
    ]);
    expect(await q(`select type from tickets.ticket_logs where ticket_id = $1 and type = 'closed'`, held.ticketId)).toEqual([]);
    const fresh = await send({ body: 'Sua consulta é amanhã', closeTicket: true, closeOnlyOpened: true });
    const [closed] = await q(`select status from tickets.tickets where id = $1`, fresh.ticketId);
    expect(closed!.status).toBe('closed');
  });

  it('a contact the send creates gets the name given (a contact list item’s); an existing one keeps its own', async () => {
    const number = newNumber();
    const created = await send({ number, contactName: 'Fulano de Tal' });
    const [contact] = await q(`select name from tickets.contacts where id = $1`, created.contactId);
    expect(contact!.name).toBe('Fulano de Tal');
    await send({ number, contactName: 'Outro Nome', body: 'De novo' });
    const [kept] = await q(`select name from tickets.contacts where id = $1`, created.contactId);
    expect(kept!.name).toBe('Fulano de Tal');
  });

  it('media become one message per file, the text as the first file caption, each sent to the connection', async () => {
    const from = h.published.length;
    const answer = await send({
      body: 'Segue a nota',
      medias: [
        { mediaType: 'image', key: `company${COMPANY}/api/a.png`, mimetype: 'image/png', filename: 'foto.png', size: 120 },
        { mediaType: 'document', key: `company${COMPANY}/api/b.pdf`, mimetype: 'application/pdf', filename: 'nota.pdf', size: 300 },
      ],
    });
    expect(answer.messageIds).toHaveLength(2);
    const rows = await q(`select body, media_type, media_key, media_name from tickets.messages where ticket_id = $1 order by id`, answer.ticketId);
    expect(rows).toEqual([
      { body: 'Segue a nota', media_type: 'image', media_key: `company${COMPANY}/api/a.png`, media_name: 'foto.png' },
      { body: '', media_type: 'application', media_key: `company${COMPANY}/api/b.pdf`, media_name: 'nota.pdf' },
    ]);
    const commands = (await eventsSince(from)).filter((e) => e.type === 'channels.message.send');
    expect(commands.map((c) => [c.data.kind, c.data.media?.key, c.data.media?.mimetype])).toEqual([
      ['media', `company${COMPANY}/api/a.png`, 'image/png'],
      ['media', `company${COMPANY}/api/b.pdf`, 'application/pdf'],
    ]);
  });

  it('refuses a file stored under another company', async () => {
    const number = newNumber();
    const err = await refusal(send({ number, medias: [{ mediaType: 'image', key: `company${OTHER_COMPANY}/api/x.png`, mimetype: 'image/png', filename: null, size: 1 }] }));
    expect(err).toMatchObject({ code: 'ERR_VALIDATION', status: 400, fields: [{ field: 'medias.0', message: expect.any(String) }] });
    expect(await q(`select id from tickets.contacts where number = $1`, number)).toEqual([]);
  });

  it("refuses another company's user or queue and writes nothing", async () => {
    const number = newNumber();
    const byUser = await refusal(send({ number, userId: 41 }));
    expect(byUser).toMatchObject({ code: 'ERR_VALIDATION', fields: [{ field: 'userId', message: expect.any(String) }] });
    const foreignQueue = await h.insertQueue(OTHER_COMPANY, 'Suporte');
    const byQueue = await refusal(send({ number, queueId: foreignQueue }));
    expect(byQueue).toMatchObject({ code: 'ERR_VALIDATION', fields: [{ field: 'queueId', message: expect.any(String) }] });
    const unknownUser = await refusal(send({ number, userId: 9999 }));
    expect(unknownUser.code).toBe('ERR_VALIDATION');
    expect(await q(`select id from tickets.contacts where number = $1`, number)).toEqual([]);
  });

  it("refuses a connection of another company", async () => {
    const err = await refusal(send({ connectionId: 400 }));
    expect(err).toMatchObject({ code: 'ERR_NO_WAPP_FOUND', status: 404 });
  });

  it('refuses an empty message without files', async () => {
    const err = await refusal(send({ body: '   ' }));
    expect(err).toMatchObject({ code: 'ERR_VALIDATION', fields: [{ field: 'body', message: 'Required' }] });
  });
});
