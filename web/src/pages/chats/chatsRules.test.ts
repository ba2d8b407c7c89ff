import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '@atende/kit/contracts';
import {
  applyChatEvent,
  applyUnreadEvent,
  canDeleteChat,
  canEditChat,
  canSend,
  chatMatchesSearch,
  chatPicture,
  chatTitle,
  editableParticipantIds,
  fileAccepted,
  groupBody,
  groupFormValid,
  initials,
  isChatEvent,
  isNearBottom,
  isNearTop,
  mediaKindOf,
  mediaNameOf,
  mergeChatPage,
  mergeMessages,
  otherParticipant,
  presenceMap,
  presenceOf,
  privateChatWith,
  sortChats,
  textToSend,
  unreadChats,
  unreadLabel,
  unreadsOf,
  withUnreadsCleared,
} from './chatsRules';

const ME = 1;

const person = (id: number, name: string, over: Partial<Chat['users'][number]['user']> = {}) => ({
  id,
  name,
  profileImage: null,
  urlPicture: null,
  online: false,
  ...over,
});

const chat = (id: number, over: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `uuid-${id}`,
  title: `Chat ${id}`,
  isGroup: false,
  ownerId: ME,
  groupImage: null,
  lastMessage: '',
  updatedAt: `2025-03-10T12:00:0${id % 10}.000Z`,
  createdAt: '2025-03-01T12:00:00.000Z',
  users: [
    { userId: ME, unreads: 0, user: person(ME, 'Ana Lima') },
    { userId: 2, unreads: 0, user: person(2, 'Bruno Souza') },
  ],
  ...over,
});

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 10,
  senderId: 2,
  message: `m${id}`,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt: `2025-03-10T12:00:${String(id).padStart(2, '0')}.000Z`,
  sender: { id: 2, name: 'Bruno Souza', profileImage: null, urlPicture: null },
  ...over,
});

const unread = (c: Chat, userId: number, unreads: number): Chat => ({ ...c, users: c.users.map((u) => (u.userId === userId ? { ...u, unreads } : u)) });

describe('unread badge', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(unreadLabel(0)).toBeNull();
    expect(unreadLabel(-3)).toBeNull();
    expect(unreadLabel(undefined)).toBeNull();
    expect(unreadLabel(1)).toBe('1');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
    expect(unreadLabel(4321)).toBe('99+');
  });
  it("reads the user's own counter", () => {
    const c = unread(unread(chat(1), 2, 5), ME, 3);
    expect(unreadsOf(c, ME)).toBe(3);
    expect(unreadsOf(c, 2)).toBe(5);
    expect(unreadsOf(c, 99)).toBe(0);
  });
  it('clears only the own counter', () => {
    const c = unread(unread(chat(1), 2, 5), ME, 3);
    const cleared = withUnreadsCleared(c, ME);
    expect(unreadsOf(cleared, ME)).toBe(0);
    expect(unreadsOf(cleared, 2)).toBe(5);
    const none = chat(2);
    expect(withUnreadsCleared(none, ME)).toBe(none);
  });
});

