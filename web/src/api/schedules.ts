import type { z } from 'zod';
import type { createScheduleBody, Schedule, SchedulesPage } from '@atende/kit/contracts';
import { http } from './http';

/** Scheduled messages (spec 002 §3, §7; spec 000 line 259), served by the campaigns service. */
export type { Schedule, SchedulesPage };
/** What the dialog sends (the kit schema's input). */
export type ScheduleBody = z.input<typeof createScheduleBody>;

export async function listSchedules(params: { searchParam?: string; pageNumber: number }): Promise<SchedulesPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  const { data } = await http.get<SchedulesPage>('/schedules', { params: query });
  return data;
}

export async function getSchedule(id: number): Promise<Schedule> {
  const { data } = await http.get<Schedule>(`/schedules/${id}`);
  return data;
}

export async function createSchedule(body: ScheduleBody): Promise<Schedule> {
  const { data } = await http.post<Schedule>('/schedules', body);
  return data;
}

export async function updateSchedule(id: number, body: ScheduleBody): Promise<Schedule> {
  const { data } = await http.put<Schedule>(`/schedules/${id}`, body);
  return data;
}

export async function deleteSchedule(id: number): Promise<void> {
  await http.delete(`/schedules/${id}`);
}

export async function uploadScheduleMedia(id: number, file: Blob, fileName: string): Promise<Schedule> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { data } = await http.post<Schedule>(`/schedules/${id}/media-upload`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

export async function removeScheduleMedia(id: number): Promise<void> {
  await http.delete(`/schedules/${id}/media-upload`);
}
