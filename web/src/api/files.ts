import type { FileListRecord, FileListOption, FileListsPage, fileListBody } from '@atende/kit/contracts';
import type { z } from 'zod';
import { http } from './http';

/**
 * File lists (spec 002 §7 /files): admins only. A list is saved first (its options get ids), then each
 * option's file is uploaded on its own through POST /files/uploadList/:id.
 */
export type { FileListRecord, FileListOption, FileListsPage };
export type FileListBody = z.input<typeof fileListBody>;

const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };

/** GET /api/files: searchParam, pageNumber (20 per page) → { files, count, hasMore }. */
export async function listFileLists(params: { searchParam?: string; pageNumber: number }): Promise<FileListsPage> {
  const { data } = await http.get<FileListsPage>('/files', { params });
  return data;
}

export async function getFileList(id: number): Promise<FileListRecord> {
  const { data } = await http.get<FileListRecord>(`/files/${id}`);
  return data;
}

export async function createFileList(body: FileListBody): Promise<FileListRecord> {
  const { data } = await http.post<FileListRecord>('/files', body);
  return data;
}

/** PUT /api/files/:id: options with an id are kept, without one added; the ones left out are deleted with their files. */
export async function updateFileList(id: number, body: FileListBody): Promise<FileListRecord> {
  const { data } = await http.put<FileListRecord>(`/files/${id}`, body);
  return data;
}

export async function deleteFileList(id: number): Promise<void> {
  await http.delete(`/files/${id}`);
}

/** POST /api/files/uploadList/:id (multipart fileId: the list; id: the option; typeArch, mediaType, name, files): one option's file; answers the list. */
export async function uploadFileListFile(listId: number, option: Pick<FileListOption, 'id' | 'name'>, file: File): Promise<FileListRecord> {
  const form = new FormData();
  form.append('fileId', String(listId));
  form.append('typeArch', 'fileList');
  form.append('mediaType', file.type || 'application/octet-stream');
  form.append('name', option.name);
  form.append('id', String(option.id));
  form.append('files', file, file.name);
  const { data } = await http.post<FileListRecord>(`/files/uploadList/${listId}`, form, multipart);
  return data;
}
