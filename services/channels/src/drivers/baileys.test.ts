import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WAMessage } from '@whiskeysockets/baileys';
import { createLogger, type SendCommand, type SessionStatus } from '@atende/kit';
import type { DriverEvents, KeyStore } from './types.js';
import { SessionNotConnectedError } from '../domain/session-state.js';
import {
  ackOf,
  baileysDriverFactory,
  closeReason,
  createAuthState,
  historyMessages,
  historyNames,
  isLastHistoryPiece,
  jidToNumber,
  outboundContent,
  personOf,
  recipientJid,
  toChange,
  toIncomingCall,
  toInbound,
  toPhoneContacts,
  toReaction,
} from './baileys.js';

/** A KeyStore in memory that keeps values as the database would: JSON, nothing else. */
function memoryKeys(): KeyStore & { rows: Map<string, string> } {
  const rows = new Map<string, string>();
  return {
    rows,
    async get(keys) {
      return new Map(keys.filter((k) => rows.has(k)).map((k) => [k, JSON.parse(rows.get(k)!)]));
    },
    async set(entries) {
      for (const e of entries) {
        if (e.value === null) rows.delete(e.key);
        else rows.set(e.key, JSON.stringify(e.value));
      }
    },
    async clear() {
      rows.clear();
    },
  };
}

const message = (fields: Partial<WAMessage> & { key: WAMessage['key'] }): WAMessage => ({ messageTimestamp: 1_700_000_000, ...fields }) as WAMessage;

describe('calls', () => {
  const call = (fields: Record<string, unknown>) => ({ chatId: 'x', from: '5511977775555@s.whatsapp.net', id: 'C1', date: new Date(), status: 'offer', offline: false, ...fields }) as never;

  it('reads a call being offered by a contact, by phone or by lid', () => {
    expect(toIncomingCall(call({ isVideo: true }))).toEqual({
      id: 'C1',
      fromJid: '5511977775555@s.whatsapp.net',
      isVideo: true,
      contact: { number: '5511977775555', name: '', pictureUrl: null, lid: null, remoteJid: '5511977775555@s.whatsapp.net' },
    });
    expect(toIncomingCall(call({ from: '123456789012345@lid', callerPn: '5511977775555@s.whatsapp.net' }))?.contact).toMatchObject({
      number: '5511977775555',
      lid: '123456789012345@lid',
    });
  });

  it('leaves out group calls and every later state of a call', () => {
    expect(toIncomingCall(call({ isGroup: true }))).toBeNull();
    expect(toIncomingCall(call({ groupJid: '120363025246125486@g.us' }))).toBeNull();
    for (const status of ['ringing', 'timeout', 'reject', 'accept', 'terminate']) expect(toIncomingCall(call({ status }))).toBeNull();
  });
});

describe('jids', () => {
  it('maps a phone jid (with device) to its number', () => {
    expect(jidToNumber('5511999990000:12@s.whatsapp.net')).toBe('5511999990000');
    expect(jidToNumber('5511999990000@s.whatsapp.net')).toBe('5511999990000');
  });

  it('maps a group jid to the group id', () => {
    expect(jidToNumber('120363025246125486@g.us')).toBe('120363025246125486');
  });

  it('prefers the phone number and keeps the lid of a contact addressed by lid', () => {
    expect(personOf('123456789012345@lid', '5511988887777@s.whatsapp.net')).toEqual({
      number: '5511988887777',
      lid: '123456789012345@lid',
      remoteJid: '5511988887777@s.whatsapp.net',
    });
    expect(personOf('123456789012345@lid', undefined)).toEqual({ number: '123456789012345', lid: '123456789012345@lid', remoteJid: '123456789012345@lid' });
  });

  it('sends to the stored jid, else to one built from the number', () => {
    expect(recipientJid({ number: '5511988887777', remoteJid: null, isGroup: false })).toBe('5511988887777@s.whatsapp.net');
    expect(recipientJid({ number: '120363025246125486', remoteJid: null, isGroup: true })).toBe('120363025246125486@g.us');
    expect(recipientJid({ number: '5511', remoteJid: '99887766@lid', isGroup: false })).toBe('99887766@lid');
  });
});

