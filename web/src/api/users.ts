import type { z } from 'zod';
import type { Connection, CreateUserBody, Queue, UpdateUserBody, User, usersPage } from '@atende/kit/contracts';
import { http } from './http';

export type UsersPage = z.infer<typeof usersPage>;

/** GET /api/users: one page of the company's users (admin only). */
export async function listUsers(params: { searchParam?: string; pageNumber: number }): Promise<UsersPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  const { data } = await http.get<UsersPage>('/users', { params: query });
  return data;
}

/** GET /api/users/list: every user of the company (any signed-in user; pickers of the internal chat). */
export async function listCompanyUsers(): Promise<User[]> {
  const { data } = await http.get<User[]>('/users/list');
  return Array.isArray(data) ? data : [];
}

/** One row of GET /api/presence's onlineUsers. */
export type PresenceRow = { userId: number; online: boolean };

/** GET /api/presence: who of the company is online now (polled by the internal chat every 30 s). */
export async function listPresence(signal?: AbortSignal): Promise<PresenceRow[]> {
  const { data } = await http.get<{ onlineUsers?: PresenceRow[] }>('/presence', { signal });
  return Array.isArray(data?.onlineUsers) ? data.onlineUsers : [];
}

export async function getUser(id: number): Promise<User> {
  const { data } = await http.get<User>(`/users/${id}`);
  return data;
}

export async function createUser(body: CreateUserBody): Promise<User> {
  const { data } = await http.post<User>('/users', body);
  return data;
}

export async function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  const { data } = await http.put<User>(`/users/${id}`, body);
  return data;
}

export async function deleteUser(id: number): Promise<void> {
  await http.delete(`/users/${id}`);
}

/**
 * POST /api/users/:id/media-upload, multipart (spec 001 §7: userId, typeArch, profileImage).
 * The image is the JPEG the dialog resized on a canvas.
 */
export async function uploadUserAvatar(id: number, image: Blob, fileName = 'avatar.jpg'): Promise<User> {
  const form = new FormData();
  form.append('userId', String(id));
  form.append('typeArch', 'user');
  form.append('profileImage', image, fileName);
  // An explicit multipart type keeps FormData as is (the browser adds the boundary).
  const { data } = await http.post<User>(`/users/${id}/media-upload`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

/** Queues for the user dialog's queue selector (GET /api/queue). */
export async function listQueueOptions(): Promise<Pick<Queue, 'id' | 'name' | 'color'>[]> {
  const { data } = await http.get<Queue[]>('/queue');
  return Array.isArray(data) ? data : [];
}

/** Connections for the user dialog's default-connection selector (GET /api/whatsapp?session=0). */
export async function listConnectionOptions(): Promise<Pick<Connection, 'id' | 'name' | 'channel'>[]> {
  const { data } = await http.get<Connection[]>('/whatsapp', { params: { session: 0 } });
  return Array.isArray(data) ? data : [];
}
