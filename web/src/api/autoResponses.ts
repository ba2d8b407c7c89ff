import type {
  AutoResponse,
  AutoResponseImportResult,
  AutoResponseInput,
  AutoResponseStats,
  AutoResponseTestResult,
  UpdateAutoResponseBody,
} from '@atende/kit/contracts';
import { http } from './http';

/** Keyword auto-responses (spec 002 §7 /auto-responses), served by the channels service. */
export type { AutoResponse, AutoResponseImportResult, AutoResponseInput, AutoResponseStats, AutoResponseTestResult };

export async function listAutoResponses(params: { searchParam?: string; isActive?: boolean } = {}): Promise<AutoResponse[]> {
  const { data } = await http.get<{ autoResponses: AutoResponse[] }>('/auto-responses', { params });
  return data.autoResponses;
}

export async function createAutoResponse(body: AutoResponseInput): Promise<AutoResponse> {
  const { data } = await http.post<AutoResponse>('/auto-responses', body);
  return data;
}

/** Partial: the table's switch sends `{ isActive }` only (spec 002 §7 note). */
export async function updateAutoResponse(id: number, body: UpdateAutoResponseBody): Promise<AutoResponse> {
  const { data } = await http.put<AutoResponse>(`/auto-responses/${id}`, body);
  return data;
}

export async function deleteAutoResponse(id: number): Promise<void> {
  await http.delete(`/auto-responses/${id}`);
}

export async function toggleAutoResponse(id: number): Promise<AutoResponse> {
  const { data } = await http.patch<AutoResponse>(`/auto-responses/${id}/toggle`);
  return data;
}

export async function duplicateAutoResponse(id: number): Promise<AutoResponse> {
  const { data } = await http.post<AutoResponse>(`/auto-responses/${id}/duplicate`);
  return data;
}

export async function testAutoResponse(message: string): Promise<AutoResponseTestResult> {
  const { data } = await http.post<AutoResponseTestResult>('/auto-responses/test', { message });
  return data;
}

export async function autoResponseStats(): Promise<AutoResponseStats> {
  const { data } = await http.get<AutoResponseStats>('/auto-responses/stats');
  return data;
}

export async function exportAutoResponsesCsv(): Promise<Blob> {
  const { data } = await http.get<Blob>('/auto-responses/export/csv', { responseType: 'blob' });
  return data;
}

export async function importAutoResponsesCsv(file: File): Promise<AutoResponseImportResult> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<AutoResponseImportResult>('/auto-responses/import', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}