describe('Baileys messages as tickets receives them', () => {
  it('a text from a contact', () => {
    const mapped = toInbound(
      message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'ABC1' }, pushName: 'Maria', message: { conversation: 'Oi' } }),
      '5511900000000',
    );
    expect(mapped).toEqual({
      contact: { number: '5511988887777', name: 'Maria', pictureUrl: null, lid: null, remoteJid: '5511988887777@s.whatsapp.net' },
      isGroup: false,
      group: null,
      wid: 'ABC1',
      fromMe: false,
      body: 'Oi',
      media: null,
      quotedWid: null,
      timestamp: 1_700_000_000,
    });
  });

  it('a group message names its participant and the group', () => {
    const mapped = toInbound(
      message({
        key: { remoteJid: '120363@g.us', fromMe: false, id: 'G1', participant: '5511977776666@s.whatsapp.net' },
        pushName: 'João',
        message: { extendedTextMessage: { text: 'respondendo', contextInfo: { stanzaId: 'Q1' } } },
      }),
      '5511900000000',
    )!;
    expect(mapped).toMatchObject({ isGroup: true, group: { number: '120363' }, contact: { number: '5511977776666', name: 'João' }, body: 'respondendo', quotedWid: 'Q1' });
  });

  it('a message sent from the phone keeps the contact as the chat, not our name', () => {
    const mapped = toInbound(message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'ME1' }, pushName: 'Empresa', message: { conversation: 'Olá' } }), '5511900000000')!;
    expect(mapped).toMatchObject({ fromMe: true, contact: { number: '5511988887777', name: '5511988887777' } });
  });

  it('an image carries its caption and what is known of the file (stored later)', () => {
    const mapped = toInbound(
      message({
        key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'IMG1' },
        message: { imageMessage: { caption: 'foto', mimetype: 'image/jpeg', fileLength: 2048 } },
      }),
      '',
    )!;
    expect(mapped.body).toBe('foto');
    expect(mapped.media).toEqual({ mediaType: 'image', key: null, mimetype: 'image/jpeg', filename: null, size: 2048 });
  });

  it('a document inside its caption wrapper is found', () => {
    const mapped = toInbound(
      message({
        key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'DOC1' },
        message: { documentWithCaptionMessage: { message: { documentMessage: { caption: 'contrato', fileName: 'contrato.pdf', mimetype: 'application/pdf' } } } },
      }),
      '',
    )!;
    expect(mapped.media).toMatchObject({ mediaType: 'document', filename: 'contrato.pdf', mimetype: 'application/pdf' });
    expect(mapped.body).toBe('contrato');
  });

  it('status broadcasts, protocol messages and reactions are not messages', () => {
    expect(toInbound(message({ key: { remoteJid: 'status@broadcast', id: 'S1' }, message: { conversation: 'story' } }), '')).toBeNull();
    expect(toInbound(message({ key: { remoteJid: '5511@s.whatsapp.net', id: 'P1' }, message: { protocolMessage: { type: 0, key: { id: 'X' } } } }), '')).toBeNull();
    expect(toInbound(message({ key: { remoteJid: '5511@s.whatsapp.net', id: 'R1' }, message: { reactionMessage: { text: '👍', key: { id: 'X' } } } }), '')).toBeNull();
  });

  it('a revoke and an edit become changes of the earlier message', () => {
    expect(toChange(message({ key: { remoteJid: '5511@s.whatsapp.net', id: 'P1' }, message: { protocolMessage: { type: 0, key: { id: 'TARGET' } } } }))).toEqual({
      wid: 'TARGET', kind: 'revoked', body: null, reaction: null,
    });
    expect(
      toChange(message({ key: { remoteJid: '5511@s.whatsapp.net', id: 'P2' }, message: { protocolMessage: { type: 14, key: { id: 'TARGET' }, editedMessage: { conversation: 'corrigido' } } } })),
    ).toEqual({ wid: 'TARGET', kind: 'edited', body: 'corrigido', reaction: null });
  });

  it("a contact's reaction names the emoji and who reacted; ours are ignored", () => {
    expect(toReaction({ key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'M1', fromMe: true }, reaction: { text: '❤️', key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false } } })).toEqual({
      wid: 'M1', kind: 'reaction', body: null, reaction: { emoji: '❤️', fromNumber: '5511988887777' },
    });
    expect(toReaction({ key: { remoteJid: '5511988887777@s.whatsapp.net', id: 'M1' }, reaction: { text: '❤️', key: { fromMe: true } } })).toBeNull();
  });

  it('delivery status maps to acks, an error to -1', () => {
    expect([ackOf(0), ackOf(2), ackOf(3), ackOf(4), ackOf(undefined)]).toEqual([-1, 2, 3, 4, null]);
  });
});

