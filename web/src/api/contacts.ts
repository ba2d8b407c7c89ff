import type { Contact, CreateContactBody, ImportMapping, ImportResult, SheetPreview, UpdateContactBody } from '@atende/kit/contracts';
import { http } from './http';

export type ContactsPage = { contacts: Contact[]; count: number; hasMore: boolean };
export type ContactsFilter = { searchParam?: string; contactTag?: number[] };

const filterQuery = (filter: ContactsFilter): Record<string, string> => {
  const query: Record<string, string> = {};
  if (filter.searchParam) query.searchParam = filter.searchParam;
  if (filter.contactTag?.length) query.contactTag = JSON.stringify(filter.contactTag);
  return query;
};

/** GET /api/contacts: one page (20) of the company's contacts; contactTag is a JSON list of tag ids. */
export async function listContacts(params: ContactsFilter & { pageNumber: number }): Promise<ContactsPage> {
  const { data } = await http.get<ContactsPage>('/contacts', { params: { ...filterQuery(params), pageNumber: params.pageNumber } });
  return data;
}

export async function getContact(id: number): Promise<Contact> {
  const { data } = await http.get<Contact>(`/contacts/${id}`);
  return data;
}

export async function createContact(body: CreateContactBody): Promise<Contact> {
  const { data } = await http.post<Contact>('/contacts', body);
  return data;
}

export async function updateContact(id: number, body: UpdateContactBody): Promise<Contact> {
  const { data } = await http.put<Contact>(`/contacts/${id}`, body);
  return data;
}

export async function deleteContact(id: number): Promise<void> {
  await http.delete(`/contacts/${id}`);
}

/** PUT /api/contacts/block/:id — active false blocks, true unblocks. */
export async function setContactActive(id: number, active: boolean): Promise<Contact> {
  const { data } = await http.put<Contact>(`/contacts/block/${id}`, { active });
  return data;
}

/** POST /api/tags/sync: the contact's tags become exactly these. */
export async function syncContactTags(contactId: number, tags: number[]): Promise<Contact> {
  const { data } = await http.post<Contact>('/tags/sync', { contactId, tags });
  return data;
}

/** GET /api/contacts/export: every contact of the company, narrowed by tags only (spec 001 §2: the search box does not apply). */
export async function exportContacts(contactTag: number[]): Promise<Blob> {
  const { data } = await http.get<Blob>('/contacts/export', { params: filterQuery({ contactTag }), responseType: 'blob' });
  return data;
}

/** GET /api/contacts/import/template: the model spreadsheet. */
export async function downloadImportTemplate(): Promise<Blob> {
  const { data } = await http.get<Blob>('/contacts/import/template', { responseType: 'blob' });
  return data;
}

/** POST /api/contacts/import: contacts from the phone of the default connection. */
export async function importFromPhone(): Promise<ImportResult> {
  const { data } = await http.post<ImportResult>('/contacts/import', {});
  return data;
}

/**
 * POST /api/contacts/upload (multipart): the spreadsheet, the column mapping (1-based positions),
 * the spreadsheet rows selected and whether numbers are checked on WhatsApp.
 */
export async function uploadContactsSpreadsheet(params: { file: Blob; fileName: string; mapping?: ImportMapping | null; rows?: number[] | null; validateContact: boolean }): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', params.file, params.fileName);
  if (params.mapping) form.append('mapping', JSON.stringify(params.mapping));
  if (params.rows) form.append('rows', JSON.stringify(params.rows));
  form.append('validateContact', params.validateContact ? 'true' : 'false');
  const { data } = await http.post<ImportResult>('/contacts/upload', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

/** The sheet of a spreadsheet the browser cannot read (.xls), read by the server for the import page's mapping and row checkboxes. */
export async function previewContactsSpreadsheet(file: Blob, fileName: string): Promise<SheetPreview> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { data } = await http.post<SheetPreview>('/contacts/upload/preview', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

/** Saves a blob as a download (export, template). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