describe('titles and pictures', () => {
  it("a private chat is called by the other person's name", () => {
    expect(chatTitle(chat(1, { title: 'Ana Lima, Bruno Souza' }), ME)).toBe('Bruno Souza');
    expect(chatTitle(chat(1, { title: 'Ana Lima, Bruno Souza' }), 2)).toBe('Ana Lima');
    expect(otherParticipant(chat(1), ME)?.id).toBe(2);
  });
  it('a group is called by its name and has no other person', () => {
    const g = chat(1, { isGroup: true, title: 'Suporte' });
    expect(chatTitle(g, ME)).toBe('Suporte');
    expect(otherParticipant(g, ME)).toBeNull();
  });
  it('falls back to the title when the other person is missing', () => {
    expect(chatTitle(chat(1, { title: 'Ana Lima, Bruno Souza', users: [{ userId: ME, unreads: 0, user: person(ME, 'Ana Lima') }] }), ME)).toBe(
      'Ana Lima, Bruno Souza',
    );
  });
  it("shows a group's photo, or the other person's picture", () => {
    expect(chatPicture(chat(1, { isGroup: true, groupImage: '/g.png' }), ME)).toBe('/g.png');
    const c = chat(1, {
      users: [
        { userId: ME, unreads: 0, user: person(ME, 'Ana') },
        { userId: 2, unreads: 0, user: person(2, 'Bruno', { profileImage: '/b.jpg' }) },
      ],
    });
    expect(chatPicture(c, ME)).toBe('/b.jpg');
    expect(chatPicture(chat(2), ME)).toBeNull();
  });
  it('makes initials of at most 2 letters', () => {
    expect(initials('Ana Maria Lima')).toBe('AL');
    expect(initials('bruno')).toBe('B');
    expect(initials('  ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials('Élida Ávila')).toBe('ÉÁ');
  });
});

describe('who may edit or delete', () => {
  it('the owner deletes any chat of theirs; others may not', () => {
    expect(canDeleteChat(chat(1, { ownerId: ME }), ME)).toBe(true);
    expect(canDeleteChat(chat(1, { ownerId: 2 }), ME)).toBe(false);
  });
  it('only the owner edits, and only groups', () => {
    expect(canEditChat(chat(1, { isGroup: true, ownerId: ME }), ME)).toBe(true);
    expect(canEditChat(chat(1, { isGroup: true, ownerId: 2 }), ME)).toBe(false);
    expect(canEditChat(chat(1, { isGroup: false, ownerId: ME }), ME)).toBe(false);
  });
});

describe('group dialog', () => {
  it('needs a name and at least one participant', () => {
    expect(groupFormValid({ title: 'Suporte', userIds: [2] })).toBe(true);
    expect(groupFormValid({ title: '   ', userIds: [2] })).toBe(false);
    expect(groupFormValid({ title: 'Suporte', userIds: [] })).toBe(false);
  });
  it('sends the trimmed name and each participant once', () => {
    expect(groupBody({ title: '  Suporte ', userIds: [2, 3, 2] })).toEqual({ title: 'Suporte', users: [{ id: 2 }, { id: 3 }] });
  });
  it('edits start with everyone but the owner', () => {
    const g = chat(1, {
      isGroup: true,
      users: [
        { userId: ME, unreads: 0, user: person(ME, 'Ana') },
        { userId: 2, unreads: 0, user: person(2, 'Bruno') },
        { userId: 3, unreads: 0, user: person(3, 'Carla') },
      ],
    });
    expect(editableParticipantIds(g)).toEqual([2, 3]);
  });
  it('reuses a listed private chat with the same person', () => {
    const list = [
      chat(1, { isGroup: true }),
      chat(2),
      chat(3, {
        users: [
          { userId: ME, unreads: 0, user: person(ME, 'Ana') },
          { userId: 3, unreads: 0, user: person(3, 'Carla') },
        ],
      }),
    ];
    expect(privateChatWith(list, ME, 3)?.id).toBe(3);
    expect(privateChatWith(list, ME, 2)?.id).toBe(2);
    expect(privateChatWith(list, ME, 4)).toBeUndefined();
  });
});

describe('the chat list', () => {
  it('orders by newest activity', () => {
    const a = chat(1, { updatedAt: '2025-03-10T10:00:00.000Z' });
    const b = chat(2, { updatedAt: '2025-03-10T11:00:00.000Z' });
    const c = chat(3, { updatedAt: '2025-03-10T10:00:00.000Z' });
    expect(sortChats([a, b, c]).map((x) => x.id)).toEqual([2, 3, 1]);
  });
  it('merges a page: listed chats replaced, new ones added, in order', () => {
    const a = chat(1, { updatedAt: '2025-03-10T12:00:00.000Z' });
    const b = chat(2, { updatedAt: '2025-03-10T11:00:00.000Z' });
    const b2 = { ...b, lastMessage: 'novo' };
    const c = chat(3, { updatedAt: '2025-03-10T10:00:00.000Z' });
    const merged = mergeChatPage([a, b], [b2, c]);
    expect(merged.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(merged[1]!.lastMessage).toBe('novo');
  });
  it('matches the search by title or participant name, any case', () => {
    expect(chatMatchesSearch(chat(1, { title: 'Suporte' }), 'sup')).toBe(true);
    expect(chatMatchesSearch(chat(1), 'BRUNO')).toBe(true);
    expect(chatMatchesSearch(chat(1), 'carla')).toBe(false);
    expect(chatMatchesSearch(chat(1), '  ')).toBe(true);
  });
});

describe('live chat events on the list', () => {
  const a = chat(1, { updatedAt: '2025-03-10T12:00:00.000Z' });
  const b = chat(2, { updatedAt: '2025-03-10T11:00:00.000Z' });

  it('create adds the chat at its place', () => {
    const c = chat(3, { updatedAt: '2025-03-10T13:00:00.000Z' });
    expect(applyChatEvent([a, b], { action: 'create', record: c }).map((x) => x.id)).toEqual([3, 1, 2]);
  });
  it('update replaces a listed chat', () => {
    const renamed = { ...b, title: 'Novo nome' };
    const list = applyChatEvent([a, b], { action: 'update', record: renamed });
    expect(list.find((x) => x.id === 2)?.title).toBe('Novo nome');
    expect(list).toHaveLength(2);
  });
  it('delete removes it', () => {
    expect(applyChatEvent([a, b], { action: 'delete', id: 1 }).map((x) => x.id)).toEqual([2]);
    expect(applyChatEvent([a, b], { action: 'delete', id: 9 }).map((x) => x.id)).toEqual([1, 2]);
  });
  it('a new message moves its chat to the top with its new unreads', () => {
    const bumped = unread({ ...b, updatedAt: '2025-03-10T14:00:00.000Z', lastMessage: 'oi' }, ME, 4);
    const list = applyChatEvent([a, b], { action: 'new-message', newMessage: message(1, { chatId: 2 }), chat: bumped });
    expect(list.map((x) => x.id)).toEqual([2, 1]);
    expect(unreadsOf(list[0]!, ME)).toBe(4);
    expect(list[0]!.lastMessage).toBe('oi');
  });
  it('a chat outside the active search is not added', () => {
    const c = chat(3, { title: 'Financeiro', users: [{ userId: ME, unreads: 0, user: person(ME, 'Ana') }] });
    expect(applyChatEvent([a], { action: 'create', record: c }, 'suporte').map((x) => x.id)).toEqual([1]);
    expect(applyChatEvent([a], { action: 'create', record: c }, 'finan').map((x) => x.id)).toEqual([3, 1]);
  });
  it('recognizes the four payloads and nothing else', () => {
    expect(isChatEvent({ action: 'create', record: a })).toBe(true);
    expect(isChatEvent({ action: 'delete', id: 1 })).toBe(true);
    expect(isChatEvent({ action: 'new-message', newMessage: message(1), chat: a })).toBe(true);
    expect(isChatEvent({ action: 'new-message', chat: a })).toBe(false);
    expect(isChatEvent({ action: 'update' })).toBe(false);
    expect(isChatEvent({ action: 'other', id: 1 })).toBe(false);
    expect(isChatEvent(null)).toBe(false);
  });
});

describe("the shell's unread chats (bell and menu dot)", () => {
  const a = unread(chat(1, { updatedAt: '2025-03-10T12:00:00.000Z' }), ME, 2);
  const b = chat(2, { updatedAt: '2025-03-10T13:00:00.000Z' });

  it('lists the chats with own unreads, newest first', () => {
    const c = unread(chat(3, { updatedAt: '2025-03-10T14:00:00.000Z' }), ME, 1);
    expect(unreadChats([a, b, c], ME).map((x) => x.id)).toEqual([3, 1]);
    expect(unreadChats([unread(b, 2, 7)], ME)).toEqual([]);
  });
  it('a message from someone else lights the dot; the own one does not', () => {
    const bumped = unread(b, ME, 1);
    const other = applyUnreadEvent([a], { action: 'new-message', newMessage: message(5, { chatId: 2, senderId: 2 }), chat: bumped }, ME, null);
    expect(other.list.map((x) => x.id)).toEqual([2, 1]);
    expect(other.ping).toBe(true);
    const own = applyUnreadEvent([a], { action: 'new-message', newMessage: message(6, { chatId: 2, senderId: ME }), chat: b }, ME, null);
    expect(own.list.map((x) => x.id)).toEqual([1]);
    expect(own.ping).toBe(false);
  });
  it('the chat open on screen never counts', () => {
    const bumped = unread(b, ME, 1);
    const next = applyUnreadEvent([a], { action: 'new-message', newMessage: message(5, { chatId: 2 }), chat: bumped }, ME, 2);
    expect(next).toEqual({ list: [a], ping: false });
  });
  it('a read (update with 0 unreads) or a delete takes the chat out', () => {
    expect(applyUnreadEvent([a], { action: 'update', record: unread(a, ME, 0) }, ME, null).list).toEqual([]);
    expect(applyUnreadEvent([a], { action: 'delete', id: 1 }, ME, null).list).toEqual([]);
  });
});

describe('messages', () => {
  it('merges pages and live messages by id, oldest first', () => {
    const page2 = [message(1), message(2)];
    const page1 = [message(3), message(4)];
    const merged = mergeMessages(page1, page2);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(mergeMessages(merged, [message(4, { message: 'again' }), message(5)]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    // pages overlap when new messages arrived meanwhile: no repeats
    expect(mergeMessages([message(2), message(3)], [message(1), message(2)]).map((m) => m.id)).toEqual([1, 2, 3]);
  });
  it('loads older messages within 600 px of the top', () => {
    expect(isNearTop({ scrollTop: 600 })).toBe(true);
    expect(isNearTop({ scrollTop: 601 })).toBe(false);
    expect(isNearTop({ scrollTop: 0 })).toBe(true);
  });
  it('loads the next chats within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 400, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 450, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 399, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
  });
  it('never sends empty text, nor anything while recording', () => {
    expect(textToSend('  \n ')).toBeNull();
    expect(textToSend(' oi ')).toBe('oi');
    expect(canSend({ text: 'oi', file: null, recording: false, busy: false })).toBe(true);
    expect(canSend({ text: '  ', file: null, recording: false, busy: false })).toBe(false);
    expect(canSend({ text: '', file: {}, recording: false, busy: false })).toBe(true);
    expect(canSend({ text: 'oi', file: null, recording: true, busy: false })).toBe(false);
    expect(canSend({ text: 'oi', file: null, recording: false, busy: true })).toBe(false);
  });
  it("shows a file by the server's kind, else by its name", () => {
    expect(mediaKindOf(message(1))).toBeNull();
    expect(mediaKindOf(message(1, { mediaPath: '/f/x', mediaType: 'audio' }))).toBe('audio');
    expect(mediaKindOf(message(1, { mediaPath: '/f/a.PDF', mediaName: 'Contrato.PDF' }))).toBe('pdf');
    expect(mediaKindOf(message(1, { mediaPath: '/f/a.jpeg' }))).toBe('image');
    expect(mediaKindOf(message(1, { mediaPath: '/f/a.docx' }))).toBe('document');
  });
  it('names a file by its stored name, else by its address', () => {
    expect(mediaNameOf(message(1, { mediaPath: '/media/abc.pdf', mediaName: ' Contrato.pdf ' }))).toBe('Contrato.pdf');
    expect(mediaNameOf(message(1, { mediaPath: '/media/rel%C3%A1torio.pdf?sig=1' }))).toBe('relátorio.pdf');
  });
  it('accepts audio, video, image, .pdf, .doc, .docx and .txt only', () => {
    expect(fileAccepted({ name: 'a.mp3', type: 'audio/mpeg' })).toBe(true);
    expect(fileAccepted({ name: 'v.mp4', type: 'video/mp4' })).toBe(true);
    expect(fileAccepted({ name: 'p.png', type: 'image/png' })).toBe(true);
    expect(fileAccepted({ name: 'Contrato.PDF', type: 'application/pdf' })).toBe(true);
    expect(fileAccepted({ name: 'carta.doc', type: '' })).toBe(true);
    expect(fileAccepted({ name: 'carta.docx', type: '' })).toBe(true);
    expect(fileAccepted({ name: 'nota.txt', type: 'text/plain' })).toBe(true);
    expect(fileAccepted({ name: 'planilha.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
    expect(fileAccepted({ name: 'setup.exe', type: 'application/x-msdownload' })).toBe(false);
  });
});

describe('presence', () => {
  it("the poll and live events win over the chat's own flag", () => {
    const known = presenceMap([
      { userId: 2, online: true },
      { userId: 3, online: false },
    ]);
    expect(presenceOf(2, known, false)).toBe(true);
    expect(presenceOf(3, known, true)).toBe(false);
    expect(presenceOf(4, known, true)).toBe(true);
  });
});
