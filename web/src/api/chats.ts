import type { Chat, ChatMessage, ChatMessagesPage, ChatsPage, CreateChatBody, UpdateChatBody } from '@atende/kit/contracts';
import { http } from './http';

/**
 * The internal chat (spec 002 §7, kit's contracts/chats.ts): the caller's chats, their messages and
 * read markers. Every call needs the plan flag useInternalChat (403 otherwise); `ref` is a chat's id or uuid.
 */
export type ChatRef = number | string;

const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };
const path = (ref: ChatRef) => `/chats/${encodeURIComponent(String(ref))}`;

/** GET /api/chats: one page of the caller's chats, newest activity first (searchParam: title or a participant's name). */
export async function listChats(params: { searchParam?: string; pageNumber: number }, signal?: AbortSignal): Promise<ChatsPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  const { data } = await http.get<ChatsPage>('/chats', { params: query, signal });
  return data;
}

/** GET /api/chats/:id (id or uuid); 404 ERR_NO_CHAT_FOUND when it does not exist or the caller is not in it. */
export async function getChat(ref: ChatRef, signal?: AbortSignal): Promise<Chat> {
  const { data } = await http.get<Chat>(path(ref), { signal });
  return data;
}

/**
 * POST /api/chats. A private chat (`{ title, users: [{ id }], isGroup: false }`, JSON) with someone who
 * already has one with the caller answers that chat. A group with a photo goes as multipart (users as JSON text).
 */
export async function createChat(body: CreateChatBody, groupImage?: File | null): Promise<Chat> {
  if (!groupImage) {
    const { data } = await http.post<Chat>('/chats', body);
    return data;
  }
  const form = new FormData();
  form.append('title', body.title);
  form.append('users', JSON.stringify(body.users));
  form.append('isGroup', String(body.isGroup));
  form.append('groupImage', groupImage, groupImage.name);
  const { data } = await http.post<Chat>('/chats', form, multipart);
  return data;
}

/** PUT /api/chats/:id: a group's title and participants (owner only; the photo does not change). */
export async function updateChat(ref: ChatRef, body: UpdateChatBody): Promise<Chat> {
  const { data } = await http.put<Chat>(path(ref), body);
  return data;
}

/** DELETE /api/chats/:id (owner only). */
export async function deleteChat(ref: ChatRef): Promise<void> {
  await http.delete(path(ref));
}

/** GET /api/chats/:id/messages: page 1 holds the newest messages, each page oldest first. */
export async function listChatMessages(ref: ChatRef, pageNumber: number, signal?: AbortSignal): Promise<ChatMessagesPage> {
  const { data } = await http.get<ChatMessagesPage>(`${path(ref)}/messages`, { params: { pageNumber }, signal });
  return data;
}

/** POST /api/chats/:id/messages: text as JSON, or a file (with optional text) as multipart (typeArch 'chat'). */
export async function sendChatMessage(ref: ChatRef, message: string, file?: File | null): Promise<ChatMessage> {
  if (!file) {
    const { data } = await http.post<ChatMessage>(`${path(ref)}/messages`, { message });
    return data;
  }
  const form = new FormData();
  form.append('typeArch', 'chat');
  form.append('message', message);
  form.append('file', file, file.name);
  const { data } = await http.post<ChatMessage>(`${path(ref)}/messages`, form, multipart);
  return data;
}

/** POST /api/chats/:id/read: the caller's unreads of the chat go back to 0. */
export async function markChatRead(ref: ChatRef, userId: number): Promise<Chat> {
  const { data } = await http.post<Chat>(`${path(ref)}/read`, { userId });
  return data;
}
