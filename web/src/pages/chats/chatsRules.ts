import type { Chat, ChatMediaType, ChatMessage, ChatSocketPayload, ChatUserSummary } from '@atende/kit/contracts';

/**
 * Pure rules of the internal chat (spec 002 §2 "Internal chat", §4, §5, §6, §9). No React, no DOM, no
 * runtime imports: the shell's chat bell uses them too, so they stay out of the page's weight.
 * Unit-tested in chatsRules.test.ts.
 */

/** Unread badges show 99+ above this (spec 002 §9). */
export const UNREAD_CAP = 99;
/** Older messages load when the pane is scrolled within this many pixels of the top (spec 002 §9). */
export const HISTORY_THRESHOLD_PX = 600;
/** The chat list loads its next page within this many pixels of the bottom (spec 002 §9). */
export const LIST_THRESHOLD_PX = 100;
/** Presence is polled this often besides the live `user:status` events (spec 002 §4, §9). */
export const PRESENCE_POLL_MS = 30_000;
/** The chat list's search waits this long after the last keystroke (spec 002 §9). */
export const SEARCH_DEBOUNCE_MS = 500;
/** What the file input accepts (spec 002 §5): audio, video, image, .pdf, .doc, .docx, .txt. */
export const CHAT_FILE_ACCEPT = 'audio/*,video/*,image/*,.pdf,.doc,.docx,.txt';

// ---- badges, titles, pictures ----

/** The unread badge's text: nothing at 0, the count up to 99, then '99+'. */
export function unreadLabel(count: number | null | undefined): string | null {
  const n = Math.floor(Number(count) || 0);
  if (n <= 0) return null;
  return n > UNREAD_CAP ? `${UNREAD_CAP}+` : String(n);
}

/** The user's own unread counter of a chat (0 when not a participant). */
export function unreadsOf(chat: Pick<Chat, 'users'>, userId: number): number {
  return chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
}

/** A private chat's other person (null for groups, or when the chat names nobody else). */
export function otherParticipant(chat: Pick<Chat, 'isGroup' | 'users'>, me: number): ChatUserSummary | null {
  if (chat.isGroup) return null;
  return chat.users.find((u) => u.userId !== me)?.user ?? null;
}

/** What a row and the pane's header call a chat: a group's name; for a private chat the other person's name. */
export function chatTitle(chat: Pick<Chat, 'isGroup' | 'users' | 'title'>, me: number): string {
  const other = otherParticipant(chat, me);
  return other?.name.trim() || chat.title;
}

/** A group's photo, or the other person's picture for a private chat. */
export function chatPicture(chat: Pick<Chat, 'isGroup' | 'users' | 'groupImage'>, me: number): string | null {
  if (chat.isGroup) return chat.groupImage;
  const other = otherParticipant(chat, me);
  return other?.profileImage ?? other?.urlPicture ?? null;
}

/** Avatar initials: the first letters of the first and last words, at most 2 (spec 002 §9). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toUpperCase();
}

// ---- permissions (spec 002 §5, §6) ----

/** The owner may delete a chat. */
export const canDeleteChat = (chat: Pick<Chat, 'ownerId'>, me: number): boolean => chat.ownerId === me;

/** The owner may edit a group; private chats are never edited. */
export const canEditChat = (chat: Pick<Chat, 'ownerId' | 'isGroup'>, me: number): boolean => chat.isGroup && chat.ownerId === me;

// ---- the group dialog (spec 002 §5) ----

export type GroupForm = { title: string; userIds: readonly number[] };

/** Create/save is possible only with a name and at least one participant. */
export const groupFormValid = (form: GroupForm): boolean => form.title.trim().length > 0 && form.userIds.length > 0;

/** The participants an edit starts with: everyone but the owner (who always stays). */
export const editableParticipantIds = (chat: Pick<Chat, 'users' | 'ownerId'>): number[] => chat.users.map((u) => u.userId).filter((id) => id !== chat.ownerId);

/** The request body of the dialog: the name trimmed, the participants as `{ id }`. */
export function groupBody(form: GroupForm): { title: string; users: { id: number }[] } {
  return { title: form.title.trim(), users: [...new Set(form.userIds)].map((id) => ({ id })) };
}

/** An already listed private chat with a given user (it is reused rather than created again, spec 002 §4). */
export function privateChatWith(list: readonly Chat[], me: number, otherId: number): Chat | undefined {
  return list.find((c) => !c.isGroup && c.users.some((u) => u.userId === otherId) && c.users.some((u) => u.userId === me));
}

// ---- the chat list ----

const time = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : 0;
};

/** Newest activity first (ties: the newer chat first). */
export function sortChats(list: readonly Chat[]): Chat[] {
  return [...list].sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id);
}

/** A page appended to the list: listed chats are replaced, new ones added, the order kept by activity. */
export function mergeChatPage(current: readonly Chat[], page: readonly Chat[]): Chat[] {
  const incoming = new Map(page.map((c) => [c.id, c]));
  const merged = current.map((c) => {
    const next = incoming.get(c.id);
    if (next) incoming.delete(c.id);
    return next ?? c;
  });
  return sortChats([...merged, ...incoming.values()]);
}

/** Whether a chat matches the list's search the way the server's does (its title or a participant's name, any case). */
export function chatMatchesSearch(chat: Pick<Chat, 'title' | 'users'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return chat.title.toLowerCase().includes(term) || chat.users.some((u) => u.user.name.toLowerCase().includes(term));
}