describe('send commands as Baileys content', () => {
  const base: SendCommand = {
    messageId: 1, ticketId: 1, connectionId: 1, channel: 'whatsapp', to: { number: '5511', remoteJid: null, isGroup: false },
    body: 'oi', media: null, quotedWid: null, kind: 'text', targetWid: null,
  };

  it('a text quoting an earlier message', () => {
    expect(outboundContent({ ...base, quotedWid: 'Q9' }, '5511@s.whatsapp.net', null)).toMatchObject({ text: 'oi', contextInfo: { stanzaId: 'Q9' } });
  });

  it('media by kind, documents with their file name', () => {
    const pdf = Buffer.from('%PDF');
    const media = { mediaType: 'application' as const, key: 'company1/x.pdf', mimetype: 'application/pdf', filename: 'a.pdf', size: 4 };
    expect(outboundContent({ ...base, kind: 'media', media }, 'j', pdf)).toMatchObject({ document: pdf, fileName: 'a.pdf', mimetype: 'application/pdf', caption: 'oi' });
    expect(outboundContent({ ...base, kind: 'media', media: { ...media, mediaType: 'image', mimetype: 'image/png' } }, 'j', pdf)).toMatchObject({ image: pdf, caption: 'oi' });
  });

  it('Ogg/Opus audio (an AI prompt’s spoken answer) goes as a voice note, other audio as a file to play', () => {
    const ogg = Buffer.from('OggS');
    const voice = { mediaType: 'audio' as const, key: 'company1/bot-voice/v.ogg', mimetype: 'audio/ogg; codecs=opus', filename: 'v.ogg', size: 4 };
    expect(outboundContent({ ...base, body: '', kind: 'media', media: voice }, 'j', ogg)).toEqual({ audio: ogg, mimetype: 'audio/ogg; codecs=opus', ptt: true });
    expect(outboundContent({ ...base, body: '', kind: 'media', media: { ...voice, mimetype: 'audio/mpeg' } }, 'j', ogg)).toMatchObject({ audio: ogg, ptt: false });
  });

  it('edit, delete and reaction target the earlier message', () => {
    expect(outboundContent({ ...base, kind: 'edit', targetWid: 'T1', body: 'novo' }, 'j', null)).toEqual({ text: 'novo', edit: { remoteJid: 'j', id: 'T1', fromMe: true } });
    expect(outboundContent({ ...base, kind: 'delete', targetWid: 'T1' }, 'j', null)).toEqual({ delete: { remoteJid: 'j', id: 'T1', fromMe: true } });
    expect(outboundContent({ ...base, kind: 'reaction', targetWid: 'T1', body: '👍' }, 'j', null)).toEqual({ react: { text: '👍', key: { remoteJid: 'j', id: 'T1', fromMe: false } } });
  });
});

