import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@atende/kit';
import { createConnectionTimers } from '../domain/connection-timers.js';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/** A connection's timed rules (spec 001: queue redirection, ticket expiry) and the automatic close, one sweep at a time. */
let h: Harness;
const C1 = 1;
const C2 = 2;
let sales = 0;
let otherCompanyQueue = 0;

const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

async function ticketOn(
  connectionId: number | null,
  fields: { status: string; queueId?: number | null; userId?: number | null; minutesAgo: number; companyId?: number },
) {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId, { name: 'Joana Lima' });
  const [row] = await sqlq<{ id: number }>(
    `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, whatsapp_id, created_at, updated_at, last_message_at)
     values ($1, $2, $3, $4, $5, $6, now() - make_interval(mins => $7), now() - make_interval(mins => $7), now() - make_interval(mins => $7)) returning id`,
    companyId,
    contactId,
    fields.status,
    fields.userId ?? null,
    fields.queueId ?? null,
    connectionId,
    fields.minutesAgo,
  );
  return row!.id;
}
const said = async (ticketId: number, fromMe: boolean, minutesAgo: number) =>
  sqlq(
    `insert into tickets.messages (company_id, ticket_id, body, from_me, created_at) select company_id, id, 'oi', $2, now() - make_interval(mins => $3) from tickets.tickets where id = $1`,
    ticketId,
    fromMe,
    minutesAgo,
  );
const stateOf = async (id: number) =>
  (await sqlq<{ status: string; queue_id: number | null }>(`select status, queue_id from tickets.tickets where id = $1`, id))[0]!;

beforeAll(async () => {
  h = await startHarness();
  sales = await h.insertQueue(C1, 'Vendas');
  otherCompanyQueue = await h.insertQueue(C2, 'Outra');
  h.addUser({ id: 11, companyId: C1, name: 'Ana' });
  await h.publish('channels.connection.updated', C1, { connection: makeConnection({ id: 500, companyId: C1, sendIdQueue: sales, timeSendQueue: 10 }) });
  await h.publish('channels.connection.updated', C1, {
    connection: makeConnection({ id: 501, companyId: C1, sendIdQueue: otherCompanyQueue, timeSendQueue: 10 }),
  });
  await h.publish('channels.connection.updated', C1, {
    connection: makeConnection({
      id: 502,
      companyId: C1,
      expiresTicket: 30,
      whenExpiresTicket: '0',
      expiresInactiveMessage: 'Encerramos por falta de resposta, {{firstName}}.',
    }),
  });
  await h.publish('channels.connection.updated', C1, { connection: makeConnection({ id: 503, companyId: C1, expiresTicket: 30, whenExpiresTicket: '1' }) });
});
afterAll(async () => h?.stop());

describe('queue redirection (sendIdQueue after timeSendQueue minutes)', () => {
  it('moves a waiting ticket left without a queue to the redirect queue, logged and announced; nothing younger, queued, held or of another company', async () => {
    const due = await ticketOn(500, { status: 'pending', minutesAgo: 11 });
    const young = await ticketOn(500, { status: 'pending', minutesAgo: 5 });
    const queued = await ticketOn(500, { status: 'pending', queueId: sales, minutesAgo: 60 });
    const foreignQueue = await ticketOn(501, { status: 'pending', minutesAgo: 60 });
    const before = h.published.length;
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ redirected: 1 });
    await h.flush();
    expect(await stateOf(due)).toEqual({ status: 'pending', queue_id: sales });
    for (const id of [young, foreignQueue]) expect((await stateOf(id)).queue_id).toBeNull();
    expect((await stateOf(queued)).queue_id).toBe(sales);
    expect(await sqlq(`select type, queue_id from tickets.ticket_logs where ticket_id = $1`, due)).toEqual([{ type: 'redirect', queue_id: sales }]);
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.ticket.id, e.data.previous.queueId, e.data.ticket.queueId])).toEqual([
      [due, null, sales],
    ]);
  });
});

