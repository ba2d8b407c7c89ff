import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEnvelope, type Bus, type Connection, type Envelope, type EnvelopeHandler, type MessageReceived } from '@atende/kit';
import { AUDIO_NOT_ACCEPTED, createInbound } from '../domain/inbound.js';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { ticketEventHandlers } from './handlers.js';

let h: Harness;
let seq = 0;
const COMPANY = 1;
const OTHER_COMPANY = 2;

const connection = (over: Partial<Connection> = {}): Connection =>
  makeConnection({ id: 100, companyId: COMPANY, name: 'Recepção', complationMessage: 'Tchau {{firstName}}', ...over });

const received = (over: Partial<MessageReceived> = {}, contact: Partial<MessageReceived['contact']> = {}): MessageReceived => ({
  connectionId: 100,
  channel: 'whatsapp',
  contact: { number: '5511988880000', name: 'Maria Silva', pictureUrl: null, lid: null, remoteJid: '5511988880000@s.whatsapp.net', ...contact },
  isGroup: false,
  group: null,
  wid: `WID-${++seq}-${Date.now()}`,
  fromMe: false,
  body: 'Olá!',
  media: null,
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});

/** The channels.message.received consumer the module registers, captured so a test delivers envelopes to it directly. */
async function inboundConsumer(): Promise<EnvelopeHandler> {
  const handlers = new Map<string, EnvelopeHandler>();
  const capturing = { ...h.bus, kind: 'memory', subscribe: async (subject: string, _o: unknown, handler: EnvelopeHandler) => {
    handlers.set(subject, handler);
    return { unsubscribe: async () => undefined };
  }, companiesOf: async () => ({ unsubscribe: async () => undefined }), request: h.bus.request.bind(h.bus) } as unknown as Bus;
  await ticketEventHandlers({ ...h.deps, ctx: { ...h.deps.ctx, bus: capturing } });
  return handlers.get('channels.message.received')!;
}

