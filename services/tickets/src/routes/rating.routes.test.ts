import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Connection, Envelope, MessageReceived, User } from '@atende/kit';
import { createRatingDesk } from '../domain/rating-runtime.js';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * The satisfaction rating (setting userRating): resolving asks the contact for a rate (status nps), the
 * contact's answer closes the ticket with it, other answers ask again up to the connection's limit, and
 * requests left unanswered past expiresTicketNPS close without one.
 */
let h: Harness;
const C1 = 1;
const C2 = 2;
let q1: number;
let seq = 0;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};

const connection = (over: Partial<Connection> = {}): Connection =>
  makeConnection({ id: 700, companyId: C1, complationMessage: 'Até logo {{firstName}}!', ratingMessage: 'Como foi o atendimento de {{userName}}?', maxUseBotQueuesNPS: 2, ...over });

const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];
const setSettings = (companyId: number, entries: Record<string, string>) => h.settings.set(companyId, Object.entries(entries).map(([key, value]) => ({ key, value })));
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const messagesOf = (ticketId: number) => sqlq<{ body: string; from_me: boolean }>(`select body, from_me from tickets.messages where ticket_id = $1 order by id`, ticketId);

/** An open ticket of Ana's with its contact (number given), on connection 700. */
async function openTicket(number: string, fields: { isGroup?: boolean; companyId?: number; userId?: number; whatsappId?: number } = {}) {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId, { name: 'Joana Lima', number, isGroup: fields.isGroup });
  const [row] = await sqlq<{ id: number }>(
    `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, is_group, whatsapp_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    companyId, contactId, fields.isGroup ? 'group' : 'open', fields.userId ?? users.ana!.id, companyId === C1 ? q1 : null, fields.isGroup ?? false, fields.whatsappId ?? 700,
  );
  return { id: row!.id, contactId, number };
}

const answer = (number: string, body: string): MessageReceived => ({
  connectionId: 700,
  channel: 'whatsapp',
  contact: { number, name: 'Joana Lima', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `RATE-${++seq}-${Date.now()}`,
  fromMe: false,
  body,
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
});

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    ({ user: users[key], token: tokens[key] } = await h.signUp(fields));
  };
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um' });
  await define('ana', { id: 11, companyId: C1, name: 'Ana', queueIds: [q1] });
  await define('bia', { id: 12, companyId: C1, name: 'Bia', queueIds: [q1] });
  await define('history', { id: 17, companyId: C1, name: 'Gil', queueIds: [q1], allHistoric: 'enabled' });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
  await h.publish('channels.connection.updated', C1, { connection: connection() });
  await h.publish('channels.connection.updated', C2, { connection: connection({ id: 701, companyId: C2 }) });
});
afterAll(async () => h?.stop());
beforeEach(() => h.settings.clear());

describe('resolving with userRating', () => {
  it('asks the contact for a rate: status nps, the request sent to the channel, logged closed, listed with the closed ones', async () => {
    setSettings(C1, { userRating: 'enabled' });
    const t = await openTicket('5511970000001');
    const before = h.published.length;
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed', sendFarewellMessage: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.id, status: 'nps', userId: users.ana!.id, userRating: null, unreadMessages: 0 });
    const sent = eventsSince(before, 'channels.message.send');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data.body).toContain('Como foi o atendimento de Ana?');
    expect(sent[0]!.data.body).toContain('Digite de 1 a 5');
    expect(sent[0]!.data.body).toContain('*5* - _Muito satisfeito_');
    // The farewell waits for the rate.
    expect((await messagesOf(t.id)).map((m) => m.body).join('\n')).not.toContain('Até logo');
    const logs = await sqlq(`select type, user_id from tickets.ticket_logs where ticket_id = $1`, t.id);
    expect(logs).toEqual([{ type: 'closed', user_id: users.ana!.id }]);
    expect(eventsSince(before, 'tickets.ticket.updated').at(-1)!.data.ticket.status).toBe('nps');

    const closedView = await api('ana', 'GET', '/api/tickets?status=closed');
    expect(closedView.body.tickets.map((x: { id: number }) => x.id)).toContain(t.id);
    expect((await api('ana', 'GET', '/api/tickets?status=nps')).body.tickets.map((x: { id: number }) => x.id)).toContain(t.id);
  });

  it('a new ticket for the contact ends a rating request still unanswered (closed unrated) instead of answering 409', async () => {
    setSettings(C1, { userRating: 'enabled' });
    const t = await openTicket('5511970000090');
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed', sendFarewellMessage: true })).body.status).toBe('nps');
    const before = h.published.length;
    const created = await api('ana', 'POST', '/api/tickets', { contactId: t.contactId, queueId: q1, whatsappId: 700 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'open', userId: users.ana!.id, contactId: t.contactId });
    expect((await sqlq(`select status, user_rating from tickets.tickets where id = $1`, t.id))[0]).toEqual({ status: 'closed', user_rating: null });
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.ticket.id, e.data.previous.status, e.data.ticket.status])).toEqual([[t.id, 'nps', 'closed']]);
    // An open ticket still holds the contact.
    const again = await api('ana', 'POST', '/api/tickets', { contactId: t.contactId, queueId: q1, whatsappId: 700 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticketId: created.body.id });
  });

  it('the contact answers with a rate: closed with it, the farewell sent after it', async () => {
    setSettings(C1, { userRating: 'enabled' });
    const t = await openTicket('5511970000002');
    await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    // The attendant resolved it an hour ago; the rate comes now. The attendance ended then, not with the rate.
    await sqlq(`update tickets.tickets set closed_at = now() - interval '1 hour' where id = $1`, t.id);
    const before = h.published.length;
    await h.publish('channels.message.received', C1, answer(t.number, ' 4 '));
    await h.flush();
    const [row] = await sqlq(`select status, user_rating, unread_messages, closed_at < now() - interval '59 minutes' as closed_then from tickets.tickets where id = $1`, t.id);
    expect(row).toEqual({ status: 'closed', user_rating: 4, unread_messages: 0, closed_then: true });
    const bodies = (await messagesOf(t.id)).map((m) => m.body);
    expect(bodies.at(-2)).toBe(' 4 ');
    expect(bodies.at(-1)).toBe('Até logo Joana!');
    const updated = eventsSince(before, 'tickets.ticket.updated').at(-1)!;
    expect(updated.data.ticket).toMatchObject({ id: t.id, status: 'closed', userRating: { rate: 4 } });
    expect(updated.data.previous.status).toBe('nps');
    const shown = await api('ana', 'GET', `/api/tickets/${t.id}`);
    expect(shown.body.userRating).toEqual({ rate: 4 });
    // The contact's next message opens a new ticket.
    await h.publish('channels.message.received', C1, answer(t.number, 'Oi de novo'));
    const tickets = await sqlq(`select status from tickets.tickets where contact_id = $1 order by id`, t.contactId);
    expect(tickets.map((x) => x.status)).toEqual(['closed', 'pending']);
  });

  it('answers that are not a rate ask again until the connection limit, then the ticket closes without one', async () => {
    setSettings(C1, { userRating: 'enabled' });
    const t = await openTicket('5511970000003');
    await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    const requests = async () => (await messagesOf(t.id)).filter((m) => m.from_me && m.body.includes('Digite de 1 a 5')).length;
    expect(await requests()).toBe(1);
    await h.publish('channels.message.received', C1, answer(t.number, 'foi ótimo'));
    await h.flush();
    expect(await requests()).toBe(2);
    expect((await sqlq(`select status, rating_attempts from tickets.tickets where id = $1`, t.id))[0]).toEqual({ status: 'nps', rating_attempts: 1 });
    await h.publish('channels.message.received', C1, answer(t.number, '10'));
    await h.flush();
    expect(await requests()).toBe(2);
    expect((await sqlq(`select status, user_rating from tickets.tickets where id = $1`, t.id))[0]).toEqual({ status: 'closed', user_rating: null });
    expect((await messagesOf(t.id)).at(-1)!.body).toBe('Até logo Joana!');
  });

  it('an unanswered request past expiresTicketNPS closes: on the next message (which opens a new ticket) or by the sweep', async () => {
    setSettings(C1, { userRating: 'enabled' });
    await h.publish('channels.connection.updated', C1, { connection: connection({ expiresTicketNPS: 30 }) });
    try {
      const late = await openTicket('5511970000004');
      const swept = await openTicket('5511970000005');
      const waiting = await openTicket('5511970000006');
      for (const t of [late, swept, waiting]) await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' });
      await sqlq(`update tickets.tickets set rating_requested_at = now() - interval '31 minutes', closed_at = now() - interval '31 minutes' where id = any($1)`, [late.id, swept.id]);

      await h.publish('channels.message.received', C1, answer(late.number, '5'));
      const lateTickets = await sqlq(`select id, status, user_rating from tickets.tickets where contact_id = $1 order by id`, late.contactId);
      expect(lateTickets).toEqual([
        { id: late.id, status: 'closed', user_rating: null },
        expect.objectContaining({ status: 'pending', user_rating: null }),
      ]);

      const before = h.published.length;
      expect(await createRatingDesk(h.deps).closeExpired()).toBe(1);
      await h.flush();
      // Closed as of the attendant's resolve, however late the request expired.
      expect((await sqlq(`select status, closed_at < now() - interval '30 minutes' as closed_then from tickets.tickets where id = $1`, swept.id))[0]).toEqual({ status: 'closed', closed_then: true });
      expect((await sqlq(`select status from tickets.tickets where id = $1`, waiting.id))[0]!.status).toBe('nps');
      expect(eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.ticket.id, e.data.previous.status, e.data.ticket.status])).toEqual([[swept.id, 'nps', 'closed']]);
    } finally {
      await h.publish('channels.connection.updated', C1, { connection: connection() });
    }
  });

  it('closes at once without the setting, without farewell (unless sendRating), with sendRating false, for groups and without a connection', async () => {
    const plain = await openTicket('5511970000007');
    expect((await api('ana', 'PUT', `/api/tickets/${plain.id}`, { status: 'closed' })).body.status).toBe('closed');

    setSettings(C1, { userRating: 'enabled' });
    const silent = await openTicket('5511970000008');
    expect((await api('ana', 'PUT', `/api/tickets/${silent.id}`, { status: 'closed', sendFarewellMessage: false })).body.status).toBe('closed');
    const silentButRated = await openTicket('5511970000009');
    expect((await api('ana', 'PUT', `/api/tickets/${silentButRated.id}`, { status: 'closed', sendFarewellMessage: false, sendRating: true })).body.status).toBe('nps');
    const skipped = await openTicket('5511970000010');
    const before = h.published.length;
    const res = await api('ana', 'PUT', `/api/tickets/${skipped.id}`, { status: 'closed', sendRating: false });
    expect(res.body.status).toBe('closed');
    expect(eventsSince(before, 'channels.message.send').map((e) => e.data.body)).toEqual(['Até logo Joana!']);
    const group = await openTicket('120363000000000001', { isGroup: true });
    expect((await api('ana', 'PUT', `/api/tickets/${group.id}`, { status: 'closed' })).body.status).toBe('closed');
    const connectionless = await openTicket('5511970000017');
    await sqlq(`update tickets.tickets set whatsapp_id = null where id = $1`, connectionless.id);
    expect((await api('ana', 'PUT', `/api/tickets/${connectionless.id}`, { status: 'closed' })).body.status).toBe('closed');
  });

  it('a ticket waiting for its rate may be closed or reopened by the attendant', async () => {
    setSettings(C1, { userRating: 'enabled' });
    const closing = await openTicket('5511970000011');
    await api('ana', 'PUT', `/api/tickets/${closing.id}`, { status: 'closed' });
    expect((await api('ana', 'PUT', `/api/tickets/${closing.id}`, { status: 'closed' })).body.status).toBe('closed');
    const reopening = await openTicket('5511970000012');
    await api('ana', 'PUT', `/api/tickets/${reopening.id}`, { status: 'closed' });
    expect((await api('ana', 'PUT', `/api/tickets/${reopening.id}`, { status: 'open' })).body).toMatchObject({ status: 'open', userId: users.ana!.id });
  });
});

describe('validation, visibility and isolation', () => {
  it('refuses a sendRating that is not a boolean, naming the field', async () => {
    const t = await openTicket('5511970000013');
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed', sendRating: 'maybe' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('sendRating');
    expect((await sqlq(`select status from tickets.tickets where id = $1`, t.id))[0]!.status).toBe('open');
  });

  it('a ticket waiting for its rate is history: its attendant, admins and allHistoric users see it, other attendants do not', async () => {
    setSettings(C1, { userRating: 'enabled' });
    const t = await openTicket('5511970000014');
    await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    const ids = async (who: string) => (await api(who, 'GET', '/api/tickets?status=closed&showAll=true')).body.tickets.map((x: { id: number }) => x.id);
    expect(await ids('ana')).toContain(t.id);
    expect(await ids('admin')).toContain(t.id);
    expect(await ids('history')).toContain(t.id);
    expect(await ids('bia')).not.toContain(t.id);
    expect((await api('bia', 'GET', `/api/tickets/${t.id}`)).status).toBe(404);
  });

  it("another company's admin can neither resolve nor see the ticket; its own setting does not apply to this company", async () => {
    setSettings(C2, { userRating: 'enabled' });
    const t = await openTicket('5511970000015');
    expect((await api('admin2', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).status).toBe(404);
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).body.status).toBe('closed');
    const other = await openTicket('5511970000016', { companyId: C2, userId: users.admin2!.id, whatsappId: 701 });
    expect((await api('admin2', 'PUT', `/api/tickets/${other.id}`, { status: 'closed' })).body.status).toBe('nps');
  });
});
