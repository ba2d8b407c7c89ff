import { describe, expect, it } from 'vitest';
import { chatParams, chatReadBody, createChatBody, updateChatBody, type Chat, type ChatMessage } from './chats.js';
import { eventSchemas } from './events.js';
import { emissionsFor } from './socket.js';
import { ownerOf } from '../services.js';

const participant = (userId: number, unreads = 0) => ({
  userId,
  unreads,
  user: { id: userId, name: `User ${userId}`, profileImage: null, urlPicture: null, online: false },
});
const chat: Chat = {
  id: 7,
  uuid: '4f1c2b9e-8d3a-4c5b-9e6f-0a1b2c3d4e5f',
  title: 'Equipe',
  isGroup: true,
  ownerId: 1,
  groupImage: null,
  lastMessage: 'Oi',
  updatedAt: '2025-01-01T12:00:00.000Z',
  createdAt: '2025-01-01T11:00:00.000Z',
  users: [participant(1), participant(2, 3), participant(3, 1)],
};
const message: ChatMessage = {
  id: 40,
  chatId: 7,
  senderId: 1,
  message: 'Oi',
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt: '2025-01-01T12:00:00.000Z',
  sender: { id: 1, name: 'User 1', profileImage: null, urlPicture: null },
};
/** The company-{id}-chat emissions of a subject (each is doubled on a narrower channel, see below). */
const addressed = (subject: string, data: unknown) =>
  emissionsFor(subject, { companyId: 5, data })
    .filter((e) => e.event === 'company-{companyId}-chat')
    .map((e) => ({ audience: e.audience, payload: e.payload }));
const narrowChannels = (subject: string, data: unknown) =>
  emissionsFor(subject, { companyId: 5, data })
    .filter((e) => e.event !== 'company-{companyId}-chat')
    .map((e) => ({ event: e.event, userId: e.audience.to === 'user' ? e.audience.userId : null }));

describe('company-{companyId}-chat emissions: only the participants are addressed', () => {
  it('a new chat reaches each participant on their own (never the company)', () => {
    const data = eventSchemas['tickets.chat.created'].parse({ chat });
    expect(addressed('tickets.chat.created', data)).toEqual(
      [1, 2, 3].map((userId) => ({ audience: { to: 'user', userId }, payload: { action: 'create', record: chat } })),
    );
  });

  it('an update reaches the participants; removed users get a delete so their list drops it', () => {
    const data = eventSchemas['tickets.chat.updated'].parse({ chat, removedUserIds: [9] });
    expect(addressed('tickets.chat.updated', data)).toEqual([
      ...[1, 2, 3].map((userId) => ({ audience: { to: 'user', userId }, payload: { action: 'update', record: chat } })),
      { audience: { to: 'user', userId: 9 }, payload: { action: 'delete', id: 7 } },
    ]);
  });

  it('a delete reaches the former participants with the id only', () => {
    expect(addressed('tickets.chat.deleted', { chatId: 7, userIds: [1, 2] })).toEqual([
      { audience: { to: 'user', userId: 1 }, payload: { action: 'delete', id: 7 } },
      { audience: { to: 'user', userId: 2 }, payload: { action: 'delete', id: 7 } },
    ]);
  });

  it('a new message reaches every participant with the message and the chat (unreads, lastMessage)', () => {
    const data = eventSchemas['tickets.chatMessage.created'].parse({ message, chat });
    expect(addressed('tickets.chatMessage.created', data)).toEqual(
      [1, 2, 3].map((userId) => ({ audience: { to: 'user', userId }, payload: { action: 'new-message', newMessage: message, chat } })),
    );
  });

  it('a read marker reaches the reader only', () => {
    expect(addressed('tickets.chat.read', { chat, userId: 2 })).toEqual([{ audience: { to: 'user', userId: 2 }, payload: { action: 'update', record: chat } }]);
  });
});

describe('company-{companyId}-chat-user-{userId} and company-{companyId}-chat-{chatId}', () => {
  it("a chat's list changes reach each participant on their own chat-user channel", () => {
    expect(narrowChannels('tickets.chat.created', eventSchemas['tickets.chat.created'].parse({ chat }))).toEqual(
      [1, 2, 3].map((userId) => ({ event: `company-{companyId}-chat-user-${userId}`, userId })),
    );
    expect(narrowChannels('tickets.chat.deleted', { chatId: 7, userIds: [2] })).toEqual([{ event: 'company-{companyId}-chat-user-2', userId: 2 }]);
    expect(narrowChannels('tickets.chat.read', { chat, userId: 3 })).toEqual([{ event: 'company-{companyId}-chat-user-3', userId: 3 }]);
  });

  it("a new message reaches the participants on the chat's own channel, and nobody else", () => {
    expect(narrowChannels('tickets.chatMessage.created', eventSchemas['tickets.chatMessage.created'].parse({ message, chat }))).toEqual(
      [1, 2, 3].map((userId) => ({ event: 'company-{companyId}-chat-7', userId })),
    );
  });
});

describe('chat request schemas', () => {
  it('take multipart text: users as JSON, isGroup as text', () => {
    expect(createChatBody.parse({ title: ' Equipe ', users: '[{"id":"2"},{"id":3}]', isGroup: 'true' })).toEqual({
      title: 'Equipe',
      users: [{ id: 2 }, { id: 3 }],
      isGroup: true,
    });
    expect(createChatBody.parse({ users: [{ id: 2 }] })).toEqual({ title: '', users: [{ id: 2 }], isGroup: false });
  });

  it('name the failing field', () => {
    const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => i.path.join('.'));
    expect(paths(createChatBody.safeParse({ isGroup: true, title: '', users: [{ id: 2 }] }))).toEqual(['title']);
    expect(paths(createChatBody.safeParse({ users: [] }))).toEqual(['users']);
    expect(paths(createChatBody.safeParse({ users: 'not json' }))).toEqual(['users']);
    expect(paths(updateChatBody.safeParse({ title: '   ' }))).toEqual(['title']);
    expect(paths(chatReadBody.safeParse({ userId: 'x' }))).toEqual(['userId']);
  });

  it('a chat is named by its id or its uuid', () => {
    expect(chatParams.parse({ id: '12' })).toEqual({ id: 12 });
    expect(chatParams.parse({ id: chat.uuid })).toEqual({ id: chat.uuid });
    expect(chatParams.safeParse({ id: 'abc' }).success).toBe(false);
    expect(chatParams.safeParse({ id: '0' }).success).toBe(false);
  });
});

describe('gateway', () => {
  it('routes /api/chats to tickets', () => {
    expect(ownerOf('/api/chats')).toBe('tickets');
    expect(ownerOf('/api/chats/4f1c2b9e-8d3a-4c5b-9e6f-0a1b2c3d4e5f/messages?pageNumber=2')).toBe('tickets');
  });
});
