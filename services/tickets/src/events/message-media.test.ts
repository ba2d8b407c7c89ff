import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, type MessageReceived } from '@atende/kit';
import { makeConnection, startHarness, type Harness } from '../testing/harness.js';

/** Audio transcription as channels asks it (spec 000 §7 POST /message/transcribeAudio): the message by wid, then its text stored. */
let h: Harness;
let seq = 0;
const COMPANY = 1;
const OTHER = 2;

const audio = (number: string, over: Partial<MessageReceived> = {}): MessageReceived => ({
  connectionId: 300,
  channel: 'whatsapp',
  contact: { number, name: 'Maria', pictureUrl: null, lid: null, remoteJid: `${number}@s.whatsapp.net` },
  isGroup: false,
  group: null,
  wid: `AUDIO-${++seq}-${Date.now()}`,
  fromMe: false,
  body: '',
  media: { mediaType: 'audio', key: `company${COMPANY}/messages/voz-${seq}.ogg`, mimetype: 'audio/ogg', filename: null, size: 20_000 },
  quotedWid: null,
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});

const asker = (userId: number, profile: 'admin' | 'user' = 'user') => ({ userId, profile, super: false });

beforeAll(async () => {
  h = await startHarness();
  await h.publish('channels.connection.updated', COMPANY, { connection: makeConnection({ id: 300, companyId: COMPANY }) });
  h.addUser({ id: 1, companyId: COMPANY, profile: 'admin' });
  h.addUser({ id: 2, companyId: COMPANY, profile: 'user', allTicket: 'disable', queueIds: [] });
  h.addUser({ id: 3, companyId: COMPANY, profile: 'user', allTicket: 'enable', queueIds: [] });
  h.addUser({ id: 4, companyId: OTHER, profile: 'admin' });
});
afterAll(async () => h?.stop());

describe('tickets.message.media', () => {
  it('answers the audio message by wid with its media key, ticket and queue', async () => {
    const data = audio('5511955550001');
    await h.publish('channels.message.received', COMPANY, data);
    const found = await ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: data.wid, ...asker(1, 'admin') });
    expect(found?.message).toMatchObject({ fromMe: false, mediaType: 'audio', mediaKey: data.media!.key, transcription: null, queueId: null });
    expect(found?.message.ticketId).toEqual(expect.any(Number));
  });

  it("answers null for an unknown wid, another company's message, or a ticket the user may not see", async () => {
    const data = audio('5511955550002');
    await h.publish('channels.message.received', COMPANY, data);
    await expect(ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: 'no-such-wid', ...asker(1, 'admin') })).resolves.toBeNull();
    await expect(ask(h.bus, 'tickets.message.media', { companyId: OTHER, wid: data.wid, ...asker(4, 'admin') })).resolves.toBeNull();
    // A ticket without queue: only users with allTicket see it.
    await expect(ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: data.wid, ...asker(2) })).resolves.toBeNull();
    await expect(ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: data.wid, ...asker(3) })).resolves.not.toBeNull();
  });
});

describe('tickets.message.transcribed', () => {
  it('stores the text (transcrito true), announces the message updated and answers it on the next read', async () => {
    const data = audio('5511955550003');
    await h.publish('channels.message.received', COMPANY, data);
    const found = await ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: data.wid, ...asker(1, 'admin') });
    const before = h.published.length;
    await expect(ask(h.bus, 'tickets.message.transcribed', { companyId: COMPANY, messageId: found!.message.id, transcription: 'Bom dia, quero marcar.' })).resolves.toEqual({
      ok: true,
    });
    await h.flush();
    const updated = h.published.slice(before).find((e) => e.type === 'tickets.message.updated');
    expect((updated?.data as { message: { id: number; transcrito: boolean; transcription: string } }).message).toMatchObject({
      id: found!.message.id,
      transcrito: true,
      transcription: 'Bom dia, quero marcar.',
    });
    const again = await ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: data.wid, ...asker(1, 'admin') });
    expect(again?.message.transcription).toBe('Bom dia, quero marcar.');
    const token = h.token({ id: 1, companyId: COMPANY, profile: 'admin', super: false });
    const page = await h.request('GET', `/api/messages/${found!.message.ticketId}`, { token });
    expect(page.body.messages.find((m: { id: number }) => m.id === found!.message.id)).toMatchObject({ transcrito: true, transcription: 'Bom dia, quero marcar.' });
  });

  it("refuses another company's message (404)", async () => {
    const data = audio('5511955550004');
    await h.publish('channels.message.received', COMPANY, data);
    const found = await ask(h.bus, 'tickets.message.media', { companyId: COMPANY, wid: data.wid, ...asker(1, 'admin') });
    await expect(ask(h.bus, 'tickets.message.transcribed', { companyId: OTHER, messageId: found!.message.id, transcription: 'x' })).rejects.toMatchObject({
      code: 'ERR_NO_MESSAGE_FOUND',
    });
  });
});