const q = async <T = Record<string, unknown>>(text: string, ...params: (string | number | boolean | null)[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];

beforeAll(async () => {
  h = await startHarness();
  await h.publish('channels.connection.updated', COMPANY, { connection: connection() });
  await h.publish('channels.connection.updated', COMPANY, { connection: connection({ id: 101, name: 'Grupos', isDefault: false, groupAsTicket: 'enabled', queueIds: [] }) });
  await h.publish('channels.connection.updated', OTHER_COMPANY, { connection: connection({ id: 200, companyId: OTHER_COMPANY }) });
});
afterAll(async () => h?.stop());

describe('channels.message.received', () => {
  it('a first message from a new number creates the contact, a pending ticket and the message, and announces them', async () => {
    const data = received({}, { number: '5511911110001', name: 'Ana Souza' });
    const before = h.published.length;
    await h.publish('channels.message.received', COMPANY, data);
    const [ticket] = await q<{ id: number; status: string; unread_messages: number; last_message: string; is_group: boolean; whatsapp_id: number }>(
      `select t.* from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, '5511911110001',
    );
    expect(ticket).toMatchObject({ status: 'pending', unread_messages: 1, last_message: 'Olá!', is_group: false, whatsapp_id: 100 });
    const events = h.published.slice(before).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['tickets.contact.created', 'tickets.ticket.created', 'tickets.message.created']));
    const created = h.published.slice(before).find((e) => e.type === 'tickets.message.created') as Envelope<any>;
    expect(created.companyId).toBe(COMPANY);
    expect(created.data.message).toMatchObject({ body: 'Olá!', fromMe: false, wid: data.wid });
    expect(created.data.contact).toMatchObject({ name: 'Ana Souza', number: '5511911110001' });
    const contactCreated = h.published.slice(before).find((e) => e.type === 'tickets.contact.created') as Envelope<any>;
    expect(contactCreated.data.contact).toMatchObject({ name: 'Ana Souza', number: '5511911110001', whatsappId: 100, tags: [] });
    expect(contactCreated.data.contact.whatsapp).toMatchObject({ id: 100, name: expect.any(String) });
    const logs = await q(`select type from tickets.ticket_logs where ticket_id = $1`, ticket!.id);
    expect(logs.map((l) => l.type)).toEqual(['create']);
  });

  it('the next message goes to the same ticket and raises the unread count', async () => {
    const contact = { number: '5511911110002' };
    await h.publish('channels.message.received', COMPANY, received({ body: 'um' }, contact));
    await h.publish('channels.message.received', COMPANY, received({ body: 'dois' }, contact));
    const rows = await q(`select t.id, t.unread_messages, t.last_message, (select count(*)::int from tickets.messages m where m.ticket_id = t.id) as n
      from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, contact.number);
    expect(rows).toEqual([expect.objectContaining({ unread_messages: 2, last_message: 'dois', n: 2 })]);
  });

  it('the same wid in two envelopes is stored once', async () => {
    const data = received({}, { number: '5511911110003' });
    await h.publish('channels.message.received', COMPANY, data);
    await h.publish('channels.message.received', COMPANY, data);
    const [row] = await q<{ n: number }>(`select count(*)::int as n from tickets.messages where wid = $1`, data.wid);
    expect(row!.n).toBe(1);
    const [ticket] = await q(`select t.unread_messages from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, '5511911110003');
    expect(ticket!.unread_messages).toBe(1);
  });

  it('the same envelope redelivered, even concurrently, is handled once (by its wid)', async () => {
    // Deliver one envelope to the inbound consumer twice, as JetStream may.
    const handler = await inboundConsumer();
    const envelope = makeEnvelope('channels.message.received', COMPANY, received({}, { number: '5511911110004' }));
    await handler(envelope);
    await handler(JSON.parse(JSON.stringify(envelope)));
    await Promise.all([handler(envelope), handler(envelope)]).catch(() => undefined);
    const [row] = await q<{ n: number }>(`select count(*)::int as n from tickets.messages where wid = $1`, envelope.data.wid);
    expect(row!.n).toBe(1);
    const tickets = await q<{ unread_messages: number }>(
      `select t.unread_messages from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = $1 and c.number = $2`, COMPANY, '5511911110004',
    );
    expect(tickets).toEqual([{ unread_messages: 1 }]);
  });

  it('messages arriving together share a transaction side by side: a group message and its sender’s own chat make one contact', async () => {
    const handler = await inboundConsumer();
    const sender = { number: '5511911110020', name: 'Rita' };
    const group = { number: '120363000000000020', name: 'Equipe', pictureUrl: null };
    const envelopes = [
      makeEnvelope('channels.message.received', COMPANY, received({ connectionId: 101, isGroup: true, group, body: 'no grupo' }, sender)),
      makeEnvelope('channels.message.received', COMPANY, received({ body: 'no privado' }, sender)),
      ...[21, 22, 23].map((n) => makeEnvelope('channels.message.received', COMPANY, received({ body: `novo ${n}` }, { number: `55119111100${n}` }))),
    ];
    await Promise.all(envelopes.map((e) => handler(e)));
    const stored = await q<{ txid: string }>(`select xmin::text as txid from tickets.messages where wid = any($1)`, envelopes.map((e) => e.data.wid) as never);
    expect(stored).toHaveLength(5);
    expect(new Set(stored.map((r) => r.txid)).size).toBeLessThan(5); // handed over together: batched
    expect(await q(`select id from tickets.contacts where company_id = $1 and number = $2`, COMPANY, sender.number)).toHaveLength(1);
    const chats = await q<{ number: string }>(
      `select c.number from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = $1 and c.number = any($2) order by c.number`,
      COMPANY, [sender.number, group.number] as never,
    );
    expect(chats.map((c) => c.number)).toEqual([group.number, sender.number].sort());
  });

  it('a burst of first messages holding every pool connection in its transactions is stored (the bot check reads in each transaction)', async () => {
    // A fresh consumer knows no company's queue bots yet; more batches than the pool has connections.
    const handler = await inboundConsumer();
    const envelopes = Array.from({ length: 16 * 14 }, (_, i) => makeEnvelope('channels.message.received', COMPANY, received({ body: `rajada ${i}` }, { number: `5511955${String(i).padStart(6, '0')}` })));
    await Promise.all(envelopes.map((e) => handler(e)));
    const [stored] = await q<{ n: number }>(`select count(*)::int as n from tickets.messages where wid = any($1)`, envelopes.map((e) => e.data.wid) as never);
    expect(stored!.n).toBe(envelopes.length);
  }, 60_000);

  it('does not reopen a closed ticket over another active ticket of the contact on that connection', async () => {
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110024' }));
    const [active] = await q<{ id: number; contact_id: number }>(
      `select t.id, t.contact_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.company_id = $1 and c.number = $2`, COMPANY, '5511911110024',
    );
    const [closed] = await q<{ id: number }>(
      `insert into tickets.tickets (uuid, company_id, contact_id, whatsapp_id, status, channel, closed_at) values (gen_random_uuid(), $1, $2, 100, 'closed', 'whatsapp', now()) returning id`,
      COMPANY, active!.contact_id,
    );
    expect(await ticketsRepository(h.deps.db).reopenIfClosed(COMPANY, closed!.id, { status: 'pending' })).toBeUndefined();
    expect(await q(`select status from tickets.tickets where id = $1`, closed!.id)).toEqual([{ status: 'closed' }]);
    await q(`update tickets.tickets set status = 'closed' where id = $1`, active!.id);
    expect(await ticketsRepository(h.deps.db).reopenIfClosed(COMPANY, closed!.id, { status: 'pending' })).toMatchObject({ id: closed!.id, status: 'pending' });
  });

  it('two first messages from a new number at the same moment make one contact and one ticket', async () => {
    const inbound = createInbound(h.deps);
    const number = '5511911110005';
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => h.deps.unitOfWork((tx, emit) => inbound.receive(tx, emit, COMPANY, received({ body: `msg ${i}` }, { number })))),
    );
    expect(results.every((r) => r.stored)).toBe(true);
    const contacts = await q(`select id from tickets.contacts where company_id = $1 and number = $2`, COMPANY, number);
    expect(contacts).toHaveLength(1);
    const tickets = await q<{ id: number; unread_messages: number }>(`select id, unread_messages from tickets.tickets where contact_id = $1`, contacts[0]!.id as number);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.unread_messages).toBe(4);
    const [m] = await q<{ n: number }>(`select count(*)::int as n from tickets.messages where ticket_id = $1`, tickets[0]!.id);
    expect(m!.n).toBe(4);
  });

  it('the same wid arriving twice at the same moment is stored once', async () => {
    const inbound = createInbound(h.deps);
    const data = received({}, { number: '5511911110006' });
    const results = await Promise.all([1, 2, 3].map(() => h.deps.unitOfWork((tx, emit) => inbound.receive(tx, emit, COMPANY, data))));
    expect(results.filter((r) => r.stored)).toHaveLength(1);
    const [row] = await q<{ n: number }>(`select count(*)::int as n from tickets.messages where wid = $1`, data.wid);
    expect(row!.n).toBe(1);
  });

  it('the same person by number or by lid is one contact (the missing one is filled in)', async () => {
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110007', lid: null }));
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110007', lid: '99887766@lid' }));
    await h.publish('channels.message.received', COMPANY, received({}, { number: '99887766', lid: '99887766@lid' }));
    const rows = await q(`select number, lid from tickets.contacts where number = $1 or lid = $2`, '5511911110007', '99887766@lid');
    expect(rows).toEqual([{ number: '5511911110007', lid: '99887766@lid' }]);
    const [t] = await q<{ n: number }>(`select count(*)::int as n from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.lid = $1`, '99887766@lid');
    expect(t!.n).toBe(1);
  });

  it('learns the name and picture of a contact still named by its number, and announces the change', async () => {
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110008', name: '' }));
    const before = h.published.length;
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110008', name: 'Carla', pictureUrl: 'https://pps.example/carla.jpg' }));
    const [c] = await q(`select name, url_picture from tickets.contacts where number = $1`, '5511911110008');
    expect(c).toEqual({ name: 'Carla', url_picture: 'https://pps.example/carla.jpg' });
    expect(h.published.slice(before).some((e) => e.type === 'tickets.contact.updated')).toBe(true);
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110008', name: 'Outro Nome' }));
    const [kept] = await q(`select name from tickets.contacts where number = $1`, '5511911110008');
    expect(kept!.name).toBe('Carla');
  });

  it('group messages: the ticket belongs to the group contact; status group unless the connection treats groups as tickets', async () => {
    const group = { number: '120363000000001', name: 'Família', pictureUrl: null };
    await h.publish('channels.message.received', COMPANY, received({ isGroup: true, group }, { number: '5511911110009', name: 'Tio' }));
    const [g] = await q(`select t.status, t.is_group, c.is_group as contact_group, c.name from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, group.number);
    expect(g).toEqual({ status: 'group', is_group: true, contact_group: true, name: 'Família' });
    const [author] = await q(`select m.contact_id, c.number from tickets.messages m join tickets.contacts c on c.id = m.contact_id join tickets.tickets t on t.id = m.ticket_id
      join tickets.contacts gc on gc.id = t.contact_id where gc.number = $1`, group.number);
    expect(author!.number).toBe('5511911110009');

    const asTicket = { number: '120363000000002', name: 'Clientes', pictureUrl: null };
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 101, isGroup: true, group: asTicket }, { number: '5511911110010' }));
    const [p] = await q(`select t.status, t.is_group from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, asTicket.number);
    expect(p).toEqual({ status: 'pending', is_group: true });
  });

  it("puts the ticket in the connection's queue when it has exactly one", async () => {
    const [queue] = await q<{ id: number }>(`insert into tickets.queues (company_id, name, color) values ($1, 'Vendas', '#ff0000') returning id`, COMPANY);
    await h.publish('channels.connection.updated', COMPANY, { connection: connection({ id: 102, name: 'Vendas', isDefault: false, queueIds: [queue!.id] }) });
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 102 }, { number: '5511911110011' }));
    const [t] = await q<{ queue_id: number; id: number }>(`select t.id, t.queue_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, '5511911110011');
    expect(t!.queue_id).toBe(queue!.id);
    const logs = await q(`select type, queue_id from tickets.ticket_logs where ticket_id = $1 order by id`, t!.id);
    expect(logs).toEqual([{ type: 'create', queue_id: queue!.id }, { type: 'queue', queue_id: queue!.id }]);
  });

  it('reopens the last closed ticket within timeCreateNewTicket, else opens a new one', async () => {
    await h.publish('channels.connection.updated', COMPANY, { connection: connection({ id: 103, isDefault: false, timeCreateNewTicket: 10 }) });
    const contact = { number: '5511911110012' };
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 103 }, contact));
    const [first] = await q<{ id: number }>(`select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, contact.number);
    await q(`update tickets.tickets set status = 'closed', user_id = 7, closed_at = now() where id = $1`, first!.id);
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 103 }, contact));
    const reopened = await q(`select t.id, t.status, t.user_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, contact.number);
    expect(reopened).toEqual([{ id: first!.id, status: 'pending', user_id: null }]);
    const logs = await q(`select type from tickets.ticket_logs where ticket_id = $1 order by id`, first!.id);
    expect(logs.map((l) => l.type)).toContain('reopen');

    await q(`update tickets.tickets set status = 'closed', updated_at = now() - interval '11 minutes' where id = $1`, first!.id);
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 103 }, contact));
    const all = await q(`select t.id, t.status from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1 order by t.id`, contact.number);
    expect(all).toEqual([{ id: first!.id, status: 'closed' }, { id: expect.any(Number), status: 'pending' }]);
  });

  it('a message sent from the phone is outbound, without user, and clears the unread count', async () => {
    const contact = { number: '5511911110013' };
    await h.publish('channels.message.received', COMPANY, received({ body: 'oi' }, contact));
    await h.publish('channels.message.received', COMPANY, received({ body: 'resposta do celular', fromMe: true }, contact));
    const rows = await q(`select m.from_me, m.user_id, m.contact_id, t.unread_messages from tickets.messages m join tickets.tickets t on t.id = m.ticket_id
      join tickets.contacts c on c.id = t.contact_id where c.number = $1 order by m.id`, contact.number);
    expect(rows[1]).toMatchObject({ from_me: true, user_id: null, contact_id: null, unread_messages: 0 });
  });

  it('links quoted messages and only media stored under the company folder', async () => {
    const contact = { number: '5511911110014' };
    const first = received({ body: 'original' }, contact);
    await h.publish('channels.message.received', COMPANY, first);
    await h.publish('channels.message.received', COMPANY, received({ body: 'resposta', quotedWid: first.wid, media: { mediaType: 'image', key: `company${COMPANY}/messages/a.jpg`, mimetype: 'image/jpeg', filename: 'a.jpg', size: 10 } }, contact));
    await h.publish('channels.message.received', COMPANY, received({ body: '', media: { mediaType: 'image', key: `company${OTHER_COMPANY}/messages/b.jpg`, mimetype: 'image/jpeg', filename: 'b.jpg', size: 10 } }, contact));
    const rows = await q(`select m.body, m.quoted_msg_id is not null as quoted, m.media_key, m.media_type from tickets.messages m join tickets.tickets t on t.id = m.ticket_id
      join tickets.contacts c on c.id = t.contact_id where c.number = $1 order by m.id`, contact.number);
    expect(rows[1]).toMatchObject({ quoted: true, media_key: `company${COMPANY}/messages/a.jpg`, media_type: 'image' });
    expect(rows[2]).toMatchObject({ media_key: null });
  });

  it('ignores messages of blocked contacts', async () => {
    const contact = { number: '5511911110015' };
    await h.publish('channels.message.received', COMPANY, received({}, contact));
    await q(`update tickets.contacts set active = false where number = $1`, contact.number);
    await q(`update tickets.tickets t set status = 'closed' from tickets.contacts c where c.id = t.contact_id and c.number = $1`, contact.number);
    await h.publish('channels.message.received', COMPANY, received({}, contact));
    const [n] = await q<{ n: number }>(`select count(*)::int as n from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, contact.number);
    expect(n!.n).toBe(1);
  });

  it("drops a message naming another company's connection", async () => {
    await h.publish('channels.message.received', COMPANY, received({ connectionId: 200 }, { number: '5511911110016' }));
    const rows = await q(`select id from tickets.contacts where number = $1`, '5511911110016');
    expect(rows).toEqual([]);
  });

  it('keeps companies apart: the same number in two companies is two contacts', async () => {
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110017' }));
    await h.publish('channels.message.received', OTHER_COMPANY, received({ connectionId: 200 }, { number: '5511911110017' }));
    const rows = await q(`select company_id from tickets.contacts where number = $1 order by company_id`, '5511911110017');
    expect(rows).toEqual([{ company_id: COMPANY }, { company_id: OTHER_COMPANY }]);
  });
});

describe("a contact's audio not accepted (acceptAudioMessage)", () => {
  const audio = { mediaType: 'audio' as const, key: `company${COMPANY}/messages/voz.ogg`, mimetype: 'audio/ogg', filename: 'voz.ogg', size: 10 };
  const sentTo = (before: number, number: string) =>
    h.published.slice(before).filter((e) => e.type === 'channels.message.send' && (e.data as any).to.number === number).map((e) => (e.data as any).body);

  it('with acceptAudioMessageContact disabled a new contact is created not accepting audio, and their audio (kept) is answered asking for text', async () => {
    h.settings.set(COMPANY, [{ key: 'acceptAudioMessageContact', value: 'disabled' }]);
    try {
      const number = '5511911110030';
      const before = h.published.length;
      const voice = received({ body: '', media: audio }, { number });
      await h.publish('channels.message.received', COMPANY, voice);
      const [contact] = await q<{ accept_audio_message: boolean }>(`select accept_audio_message from tickets.contacts where company_id = $1 and number = $2`, COMPANY, number);
      expect(contact!.accept_audio_message).toBe(false);
      expect(await q(`select media_type from tickets.messages where wid = $1`, voice.wid)).toEqual([{ media_type: 'audio' }]);
      await h.publish('channels.message.received', COMPANY, received({ body: 'Oi, por texto' }, { number }));
      expect(sentTo(before, number)).toEqual([AUDIO_NOT_ACCEPTED]);
    } finally {
      h.settings.clear();
    }
  });

  it('by default audio is accepted and nothing is said about it', async () => {
    const number = '5511911110031';
    const before = h.published.length;
    await h.publish('channels.message.received', COMPANY, received({ body: '', media: audio }, { number }));
    expect(sentTo(before, number)).toEqual([]);
    const [contact] = await q<{ accept_audio_message: boolean }>(`select accept_audio_message from tickets.contacts where company_id = $1 and number = $2`, COMPANY, number);
    expect(contact!.accept_audio_message).toBe(true);
  });
});

describe('channels.message.ack and changed', () => {
  it('acks move forward only, by message id or by wid; a failure marks -1', async () => {
    const data = received({ fromMe: true }, { number: '5511911110020' });
    await h.publish('channels.message.received', COMPANY, data);
    const [m] = await q<{ id: number; ack: number }>(`select id, ack from tickets.messages where wid = $1`, data.wid);
    await h.publish('channels.message.ack', COMPANY, { messageId: m!.id, wid: null, ack: 3, error: null });
    await h.publish('channels.message.ack', COMPANY, { messageId: null, wid: data.wid, ack: 2, error: null });
    expect((await q(`select ack from tickets.messages where id = $1`, m!.id))[0]!.ack).toBe(3);
    const before = h.published.length;
    await h.publish('channels.message.ack', COMPANY, { messageId: null, wid: data.wid, ack: 5, error: null });
    expect((await q(`select ack from tickets.messages where id = $1`, m!.id))[0]!.ack).toBe(5);
    const update = h.published.slice(before).find((e) => e.type === 'tickets.message.updated') as Envelope<any>;
    expect(update.data.message).toMatchObject({ id: m!.id, ack: 5 });
    // Another company's ack never touches it.
    await h.publish('channels.message.ack', OTHER_COMPANY, { messageId: m!.id, wid: null, ack: -1, error: 'x' });
    expect((await q(`select ack from tickets.messages where id = $1`, m!.id))[0]!.ack).toBe(5);
  });

  it("a read watermark (Messenger) marks read our messages to the contact on that connection sent up to it; nothing later, theirs or another company's", async () => {
    const number = '5511911110022';
    const ours = [received({ fromMe: true, body: 'um' }, { number }), received({ fromMe: true, body: 'dois' }, { number }), received({ fromMe: true, body: 'três' }, { number })];
    const theirs = received({ body: 'oi' }, { number });
    for (const data of [...ours, theirs]) await h.publish('channels.message.received', COMPANY, data);
    const idOf = async (wid: string) => (await q<{ id: number }>(`select id from tickets.messages where wid = $1`, wid))[0]!.id;
    const [one, two, three, contactSaid] = await Promise.all([...ours, theirs].map((d) => idOf(d.wid)));
    await q(`update tickets.messages set ack = 2, created_at = now() - interval '10 minutes' where id = $1`, one!);
    await q(`update tickets.messages set ack = 1, created_at = now() - interval '5 minutes' where id = $1`, two!);
    await q(`update tickets.messages set ack = 2, created_at = now() where id = $1`, three!);
    const readUpTo = { connectionId: 100, contactNumber: number, timestamp: Date.now() / 1000 - 60 };
    await h.publish('channels.message.ack', OTHER_COMPANY, { messageId: null, wid: null, ack: 3, error: null, readUpTo });
    expect((await q<{ ack: number }>(`select ack from tickets.messages where id = $1`, one!))[0]!.ack).toBe(2);
    const before = h.published.length;
    await h.publish('channels.message.ack', COMPANY, { messageId: null, wid: null, ack: 3, error: null, readUpTo });
    const acks = await q<{ id: number; ack: number }>(`select id, ack from tickets.messages where id = any($1) order by id`, [one!, two!, three!, contactSaid!] as never);
    expect(acks.map((r) => r.ack)).toEqual([3, 3, 2, 0]);
    const updates = h.published.slice(before).filter((e) => e.type === 'tickets.message.updated') as Envelope<any>[];
    expect(updates.map((e) => [e.data.message.id, e.data.message.ack]).sort()).toEqual([[one, 3], [two, 3]].sort());
  });

  it('edits, revokes and reactions from the contact update the message', async () => {
    const data = received({ body: 'antes' }, { number: '5511911110021' });
    await h.publish('channels.message.received', COMPANY, data);
    await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: data.wid, kind: 'edited', body: 'depois', reaction: null });
    await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: data.wid, kind: 'reaction', body: null, reaction: { emoji: '👍', fromNumber: '5511911110021' } });
    await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: data.wid, kind: 'reaction', body: null, reaction: { emoji: '❤️', fromNumber: '5511911110021' } });
    let [m] = await q<{ body: string; is_edited: boolean; reactions: { emoji: string }[] }>(`select body, is_edited, reactions from tickets.messages where wid = $1`, data.wid);
    expect(m).toMatchObject({ body: 'depois', is_edited: true });
    expect(m!.reactions.map((r) => r.emoji)).toEqual(['❤️']);
    const previewOf = async () => (await q<{ last_message: string }>(`select t.last_message from tickets.tickets t join tickets.messages m on m.ticket_id = t.id where m.wid = $1`, data.wid))[0]!.last_message;
    // The ticket list shows the last message as it is now.
    expect(await previewOf()).toBe('depois');
    const before = h.published.length;
    await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: data.wid, kind: 'revoked', body: null, reaction: null });
    [m] = await q(`select is_deleted, body from tickets.messages where wid = $1`, data.wid);
    // Hidden from everyone, the stored text kept (no LGPD erasure asked), and no longer the list's preview:
    // the message before it is.
    expect(m).toMatchObject({ is_deleted: true, body: 'depois' });
    expect(await previewOf()).toBe('novo 21');
    const announced = h.published.slice(before).filter((e) => e.type === 'tickets.ticket.updated') as Envelope<any>[];
    expect(announced.map((e) => e.data.ticket.lastMessage)).toEqual(['novo 21']);
  });

  it("an edit or deletion of an earlier message leaves the list's preview (the last message) alone", async () => {
    const number = '5511911110022';
    const first = received({ body: 'primeira' }, { number });
    const last = received({ body: 'segunda' }, { number });
    for (const data of [first, last]) await h.publish('channels.message.received', COMPANY, data);
    await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: first.wid, kind: 'edited', body: 'primeira corrigida', reaction: null });
    await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: first.wid, kind: 'revoked', body: null, reaction: null });
    const [t] = await q<{ last_message: string }>(`select t.last_message from tickets.tickets t join tickets.messages m on m.ticket_id = t.id where m.wid = $1`, last.wid);
    expect(t!.last_message).toBe('segunda');
  });

  it('with enableLGPD and lgpdDeleteMessage, what the contact deleted is erased: text and file', async () => {
    const stored = await h.deps.ctx.storage.save(COMPANY, 'messages', Buffer.from('%PDF-1.4 x'), { mime: 'application/pdf', ext: 'pdf' });
    const data = received({ body: 'meu CPF é 123', media: { mediaType: 'document', key: stored.key, mimetype: 'application/pdf', filename: 'cpf.pdf', size: 10 } }, { number: '5511911110023' });
    await h.publish('channels.message.received', COMPANY, data);
    h.settings.set(COMPANY, [
      { key: 'enableLGPD', value: 'enabled' },
      { key: 'lgpdDeleteMessage', value: 'enabled' },
    ]);
    try {
      const before = h.published.length;
      await h.publish('channels.message.changed', COMPANY, { connectionId: 100, wid: data.wid, kind: 'revoked', body: null, reaction: null });
      const [m] = await q(`select is_deleted, body, media_key, media_name from tickets.messages where wid = $1`, data.wid);
      expect(m).toEqual({ is_deleted: true, body: '', media_key: null, media_name: null });
      expect(await h.deps.ctx.storage.open(stored.key)).toBeNull();
      const update = h.published.slice(before).find((e) => e.type === 'tickets.message.updated') as Envelope<any>;
      expect(update.data.message).toMatchObject({ isDeleted: true, body: '', mediaUrl: null });
    } finally {
      h.settings.clear();
    }
  });
});

describe('auth.user.* projection', () => {
  it('keeps users and sends the tickets of a deleted user back to their queue', async () => {
    const user = h.addUser({ id: 501, companyId: COMPANY, name: 'Bruno' });
    await h.publish('auth.user.created', COMPANY, { user });
    expect((await q(`select name from tickets.users where id = 501`))[0]).toEqual({ name: 'Bruno' });
    await h.publish('auth.user.updated', COMPANY, { user: { ...user, name: 'Bruno S.' } });
    expect((await q(`select name from tickets.users where id = 501`))[0]).toEqual({ name: 'Bruno S.' });

    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911110030' }));
    const [t] = await q<{ id: number }>(`select t.id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, '5511911110030');
    await q(`update tickets.tickets set status = 'open', user_id = 501 where id = $1`, t!.id);
    const before = h.published.length;
    await h.publish('auth.user.deleted', COMPANY, { userId: 501 });
    expect(await q(`select id from tickets.users where id = 501`)).toEqual([]);
    expect((await q(`select status, user_id from tickets.tickets where id = $1`, t!.id))[0]).toEqual({ status: 'pending', user_id: null });
    const event = h.published.slice(before).find((e) => e.type === 'tickets.ticket.updated') as Envelope<any>;
    expect(event.data.previous).toMatchObject({ status: 'open', userId: 501 });
  });

  it('a deleted user leaves the chatbot options that handed contacts to them (the menu saves again as it is)', async () => {
    const queueId = await h.insertQueue(COMPANY, 'Atendimento humano');
    const [option] = await q<{ id: number }>(
      `insert into tickets.chatbots (company_id, queue_id, name, queue_type, opt_user_id) values ($1, $2, 'Falar com a Carla', 'attendent', 502), ($1, $2, 'Falar com outro', 'attendent', 503) returning id`,
      COMPANY, queueId,
    );
    await h.publish('auth.user.deleted', COMPANY, { userId: 502 });
    const options = await q<{ id: number; opt_user_id: number | null }>(`select id, opt_user_id from tickets.chatbots where queue_id = $1 order by id`, queueId);
    expect(options).toEqual([{ id: option!.id, opt_user_id: null }, { id: option!.id + 1, opt_user_id: 503 }]);
  });
});