describe('socket close reasons', () => {
  const boom = (statusCode: number) => ({ output: { statusCode } });
  it('reads logout, restart, takeover, QR timeout and the rest', () => {
    expect(closeReason(boom(401), { paired: true, qrShown: false })).toBe('loggedOut');
    expect(closeReason(boom(515), { paired: false, qrShown: true })).toBe('restartRequired');
    expect(closeReason(boom(440), { paired: true, qrShown: false })).toBe('replaced');
    expect(closeReason(boom(408), { paired: false, qrShown: true })).toBe('qrTimeout');
    expect(closeReason(boom(408), { paired: true, qrShown: false })).toBe('lost');
    expect(closeReason(new Error('ECONNREFUSED'), { paired: false, qrShown: false })).toBe('lost');
  });
});

describe('the history WhatsApp sends on pairing', () => {
  const me = '5511900000000';

  it('keeps what people wrote, with its time, and leaves out protocol, reactions, stubs, status and empty messages', () => {
    const piece = {
      messages: [
        message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'H1' }, pushName: 'Maria', message: { conversation: 'Bom dia' } }),
        message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'H2' }, message: { extendedTextMessage: { text: 'Olá, Maria' } } }),
        message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'P1' }, message: { protocolMessage: { type: 0, key: { id: 'H1' } } } }),
        message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'R1' }, message: { reactionMessage: { text: '👍', key: { id: 'H2' } } } }),
        message({ key: { remoteJid: '120363025246125486@g.us', fromMe: false, id: 'S1', participant: '5511977776666@s.whatsapp.net' }, messageStubType: 20 }),
        message({ key: { remoteJid: 'status@broadcast', fromMe: false, id: 'B1', participant: '5511977776666@s.whatsapp.net' }, message: { conversation: 'status' } }),
        message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'E1' }, message: { conversation: '   ' } }),
        message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'T0' }, messageTimestamp: 0, message: { conversation: 'sem hora' } }),
      ],
    };
    const kept = historyMessages(piece, me);
    expect(kept.map((k) => k.inbound.wid)).toEqual(['H1', 'H2']);
    expect(kept[0]!.inbound).toMatchObject({ fromMe: false, body: 'Bom dia', timestamp: 1_700_000_000, contact: { number: '5511988887777', name: 'Maria' } });
    expect(kept[1]!.inbound).toMatchObject({ fromMe: true, body: 'Olá, Maria', contact: { number: '5511988887777' } });
    expect(kept[1]!.source.key.id).toBe('H2');
  });

  it('names people and groups the message leaves unnamed from the history’s contacts and chats', () => {
    const kept = historyMessages(
      {
        messages: [
          message({ key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'N1' }, message: { conversation: 'Oi' } }),
          message({ key: { remoteJid: '120363025246125486@g.us', fromMe: false, id: 'N2', participant: '5511977776666@s.whatsapp.net' }, message: { conversation: 'Reunião' } }),
        ],
        contacts: [{ id: '5511988887777@s.whatsapp.net', name: 'Maria Silva', notify: 'Mari' }, { id: '5511977776666@s.whatsapp.net', notify: 'João' }],
        chats: [{ id: '120363025246125486@g.us', name: 'Equipe vendas' }],
      },
      me,
    );
    expect(kept[0]!.inbound.contact.name).toBe('Maria Silva');
    expect(kept[1]!.inbound).toMatchObject({ isGroup: true, contact: { number: '5511977776666', name: 'João' }, group: { number: '120363025246125486', name: 'Equipe vendas' } });
  });

  it('a saved name wins over the name a contact chose', () => {
    const names = historyNames([{ id: '5511911112222@s.whatsapp.net', notify: 'Zé' }, { id: '99887766@lid', phoneNumber: '5511911112222@s.whatsapp.net', name: 'José Souza' }]);
    expect(names.get('5511911112222')).toBe('José Souza');
    expect(names.get('99887766')).toBe('José Souza');
  });

  it('knows the last piece: the full history at 100 %, or the recent part when the full one was not asked for', () => {
    expect(isLastHistoryPiece({ syncType: 2, progress: 100 }, true)).toBe(true);
    expect(isLastHistoryPiece({ syncType: 2, progress: 80 }, true)).toBe(false);
    expect(isLastHistoryPiece({ syncType: 3, progress: 100 }, true)).toBe(false);
    expect(isLastHistoryPiece({ syncType: 3, progress: 100 }, false)).toBe(true);
    expect(isLastHistoryPiece({ syncType: 0, progress: null }, false)).toBe(false);
  });
});

