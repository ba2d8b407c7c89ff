import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Outbox, ask, createUnitOfWork, preparedStatements, type SendCommand } from '@atende/kit';
import { schema } from '../db/schema.js';
import { createFakeDrivers, type FakeDrivers } from '../testing/fake-driver.js';
import { startHarness, testConfig, waitFor, type Harness } from '../testing/harness.js';
import { CALL_RECORD, createSessionManager, type SessionManager } from './sessions.js';

async function insertConnection(h: Harness, companyId: number, fields: { status?: string; channel?: string; credentials?: boolean } = {}): Promise<number> {
  const token = randomBytes(15).toString('hex');
  const [row] = await h.sql<{ id: number }[]>`
    insert into channels.connections (company_id, name, channel, status, token)
    values (${companyId}, ${`Conexão ${token.slice(0, 6)}`}, ${fields.channel ?? 'whatsapp'}, ${fields.status ?? 'DISCONNECTED'}, ${token}) returning id`;
  if (fields.credentials) await h.sql`insert into channels.session_keys (connection_id, key, value) values (${row!.id}, 'creds', ${JSON.stringify({ registered: true })}::jsonb)`;
  return row!.id;
}

const connectionRow = async (h: Harness, id: number) =>
  (await h.sql<{ status: string; qrcode: string; retries: number; number: string }[]>`select status, qrcode, retries, number from channels.connections where id = ${id}`)[0]!;
const keyCount = async (h: Harness, id: number) => (await h.sql<{ n: number }[]>`select count(*)::int as n from channels.session_keys where connection_id = ${id}`)[0]!.n;
const leaseOwner = async (h: Harness, id: number) => (await h.sql<{ owner: string }[]>`select owner from channels.session_leases where connection_id = ${id}`)[0]?.owner ?? null;

function sendCommand(connectionId: number, messageId: number, fields: Partial<SendCommand> = {}): SendCommand {
  return {
    messageId, ticketId: 7, connectionId, channel: 'whatsapp', to: { number: '5511988887777', remoteJid: null, isGroup: false },
    body: `mensagem ${messageId}`, media: null, quotedWid: null, kind: 'text', targetWid: null, ...fields,
  };
}

