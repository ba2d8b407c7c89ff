import { describe, expect, it } from 'vitest';
import { AppError } from '@atende/kit';
import {
  chatFileTypes,
  chatMediaTypeOf,
  checkChatDelete,
  checkChatEdit,
  checkChatMessage,
  checkNewChat,
  foreignUsers,
  lastMessageOf,
  membersOf,
  privatePair,
  privateTitle,
} from './chats.js';

const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? { code: err.code, fields: err.fields?.map((f) => f.field) } : err;
  }
};

describe('internal chat rules (spec 002 §5, §6)', () => {
  it('a private chat names exactly one other user; the creator naming themselves does not count', () => {
    expect(checkNewChat(1, { title: '', users: [{ id: 2 }], isGroup: false })).toEqual([2]);
    expect(checkNewChat(1, { title: '', users: [{ id: 1 }, { id: 2 }, { id: 2 }], isGroup: false })).toEqual([2]);
    expect(code(() => checkNewChat(1, { title: '', users: [{ id: 1 }], isGroup: false }))).toEqual({ code: 'ERR_VALIDATION', fields: ['users'] });
    expect(code(() => checkNewChat(1, { title: '', users: [{ id: 2 }, { id: 3 }], isGroup: false }))).toEqual({ code: 'ERR_VALIDATION', fields: ['users'] });
  });

  it('a group needs a title and at least one other participant', () => {
    expect(checkNewChat(1, { title: 'Equipe', users: [{ id: 2 }, { id: 3 }], isGroup: true })).toEqual([2, 3]);
    expect(code(() => checkNewChat(1, { title: ' ', users: [{ id: 2 }], isGroup: true }))).toEqual({ code: 'ERR_VALIDATION', fields: ['title'] });
    expect(code(() => checkNewChat(1, { title: 'Equipe', users: [{ id: 1 }], isGroup: true }))).toEqual({ code: 'ERR_VALIDATION', fields: ['users'] });
  });

  it('the owner is always a member, first; members are unique', () => {
    expect(membersOf(5, [{ id: 3 }, { id: 5 }, { id: 3 }, { id: 4 }])).toEqual([5, 3, 4]);
  });

  it('one key per pair of people, whoever starts the chat', () => {
    expect(privatePair(9, 4)).toEqual(privatePair(4, 9));
    expect(privatePair(9, 4)).toEqual({ privateLowId: 4, privateHighId: 9 });
  });

  it('only the owner edits, and only groups; only the owner deletes', () => {
    expect(code(() => checkChatEdit({ isGroup: true, ownerId: 1 }, 1))).toBeNull();
    expect(code(() => checkChatEdit({ isGroup: true, ownerId: 1 }, 2))).toEqual({ code: 'ERR_NO_PERMISSION', fields: undefined });
    expect(code(() => checkChatEdit({ isGroup: false, ownerId: 1 }, 1))).toEqual({ code: 'ERR_NO_PERMISSION', fields: undefined });
    expect(code(() => checkChatDelete({ ownerId: 1 }, 1))).toBeNull();
    expect(code(() => checkChatDelete({ ownerId: 1 }, 2))).toEqual({ code: 'ERR_NO_PERMISSION', fields: undefined });
  });

  it('names unknown users by their place in the list (the caller is exempt)', () => {
    expect(foreignUsers([{ id: 1 }, { id: 2 }, { id: 99 }], new Set([2]), 1)).toEqual([{ field: 'users.2.id', message: 'Unknown user' }]);
  });

  it('empty text is not sent unless a file goes with it', () => {
    expect(code(() => checkChatMessage('  \n', null))).toEqual({ code: 'ERR_VALIDATION', fields: ['message'] });
    expect(code(() => checkChatMessage('', { data: Buffer.from('x'), filename: 'a.txt', mimetype: 'text/plain' }))).toBeNull();
    expect(lastMessageOf('', 'foto.png')).toBe('foto.png');
    expect(lastMessageOf('Oi', 'foto.png')).toBe('Oi');
    expect(privateTitle(['Ana', 'Bia'])).toBe('Ana, Bia');
  });

  it('files: audio, video, image, pdf, doc, docx, txt — not zip or spreadsheets', () => {
    expect(chatFileTypes).toEqual(expect.arrayContaining(['image/png', 'audio/ogg', 'video/mp4', 'application/pdf', 'application/msword', 'text/plain']));
    expect(chatFileTypes).toContain('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(chatFileTypes).not.toContain('application/zip');
    expect(chatFileTypes).not.toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(chatMediaTypeOf('video/webm', 'audio/webm')).toBe('audio');
    expect(chatMediaTypeOf('video/webm', 'video/webm')).toBe('video');
    expect(chatMediaTypeOf('application/pdf', null)).toBe('pdf');
    expect(chatMediaTypeOf('text/plain', null)).toBe('document');
  });
});
