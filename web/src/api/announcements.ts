import type { Announcement, AnnouncementsPage, CreateAnnouncementBody, UpdateAnnouncementBody } from '@atende/kit/contracts';
import { http } from './http';

/** GET /api/announcements: one page, newest first (super users get every one, the others only the active ones). */
export async function listAnnouncements(params: { searchParam?: string; pageNumber: number }): Promise<AnnouncementsPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  const { data } = await http.get<AnnouncementsPage>('/announcements', { params: query });
  return data;
}

/** POST /api/announcements (super users only). */
export async function createAnnouncement(body: CreateAnnouncementBody): Promise<Announcement> {
  const { data } = await http.post<Announcement>('/announcements', body);
  return data;
}

export async function updateAnnouncement(id: number, body: UpdateAnnouncementBody): Promise<Announcement> {
  const { data } = await http.put<Announcement>(`/announcements/${id}`, body);
  return data;
}

export async function deleteAnnouncement(id: number): Promise<void> {
  await http.delete(`/announcements/${id}`);
}

/** POST /api/announcements/:id/media-upload, multipart typeArch + file (spec 002 §7): the image replaces the previous one. */
export async function uploadAnnouncementMedia(id: number, file: Blob, fileName: string): Promise<Announcement> {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', file, fileName);
  const { data } = await http.post<Announcement>(`/announcements/${id}/media-upload`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

/** DELETE /api/announcements/:id/media-upload: removes the attachment. */
export async function removeAnnouncementMedia(id: number): Promise<Announcement> {
  const { data } = await http.delete<Announcement>(`/announcements/${id}/media-upload`);
  return data;
}