describe("the phone's contacts (POST /contacts/import)", () => {
  it('address-book contacts are in the phonebook under their saved name; others under the name they chose', () => {
    // contacts.upsert as the app state sync of the address book and the history's push names give them.
    const list = toPhoneContacts([
      { id: '5511936000001@s.whatsapp.net', name: '  Ana da Agenda ', notify: 'Aninha', lid: '998877@lid' },
      { id: '5511936000002:3@s.whatsapp.net', notify: 'Bruno' },
      { id: '5511936000003@s.whatsapp.net', verifiedName: 'Loja Verificada' },
      { id: '5511936000004@s.whatsapp.net' },
    ]);
    expect(list).toEqual([
      { number: '5511936000001', name: 'Ana da Agenda', inPhonebook: true, hasChat: false, isGroup: false, lid: '998877@lid' },
      { number: '5511936000002', name: 'Bruno', inPhonebook: false, hasChat: false, isGroup: false, lid: null },
      { number: '5511936000003', name: 'Loja Verificada', inPhonebook: false, hasChat: false, isGroup: false, lid: null },
      { number: '5511936000004', name: '', inPhonebook: false, hasChat: false, isGroup: false, lid: null },
    ]);
  });

  it('a contact addressed by LID counts with its phone number; one known only by LID is left out', () => {
    const list = toPhoneContacts([
      { id: '112233@lid', phoneNumber: '5511936000005@s.whatsapp.net', name: 'Carla' },
      { id: '445566@lid', name: 'Sem Número' },
      { id: 'status@broadcast', name: 'Status' },
    ]);
    expect(list).toEqual([{ number: '5511936000005', name: 'Carla', inPhonebook: true, hasChat: false, isGroup: false, lid: '112233@lid' }]);
  });

  it("chats (a history piece's or chats.upsert's) mark their people and groups, merged with what the contacts tell", () => {
    // messaging-history.set: { chats, contacts, messages }.
    const list = toPhoneContacts(
      [
        { id: '5511936000001@s.whatsapp.net', name: 'Ana da Agenda' },
        { id: '5511936000006@s.whatsapp.net', notify: 'Diego' },
        { id: '5511936000006@s.whatsapp.net', name: 'Diego Salvo' },
      ],
      [
        { id: '5511936000001@s.whatsapp.net', name: 'Ana' },
        { id: '778899@lid', pnJid: '5511936000007@s.whatsapp.net', lidJid: '778899@lid' },
        { id: '120363000000000001@g.us', name: 'Grupo da Família' },
        { id: '990011@lid' },
        { id: '123@newsletter', name: 'Canal' },
      ],
    );
    expect(list).toEqual([
      { number: '5511936000001', name: 'Ana da Agenda', inPhonebook: true, hasChat: true, isGroup: false, lid: null },
      { number: '5511936000006', name: 'Diego Salvo', inPhonebook: true, hasChat: false, isGroup: false, lid: null },
      { number: '5511936000007', name: '', inPhonebook: false, hasChat: true, isGroup: false, lid: '778899@lid' },
      { number: '120363000000000001', name: 'Grupo da Família', inPhonebook: false, hasChat: true, isGroup: true, lid: null },
    ]);
  });

  it('a contacts.update with a push name only does not take away the saved name', () => {
    expect(toPhoneContacts([{ id: '5511936000001@s.whatsapp.net', name: 'Ana da Agenda' }, { id: '5511936000001@s.whatsapp.net', notify: 'Aninha' }])).toEqual([
      { number: '5511936000001', name: 'Ana da Agenda', inPhonebook: true, hasChat: false, isGroup: false, lid: null },
    ]);
  });
});

