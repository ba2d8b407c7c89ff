import type { z } from 'zod';
import type {
  Campaign,
  CampaignDetail,
  CampaignSettingsList,
  CampaignSettingsValues,
  CampaignStatus,
  ContactList,
  ContactListBody,
  ContactListItemRecord,
  ContactListUploadResult,
  campaignBody,
  createContactListItemBody,
} from '@atende/kit/contracts';
import { http } from './http';

/** Campaigns, campaign settings, contact lists and their items (spec 002 §3, §7), served by the campaigns service. */
export type { Campaign, CampaignDetail, CampaignStatus, ContactList, ContactListBody, ContactListUploadResult };
export type ContactListItem = ContactListItemRecord;
export type CampaignSetting = CampaignSettingsList[number];
export type OpenTicket = 'enabled' | 'disabled';
export type CampaignTicketStatus = 'closed' | 'pending' | 'open';
export type MessageField = `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`;
/** What the dialog sends (the kit schema's input: empty texts may be null). */
export type CampaignBody = z.input<typeof campaignBody>;
export type ContactListItemBody = z.input<typeof createContactListItemBody>;
export type Page<K extends string, T> = Record<K, T[]> & { hasMore: boolean; count: number };

const query = (searchParam: string | undefined, pageNumber: number, extra: Record<string, string | number> = {}) => {
  const params: Record<string, string | number> = { pageNumber, ...extra };
  if (searchParam) params.searchParam = searchParam;
  return params;
};

const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };

// — campaigns —

export async function listCampaigns(params: { searchParam?: string; pageNumber: number }): Promise<Page<'records', Campaign>> {
  const { data } = await http.get<Page<'records', Campaign>>('/campaigns', { params: query(params.searchParam, params.pageNumber) });
  return data;
}

export async function getCampaign(id: number): Promise<CampaignDetail> {
  const { data } = await http.get<CampaignDetail>(`/campaigns/${id}`);
  return data;
}

export async function createCampaign(body: CampaignBody): Promise<Campaign> {
  const { data } = await http.post<Campaign>('/campaigns', body);
  return data;
}

export async function updateCampaign(id: number, body: CampaignBody): Promise<Campaign> {
  const { data } = await http.put<Campaign>(`/campaigns/${id}`, body);
  return data;
}

export async function deleteCampaign(id: number): Promise<void> {
  await http.delete(`/campaigns/${id}`);
}

export async function cancelCampaign(id: number): Promise<void> {
  await http.post(`/campaigns/${id}/cancel`);
}

export async function restartCampaign(id: number): Promise<void> {
  await http.post(`/campaigns/${id}/restart`);
}

export async function uploadCampaignMedia(id: number, file: Blob, fileName: string): Promise<Campaign> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { data } = await http.post<Campaign>(`/campaigns/${id}/media-upload`, form, multipart);
  return data;
}

export async function removeCampaignMedia(id: number): Promise<void> {
  await http.delete(`/campaigns/${id}/media-upload`);
}

// — campaign settings —

export async function listCampaignSettings(): Promise<CampaignSetting[]> {
  const { data } = await http.get<CampaignSetting[]>('/campaign-settings');
  return Array.isArray(data) ? data : [];
}

export async function saveCampaignSettings(settings: CampaignSettingsValues): Promise<void> {
  await http.post('/campaign-settings', { settings });
}

// — contact lists —

export async function listContactLists(params: { searchParam?: string; pageNumber: number }): Promise<Page<'records', ContactList>> {
  const { data } = await http.get<Page<'records', ContactList>>('/contact-lists', { params: query(params.searchParam, params.pageNumber) });
  return data;
}

/** GET /api/contact-lists/list: every list of the company (the campaign dialog's selector). */
export async function listAllContactLists(): Promise<ContactList[]> {
  const { data } = await http.get<ContactList[]>('/contact-lists/list');
  return Array.isArray(data) ? data : [];
}

export async function getContactList(id: number): Promise<ContactList> {
  const { data } = await http.get<ContactList>(`/contact-lists/${id}`);
  return data;
}

export async function createContactList(body: ContactListBody): Promise<ContactList> {
  const { data } = await http.post<ContactList>('/contact-lists', body);
  return data;
}

export async function updateContactList(id: number, body: ContactListBody): Promise<ContactList> {
  const { data } = await http.put<ContactList>(`/contact-lists/${id}`, body);
  return data;
}

export async function deleteContactList(id: number): Promise<void> {
  await http.delete(`/contact-lists/${id}`);
}

/** POST /api/contact-lists/:id/upload: a .xls/.xlsx sheet of contacts imported into the list. */
export async function uploadContactListSheet(id: number, file: Blob, fileName: string): Promise<ContactListUploadResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { data } = await http.post<ContactListUploadResult>(`/contact-lists/${id}/upload`, form, multipart);
  return data;
}

// — contact list items —

export async function listContactListItems(params: {
  contactListId: number;
  searchParam?: string;
  pageNumber: number;
}): Promise<Page<'contacts', ContactListItem>> {
  const { data } = await http.get<Page<'contacts', ContactListItem>>('/contact-list-items', {
    params: query(params.searchParam, params.pageNumber, { contactListId: params.contactListId }),
  });
  return data;
}

export async function createContactListItem(body: ContactListItemBody): Promise<ContactListItem> {
  const { data } = await http.post<ContactListItem>('/contact-list-items', body);
  return data;
}

export async function updateContactListItem(id: number, body: ContactListItemBody): Promise<ContactListItem> {
  const { data } = await http.put<ContactListItem>(`/contact-list-items/${id}`, body);
  return data;
}

export async function deleteContactListItem(id: number): Promise<void> {
  await http.delete(`/contact-list-items/${id}`);
}