/**
 * A `company-{id}-chat` event applied to the listed chats (spec 002 §4 live updates): create and update
 * upsert the record, new-message upserts the chat it carries (its new last message, time and unreads),
 * delete removes. A chat not listed yet is added only when it matches the active search.
 */
export function applyChatEvent(list: readonly Chat[], event: ChatSocketPayload, search = ''): Chat[] {
  if (event.action === 'delete') return list.some((c) => c.id === event.id) ? list.filter((c) => c.id !== event.id) : [...list];
  const record = event.action === 'new-message' ? event.chat : event.record;
  const listed = list.some((c) => c.id === record.id);
  if (!listed && !chatMatchesSearch(record, search)) return [...list];
  return sortChats(listed ? list.map((c) => (c.id === record.id ? record : c)) : [record, ...list]);
}

/** Whether a socket payload is one of the four chat events (anything else is ignored). */
export function isChatEvent(value: unknown): value is ChatSocketPayload {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  const isChat = (c: unknown) => !!c && typeof c === 'object' && typeof (c as Chat).id === 'number' && Array.isArray((c as Chat).users);
  switch (e.action) {
    case 'create':
    case 'update':
      return isChat(e.record);
    case 'delete':
      return typeof e.id === 'number';
    case 'new-message':
      return isChat(e.chat) && !!e.newMessage && typeof (e.newMessage as ChatMessage).id === 'number';
    default:
      return false;
  }
}

/** The chat with the user's own unread counter back at 0 (after the read marker). */
export function withUnreadsCleared(chat: Chat, me: number): Chat {
  if (unreadsOf(chat, me) === 0) return chat;
  return { ...chat, users: chat.users.map((u) => (u.userId === me ? { ...u, unreads: 0 } : u)) };
}

// ---- the shell's unread state (top-bar bell and menu dot) ----

/** The chats with unread messages for the user, newest activity first. */
export function unreadChats(list: readonly Chat[], me: number): Chat[] {
  return sortChats(list.filter((c) => unreadsOf(c, me) > 0));
}

/**
 * A chat event applied to the shell's list of chats with unreads. `ping` says a message from someone
 * else arrived in a chat that is not open on screen (the bell's dot shows again).
 */
export function applyUnreadEvent(list: readonly Chat[], event: ChatSocketPayload, me: number, openChatId: number | null): { list: Chat[]; ping: boolean } {
  if (event.action === 'delete') return { list: list.filter((c) => c.id !== event.id), ping: false };
  const record = event.action === 'new-message' ? event.chat : event.record;
  const rest = list.filter((c) => c.id !== record.id);
  if (record.id === openChatId || unreadsOf(record, me) === 0) return { list: rest, ping: false };
  const ping = event.action === 'new-message' && event.newMessage.senderId !== me;
  return { list: sortChats([record, ...rest]), ping };
}

// ---- messages ----

/** Messages merged by id, oldest first (pages arrive newest first; live ones append). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const map = new Map<number, ChatMessage>();
  for (const m of current) map.set(m.id, m);
  for (const m of incoming) map.set(m.id, m);
  return [...map.values()].sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id);
}

/** Whether the pane is scrolled within 600 px of the top (older messages then load). */
export function isNearTop(el: { scrollTop: number }, threshold = HISTORY_THRESHOLD_PX): boolean {
  return el.scrollTop <= threshold;
}

export function isNearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, threshold = LIST_THRESHOLD_PX): boolean {
  return el.scrollHeight - (el.scrollTop + el.clientHeight) <= threshold;
}

/** The text to send, or null when it is empty (spec 002 §5: empty text is not sent). */
export function textToSend(text: string): string | null {
  return text.trim() ? text.trim() : null;
}

/** Whether a message (text and/or file) may go: something to send, and no recording under way (spec 002 §5). */
export function canSend(state: { text: string; file: unknown; recording: boolean; busy: boolean }): boolean {
  return !state.recording && !state.busy && (!!textToSend(state.text) || !!state.file);
}

const EXTENSION_KINDS: Record<string, ChatMediaType> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  m4a: 'audio',
  wav: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  pdf: 'pdf',
};

/** How a message's file shows: the server's kind, else guessed from its name; null without a file. */
export function mediaKindOf(message: Pick<ChatMessage, 'mediaPath' | 'mediaName' | 'mediaType'>): ChatMediaType | null {
  if (!message.mediaPath) return null;
  if (message.mediaType) return message.mediaType;
  const name = (message.mediaName ?? message.mediaPath.split('?')[0] ?? '').toLowerCase();
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : '';
  return EXTENSION_KINDS[ext] ?? 'document';
}

/** A file's display name: its stored name, else the last part of its address. */
export function mediaNameOf(message: Pick<ChatMessage, 'mediaPath' | 'mediaName'>): string {
  if (message.mediaName?.trim()) return message.mediaName.trim();
  const last = (message.mediaPath ?? '').split('?')[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'];

/** Whether a picked file is one the chat takes (spec 002 §5): audio, video, image, .pdf, .doc, .docx, .txt. */
export function fileAccepted(file: { name: string; type: string }): boolean {
  if (/^(audio|video|image)\//i.test(file.type)) return true;
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext));
}

// ---- presence ----

/** Online flags by user id: the chats' own flags first, then what the presence poll and live events said. */
export function presenceOf(userId: number, known: ReadonlyMap<number, boolean>, fallback: boolean): boolean {
  return known.get(userId) ?? fallback;
}

/** The poll's answer as a map (later rows win). */
export function presenceMap(rows: readonly { userId: number; online: boolean }[]): Map<number, boolean> {
  return new Map(rows.filter((r) => typeof r?.userId === 'number').map((r) => [r.userId, !!r.online]));
}