describe('auth state over the key store', () => {
  it('fresh credentials are created, and survive a save and a reload with their Buffers', async () => {
    const lib = await import('@whiskeysockets/baileys');
    const keys = memoryKeys();
    const first = await createAuthState(keys, lib);
    expect(Buffer.isBuffer(first.creds.noiseKey.private)).toBe(true);
    await first.saveCreds();
    const again = await createAuthState(keys, lib);
    expect(Buffer.isBuffer(again.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.creds.noiseKey.private).equals(Buffer.from(first.creds.noiseKey.private))).toBe(true);
    expect(again.creds.registrationId).toBe(first.creds.registrationId);
  });

  it('signal keys round-trip by type and id, and null removes them', async () => {
    const lib = await import('@whiskeysockets/baileys');
    const keys = memoryKeys();
    const state = await createAuthState(keys, lib);
    const preKey = { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) };
    await state.keys.set({ 'pre-key': { '7': preKey }, session: { 'a.0': Buffer.from('session-bytes') } });
    expect(keys.rows.has('pre-key-7')).toBe(true);
    const read = await state.keys.get('pre-key', ['7', '8']);
    expect(Object.keys(read)).toEqual(['7']);
    expect(Buffer.from(read['7']!.private).equals(preKey.private)).toBe(true);
    const sessions = await state.keys.get('session', ['a.0']);
    expect(Buffer.from(sessions['a.0']!).toString()).toBe('session-bytes');
    await state.keys.set({ 'pre-key': { '7': null } });
    expect(await state.keys.get('pre-key', ['7'])).toEqual({});
  });
});

describe('the driver without a reachable WhatsApp', () => {
  it('reports DISCONNECTED and waits before trying again, without crashing', async () => {
    // A local port that refuses connections: nothing leaves this machine.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((r) => server.close(() => r()));

    const statuses: { status: SessionStatus; at: number }[] = [];
    const events: DriverEvents = {
      status: (u) => statuses.push({ status: u.status, at: Date.now() }),
      message: () => undefined,
      ack: () => undefined,
      changed: () => undefined,
      history: () => undefined,
      loggedOut: () => statuses.push({ status: 'DISCONNECTED', at: -1 }),
      call: () => undefined,
      contacts: () => undefined,
    };
    const driver = await baileysDriverFactory({ waWebSocketUrl: `ws://127.0.0.1:${port}/ws/chat` })({
      connectionId: 1, companyId: 1, keys: memoryKeys(), events, importHistory: false, logger: createLogger({ name: 'baileys-test', level: 'silent' }),
      readMedia: async () => Buffer.alloc(0), storeMedia: async () => 'company1/x',
    });
    try {
      for (let i = 0; i < 100 && !statuses.some((s) => s.status === 'DISCONNECTED'); i++) await new Promise((r) => setTimeout(r, 50));
      const down = statuses.find((s) => s.status === 'DISCONNECTED');
      expect(down).toBeDefined();
      expect(down!.at).toBeGreaterThan(0); // a failed connection, not a logout
      await expect(driver.send({} as SendCommand)).rejects.toBeInstanceOf(SessionNotConnectedError);
      // The back-off (≥ 1.6 s for a first failure) holds the next attempt: no reconnect loop.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(statuses.filter((s) => s.status === 'OPENING' && s.at > down!.at)).toEqual([]);
    } finally {
      await driver.close();
    }
  }, 15_000);
});
