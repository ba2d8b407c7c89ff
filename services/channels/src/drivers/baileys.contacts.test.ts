import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '@atende/kit';
import type { DriverEvents, KeyStore, PhoneContact } from './types.js';

/** The socket Baileys would make: only its event emitter, so a test emits what WhatsApp's sync produces. */
const sockets: { ev: EventEmitter; end: () => void; user?: { id: string } }[] = [];
vi.mock('@whiskeysockets/baileys', async (importOriginal) => {
  const original = await importOriginal<typeof import('@whiskeysockets/baileys')>();
  return {
    ...original,
    makeWASocket: () => {
      const socket = { ev: new EventEmitter(), end: () => undefined };
      sockets.push(socket);
      return socket;
    },
  };
});

const { baileysDriverFactory } = await import('./baileys.js');

const memoryKeys = (): KeyStore => {
  const rows = new Map<string, unknown>();
  return {
    get: async (keys) => new Map(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)])),
    set: async (entries) => void entries.forEach((e) => (e.value === null ? rows.delete(e.key) : rows.set(e.key, e.value))),
    clear: async () => rows.clear(),
  };
};

describe("the driver reports the phone's contacts", () => {
  it('from contacts.upsert, contacts.update, chats.upsert and a history piece, until closed', async () => {
    const reported: PhoneContact[][] = [];
    const events: DriverEvents = {
      status: () => undefined, message: () => undefined, ack: () => undefined, changed: () => undefined, history: () => undefined,
      loggedOut: () => undefined, call: () => undefined, contacts: (list) => reported.push(list),
    };
    const driver = await baileysDriverFactory()({
      connectionId: 1, companyId: 1, keys: memoryKeys(), events, importHistory: false, logger: createLogger({ name: 'baileys-contacts-test', level: 'silent' }),
      readMedia: async () => Buffer.alloc(0), storeMedia: async () => 'company1/x',
    });
    const { ev } = sockets.at(-1)!;
    ev.emit('contacts.upsert', [{ id: '5511936000001@s.whatsapp.net', name: 'Ana da Agenda' }, { id: '445566@lid', name: 'Sem Número' }]);
    ev.emit('contacts.update', [{ id: '5511936000002@s.whatsapp.net', notify: 'Bruno' }]);
    ev.emit('contacts.update', [{ id: '445566@lid', notify: 'Só LID' }]);
    ev.emit('chats.upsert', [{ id: '5511936000002@s.whatsapp.net' }]);
    ev.emit('messaging-history.set', {
      chats: [{ id: '120363000000000001@g.us', name: 'Grupo' }],
      contacts: [{ id: '5511936000003@s.whatsapp.net', name: 'Carla' }],
      messages: [],
      progress: 10,
      syncType: 3,
    });
    expect(reported).toEqual([
      [{ number: '5511936000001', name: 'Ana da Agenda', inPhonebook: true, hasChat: false, isGroup: false, lid: null }],
      [{ number: '5511936000002', name: 'Bruno', inPhonebook: false, hasChat: false, isGroup: false, lid: null }],
      [{ number: '5511936000002', name: '', inPhonebook: false, hasChat: true, isGroup: false, lid: null }],
      [
        { number: '5511936000003', name: 'Carla', inPhonebook: true, hasChat: false, isGroup: false, lid: null },
        { number: '120363000000000001', name: 'Grupo', inPhonebook: false, hasChat: true, isGroup: true, lid: null },
      ],
    ]);
    await driver.close();
    ev.emit('contacts.upsert', [{ id: '5511936000009@s.whatsapp.net', name: 'Depois' }]);
    expect(reported).toHaveLength(4);
  });
});