describe('raw statements of the hot paths', () => {
  it('load tickets exactly as the drizzle statements they replaced', async () => {
    const { loadTicketDetails } = await import('../db/ticket-details.repository.js');
    const { loadTicketDetailsBuilt } = await import('../testing/ticket-details.reference.js');
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911119901', name: 'Raw Check' }));
    await h.publish('channels.message.received', COMPANY, received({}, { number: '5511911119902', name: 'Raw Check 2' }));
    const [t] = await q<{ id: number; contact_id: number }>(`select t.id, t.contact_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id where c.number = $1`, '5511911119901');
    const [queue] = await q<{ id: number }>(`insert into tickets.queues (company_id, name, color) values ($1, 'Raw', '#00ff00') returning id`, COMPANY);
    await q(`update tickets.tickets set queue_id = $1, user_id = 501, closed_at = now(), last_message_at = now() where id = $2`, queue!.id, t!.id);
    await q(`insert into tickets.users (id, company_id, name, profile) values (501, $1, 'Ana', 'user') on conflict (id) do nothing`, COMPANY);
    const [a, b] = await q<{ id: number }>(`insert into tickets.tags (company_id, name, color, kanban) values ($1, 'raw-a', '#111111', 1), ($1, 'raw-b', '#222222', 0) returning id`, COMPANY);
    await q(`insert into tickets.ticket_tags (ticket_id, tag_id, company_id) values ($1, $2, $3), ($1, $4, $3)`, t!.id, b!.id, COMPANY, a!.id);
    await q(`insert into tickets.contact_tags (contact_id, tag_id, company_id) values ($1, $2, $3)`, t!.contact_id, a!.id, COMPANY);
    const ids = (await q<{ id: number }>(`select id from tickets.tickets where company_id = $1 order by id`, COMPANY)).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const set of [[t!.id], ids, [...ids].reverse(), [t!.id, 999_999]]) {
      const raw = await loadTicketDetails(h.deps.db, COMPANY, set);
      expect(raw).toEqual(await loadTicketDetailsBuilt(h.deps.db, COMPANY, set));
    }
    const [one] = await loadTicketDetails(h.deps.db, COMPANY, [t!.id]);
    expect(one).toMatchObject({ queue: { id: queue!.id }, tags: [{ id: a!.id }, { id: b!.id }], contact: { tags: [{ id: a!.id }] } });
    // The inbound write reads its touched ticket back with the message: the same detail.
    const before = h.published.length;
    await h.publish('channels.message.received', COMPANY, received({ body: 'again' }, { number: '5511911119901', name: 'Raw Check' }));
    const announced = h.published.slice(before).find((e) => e.type === 'tickets.message.created') as Envelope<any>;
    const [touched] = await loadTicketDetails(h.deps.db, COMPANY, [t!.id]);
    expect(announced.data.ticket).toEqual(JSON.parse(JSON.stringify(touched)));
    expect(announced.data.ticket).toMatchObject({ lastMessage: 'again', user: { id: 501 }, queue: { id: queue!.id }, tags: [{ id: a!.id }, { id: b!.id }] });
    expect(await loadTicketDetails(h.deps.db, OTHER_COMPANY, [t!.id])).toEqual([]);
  });
});
