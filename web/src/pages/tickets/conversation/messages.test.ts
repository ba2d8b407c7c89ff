import { describe, expect, it } from 'vitest';
import type { Message } from '@atende/kit/contracts';
import {
  ackState,
  bodyIsCaption,
  buildListItems,
  buildTranscript,
  groupReactions,
  mediaFileName,
  pdfSafe,
  REACTIONS,
  transcriptFileName,
  type TranscriptLabels,
} from './messages';

let seq = 0;
function msg(over: Partial<Message> = {}): Message {
  seq += 1;
  return {
    id: seq,
    wid: null,
    companyId: 1,
    ticketId: 1,
    ticket: { id: 1, uuid: 'u', status: 'open', queueId: null, queue: null, whatsappId: null },
    contactId: 1,
    contact: { id: 1, name: 'Carla', number: '5511', urlPicture: null },
    userId: null,
    body: 'oi',
    fromMe: false,
    read: true,
    isPrivate: false,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    ack: 0,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    quotedMsgId: null,
    quotedMsg: null,
    reactions: [],
    queueId: null,
    queue: null,
    transcrito: false,
    transcription: null,
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-03-10T12:00:00.000Z',
    ...over,
  };
}

describe('ack', () => {
  it('maps 0 clock, 1 sent, 2 delivered, 3 read, 4 read (played for audio), 5 read, -1 failed', () => {
    expect([-1, 0, 1, 2, 3, 4, 5].map((a) => ackState(a, 'chat'))).toEqual(['failed', 'clock', 'sent', 'delivered', 'read', 'read', 'read']);
    expect([3, 4, 5].map((a) => ackState(a, 'audio'))).toEqual(['read', 'played', 'read']);
  });
  it('offers 24 distinct reactions', () => {
    expect(new Set(REACTIONS).size).toBe(24);
  });
});

describe('list items', () => {
  it('adds a separator per day and folds reaction messages into their target', () => {
    const a = msg({ createdAt: new Date(2025, 2, 9, 10).toISOString(), reactions: [{ emoji: '👍', fromMe: true, userId: 1, contactId: null, createdAt: '' }] });
    const b = msg({ createdAt: new Date(2025, 2, 10, 10).toISOString() });
    const r = msg({ createdAt: new Date(2025, 2, 10, 11).toISOString(), mediaType: 'reactionMessage', body: '❤️', quotedMsgId: a.id });
    const orphan = msg({ createdAt: new Date(2025, 2, 10, 12).toISOString(), mediaType: 'reactionMessage', body: '😂', quotedMsgId: 9999 });
    const items = buildListItems([a, b, r, orphan]);
    expect(items.map((i) => (i.kind === 'day' ? 'day' : i.message.id))).toEqual(['day', a.id, 'day', b.id, orphan.id]);
    expect(items[1]).toMatchObject({ kind: 'message', reactions: '👍 ❤️' });
    expect(groupReactions('👍 ❤️ 👍')).toEqual([
      { emoji: '👍', count: 2 },
      { emoji: '❤️', count: 1 },
    ]);
  });
});

describe('media', () => {
  it('names a file by its stored name or its URL', () => {
    expect(mediaFileName({ mediaName: 'exame.pdf', mediaUrl: '/x/y.pdf' })).toBe('exame.pdf');
    expect(mediaFileName({ mediaName: null, mediaUrl: 'https://h/media/1/ra%C3%A7%C3%A3o.png?sig=1' })).toBe('ração.png');
    expect(mediaFileName({ mediaName: null, mediaUrl: null })).toBeNull();
  });
  it('hides a body that only repeats the file name', () => {
    expect(bodyIsCaption(msg({ mediaType: 'image', body: 'a.png', mediaName: 'a.png' }))).toBe(false);
    expect(bodyIsCaption(msg({ mediaType: 'image', body: 'veja', mediaName: 'a.png' }))).toBe(true);
    expect(bodyIsCaption(msg({ mediaType: 'contactMessage', body: 'BEGIN:VCARD' }))).toBe(false);
    expect(bodyIsCaption(msg({ body: '' }))).toBe(false);
  });
});

describe('transcript', () => {
  const labels: TranscriptLabels = {
    agent: (id) => (id === 7 ? 'Ana' : 'Atendente'),
    contact: 'Contato',
    privateNote: 'Nota interna',
    deleted: 'Mensagem apagada',
    forwarded: 'Encaminhada',
    edited: 'Editada',
    reaction: 'Reação',
    location: 'Localização',
    contactCard: 'Contato',
    file: (type) => (type === 'image' ? 'Imagem' : 'Arquivo'),
  };
  it('lists sender, time and text; media by file name; cards; notes only when asked', () => {
    const list = [
      msg({ body: 'Olá' }),
      msg({ fromMe: true, userId: 7, body: 'Bom dia', isEdited: true }),
      msg({ mediaType: 'image', mediaName: 'foto.jpg', body: 'foto.jpg' }),
      msg({ mediaType: 'application', mediaUrl: '/m/exame.pdf', body: 'segue o exame' }),
      msg({ mediaType: 'locationMessage', body: 'geo:1.5,2.5' }),
      msg({ mediaType: 'contactMessage', body: 'BEGIN:VCARD\nFN:Bia\nTEL:5511\nEND:VCARD' }),
      msg({ fromMe: true, isPrivate: true, body: 'nota' }),
      msg({ isDeleted: true, body: 'x' }),
    ];
    const out = buildTranscript(list, labels, { includePrivate: false, contactName: 'Carla' });
    expect(out.map((e) => e.sender)).toEqual(['Carla', 'Ana', 'Carla', 'Carla', 'Carla', 'Carla', 'Carla']);
    expect(out.map((e) => e.text)).toEqual([
      'Olá',
      '[Editada]\nBom dia',
      '[Imagem: foto.jpg]',
      '[Arquivo: exame.pdf]\nsegue o exame',
      'Localização: https://www.google.com/maps/search/?api=1&query=1.5,2.5',
      'Contato: Bia (5511)',
      'Mensagem apagada',
    ]);
    expect(out[0]!.when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(buildTranscript(list, labels, { includePrivate: true, contactName: 'Carla' })).toHaveLength(8);
  });
  it('keeps PDF text within Latin-1 and names the file', () => {
    expect(pdfSafe('Olá “João” – tudo bem? 👍🏽 ção…')).toBe('Olá "João" - tudo bem? ção...');
    expect(pdfSafe('a\nb')).toBe('a\nb');
    expect(transcriptFileName(42, 'Maria Conceição da Silva!')).toBe('ticket-42-maria-conceicao-da-silva.pdf');
    expect(transcriptFileName(3, '👍')).toBe('ticket-3.pdf');
  });
});
