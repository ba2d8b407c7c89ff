import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emissionsFor } from '@atende/kit';
import type { HistoryMessage } from '../drivers/types.js';
import { createFakeDrivers, type FakeDrivers, type FakeSession } from '../testing/fake-driver.js';
import { startHarness, waitFor as waitForDelivery, type Harness } from '../testing/harness.js';

/** History imports take a little longer to settle: 400 tries. */
const waitFor = <T>(h: Harness, probe: () => T | undefined | false | Promise<T | undefined | false>, what: string) => waitForDelivery(h, probe, what, 400);

type ImportFields = { from?: string | null; to?: string | null; groups?: boolean; closed?: boolean; queueId?: number | null };

async function insertConnection(h: Harness, companyId: number, fields: ImportFields = {}): Promise<number> {
  const token = randomBytes(15).toString('hex');
  const [row] = await h.sql<{ id: number }[]>`
    insert into channels.connections (company_id, name, channel, status, token, import_old_messages, import_recent_messages,
      import_old_messages_groups, closed_tickets_post_imported, queue_id_import_messages)
    values (${companyId}, ${`Conexão ${token.slice(0, 6)}`}, 'whatsapp', 'DISCONNECTED', ${token}, ${fields.from ?? null}, ${fields.to ?? null},
      ${fields.groups ?? false}, ${fields.closed ?? false}, ${fields.queueId ?? null}) returning id`;
  return row!.id;
}

const importRow = async (h: Harness, id: number) =>
  (
    await h.sql<{ status: string | null; from: string | null; to: string | null }[]>`
      select status_import_messages as status, import_old_messages as "from", import_recent_messages as "to" from channels.connections where id = ${id}`
  )[0]!;

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function history(wid: string, iso: string, fields: Partial<HistoryMessage> = {}): HistoryMessage {
  return {
    contact: { number: '5511977776666', name: 'Maria', pictureUrl: null, lid: null, remoteJid: '5511977776666@s.whatsapp.net' },
    isGroup: false,
    group: null,
    wid,
    fromMe: false,
    body: `mensagem ${wid}`,
    media: null,
    quotedWid: null,
    timestamp: at(iso),
    ...fields,
  };
}