describe('sessions on one worker', () => {
  let h: Harness;
  let fake: FakeDrivers;
  let admin: string;

  beforeAll(async () => {
    fake = createFakeDrivers();
    h = await startHarness({ drivers: { whatsapp: fake.factory, whatsappapi: fake.factory } });
    admin = h.signIn({ id: 1, companyId: 1, profile: 'admin' }).token;
  });
  afterAll(() => h.stop());
  afterEach(() => {
    fake.state.failWith = null;
  });

  /** A connection started through the retry button, its fake session showing a QR code. */
  const started = async () => {
    const id = await insertConnection(h, 1);
    expect((await h.request('POST', `/api/whatsappsession/${id}`, { token: admin })).status).toBe(200);
    const session = await waitFor(h, () => fake.latest(id), 'the session to start');
    return { id, session };
  };

  it('starts OPENING and shows the QR code to the company', async () => {
    const { id, session } = await started();
    await waitFor(h, () => h.events('channels.session.updated').some((e) => e.data.session.id === id && e.data.session.status === 'OPENING'), 'OPENING');
    session.showQr('QR-TEXT-1');
    const update = await waitFor(
      h,
      () => h.events('channels.session.updated').find((e) => e.data.session.id === id && e.data.session.status === 'qrcode'),
      'the QR code',
    );
    expect(update.companyId).toBe(1);
    expect(update.data.session.qrcode).toBe('QR-TEXT-1');
    const connection = h.events('channels.connection.updated').filter((e) => e.data.connection.id === id).at(-1)!;
    expect(connection.data.connection.status).toBe('qrcode');
    expect(connection.data.whatsapp).toMatchObject({ id, status: 'qrcode', qrcode: 'QR-TEXT-1', token: '' });
    expect(await connectionRow(h, id)).toMatchObject({ status: 'qrcode', qrcode: 'QR-TEXT-1' });
  });

  it('once connected keeps the number and clears the QR code', async () => {
    const { id, session } = await started();
    session.showQr();
    session.connect('5511912345678');
    await waitFor(h, async () => (await connectionRow(h, id)).status === 'CONNECTED', 'CONNECTED');
    expect(await connectionRow(h, id)).toMatchObject({ number: '5511912345678', qrcode: '', retries: 0 });
    const projection = await waitFor(
      h,
      () => h.events('channels.connection.updated').find((e) => e.data.connection.id === id && e.data.connection.status === 'CONNECTED'),
      'the connection event',
    );
    expect(projection.data.connection.number).toBe('5511912345678');
  });

  it('counts failed connections in retries', async () => {
    const { id, session } = await started();
    session.disconnect();
    session.disconnect();
    await waitFor(h, async () => (await connectionRow(h, id)).retries === 2, 'two retries');
    expect((await connectionRow(h, id)).status).toBe('DISCONNECTED');
  });

  it('publishes what a contact wrote for tickets, with its connection and channel', async () => {
    const { id, session } = await started();
    session.connect();
    session.context.events.message({
      contact: { number: '5511977776666', name: 'Maria', pictureUrl: null, lid: null, remoteJid: '5511977776666@s.whatsapp.net' },
      isGroup: false, group: null, wid: 'WID-IN-1', fromMe: false, body: 'Olá', media: null, quotedWid: null, timestamp: 1_700_000_000,
    });
    const received = await waitFor(h, () => h.events('channels.message.received').find((e) => e.data.wid === 'WID-IN-1'), 'the inbound message');
    expect(received.companyId).toBe(1);
    expect(received.data).toMatchObject({ connectionId: id, channel: 'whatsapp', body: 'Olá', contact: { number: '5511977776666', name: 'Maria' } });
  });

  it("drops group messages while the connection does not allow groups (allowGroup, off by default); publishes them once it does", async () => {
    const { id, session } = await started();
    session.connect();
    const groupMessage = (wid: string, fromMe = false) => ({
      contact: { number: '5511977774444', name: 'Tio', pictureUrl: null, lid: null, remoteJid: '5511977774444@s.whatsapp.net' },
      isGroup: true, group: { number: '120363000000000009', name: 'Família', pictureUrl: null }, wid, fromMe, body: 'oi grupo', media: null, quotedWid: null, timestamp: 1_700_000_000,
    });
    const own = (wid: string) => ({
      contact: { number: '5511977774444', name: 'Tio', pictureUrl: null, lid: null, remoteJid: '5511977774444@s.whatsapp.net' },
      isGroup: false, group: null, wid, fromMe: false, body: 'oi', media: null, quotedWid: null, timestamp: 1_700_000_000,
    });
    session.context.events.message(groupMessage('WID-GROUP-1'));
    session.context.events.message(groupMessage('WID-GROUP-2', true));
    session.context.events.message(own('WID-OWN-1'));
    // Published in the session's order: once the later message is out, the group ones were decided.
    await waitFor(h, () => h.events('channels.message.received').find((e) => e.data.wid === 'WID-OWN-1'), 'the contact message');
    expect(h.events('channels.message.received').filter((e) => e.data.connectionId === id && e.data.isGroup)).toEqual([]);

    await h.sql`update channels.connections set allow_group = true where id = ${id}`;
    session.context.events.message(groupMessage('WID-GROUP-3'));
    const received = await waitFor(h, () => h.events('channels.message.received').find((e) => e.data.wid === 'WID-GROUP-3'), 'the group message');
    expect(received.data).toMatchObject({ connectionId: id, isGroup: true, group: { number: '120363000000000009' } });
  });

  describe('calls (settings acceptCallWhatsapp, AcceptCallWhatsappMessage)', () => {
    const caller = { number: '5511977775555', name: '', pictureUrl: null, lid: null, remoteJid: '5511977775555@s.whatsapp.net' };
    afterEach(() => h.settings.delete(1));

    it('refused while the company does not take calls: the caller gets the message, the conversation keeps the call and the answer', async () => {
      h.settings.set(1, [
        { key: 'acceptCallWhatsapp', value: 'disabled' },
        { key: 'AcceptCallWhatsappMessage', value: 'Não atendemos ligações por aqui, escreva para nós.' },
      ]);
      const { id, session } = await started();
      session.connect();
      session.call({ id: 'CALL-1', fromJid: caller.remoteJid, contact: caller, isVideo: true });
      const answer = await waitFor(h, () => h.events('channels.message.received').find((e) => e.data.connectionId === id && e.data.fromMe), 'the answer reported');
      expect(session.rejectedCalls).toEqual(['CALL-1']);
      expect(session.sent.map((c) => [c.to.number, c.body, c.kind])).toEqual([[caller.number, 'Não atendemos ligações por aqui, escreva para nós.', 'text']]);
      const reported = h.events('channels.message.received').filter((e) => e.data.connectionId === id);
      expect(reported.map((e) => [e.data.fromMe, e.data.body, e.data.contact.number])).toEqual([
        [false, CALL_RECORD.video, caller.number],
        [true, 'Não atendemos ligações por aqui, escreva para nós.', caller.number],
      ]);
      expect(answer.data.wid).toBe('FAKE-0');
    });

    it('taking calls (the default): the phone rings, nothing is refused or said', async () => {
      const { id, session } = await started();
      session.connect();
      session.call({ id: 'CALL-2', fromJid: caller.remoteJid, contact: caller, isVideo: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(session.rejectedCalls).toEqual([]);
      expect(session.sent).toEqual([]);
      expect(h.events('channels.message.received').filter((e) => e.data.connectionId === id)).toEqual([]);
    });
  });

  it('stores inbound media under the company folder', async () => {
    const { session } = await started();
    const key = await session.context.storeMedia(Buffer.from('%PDF-1.4 test'), 'contrato.pdf', 'application/pdf');
    expect(key.startsWith('company1/')).toBe(true);
    expect((await session.context.readMedia(key)).toString()).toBe('%PDF-1.4 test');
  });

  it('delivers a send command through the connected session and acks it with the channel id', async () => {
    const { id, session } = await started();
    session.connect();
    await waitFor(h, () => fake.latest(id)?.connected && h.events('channels.connection.updated').some((e) => e.data.connection.id === id && e.data.connection.status === 'CONNECTED'), 'CONNECTED');
    await h.publish('channels.message.send', 1, sendCommand(id, 501));
    const ack = await waitFor(h, () => h.events('channels.message.ack').find((e) => e.data.messageId === 501), 'the ack');
    expect(ack.data).toEqual({ messageId: 501, wid: 'FAKE-501', ack: 1, error: null });
    expect(session.sent.map((c) => c.messageId)).toEqual([501]);
  });

  it('a send the channel refuses is acked -1 with the sending error', async () => {
    const { id, session } = await started();
    session.connect();
    await waitFor(h, async () => (await connectionRow(h, id)).status === 'CONNECTED', 'CONNECTED');
    fake.state.failWith = new Error('not on whatsapp');
    await h.publish('channels.message.send', 1, sendCommand(id, 502));
    const ack = await waitFor(h, () => h.events('channels.message.ack').find((e) => e.data.messageId === 502), 'the ack');
    expect(ack.data).toMatchObject({ ack: -1, error: 'ERR_SENDING_WAPP_MSG' });
  });

  it('keeps sends made while not connected and delivers them in order once connected', async () => {
    const { id, session } = await started();
    session.showQr();
    await h.publish('channels.message.send', 1, sendCommand(id, 601));
    await h.publish('channels.message.send', 1, sendCommand(id, 602));
    expect(h.events('channels.message.ack').filter((e) => [601, 602].includes(e.data.messageId ?? 0))).toEqual([]);
    session.connect();
    await waitFor(h, () => session.sent.length === 2, 'both sends');
    expect(session.sent.map((c) => c.messageId)).toEqual([601, 602]);
    const acks = await waitFor(h, () => {
      const found = h.events('channels.message.ack').filter((e) => [601, 602].includes(e.data.messageId ?? 0));
      return found.length === 2 && found;
    }, 'both acks');
    expect(acks.every((e) => e.data.ack === 1)).toBe(true);
  });

  it('logout tells the phone, drops the keys and leaves the connection DISCONNECTED', async () => {
    const { id, session } = await started();
    session.connect();
    await h.sql`insert into channels.session_keys (connection_id, key, value) values (${id}, 'creds', ${JSON.stringify({ registered: true })}::jsonb)`;
    await waitFor(h, async () => (await connectionRow(h, id)).status === 'CONNECTED', 'CONNECTED');
    expect((await h.request('DELETE', `/api/whatsappsession/${id}`, { token: admin })).status).toBe(200);
    await waitFor(h, () => session.loggedOut, 'the driver logout');
    await waitFor(h, async () => (await connectionRow(h, id)).status === 'DISCONNECTED', 'DISCONNECTED');
    expect(await connectionRow(h, id)).toMatchObject({ qrcode: '', retries: 0 });
    expect(await keyCount(h, id)).toBe(0);
    // The lease is given up last: another worker may then start it afresh (a new QR code).
    await waitFor(h, async () => (await leaseOwner(h, id)) === null, 'the lease to be released');
  });

  it('a send to a logged-out connection fails with ERR_WAPP_NOT_INITIALIZED', async () => {
    const id = await insertConnection(h, 1, { status: 'DISCONNECTED' });
    await h.publish('channels.message.send', 1, sendCommand(id, 701));
    const ack = await waitFor(h, () => h.events('channels.message.ack').find((e) => e.data.messageId === 701), 'the ack');
    expect(ack.data).toEqual({ messageId: 701, wid: null, ack: -1, error: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('a phone logout fails the sends that were waiting', async () => {
    const { id, session } = await started();
    session.showQr();
    await h.publish('channels.message.send', 1, sendCommand(id, 801));
    session.context.events.loggedOut();
    const ack = await waitFor(h, () => h.events('channels.message.ack').find((e) => e.data.messageId === 801), 'the failure');
    expect(ack.data).toMatchObject({ ack: -1, error: 'ERR_WAPP_NOT_INITIALIZED' });
    expect((await connectionRow(h, id)).status).toBe('DISCONNECTED');
  });

  it('a new QR code forgets the old pairing and starts again', async () => {
    const { id, session } = await started();
    session.connect();
    await h.sql`insert into channels.session_keys (connection_id, key, value) values (${id}, 'creds', ${JSON.stringify({ registered: true })}::jsonb)`;
    await waitFor(h, async () => (await connectionRow(h, id)).status === 'CONNECTED', 'CONNECTED');
    expect((await h.request('PUT', `/api/whatsappsession/${id}`, { token: admin })).status).toBe(200);
    const next = await waitFor(h, () => fake.latest(id) !== session && fake.latest(id), 'a new session');
    expect(session.closed).toBe(true);
    expect(await keyCount(h, id)).toBe(0);
    next.showQr('QR-NEW');
    await waitFor(h, async () => (await connectionRow(h, id)).qrcode === 'QR-NEW', 'the new QR');
  });

  describe("the phone's contacts (channels.contacts.fetch, POST /contacts/import)", () => {
    const stored = async (id: number) =>
      h.sql<{ number: string; name: string; in_phonebook: boolean; has_chat: boolean; is_group: boolean }[]>`
        select number, name, in_phonebook, has_chat, is_group from channels.phone_contacts where connection_id = ${id} order by number`;
    const fetch = (companyId: number, connectionId: number, source: 'phonebook' | 'chats') => ask(h.bus, 'channels.contacts.fetch', { companyId, connectionId, source });

    it('stores what the phone reports, merged with what it told before, and answers it by source', async () => {
      const { id, session } = await started();
      session.connect();
      session.contacts([
        { number: '5511936000001', name: 'Aninha' },
        { number: '5511936000002', name: 'Bruno da Agenda', inPhonebook: true },
      ]);
      // Later: Ana saved on the phone, a chat with her and with a group, Bruno's push name (his saved name stays).
      session.contacts([
        { number: '5511936000001', name: 'Ana da Agenda', inPhonebook: true },
        { number: '5511936000001', name: '', hasChat: true },
        { number: '120363000000000001', name: 'Grupo', hasChat: true, isGroup: true },
        { number: '5511936000002', name: 'Bruninho' },
      ]);
      await waitFor(h, async () => (await stored(id)).length === 3 && (await stored(id))[1]!.has_chat, 'the contacts stored');
      expect(await stored(id)).toEqual([
        { number: '120363000000000001', name: 'Grupo', in_phonebook: false, has_chat: true, is_group: true },
        { number: '5511936000001', name: 'Ana da Agenda', in_phonebook: true, has_chat: true, is_group: false },
        { number: '5511936000002', name: 'Bruno da Agenda', in_phonebook: true, has_chat: false, is_group: false },
      ]);
      expect(await fetch(1, id, 'phonebook')).toEqual({
        connectionId: id,
        contacts: [
          { name: 'Ana da Agenda', number: '5511936000001' },
          { name: 'Bruno da Agenda', number: '5511936000002' },
        ],
      });
      expect(await fetch(1, id, 'chats')).toEqual({
        connectionId: id,
        contacts: [
          { name: 'Ana da Agenda', number: '5511936000001' },
          { name: 'Grupo', number: '120363000000000001', isGroup: true },
        ],
      });
    });

    it('a whole address book is stored (in batches)', async () => {
      const { id, session } = await started();
      session.connect();
      session.contacts(Array.from({ length: 4_500 }, (_, i) => ({ number: `55119${String(i).padStart(8, '0')}`, name: `Pessoa ${i}`, inPhonebook: true })));
      await waitFor(h, async () => (await h.sql<{ n: number }[]>`select count(*)::int as n from channels.phone_contacts where connection_id = ${id}`)[0]!.n === 4_500, 'the address book');
      expect((await fetch(1, id, 'phonebook')).contacts).toHaveLength(4_500);
    });

    it("another company's connection, or none, is refused", async () => {
      const { id, session } = await started();
      session.contacts([{ number: '5511936000001', name: 'Ana', inPhonebook: true }]);
      await waitFor(h, async () => (await stored(id)).length === 1, 'the contact stored');
      await expect(fetch(2, id, 'phonebook')).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
      await expect(fetch(1, 999_999, 'chats')).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
    });

    it('a logout forgets them, from the phone or asked here; a new QR code too', async () => {
      const first = await started();
      first.session.connect();
      first.session.contacts([{ number: '5511936000001', name: 'Ana', inPhonebook: true }]);
      await waitFor(h, async () => (await stored(first.id)).length === 1, 'the contact stored');
      first.session.context.events.loggedOut();
      await waitFor(h, async () => (await connectionRow(h, first.id)).status === 'DISCONNECTED', 'DISCONNECTED');
      expect(await stored(first.id)).toEqual([]);
      // A late report of the logged-out session is not stored.
      first.session.contacts([{ number: '5511936000009', name: 'Tarde', inPhonebook: true }]);
      await h.flush();
      expect(await fetch(1, first.id, 'phonebook')).toEqual({ connectionId: first.id, contacts: [] });

      const second = await started();
      second.session.connect();
      second.session.contacts([{ number: '5511936000002', name: 'Bruno', inPhonebook: true }]);
      await waitFor(h, async () => (await stored(second.id)).length === 1, 'the contact stored');
      expect((await h.request('DELETE', `/api/whatsappsession/${second.id}`, { token: admin })).status).toBe(200);
      await waitFor(h, () => second.session.loggedOut, 'the driver logout');
      await waitFor(h, async () => (await stored(second.id)).length === 0, 'the contacts forgotten');

      const third = await started();
      third.session.connect();
      third.session.contacts([{ number: '5511936000003', name: 'Carla', inPhonebook: true }]);
      await waitFor(h, async () => (await stored(third.id)).length === 1, 'the contact stored');
      expect((await h.request('PUT', `/api/whatsappsession/${third.id}`, { token: admin })).status).toBe(200);
      await waitFor(h, () => fake.latest(third.id) !== third.session && fake.latest(third.id), 'a new session');
      expect(await stored(third.id)).toEqual([]);
    });

    it('deleting the connection deletes them', async () => {
      const { id, session } = await started();
      session.contacts([{ number: '5511936000001', name: 'Ana', inPhonebook: true }]);
      await waitFor(h, async () => (await stored(id)).length === 1, 'the contact stored');
      await h.sql`delete from channels.connections where id = ${id}`;
      expect(await stored(id)).toEqual([]);
    });
  });

  it("a send for another company's connection is not delivered", async () => {
    const { id, session } = await started();
    session.connect();
    await waitFor(h, async () => (await connectionRow(h, id)).status === 'CONNECTED', 'CONNECTED');
    await h.publish('channels.message.send', 2, sendCommand(id, 901));
    expect(session.sent).toEqual([]);
    expect(h.events('channels.message.ack').filter((e) => e.data.messageId === 901)).toEqual([]);
  });
});

describe('sessions across workers', () => {
  let h: Harness;
  const managers: { manager: SessionManager; outbox: Outbox }[] = [];

  beforeAll(async () => {
    // The harness's own process runs no sessions: the two managers below are the workers.
    h = await startHarness({ config: { CHANNELS_RUN_SESSIONS: false } });
  });
  // Each test's workers stop after it, so the next test's commands reach only its own workers.
  afterEach(async () => {
    for (const m of managers.splice(0)) {
      await m.manager.stop();
      await m.outbox.stop();
    }
  });
  afterAll(() => h.stop());

  const worker = (drivers: FakeDrivers, leaseMs: number, workerId: string): SessionManager => {
    const db = drizzle(preparedStatements(h.sql), { schema });
    const outbox = new Outbox(h.sql, 'channels', h.bus, h.ctx.logger);
    outbox.start();
    const manager = createSessionManager({
      ctx: h.ctx,
      config: { ...testConfig, SESSION_LEASE_MS: leaseMs },
      db,
      unitOfWork: createUnitOfWork(db, outbox),
      drivers: { whatsapp: drivers.factory },
      workerId,
    });
    managers.push({ manager, outbox });
    return manager;
  };

  it("resumes a paired connection on exactly one worker, and a dead worker's session moves", async () => {
    const id = await insertConnection(h, 3, { status: 'CONNECTED', credentials: true });
    const first = createFakeDrivers();
    const second = createFakeDrivers();
    await worker(first, 600_000, 'worker-a').start();
    await worker(second, 1_000, 'worker-b').start();
    await waitFor(h, () => first.latest(id), 'the first worker to resume it');
    expect(second.latest(id)).toBeUndefined();
    expect(await leaseOwner(h, id)).toBe('worker-a');

    // worker-a stops renewing (it died): once its lease expired, worker-b's sweep takes the session over.
    await h.sql`update channels.session_leases set expires_at = now() - interval '1 second' where connection_id = ${id}`;
    await waitFor(h, () => second.latest(id), 'the takeover');
    expect(await leaseOwner(h, id)).toBe('worker-b');
  });

  it('a session given up on a worker shutdown is resumed by another worker', async () => {
    const id = await insertConnection(h, 5, { status: 'CONNECTED', credentials: true });
    const a = createFakeDrivers();
    const b = createFakeDrivers();
    const workerA = worker(a, 1_000, 'worker-f');
    await workerA.start();
    await waitFor(h, () => a.latest(id), 'worker-f to resume it');
    await worker(b, 1_000, 'worker-g').start();
    expect(b.latest(id)).toBeUndefined();
    await workerA.stop();
    expect(a.latest(id)!.closed).toBe(true);
    await waitFor(h, () => b.latest(id), 'worker-g to take it up');
    expect(await leaseOwner(h, id)).toBe('worker-g');
  });

  it('a logged-out connection is resumed by nobody', async () => {
    const id = await insertConnection(h, 5, { status: 'DISCONNECTED' });
    const a = createFakeDrivers();
    await worker(a, 1_000, 'worker-h').start();
    await new Promise((r) => setTimeout(r, 500)); // more than one sweep
    expect(a.latest(id)).toBeUndefined();
    expect(await leaseOwner(h, id)).toBeNull();
  });

  it('a command is carried out by the worker holding the session only', async () => {
    const id = await insertConnection(h, 3, { status: 'DISCONNECTED' });
    const a = createFakeDrivers();
    const b = createFakeDrivers();
    const workerA = worker(a, 600_000, 'worker-c');
    const workerB = worker(b, 600_000, 'worker-d');
    await workerA.start();
    await workerB.start();
    await workerA.command(3, id, 'start');
    const holder = await waitFor(h, async () => await leaseOwner(h, id), 'a worker to take it');
    await waitFor(h, () => (holder === 'worker-c' ? a : b).latest(id), 'the holder to start it');
    await workerB.command(3, id, 'start');
    await h.flush();
    expect((holder === 'worker-c' ? b : a).latest(id)).toBeUndefined();
  });

  it('a send arriving where the session does not run waits and is delivered by its holder', async () => {
    const id = await insertConnection(h, 4, { status: 'DISCONNECTED' });
    const drivers = createFakeDrivers();
    const holder = worker(drivers, 600_000, 'worker-e');
    await holder.start();
    await holder.command(4, id, 'start');
    const session = await waitFor(h, () => drivers.latest(id), 'the session');
    session.connect();
    await waitFor(h, () => holder.connected(id), 'CONNECTED');
    // The harness process consumes the command but runs no session: it stores it and tells the holder.
    await h.publish('channels.message.send', 4, sendCommand(id, 1001));
    await waitFor(h, () => session.sent.some((c) => c.messageId === 1001), 'the delivery');
    const ack = await waitFor(h, () => h.events('channels.message.ack').find((e) => e.data.messageId === 1001), 'the ack');
    expect(ack.data).toMatchObject({ ack: 1, wid: 'FAKE-1001' });
  });
});