describe('ticket expiry (expiresTicket minutes without a message)', () => {
  it("'0': closes an open ticket whose contact stopped answering (our message last), saying the connection's message; not one where the contact wrote last", async () => {
    const quiet = await ticketOn(502, { status: 'open', userId: 11, minutesAgo: 40 });
    await said(quiet, true, 40);
    const waitingForUs = await ticketOn(502, { status: 'open', userId: 11, minutesAgo: 40 });
    await said(waitingForUs, false, 40);
    const recent = await ticketOn(502, { status: 'open', userId: 11, minutesAgo: 10 });
    await said(recent, true, 10);
    const before = h.published.length;
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ closed: 1 });
    await h.flush();
    expect((await stateOf(quiet)).status).toBe('closed');
    for (const id of [waitingForUs, recent]) expect((await stateOf(id)).status).toBe('open');
    expect(eventsSince(before, 'channels.message.send').map((e) => e.data.body)).toEqual(['Encerramos por falta de resposta, Joana.']);
    expect((await sqlq(`select type from tickets.ticket_logs where ticket_id = $1`, quiet)).map((l) => l.type)).toEqual(['closed']);
  });

  it("'1': closes a quiet open ticket whoever wrote last; pending and closed tickets are not its business", async () => {
    const quiet = await ticketOn(503, { status: 'open', userId: 11, minutesAgo: 45 });
    await said(quiet, false, 45);
    const pending = await ticketOn(503, { status: 'pending', minutesAgo: 45 });
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ closed: 1 });
    expect((await stateOf(quiet)).status).toBe('closed');
    expect((await stateOf(pending)).status).toBe('pending');
  });
});

describe('inactivity message (timeInactiveMessage minutes without the contact answering)', () => {
  it('reminds once an open ticket whose contact has not answered our last message; not one waiting for us, a recent one or one already reminded', async () => {
    await h.signUp({ id: 12, companyId: C1, name: 'Bruno Alves' });
    await h.publish('channels.connection.updated', C1, {
      connection: makeConnection({
        id: 504,
        companyId: C1,
        timeInactiveMessage: 15,
        inactiveMessage: 'Ainda está aí, {{firstName}}? Aqui é {{userName}}.',
        expiresTicket: 60,
      }),
    });
    const quiet = await ticketOn(504, { status: 'open', userId: 12, minutesAgo: 20 });
    await said(quiet, true, 20);
    const waitingForUs = await ticketOn(504, { status: 'open', userId: 12, minutesAgo: 20 });
    await said(waitingForUs, false, 20);
    const recent = await ticketOn(504, { status: 'open', userId: 12, minutesAgo: 5 });
    await said(recent, true, 5);
    const pending = await ticketOn(504, { status: 'pending', minutesAgo: 20 });
    await said(pending, true, 20);

    const before = h.published.length;
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ reminded: 1, closed: 0 });
    await h.flush();
    expect(eventsSince(before, 'channels.message.send').map((e) => [e.data.ticketId, e.data.body])).toEqual([
      [quiet, 'Ainda está aí, Joana? Aqui é Bruno Alves.'],
    ]);
    for (const id of [quiet, waitingForUs, recent, pending]) expect((await stateOf(id)).status).toBe(id === pending ? 'pending' : 'open');

    // The reminder is now our last message: no second one while the contact stays quiet, even long after.
    await sqlq(`update tickets.messages set created_at = now() - interval '30 minutes' where ticket_id = $1`, quiet);
    await sqlq(
      `update tickets.tickets set last_message_at = now() - interval '30 minutes', inactivity_warned_at = now() - interval '30 minutes' where id = $1`,
      quiet,
    );
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ reminded: 0 });

    // The contact answers, we answer, and they go quiet again: a new silence, a new reminder.
    await said(quiet, false, 25);
    await said(quiet, true, 20);
    await sqlq(`update tickets.tickets set last_message_at = now() - interval '20 minutes' where id = $1`, quiet);
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ reminded: 1 });
  });

  it('leaves the ticket to close when its expiry is also due (no reminder sent with the closing message)', async () => {
    await h.publish('channels.connection.updated', C1, {
      connection: makeConnection({
        id: 505,
        companyId: C1,
        timeInactiveMessage: 5,
        inactiveMessage: 'Ainda está aí?',
        expiresTicket: 10,
        expiresInactiveMessage: 'Encerrado.',
      }),
    });
    const quiet = await ticketOn(505, { status: 'open', userId: 12, minutesAgo: 30 });
    await said(quiet, true, 30);
    const before = h.published.length;
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ reminded: 0, closed: 1 });
    await h.flush();
    expect(eventsSince(before, 'channels.message.send').map((e) => e.data.body)).toEqual(['Encerrado.']);
  });
});

