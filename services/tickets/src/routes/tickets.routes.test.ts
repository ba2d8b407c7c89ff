import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, type Connection, type Envelope, type User } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/**
 * The ticket routes on the tickets service alone (real PostgreSQL, in-process bus, tokens signed by
 * the harness). The whole platform path is covered by tickets.platform.test.ts.
 */
let h: Harness;
const C1 = 1;
const C2 = 2;
let q1: number;
let q2: number;
let q3: number;
const users: Record<string, User> = {};
const tokens: Record<string, string> = {};

const connection = (over: Partial<Connection> = {}): Connection => makeConnection({ id: 300, companyId: C1, complationMessage: 'Até logo {{firstName}}!', ...over });

/** A call as one of the users; the outbox is drained before answering so events can be checked. */
const api = async <T = any>(who: string, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: tokens[who], body });
  await h.flush();
  return res;
};
const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];

/** A ticket in a given state, straight in the table (with its own contact). */
async function ticketIn(fields: { status: string; userId?: number | null; queueId?: number | null; isGroup?: boolean; companyId?: number; whatsappId?: number | null }): Promise<{ id: number; uuid: string; contactId: number }> {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId, { isGroup: fields.isGroup });
  const [row] = await sqlq<{ id: number; uuid: string }>(
    `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, is_group, whatsapp_id) values ($1, $2, $3, $4, $5, $6, $7) returning id, uuid`,
    companyId, contactId, fields.status, fields.userId ?? null, fields.queueId === undefined ? q1 : fields.queueId, fields.isGroup ?? false, fields.whatsappId === undefined ? 300 : fields.whatsappId,
  );
  return { ...row!, contactId };
}

const setSettings = (companyId: number, entries: Record<string, string>) => h.settings.set(companyId, Object.entries(entries).map(([key, value]) => ({ key, value })));
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  q2 = await h.insertQueue(C1, 'Vendas');
  q3 = await h.insertQueue(C2, 'Outra');
  const define = async (key: string, fields: Partial<User> & { id: number; companyId: number }) => {
    ({ user: users[key], token: tokens[key] } = await h.signUp(fields));
  };
  await define('admin', { id: 1, companyId: C1, profile: 'admin', name: 'Admin Um', farewellMessage: 'Obrigado, {{name}}! Att {{userName}}' });
  await define('ana', { id: 11, companyId: C1, name: 'Ana', queueIds: [q1], userClosePendingTicket: 'disabled' });
  await define('bia', { id: 12, companyId: C1, name: 'Bia', queueIds: [q1], userClosePendingTicket: 'disabled' });
  await define('caio', { id: 13, companyId: C1, name: 'Caio', queueIds: [q2], userClosePendingTicket: 'disabled' });
  await define('noqueue', { id: 14, companyId: C1, name: 'Dora', queueIds: [q1], allTicket: 'enable' });
  await define('allchat', { id: 15, companyId: C1, name: 'Edu', queueIds: [q1], allUserChat: 'enabled' });
  await define('groups', { id: 16, companyId: C1, name: 'Fabi', queueIds: [q1], allowGroup: true });
  await define('history', { id: 17, companyId: C1, name: 'Gil', queueIds: [q1], allHistoric: 'enabled' });
  await define('manager', { id: 18, companyId: C1, name: 'Helo', queueIds: [q1], showDashboard: 'enabled', allowRealTime: 'enabled', userClosePendingTicket: 'disabled' });
  await define('ignorer', { id: 19, companyId: C1, name: 'Ivo', queueIds: [q1], userClosePendingTicket: 'enabled' });
  await define('admin2', { id: 2, companyId: C2, profile: 'admin', name: 'Admin Dois' });
  await define('root', { id: 3, companyId: C1, profile: 'admin', super: true, name: 'Root' });
  await h.publish('channels.connection.updated', C1, { connection: connection() });
  await h.publish('channels.connection.updated', C2, { connection: connection({ id: 400, companyId: C2 }) });
});
afterAll(async () => h?.stop());
beforeEach(() => h.settings.clear());

describe('authentication', () => {
  it('refuses calls without a token (401) or with a forged one (403)', async () => {
    expect((await h.request('GET', '/api/tickets')).status).toBe(401);
    expect((await h.request('GET', '/api/tickets', { token: 'x.y.z' })).status).toBe(403);
  });
});

