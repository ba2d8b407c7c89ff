import type { CreateQuickMessageBody, QuickMessage, UpdateQuickMessageBody } from '@atende/kit/contracts';
import { http } from './http';

export type QuickMessagesPage = { records: QuickMessage[]; count: number; hasMore: boolean };

/** GET /api/quick-messages: one page of the quick messages the user may see. */
export async function listQuickMessages(params: { searchParam?: string; pageNumber: number }): Promise<QuickMessagesPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  const { data } = await http.get<QuickMessagesPage>('/quick-messages', { params: query });
  return data;
}

export async function getQuickMessage(id: number): Promise<QuickMessage> {
  const { data } = await http.get<QuickMessage>(`/quick-messages/${id}`);
  return data;
}

export async function createQuickMessage(body: CreateQuickMessageBody): Promise<QuickMessage> {
  const { data } = await http.post<QuickMessage>('/quick-messages', body);
  return data;
}

export async function updateQuickMessage(id: number, body: UpdateQuickMessageBody): Promise<QuickMessage> {
  const { data } = await http.put<QuickMessage>(`/quick-messages/${id}`, body);
  return data;
}

export async function deleteQuickMessage(id: number): Promise<void> {
  await http.delete(`/quick-messages/${id}`);
}

/** POST /api/quick-messages/:id/media-upload, multipart typeArch + file (spec 002 §7). */
export async function uploadQuickMessageMedia(id: number, file: Blob, fileName: string): Promise<QuickMessage> {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append('file', file, fileName);
  const { data } = await http.post<QuickMessage>(`/quick-messages/${id}/media-upload`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

export async function removeQuickMessageMedia(id: number): Promise<QuickMessage> {
  const { data } = await http.delete<QuickMessage>(`/quick-messages/${id}/media-upload`);
  return data;
}