describe('automatic close (HOURS_CLOSE_TICKETS_AUTO, 24 hours by default)', () => {
  const HOUR = 60;
  it('closes open tickets of any company nothing happened on for 24 hours, without a message, logged and announced; nothing younger or not open', async () => {
    const forgotten = await ticketOn(500, { status: 'open', userId: 11, minutesAgo: 25 * HOUR });
    const withoutConnection = await ticketOn(null, { status: 'open', userId: 11, minutesAgo: 30 * HOUR });
    const otherCompany = await ticketOn(null, { status: 'open', companyId: C2, minutesAgo: 48 * HOUR });
    const young = await ticketOn(500, { status: 'open', userId: 11, minutesAgo: 23 * HOUR });
    const waiting = await ticketOn(500, { status: 'pending', minutesAgo: 72 * HOUR });
    const before = h.published.length;
    expect(await createConnectionTimers(h.deps).sweep()).toMatchObject({ closed: 3 });
    await h.flush();
    for (const id of [forgotten, withoutConnection, otherCompany]) expect((await stateOf(id)).status).toBe('closed');
    expect((await stateOf(young)).status).toBe('open');
    expect((await stateOf(waiting)).status).toBe('pending');
    expect(eventsSince(before, 'channels.message.send')).toEqual([]);
    expect(await sqlq(`select type, user_id from tickets.ticket_logs where ticket_id = $1`, forgotten)).toEqual([{ type: 'closed', user_id: null }]);
    const announced = eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.ticket.id, e.data.ticket.status]);
    expect(announced).toEqual(expect.arrayContaining([[forgotten, 'closed'], [withoutConnection, 'closed'], [otherCompany, 'closed']]));
    // A message since (the ticket touched) counts as something happening: the clock starts again.
    const touched = await ticketOn(500, { status: 'open', userId: 11, minutesAgo: 30 * HOUR });
    await sqlq(`update tickets.tickets set updated_at = now() - interval '1 hour' where id = $1`, touched);
    await createConnectionTimers(h.deps).sweep();
    expect((await stateOf(touched)).status).toBe('open');
  });

  it('takes the hours the installation sets, fractions included; 0 never closes', async () => {
    const idle = await ticketOn(500, { status: 'open', userId: 11, minutesAgo: 3 * HOUR });
    await createConnectionTimers({ ...h.deps, config: { ...h.deps.config, HOURS_CLOSE_TICKETS_AUTO: 0 } }).sweep();
    expect((await stateOf(idle)).status).toBe('open');
    const recent = await ticketOn(500, { status: 'open', userId: 11, minutesAgo: 20 });
    await createConnectionTimers({ ...h.deps, config: { ...h.deps.config, HOURS_CLOSE_TICKETS_AUTO: 0.5 } }).sweep();
    expect((await stateOf(idle)).status).toBe('closed');
    expect((await stateOf(recent)).status).toBe('open');
  });
});