describe('POST /api/tickets', () => {
  it('creates an open ticket for the caller on the default connection, logged create + open', async () => {
    const contactId = await h.insertContact(C1, { name: 'Joana' });
    const before = h.published.length;
    const res = await api('ana', 'POST', '/api/tickets', { contactId, queueId: q1 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', userId: 11, user: { id: 11, name: 'Ana' }, queueId: q1, queue: { name: 'Suporte' }, whatsappId: 300, contact: { name: 'Joana' } });
    const logs = await api('ana', 'GET', `/api/tickets-log/${res.body.id}`);
    expect(logs.body.map((l: any) => l.type)).toEqual(['create', 'open']);
    expect(eventsSince(before, 'tickets.ticket.created')).toHaveLength(1);
  });

  it('validates with the failing field', async () => {
    const missing = await api('ana', 'POST', '/api/tickets', {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'contactId', message: 'Required' }]);
    const bad = await api('ana', 'POST', '/api/tickets', { contactId: 'abc', queueId: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['contactId', 'queueId']);
    const huge = await api('ana', 'POST', '/api/tickets', { contactId: 99999999999 });
    expect(huge.status).toBe(400);
    const noQueue = await api('ana', 'POST', '/api/tickets', { contactId: await h.insertContact(C1) });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields).toEqual([{ field: 'queueId', message: 'Selecione uma fila' }]);
  });

  it('404 for an unknown contact, queue or connection, and for another company\u2019s contact', async () => {
    expect((await api('ana', 'POST', '/api/tickets', { contactId: 987654, queueId: q1 })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    const other = await h.insertContact(C2);
    expect((await api('admin', 'POST', '/api/tickets', { contactId: other, queueId: q1 })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    const mine = await h.insertContact(C1);
    expect((await api('admin', 'POST', '/api/tickets', { contactId: mine, queueId: q3 })).body.error).toBe('ERR_NO_QUEUE_FOUND');
    expect((await api('admin', 'POST', '/api/tickets', { contactId: mine, queueId: q1, whatsappId: 400 })).body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('takes a connection created a moment ago whose event is still on its way (channels knows it)', async () => {
    const responder = await answer(h.bus, 'channels.connection.get', async ({ companyId, connectionId }) =>
      companyId === C1 && connectionId === 401 ? { connection: { id: 401, name: 'Recém-criada' } } : null,
    );
    try {
      const arriving = new Promise<void>((resolve) =>
        setTimeout(() => void h.publish('channels.connection.updated', C1, { connection: connection({ id: 401, name: 'Recém-criada' }) }).then(() => resolve()), 200),
      );
      const created = await api('admin', 'POST', '/api/tickets', { contactId: await h.insertContact(C1), queueId: q1, whatsappId: 401 });
      await arriving;
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ whatsappId: 401, whatsapp: { name: 'Recém-criada' } });
      // One channels does not know for this company is refused at once.
      expect((await api('admin', 'POST', '/api/tickets', { contactId: await h.insertContact(C1), queueId: q1, whatsappId: 402 })).body.error).toBe('ERR_NO_WAPP_FOUND');
    } finally {
      await responder.unsubscribe();
    }
  });

  it("a user picks only among their own queues; an admin may hand the ticket to someone", async () => {
    const contactId = await h.insertContact(C1);
    expect((await api('ana', 'POST', '/api/tickets', { contactId, queueId: q2 })).status).toBe(403);
    const handed = await api('admin', 'POST', '/api/tickets', { contactId, queueId: q2, userId: 13 });
    expect(handed.body).toMatchObject({ userId: 13, status: 'open' });
    const ignored = await api('ana', 'POST', '/api/tickets', { contactId: await h.insertContact(C1), queueId: q1, userId: 13 });
    expect(ignored.body.userId).toBe(11);
  });

  it('409 ERR_OTHER_OPEN_TICKET names the holder when the contact already has an open ticket', async () => {
    const contactId = await h.insertContact(C1);
    const first = await api('bia', 'POST', '/api/tickets', { contactId, queueId: q1 });
    const again = await api('ana', 'POST', '/api/tickets', { contactId, queueId: q1 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET', message: expect.any(String), ticketId: first.body.id, userId: 12, user: { name: 'Bia' }, queue: { name: 'Suporte' }, uuid: first.body.uuid, status: 'open',
    });
  });

  it('the partial unique index holds under concurrent creation (one wins, the others get 409 with the holder)', async () => {
    const contactId = await h.insertContact(C1);
    const answers = await Promise.all([1, 2, 3, 4].map(() => api('ana', 'POST', '/api/tickets', { contactId, queueId: q1 })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 201);
    expect(losers.every((a) => a.status === 409 && a.body.error === 'ERR_OTHER_OPEN_TICKET' && a.body.userId === 11)).toBe(true);
  });

  it('creates a ticket without connection while the company has none', async () => {
    const companyId = 3;
    const u = h.addUser({ id: 31, companyId, profile: 'admin', name: 'Sem Conexão' });
    const contactId = await h.insertContact(companyId);
    const res = await h.request('POST', '/api/tickets', { token: h.token(u), body: { contactId } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ whatsappId: null, whatsapp: null, status: 'open', queueId: null });
  });
});

describe('GET /api/tickets (visibility, spec 000 §6)', () => {
  type Fixture = Record<string, number>;
  let t: Fixture;
  const companyId = 5;
  let qa: number;
  let qb: number;
  const who: Record<string, string> = {};

  beforeAll(async () => {
    qa = await h.insertQueue(companyId, 'A');
    qb = await h.insertQueue(companyId, 'B');
    const mk = (key: string, fields: Partial<User>) => {
      const u = h.addUser({ id: 500 + Object.keys(who).length, companyId, ...fields });
      who[key] = h.token(u);
      return u.id;
    };
    const admin = mk('admin', { profile: 'admin' });
    const me = mk('me', { queueIds: [qa] });
    const other = mk('other', { queueIds: [qa] });
    mk('allTicket', { queueIds: [qa], allTicket: 'enable' });
    mk('allChat', { queueIds: [qa], allUserChat: 'enabled' });
    mk('groups', { queueIds: [qa], allowGroup: true });
    mk('history', { queueIds: [qa], allHistoric: 'enabled' });
    mk('queueB', { queueIds: [qb] });
    void admin;
    const make = async (status: string, userId: number | null, queueId: number | null, isGroup = false) => (await ticketIn({ companyId, status, userId, queueId, isGroup, whatsappId: null })).id;
    t = {
      pendingA: await make('pending', null, qa),
      lgpdA: await make('lgpd', null, qa),
      pendingB: await make('pending', null, qb),
      pendingNoQueue: await make('pending', null, null),
      mineOpenA: await make('open', me, qa),
      mineOpenB: await make('open', me, qb),
      otherOpenA: await make('open', other, qa),
      otherOpenB: await make('open', other, qb),
      mineClosedA: await make('closed', me, qa),
      otherClosedA: await make('closed', other, qa),
      groupA: await make('group', null, qa, true),
      groupPendingA: await make('pending', null, qa, true),
    };
  });

  const ids = async (user: string, query = '') => {
    const res = await h.request('GET', `/api/tickets${query}`, { token: who[user] });
    expect(res.status).toBe(200);
    const names = Object.entries(t).filter(([, id]) => res.body.tickets.some((x: any) => x.id === id)).map(([name]) => name);
    return names.sort();
  };

  it('an attendant: own tickets always, pending/lgpd of their queues, nothing of other queues', async () => {
    expect(await ids('me', '?status=open')).toEqual(['mineOpenA', 'mineOpenB']);
    expect(await ids('me', '?status=pending')).toEqual(['lgpdA', 'pendingA']);
    expect(await ids('me', '?status=closed')).toEqual(['mineClosedA']);
    expect(await ids('me', '?status=group')).toEqual([]);
    expect(await ids('me', '?status=open&showAll=true')).toEqual(['mineOpenA', 'mineOpenB']);
  });

  it('allTicket adds tickets without queue', async () => {
    expect(await ids('allTicket', '?status=pending')).toEqual(['lgpdA', 'pendingA', 'pendingNoQueue']);
    expect(await ids('me', '?status=pending')).not.toContain('pendingNoQueue');
  });

  it("allUserChat with show all adds other users' open tickets of the queues", async () => {
    expect(await ids('allChat', '?status=open')).toEqual([]);
    expect(await ids('allChat', '?status=open&showAll=true')).toEqual(['mineOpenA', 'otherOpenA']);
  });

  it('allowGroup shows group tickets of the queues', async () => {
    expect(await ids('groups', '?status=group')).toEqual(['groupA']);
    expect(await ids('groups', '?status=pending')).toEqual(['groupPendingA', 'lgpdA', 'pendingA']);
  });

  it('allHistoric shows the closed history of the queues', async () => {
    expect(await ids('history', '?status=closed')).toEqual(['mineClosedA', 'otherClosedA']);
    expect(await ids('other', '?status=closed')).toEqual(['otherClosedA']);
  });

  it('admins: own open tickets without show all, every ticket with it', async () => {
    expect(await ids('admin', '?status=open')).toEqual([]);
    expect(await ids('admin', '?status=open&showAll=true')).toEqual(['mineOpenA', 'mineOpenB', 'otherOpenA', 'otherOpenB']);
    expect(await ids('admin', '?status=pending')).toEqual(['groupPendingA', 'lgpdA', 'pendingA', 'pendingB', 'pendingNoQueue']);
    expect(await ids('admin', '?status=search&showAll=true')).toEqual(Object.keys(t).sort());
  });

  it('queue filters are limited to the user\u2019s own queues', async () => {
    expect(await ids('me', '?status=pending&queueIds=[' + qb + ']')).toEqual([]);
    expect(await ids('queueB', '?status=pending&queueIds=[' + qb + ']')).toEqual(['pendingB']);
    expect(await ids('admin', `?status=pending&queueIds=${qb}`)).toEqual(['pendingB', 'pendingNoQueue']);
    expect(await ids('admin', `?status=open&showAll=true&queueIds[]=${qa}&queueIds[]=${qb}`)).toEqual(['mineOpenA', 'mineOpenB', 'otherOpenA', 'otherOpenB']);
  });

  it("an admin's users filter lists those users' tickets without show all (spec 000 §6); a user's list stays narrowed", async () => {
    const otherId = 500 + 2;
    expect(await ids('admin', `?status=search&users=[${otherId}]`)).toEqual(['otherClosedA', 'otherOpenA', 'otherOpenB']);
    expect(await ids('admin', `?status=open&users=[${otherId}]`)).toEqual(['otherOpenA', 'otherOpenB']);
    expect(await ids('admin', `?status=open&userFilter=${otherId}`)).toEqual(['otherOpenA', 'otherOpenB']);
    // Without a users filter, an admin's tab is still their own tickets and the waiting ones.
    expect(await ids('admin', '?status=open')).toEqual([]);
    // Users are narrowed as before: their own, the waiting ones and groups, unless they may show all and ask.
    expect(await ids('allChat', `?status=open&users=[${otherId}]`)).toEqual([]);
    expect(await ids('allChat', `?status=open&users=[${otherId}]&showAll=true`)).toEqual(['otherOpenA']);
    expect(await ids('me', `?status=search&users=[${otherId}]`)).toEqual([]);
  });

  it('filters by users, unread, connections and answers count and hasMore', async () => {
    const [meId, otherId] = [500 + 1, 500 + 2];
    expect(await ids('admin', `?status=open&showAll=true&users=[${otherId}]`)).toEqual(['otherOpenA', 'otherOpenB']);
    expect(await ids('admin', `?status=open&showAll=true&userFilter=${meId}`)).toEqual(['mineOpenA', 'mineOpenB']);
    await sqlq(`update tickets.tickets set unread_messages = 3 where id = $1`, t.pendingA!);
    expect(await ids('admin', '?status=pending&withUnreadMessages=true')).toEqual(['pendingA']);
    expect(await ids('admin', '?status=pending&whatsapps=[999]')).toEqual([]);
    const res = await h.request('GET', '/api/tickets?status=pending', { token: who.admin });
    expect(res.body).toMatchObject({ count: 5, hasMore: false });
  });

  it('sorts by updatedAt (DESC by default, ASC on request)', async () => {
    await sqlq(`update tickets.tickets set updated_at = now() - interval '1 hour' where id = $1`, t.pendingA!);
    const desc = await h.request('GET', '/api/tickets?status=pending', { token: who.admin });
    const asc = await h.request('GET', '/api/tickets?status=pending&sortTickets=ASC', { token: who.admin });
    expect(desc.body.tickets.at(-1).id).toBe(t.pendingA);
    expect(asc.body.tickets[0].id).toBe(t.pendingA);
  });

  it('refuses bad parameters with 400 naming them', async () => {
    const res = await h.request('GET', '/api/tickets?queueIds=[1,"x"]&status=nope&pageNumber=0&date=2024-02-31x', { token: who.admin });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: any) => f.field).sort()).toEqual(['date', 'pageNumber', 'queueIds.1', 'status'].sort());
    expect(res.body.fields.find((f: any) => f.field === 'pageNumber').message).toBe('must be 1 or more');
  });
});

describe('GET /api/tickets paging, search and tags', () => {
  const companyId = 6;
  let token: string;
  let attendant: string;
  beforeAll(async () => {
    const admin = h.addUser({ id: 601, companyId, profile: 'admin' });
    token = h.token(admin);
    const queue = await h.insertQueue(companyId, 'Q');
    attendant = h.token(h.addUser({ id: 602, companyId, queueIds: [queue] }));
    const values: string[] = [];
    for (let i = 0; i < 45; i++) values.push(`(${companyId}, 'Pessoa ${i}', '55119000${String(i).padStart(5, '0')}')`);
    await sqlq(`insert into tickets.contacts (company_id, name, number) values ${values.join(',')}`);
    await sqlq(`insert into tickets.tickets (company_id, contact_id, status, queue_id, updated_at)
      select company_id, id, 'pending', $2, now() - (id || ' seconds')::interval from tickets.contacts where company_id = $1`, companyId, queue);
    const special = await h.insertContact(companyId, { name: 'Zélia Procurada', number: '5521987654321' });
    const [tk] = await sqlq<{ id: number }>(`insert into tickets.tickets (company_id, contact_id, status, queue_id) values ($1, $2, 'pending', $3) returning id`, companyId, special, queue);
    await sqlq(`insert into tickets.messages (company_id, ticket_id, body) values ($1, $2, 'o boleto número 777 venceu')`, companyId, tk!.id);
    const tag = await h.insertTag(companyId, 'VIP');
    await sqlq(`insert into tickets.contact_tags (contact_id, tag_id, company_id) values ($1, $2, $3)`, special, tag, companyId);
  });

  it('pages of 40 with hasMore and a count', async () => {
    const one = await h.request('GET', '/api/tickets?status=pending', { token });
    expect(one.body.tickets).toHaveLength(40);
    expect(one.body).toMatchObject({ hasMore: true, count: 46 });
    const two = await h.request('GET', '/api/tickets?status=pending&pageNumber=2', { token });
    expect(two.body.tickets).toHaveLength(6);
    expect(two.body.hasMore).toBe(false);
    const seen = new Set([...one.body.tickets, ...two.body.tickets].map((x: any) => x.id));
    expect(seen.size).toBe(46);
  });

  it('searches by contact name and number, and inside messages only when asked', async () => {
    const byName = await h.request('GET', '/api/tickets?status=search&searchParam=procurada', { token });
    expect(byName.body.tickets.map((x: any) => x.contact.name)).toEqual(['Zélia Procurada']);
    const byNumber = await h.request('GET', '/api/tickets?searchParam=' + encodeURIComponent('(21) 98765-4321'), { token });
    expect(byNumber.body.tickets).toHaveLength(1);
    expect((await h.request('GET', '/api/tickets?searchParam=boleto', { token })).body.tickets).toHaveLength(0);
    const inMessages = await h.request('GET', '/api/tickets?searchParam=boleto&searchOnMessages=true', { token });
    expect(inMessages.body.tickets.map((x: any) => x.contact.name)).toEqual(['Zélia Procurada']);
    const attendantSearch = await h.request('GET', '/api/tickets?status=search&searchParam=procurada', { token: attendant });
    expect(attendantSearch.body.tickets).toHaveLength(1);
    const wild = await h.request('GET', '/api/tickets?searchParam=' + encodeURIComponent('%'), { token });
    expect(wild.body.tickets).toHaveLength(0);
  });

  it('an attendant the company hides numbers from finds contacts by name only: a number, whole or in part, finds nothing', async () => {
    setSettings(companyId, { enableLGPD: 'enabled', lgpdHideNumber: 'enabled' });
    for (const searchParam of ['5521987654321', '98765', '(21) 98765-4321']) {
      const res = await h.request('GET', `/api/tickets?status=search&searchParam=${encodeURIComponent(searchParam)}`, { token: attendant });
      expect(res.status).toBe(200);
      expect(res.body.tickets, searchParam).toHaveLength(0);
    }
    const byName = await h.request('GET', `/api/tickets?status=search&searchParam=${encodeURIComponent('zélia')}`, { token: attendant });
    expect(byName.body.tickets.map((x: any) => x.contact.number)).toEqual(['5521987****21']);
    // The admin still finds the contact by number.
    expect((await h.request('GET', '/api/tickets?status=search&searchParam=98765', { token })).body.tickets).toHaveLength(1);
  });

  it('filters by tags (of the ticket or its contact)', async () => {
    const [tag] = await sqlq<{ id: number }>(`select id from tickets.tags where company_id = $1`, companyId);
    const res = await h.request('GET', `/api/tickets?tags=[${tag!.id}]`, { token });
    expect(res.body.tickets.map((x: any) => x.contact.name)).toEqual(['Zélia Procurada']);
  });

  it('message search is served by the trigram index, not a table scan', async () => {
    await sqlq('analyze tickets.messages');
    const plan = await h.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(`explain select ticket_id from tickets.messages where company_id = $1 and body ilike $2`, [companyId, '%boleto%']);
    });
    const text = plan.map((r: any) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('messages_body_trgm_idx');
  });

  it('the trigram indexes keep no pending list, so no insert pays for merging everyone else\'s entries', async () => {
    const rows = await h.sql`select c.relname, c.reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'tickets' and c.relname in ('messages_body_trgm_idx', 'contacts_name_trgm_idx', 'contacts_number_trgm_idx') order by c.relname`;
    expect(rows.map((r: any) => [r.relname, r.reloptions])).toEqual([
      ['contacts_name_trgm_idx', ['fastupdate=false']],
      ['contacts_number_trgm_idx', ['fastupdate=false']],
      ['messages_body_trgm_idx', ['fastupdate=false']],
    ]);
  });
});

describe('GET /api/tickets/u/:uuid and /api/tickets/:id', () => {
  it('answers a visible ticket and logs the access once per user in a row', async () => {
    const t = await ticketIn({ status: 'pending', queueId: q1 });
    const res = await api('ana', 'GET', `/api/tickets/u/${t.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(t.id);
    await api('ana', 'GET', `/api/tickets/u/${t.uuid}`);
    const logs = await sqlq(`select type, user_id from tickets.ticket_logs where ticket_id = $1`, t.id);
    expect(logs).toEqual([{ type: 'access', user_id: 11 }]);
    expect((await api('ana', 'GET', `/api/tickets/${t.id}`)).body.uuid).toBe(t.uuid);
  });

  it('404 for tickets the caller may not see, unknown ones and bad ids', async () => {
    const t = await ticketIn({ status: 'pending', queueId: q2 });
    expect((await api('ana', 'GET', `/api/tickets/u/${t.uuid}`)).body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await api('ana', 'GET', `/api/tickets/${t.id}`)).status).toBe(404);
    expect((await api('caio', 'GET', `/api/tickets/${t.id}`)).status).toBe(200);
    expect((await api('ana', 'GET', '/api/tickets/u/not-a-uuid')).status).toBe(400);
    expect((await api('ana', 'GET', '/api/tickets/0')).status).toBe(400);
    expect((await api('ana', 'GET', '/api/tickets/abc')).status).toBe(400);
  });
});

describe('POST /api/tickets by a super user for another company', () => {
  it('opens it for a user of that company (400 on userId without one); a company that does not exist is 404', async () => {
    const contactId = await h.insertContact(C2, { name: 'Cliente da outra' });
    const noUser = await api('root', 'POST', '/api/tickets', { contactId, queueId: q3, companyId: C2 });
    expect(noUser.status).toBe(400);
    expect(noUser.body.fields).toEqual([{ field: 'userId', message: 'Required: a user of the company the ticket opens in' }]);
    const opened = await api('root', 'POST', '/api/tickets', { contactId, queueId: q3, companyId: C2, userId: 2 });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ companyId: C2, userId: 2, status: 'open' });
    h.missingCompanies.add(99);
    try {
      const gone = await api('root', 'POST', '/api/tickets', { contactId, queueId: q3, companyId: 99, userId: 2 });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('ERR_NO_COMPANY_FOUND');
    } finally {
      h.missingCompanies.delete(99);
    }
  });
});

describe('PUT /api/tickets/:id transitions', () => {
  it('accept: pending → open assigned to the caller, with the greeting when enabled', async () => {
    setSettings(C1, { sendGreetingAccepted: 'enabled', greetingAcceptedMessage: '{{ms}} {{firstName}}, sou {{userName}} do {{queue}}.' });
    const t = await ticketIn({ status: 'pending', queueId: q1 });
    await sqlq(`update tickets.contacts set name = 'Marcos Lima' where id = $1`, t.contactId);
    const before = h.published.length;
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 11 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', userId: 11, user: { name: 'Ana' } });
    const [greeting] = await sqlq(`select body, from_me, ack, user_id from tickets.messages where ticket_id = $1`, t.id);
    expect(greeting!.body).toMatch(/^(Bom dia|Boa tarde|Boa noite) Marcos, sou Ana do Suporte\.$/);
    expect(greeting).toMatchObject({ from_me: true, ack: 0, user_id: 11 });
    const sends = eventsSince(before, 'channels.message.send');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.data).toMatchObject({ kind: 'text', connectionId: 300, ticketId: t.id });
    const updated = eventsSince(before, 'tickets.ticket.updated');
    expect(updated.at(-1)!.data.previous).toMatchObject({ status: 'pending', userId: null });
  });

  it('a company without queues accepts and reopens its tickets without one (its attendants see them with allTicket)', async () => {
    const C3 = 3;
    ({ token: tokens.solo } = await h.signUp({ id: 30, companyId: C3, name: 'Solo', allTicket: 'enable' }));
    const t = await ticketIn({ companyId: C3, status: 'pending', queueId: null, whatsappId: null });
    const accepted = await api('solo', 'PUT', `/api/tickets/${t.id}`, { status: 'open' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', userId: 30, queueId: null });
    expect((await api('solo', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).body).toMatchObject({ status: 'closed' });
    expect((await api('solo', 'PUT', `/api/tickets/${t.id}`, { status: 'open' })).body).toMatchObject({ status: 'open', userId: 30, queueId: null });
    const logs = await sqlq(`select type, user_id, queue_id from tickets.ticket_logs where ticket_id = $1 order by id`, t.id);
    expect(logs.map((l) => l.type)).toEqual(['open', 'closed', 'reopen']);
  });

  it('accept of a pending ticket without queue needs queueId (400), then takes it', async () => {
    const t = await ticketIn({ status: 'pending', queueId: null });
    const refused = await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'open' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'queueId', message: 'Selecione uma fila' }]);
    const ok = await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'open', queueId: q2 });
    expect(ok.body).toMatchObject({ status: 'open', queueId: q2, userId: 1 });
    // Another company's queue does not exist for this one.
    expect((await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'open', queueId: q3 })).body.error).toBe('ERR_NO_QUEUE_FOUND');
    const x = await ticketIn({ status: 'pending', queueId: null });
    expect((await api('admin', 'PUT', `/api/tickets/${x.id}`, { status: 'open', queueId: q3 })).body.error).toBe('ERR_NO_QUEUE_FOUND');
  });

  it('reopen: closed → open assigned to the caller; 409 with the holder when the contact has another open ticket', async () => {
    const t = await ticketIn({ status: 'closed', userId: 12 });
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'open' })).status).toBe(404); // Bia's history is not Ana's
    await sqlq(`update tickets.tickets set closed_at = now() - interval '1 hour' where id = $1`, t.id);
    const res = await api('history', 'PUT', `/api/tickets/${t.id}`, { status: 'open' });
    expect(res.body).toMatchObject({ status: 'open', userId: 17, closedAt: null });
    const closed = await api('history', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    expect(Date.now() - Date.parse(closed.body.closedAt)).toBeLessThan(60_000);
    expect((await api('ana', 'PUT', `/api/tickets/${(await ticketIn({ status: 'closed', userId: 11 })).id}`, { status: 'open' })).body).toMatchObject({ status: 'open', userId: 11 });
    const [other] = await sqlq<{ id: number; uuid: string }>(`insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, whatsapp_id) values ($1, $2, 'open', 12, $3, 300) returning id, uuid`, C1, t.contactId, q1);
    const conflict = await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'open' });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticketId: other!.id, userId: 12, user: { name: 'Bia' }, queue: { name: 'Suporte' }, uuid: other!.uuid, status: 'open' });
    expect((await sqlq(`select status from tickets.tickets where id = $1`, t.id))[0]!.status).toBe('closed');
  });

  it('accept of a ticket another attendant already accepted: 409 naming the holder, the ticket stays theirs', async () => {
    const t = await ticketIn({ status: 'pending', queueId: q1 });
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 11, queueId: q1 })).status).toBe(200);
    const before = h.published.length;
    // From a stale list: Bia may no longer see Ana's ticket, Edu (allUserChat) still may; neither takes it.
    for (const [who, id] of [['bia', 12], ['allchat', 15]] as const) {
      const late = await api(who, 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: id, queueId: q1 });
      expect(late.status).toBe(409);
      expect(late.body).toEqual({
        error: 'ERR_OTHER_OPEN_TICKET', message: expect.any(String), ticketId: t.id, userId: 11, user: { name: 'Ana' }, queue: { name: 'Suporte' }, uuid: t.uuid, status: 'open',
      });
    }
    // An admin's accept is refused the same way.
    expect((await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 1, queueId: q1 })).body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', userId: 11 });
    expect((await sqlq(`select status, user_id, is_transfered from tickets.tickets where id = $1`, t.id))[0]).toEqual({ status: 'open', user_id: 11, is_transfered: false });
    expect((await sqlq(`select type, user_id from tickets.ticket_logs where ticket_id = $1 order by id`, t.id))).toEqual([{ type: 'open', user_id: 11 }]);
    expect(eventsSince(before, 'tickets.ticket.updated')).toHaveLength(0);
    // Someone who never could see it (another queue) still gets 404.
    expect((await api('caio', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 13, queueId: q1 })).status).toBe(404);
  });

  it('two accepts at once: one takes the ticket, the other gets 409 naming the winner', async () => {
    const t = await ticketIn({ status: 'pending', queueId: q1 });
    const [a, b] = await Promise.all([
      api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 11, queueId: q1 }),
      api('bia', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 12, queueId: q1 }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticketId: t.id, userId: winner.body.userId, user: { name: winner.body.user.name }, queue: { name: 'Suporte' }, status: 'open' });
    expect((await sqlq(`select user_id from tickets.tickets where id = $1`, t.id))[0]!.user_id).toBe(winner.body.userId);
    expect((await sqlq(`select type from tickets.ticket_logs where ticket_id = $1`, t.id)).map((l) => l.type)).toEqual(['open']);
  });

  it('a real transfer of a held ticket still works: marked isTransfered, or an admin naming another user', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const taken = await api('allchat', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 15, queueId: q1, isTransfered: true });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'open', userId: 15, isTransfered: true });
    const handed = await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 12, queueId: q1 });
    expect(handed.body).toMatchObject({ status: 'open', userId: 12, isTransfered: true });
  });

  it("accept and reopen into a queue that is not the user's: 403 ERR_NO_PERMISSION, as on create; admins may", async () => {
    const pending = await ticketIn({ status: 'pending', queueId: q1 });
    const refused = await api('ana', 'PUT', `/api/tickets/${pending.id}`, { status: 'open', userId: 11, queueId: q2 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION', message: 'A user can only pick among their own queues' });
    expect((await sqlq(`select status, queue_id from tickets.tickets where id = $1`, pending.id))[0]).toEqual({ status: 'pending', queue_id: q1 });
    expect((await api('ana', 'PUT', `/api/tickets/${pending.id}`, { status: 'open', userId: 11, queueId: q1 })).body).toMatchObject({ status: 'open', queueId: q1 });
    const closed = await ticketIn({ status: 'closed', userId: 11 });
    expect((await api('ana', 'PUT', `/api/tickets/${closed.id}`, { status: 'open', queueId: q2 })).status).toBe(403);
    const elsewhere = await ticketIn({ status: 'closed', userId: 11, queueId: q2 });
    expect((await api('ana', 'PUT', `/api/tickets/${elsewhere.id}`, { status: 'open' })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('ana', 'PUT', `/api/tickets/${elsewhere.id}`, { status: 'open', queueId: q1 })).body).toMatchObject({ status: 'open', queueId: q1 });
    const forAdmin = await ticketIn({ status: 'pending', queueId: q1 });
    expect((await api('admin', 'PUT', `/api/tickets/${forAdmin.id}`, { status: 'open', userId: 1, queueId: q2 })).body).toMatchObject({ status: 'open', queueId: q2 });
  });

  it('return to queue: open → pending without user', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'pending', userId: null });
    expect(res.body).toMatchObject({ status: 'pending', userId: null, user: null });
  });

  it('transfer to a user: open for them, marked transferred, the note kept private, the transfer message sent', async () => {
    setSettings(C1, { sendMsgTransfTicket: 'enabled', transferMessage: 'Você foi transferido para {{queue}} ({{userName}})' });
    const t = await ticketIn({ status: 'open', userId: 11 });
    const before = h.published.length;
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'open', userId: 13, queueId: q2, isTransfered: true, msgTransfer: 'cliente quer desconto' });
    expect(res.body).toMatchObject({ status: 'open', userId: 13, queueId: q2, isTransfered: true });
    const msgs = await sqlq(`select body, is_private from tickets.messages where ticket_id = $1 order by id`, t.id);
    expect(msgs).toEqual([{ body: 'cliente quer desconto', is_private: true }, { body: 'Você foi transferido para Vendas (Caio)', is_private: false }]);
    expect(eventsSince(before, 'channels.message.send').map((e) => e.data.body)).toEqual(['Você foi transferido para Vendas (Caio)']);
    const logs = await sqlq(`select type, user_id, queue_id from tickets.ticket_logs where ticket_id = $1 order by id`, t.id);
    expect(logs).toEqual([{ type: 'transfered', user_id: 11, queue_id: q1 }, { type: 'receivedTransfer', user_id: 13, queue_id: q2 }]);
    // Ana no longer sees it: the update told realtime her previous view.
    expect(eventsSince(before, 'tickets.ticket.updated').at(-1)!.data.previous).toMatchObject({ userId: 11, queueId: q1 });
    expect((await api('ana', 'GET', `/api/tickets/${t.id}`)).status).toBe(404);
  });

  it('transfer to a queue only: pending without user; needs a queue (400); unknown user (404)', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { userId: 12 })).body.fields).toEqual([{ field: 'queueId', message: 'Selecione uma fila' }]);
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { userId: 2, queueId: q1 })).body.error).toBe('ERR_NO_USER_FOUND');
    setSettings(C1, { sendMsgTransfTicket: 'enabled', transferMessage: 'Você foi transferido para {{queue}} ({{userName}})' });
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'pending', userId: null, queueId: q2 });
    expect(res.body).toMatchObject({ status: 'pending', userId: null, queueId: q2, isTransfered: true });
    // Nobody holds it yet: the message names no attendant (not Ana, who transferred it).
    expect((await sqlq(`select body from tickets.messages where ticket_id = $1 and not is_private`, t.id)).map((m) => m.body)).toEqual(['Você foi transferido para Vendas ()']);
  });

  it('closeTicketOnTransfer: the ticket is closed and the receiver gets a new one', async () => {
    setSettings(C1, { closeTicketOnTransfer: 'true' });
    const t = await ticketIn({ status: 'open', userId: 11 });
    const res = await api('ana', 'PUT', `/api/tickets/${t.id}`, { userId: 12, queueId: q1, status: 'open' });
    expect(res.body.id).not.toBe(t.id);
    expect(res.body).toMatchObject({ status: 'open', userId: 12, contactId: t.contactId, isTransfered: true });
    expect((await sqlq(`select status from tickets.tickets where id = $1`, t.id))[0]!.status).toBe('closed');
  });

  it('resolve with the farewell (the user\u2019s, variables replaced) or without', async () => {
    const t = await ticketIn({ status: 'open', userId: 1 });
    await sqlq(`update tickets.contacts set name = 'Rita' where id = $1`, t.contactId);
    const res = await api('admin', 'PUT', `/api/tickets/${t.id}`, { status: 'closed', sendFarewellMessage: true, amountUsedBotQueues: 0 });
    expect(res.body).toMatchObject({ status: 'closed', userId: 1, closedAt: expect.any(String) });
    expect((await sqlq(`select body from tickets.messages where ticket_id = $1`, t.id)).map((m) => m.body)).toEqual(['Obrigado, Rita! Att Admin Um']);
    const quiet = await ticketIn({ status: 'open', userId: 11 });
    await api('ana', 'PUT', `/api/tickets/${quiet.id}`, { status: 'closed', sendFarewellMessage: false });
    expect(await sqlq(`select body from tickets.messages where ticket_id = $1`, quiet.id)).toEqual([]);
    const connectionFarewell = await ticketIn({ status: 'open', userId: 11 });
    await sqlq(`update tickets.contacts set name = 'Tiago Melo' where id = $1`, connectionFarewell.contactId);
    await api('ana', 'PUT', `/api/tickets/${connectionFarewell.id}`, { status: 'closed', sendFarewellMessage: true });
    expect((await sqlq(`select body from tickets.messages where ticket_id = $1`, connectionFarewell.id)).map((m) => m.body)).toEqual(['Até logo Tiago!']);
  });

  it('requiredTag: closing without a tag on the ticket or its contact is refused (400 ERR_TAG_REQUIRED)', async () => {
    setSettings(C1, { requiredTag: 'enabled' });
    const t = await ticketIn({ status: 'open', userId: 11 });
    const refused = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_TAG_REQUIRED');
    const tag = await h.insertTag(C1, `tag-${t.id}`);
    await sqlq(`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values ($1, $2, $3)`, t.id, tag, C1);
    expect((await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).status).toBe(200);
    const viaContact = await ticketIn({ status: 'pending' });
    await sqlq(`insert into tickets.contact_tags (contact_id, tag_id, company_id) values ($1, $2, $3)`, viaContact.contactId, tag, C1);
    expect((await api('admin', 'PUT', `/api/tickets/${viaContact.id}`, { status: 'closed' })).status).toBe(200);
  });

  it('ignore / close pending: admins, userClosePendingTicket or showDashboard; others 403', async () => {
    const a = await ticketIn({ status: 'pending' });
    expect((await api('ana', 'PUT', `/api/tickets/${a.id}`, { status: 'closed' })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api('ignorer', 'PUT', `/api/tickets/${a.id}`, { status: 'closed' })).body).toMatchObject({ status: 'closed', amountUsedBotQueues: 0 });
    const b = await ticketIn({ status: 'pending' });
    expect((await api('manager', 'PUT', `/api/tickets/${b.id}`, { status: 'closed' })).body.status).toBe('closed');
    const lgpd = await ticketIn({ status: 'lgpd' });
    expect((await api('manager', 'PUT', `/api/tickets/${lgpd.id}`, { status: 'closed' })).status).toBe(403);
    expect((await api('admin', 'PUT', `/api/tickets/${lgpd.id}`, { status: 'closed' })).body.status).toBe('closed');
  });

  it('refused transitions answer 409 ERR_INVALID_TRANSITION', async () => {
    const closed = await ticketIn({ status: 'closed', userId: 11 });
    for (const body of [{ status: 'closed' }, { status: 'pending' }, { queueId: q2 }]) {
      const res = await api('ana', 'PUT', `/api/tickets/${closed.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('ERR_INVALID_TRANSITION');
    }
    const lgpd = await ticketIn({ status: 'lgpd' });
    expect((await api('admin', 'PUT', `/api/tickets/${lgpd.id}`, { status: 'open' })).status).toBe(409);
  });

  it('validates the body (400 naming the field) and hides tickets the caller may not see (404)', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const bad = await api('ana', 'PUT', `/api/tickets/${t.id}`, { status: 'lgpd', userId: 'x', amountUsedBotQueues: -1, sendFarewellMessage: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['amountUsedBotQueues', 'sendFarewellMessage', 'status', 'userId']);
    expect((await api('caio', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).status).toBe(404);
    expect((await api('bia', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).status).toBe(404);
    expect((await api('allchat', 'PUT', `/api/tickets/${t.id}`, { status: 'closed' })).status).toBe(200);
  });
});

describe('DELETE /api/tickets/:id', () => {
  it('admins delete a ticket that is not closed; never a closed one; users never', async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    expect((await api('ana', 'DELETE', `/api/tickets/${t.id}`)).status).toBe(403);
    const before = h.published.length;
    expect((await api('admin', 'DELETE', `/api/tickets/${t.id}`)).status).toBe(200);
    expect(eventsSince(before, 'tickets.ticket.deleted')[0]!.data).toMatchObject({ ticketId: t.id, scope: { status: 'open', userId: 11 } });
    expect((await api('admin', 'GET', `/api/tickets/${t.id}`)).status).toBe(404);
    const closed = await ticketIn({ status: 'closed' });
    const refused = await api('admin', 'DELETE', `/api/tickets/${closed.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_TICKET_CLOSED', message: 'PARA DELETAR REABRA O TICKET' });
  });
});

describe('POST /api/tickets/closeAll', () => {
  it('closes only the tab status within the selected queues (admins only)', async () => {
    const companyId = 7;
    const admin = h.addUser({ id: 701, companyId, profile: 'admin' });
    const user = h.addUser({ id: 702, companyId });
    const qa = await h.insertQueue(companyId, 'A');
    const qb = await h.insertQueue(companyId, 'B');
    const mk = async (status: string, queueId: number | null) => (await ticketIn({ companyId, status, queueId, whatsappId: null, userId: status === 'open' ? 701 : null })).id;
    const ids = { pA: await mk('pending', qa), pB: await mk('pending', qb), pNone: await mk('pending', null), oA: await mk('open', qa), lA: await mk('lgpd', qa) };
    const ofUser = (await ticketIn({ companyId, status: 'open', queueId: qb, whatsappId: null, userId: 702 })).id;
    expect((await h.request('POST', '/api/tickets/closeAll', { token: h.token(user), body: { status: 'pending', selectedQueueIds: [qa] } })).status).toBe(403);
    expect((await h.request('POST', '/api/tickets/closeAll', { token: h.token(admin), body: { status: 'closed' } })).status).toBe(400);
    const res = await h.request('POST', '/api/tickets/closeAll', { token: h.token(admin), body: { status: 'pending', selectedQueueIds: [qa] } });
    expect(res.body).toEqual({ message: 'Tickets closed', count: 2, left: 0 });
    const rows = await sqlq<{ id: number; status: string }>(`select id, status from tickets.tickets where company_id = $1`, companyId);
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect([status[ids.pA], status[ids.lA], status[ids.pB], status[ids.pNone], status[ids.oA]]).toEqual(['closed', 'closed', 'pending', 'pending', 'open']);
    const logs = await sqlq(`select type, user_id as "userId" from tickets.ticket_logs where ticket_id = $1`, ids.pA);
    expect(logs).toEqual([{ type: 'closed', userId: 701 }]);
    // Closed by the admin, an attendant's ticket stays theirs (in their closed history), and the log says who closed it.
    expect((await h.request('POST', '/api/tickets/closeAll', { token: h.token(admin), body: { status: 'open', selectedQueueIds: [qb] } })).body.count).toBe(1);
    expect((await sqlq(`select status, user_id as "userId" from tickets.tickets where id = $1`, ofUser))[0]).toEqual({ status: 'closed', userId: 702 });
    expect(await sqlq(`select type, user_id as "userId" from tickets.ticket_logs where ticket_id = $1`, ofUser)).toEqual([{ type: 'closed', userId: 701 }]);
    // The other company's tickets are untouched by this company's admin.
    const c1 = await ticketIn({ status: 'pending', queueId: q1 });
    await h.request('POST', '/api/tickets/closeAll', { token: h.token(admin), body: { status: 'pending' } });
    expect((await sqlq(`select status from tickets.tickets where id = $1`, c1.id))[0]!.status).toBe('pending');
  });
});

describe('POST /api/tickets/closeAll with requiredTag (spec 000 §4, §5)', () => {
  it('closes the tagged tickets (tag on the ticket or its contact), leaves the others and says how many', async () => {
    const companyId = 8;
    const admin = h.addUser({ id: 801, companyId, profile: 'admin' });
    const queue = await h.insertQueue(companyId, 'Q');
    const tag = await h.insertTag(companyId, 'Etiqueta');
    const mk = async () => ticketIn({ companyId, status: 'open', queueId: queue, whatsappId: null, userId: 801 });
    const [byTicket, byContact, bare1, bare2] = [await mk(), await mk(), await mk(), await mk()];
    await sqlq(`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values ($1, $2, $3)`, byTicket.id, tag, companyId);
    await sqlq(`insert into tickets.contact_tags (contact_id, tag_id, company_id) values ($1, $2, $3)`, byContact.contactId, tag, companyId);
    setSettings(companyId, { requiredTag: 'enabled' });
    const before = h.published.length;
    const res = await h.request('POST', '/api/tickets/closeAll', { token: h.token(admin), body: { status: 'open', selectedQueueIds: [queue] } });
    await h.flush();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.stringContaining('2'), count: 2, left: 2 });
    const rows = await sqlq<{ id: number; status: string }>(`select id, status from tickets.tickets where company_id = $1 order by id`, companyId);
    expect(rows).toEqual([
      { id: byTicket.id, status: 'closed' }, { id: byContact.id, status: 'closed' }, { id: bare1.id, status: 'open' }, { id: bare2.id, status: 'open' },
    ]);
    expect(eventsSince(before, 'tickets.ticket.updated').map((e) => e.data.ticket.id).sort()).toEqual([byTicket.id, byContact.id].sort());
    // With requiredTag off, everything closes and nothing is left.
    setSettings(companyId, { requiredTag: 'disabled' });
    const all = await h.request('POST', '/api/tickets/closeAll', { token: h.token(admin), body: { status: 'open' } });
    expect(all.body).toEqual({ message: 'Tickets closed', count: 2, left: 0 });
  });
});

describe('cross-company isolation', () => {
  it("an admin of company 2 gets 404 on every id route of company 1's tickets", async () => {
    const t = await ticketIn({ status: 'open', userId: 11 });
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/tickets/${t.id}`],
      ['GET', `/api/tickets/u/${t.uuid}`],
      ['PUT', `/api/tickets/${t.id}`, { status: 'closed' }],
      ['DELETE', `/api/tickets/${t.id}`],
      ['GET', `/api/tickets-log/${t.id}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await api('admin2', method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error).toBe('ERR_NO_TICKET_FOUND');
    }
    const list = await api('admin2', 'GET', '/api/tickets?status=search&showAll=true');
    expect(list.body.tickets.every((x: any) => x.companyId === C2)).toBe(true);
    expect((await sqlq(`select status from tickets.tickets where id = $1`, t.id))[0]!.status).toBe('open');
  });
});