describe('importing a connection’s old messages on pairing', () => {
  let h: Harness;
  let fake: FakeDrivers;
  let admin: string;

  beforeAll(async () => {
    fake = createFakeDrivers();
    h = await startHarness({ drivers: { whatsapp: fake.factory } });
    admin = h.signIn({ id: 1, companyId: 1, profile: 'admin' }).token;
  });
  afterAll(() => h.stop());

  /** The connection's session started and paired (the history comes right after). */
  const paired = async (id: number): Promise<FakeSession> => {
    expect((await h.request('POST', `/api/whatsappsession/${id}`, { token: admin })).status).toBe(200);
    const session = await waitFor(h, () => fake.latest(id), 'the session to start');
    session.connect();
    await waitFor(h, async () => (await h.sql`select 1 from channels.connections where id = ${id} and status = 'CONNECTED'`).length === 1, 'CONNECTED');
    return session;
  };
  const received = (id: number) => h.events('channels.message.received').filter((e) => e.data.connectionId === id);
  const progress = (id: number) => h.events('channels.import.progress').filter((e) => e.data.connectionId === id).map((e) => e.data);

  it('asks WhatsApp for the whole history only when the connection imports', async () => {
    const importing = await insertConnection(h, 1, { from: '2024-01-01T00:00:00Z' });
    const plain = await insertConnection(h, 1);
    await paired(importing);
    await paired(plain);
    expect(fake.latest(importing)!.context.importHistory).toBe(true);
    expect(fake.latest(plain)!.context.importHistory).toBe(false);
  });

  it('hands the window’s messages to tickets oldest first, marked imported, then offers to close the tickets', async () => {
    const queueId = await h.addQueue(1, `Importados ${randomBytes(3).toString('hex')}`);
    const id = await insertConnection(h, 1, { from: '2024-01-01T00:00:00Z', to: '2024-01-31T23:59:00Z', queueId });
    const session = await paired(id);
    // Two pieces, newest first as WhatsApp sends them; one message repeated, some outside the window, a group.
    session.history({
      messages: [
        history('W-3', '2024-01-20T10:00:00Z', { fromMe: true, body: 'Tudo certo' }),
        history('W-LATE', '2024-02-02T10:00:00Z'),
        history('W-2', '2024-01-10T09:00:00Z'),
      ],
    });
    session.history({
      messages: [
        history('W-2', '2024-01-10T09:00:00Z'),
        history('W-G', '2024-01-12T09:00:00Z', { isGroup: true, group: { number: '120363025246125486', name: 'Equipe', pictureUrl: null } }),
        history('W-1', '2024-01-02T08:00:00Z'),
        history('W-OLD', '2023-12-31T23:00:00Z'),
      ],
    });
    const started = await waitFor(h, () => progress(id)[0], 'the preparing progress');
    expect(started).toEqual({ action: 'update', connectionId: id, status: { this: -1, all: 2, date: null } });
    // While gathering, statusImportMessages holds the import's start time (the screen's 'preparing').
    expect(Number((await importRow(h, id)).status)).toBeGreaterThan(Date.now() - 60_000);

    await waitFor(h, () => progress(id).some((p) => p.action === 'refresh'), 'the end of the import');
    const messages = received(id);
    expect(messages.map((e) => e.data.wid)).toEqual(['W-1', 'W-2', 'W-3']);
    expect(messages.every((e) => e.companyId === 1 && e.data.channel === 'whatsapp')).toBe(true);
    expect(messages[0]!.data.imported).toEqual({ queueId, closed: false });
    expect(messages[2]!.data).toMatchObject({ fromMe: true, body: 'Tudo certo', timestamp: at('2024-01-20T10:00:00Z') });

    const told = progress(id);
    expect(told.filter((p) => p.action === 'update' && p.status.this === -1).map((p) => p.action === 'update' && p.status.all)).toEqual([2, 3]);
    expect(told.filter((p) => p.action === 'update' && p.status.this > 0).map((p) => p.action === 'update' && p.status)).toEqual([
      { this: 1, all: 3, date: '2024-01-02T08:00:00.000Z' },
      { this: 2, all: 3, date: '2024-01-10T09:00:00.000Z' },
      { this: 3, all: 3, date: '2024-01-20T10:00:00.000Z' },
    ]);
    expect(told.at(-1)).toEqual({ action: 'refresh', connectionId: id });
    // Finished: the close-imported button shows and the dates are cleared (the editor's switch is off again).
    expect(await importRow(h, id)).toEqual({ status: 'renderButtonCloseTickets', from: null, to: null });
    const last = h.events('channels.connection.updated').filter((e) => e.data.connection.id === id).at(-1)!;
    expect(last.data.whatsapp).toMatchObject({ statusImportMessages: 'renderButtonCloseTickets', importOldMessages: null });
  });

  it('imports groups when asked, and marks the tickets to be created closed', async () => {
    const id = await insertConnection(h, 1, { from: '2024-01-01T00:00:00Z', groups: true, closed: true });
    const session = await paired(id);
    session.history({
      messages: [history('G-2', '2024-02-01T10:00:00Z', { isGroup: true, group: { number: '120363000000000001', name: 'Equipe', pictureUrl: null } }), history('G-1', '2024-01-05T10:00:00Z')],
      final: true,
    });
    await waitFor(h, () => progress(id).some((p) => p.action === 'refresh'), 'the end of the import');
    expect(received(id).map((e) => [e.data.wid, e.data.imported])).toEqual([
      ['G-1', { queueId: null, closed: true }],
      ['G-2', { queueId: null, closed: true }],
    ]);
    // Its tickets were created closed: nothing left to close.
    expect((await importRow(h, id)).status).toBe('Finished');
  });

  it('downloads the media of imported messages only', async () => {
    const id = await insertConnection(h, 1, { from: '2024-01-01T00:00:00Z', to: '2024-06-30T00:00:00Z' });
    const session = await paired(id);
    const loaded: string[] = [];
    const withMedia = (wid: string, iso: string): HistoryMessage =>
      history(wid, iso, {
        body: '',
        media: { mediaType: 'image', key: null, mimetype: 'image/jpeg', filename: null, size: null },
        loadMedia: async () => {
          loaded.push(wid);
          return { mediaType: 'image', key: `company1/inbound/${wid}.jpg`, mimetype: 'image/jpeg', filename: `${wid}.jpg`, size: 10 };
        },
      });
    session.history({ messages: [withMedia('M-OUT', '2024-08-01T10:00:00Z'), withMedia('M-IN', '2024-03-01T10:00:00Z')], final: true });
    await waitFor(h, () => progress(id).some((p) => p.action === 'refresh'), 'the end of the import');
    expect(loaded).toEqual(['M-IN']);
    expect(received(id).map((e) => e.data.media?.key)).toEqual(['company1/inbound/M-IN.jpg']);
  });

  it('drops the history of a connection that imports nothing', async () => {
    const id = await insertConnection(h, 1);
    const session = await paired(id);
    session.history({ messages: [history('X-1', '2024-01-05T10:00:00Z')], final: true });
    await new Promise((r) => setTimeout(r, 400));
    await h.flush();
    expect(received(id)).toEqual([]);
    expect(progress(id)).toEqual([]);
    expect((await importRow(h, id)).status).toBeNull();
  });

  it('a logout while gathering abandons the import: nothing handed on, it waits for the next pairing', async () => {
    const id = await insertConnection(h, 1, { from: '2024-01-01T00:00:00Z' });
    const session = await paired(id);
    session.history({ messages: [history('L-1', '2024-01-05T10:00:00Z')] });
    await waitFor(h, () => progress(id).length > 0, 'the preparing progress');
    expect((await h.request('DELETE', `/api/whatsappsession/${id}`, { token: admin })).status).toBe(200);
    await waitFor(h, () => session.loggedOut, 'the logout');
    await new Promise((r) => setTimeout(r, 400));
    await h.flush();
    expect(received(id)).toEqual([]);
    expect(progress(id).at(-1)).toEqual({ action: 'refresh', connectionId: id });
    const row = await importRow(h, id);
    expect(row.status).toBeNull();
    expect(new Date(row.from!).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('the progress reaches the company’s browsers as importMessages-{companyId}', () => {
    const [emission] = emissionsFor('channels.import.progress', { companyId: 1, data: { action: 'update', connectionId: 9, status: { this: -1, all: 4, date: null } } });
    expect(emission).toEqual({
      event: 'importMessages-{companyId}',
      payload: { action: 'update', connectionId: 9, status: { this: -1, all: 4, date: null } },
      audience: { to: 'company' },
    });
  });
});
