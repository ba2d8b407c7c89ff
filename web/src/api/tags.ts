import type { CreateTagBody, Tag, TagDetail, UpdateTagBody } from '@atende/kit/contracts';
import { http } from './http';

/** A tag as a contact carries it. */
export type ContactTag = Pick<Tag, 'id' | 'name' | 'color'>;

export type TagsPage = { tags: Tag[]; count: number; hasMore: boolean };

/** GET /api/tags: one page of the company's tags (kanban 1: only the kanban lanes). */
export async function listTags(params: { searchParam?: string; pageNumber: number; kanban?: 0 | 1 }): Promise<TagsPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  if (params.kanban !== undefined) query.kanban = params.kanban;
  const { data } = await http.get<TagsPage>('/tags', { params: query });
  return data;
}

/** GET /api/tags/list: every tag (selectors, filters). */
export async function listAllTags(kanban?: 0 | 1): Promise<Tag[]> {
  const { data } = await http.get<Tag[]>('/tags/list', { params: kanban === undefined ? {} : { kanban } });
  return Array.isArray(data) ? data : [];
}

export async function getTag(id: number): Promise<TagDetail> {
  const { data } = await http.get<TagDetail>(`/tags/${id}`);
  return data;
}

export async function createTag(body: CreateTagBody): Promise<Tag> {
  const { data } = await http.post<Tag>('/tags', body);
  return data;
}

export async function updateTag(id: number, body: UpdateTagBody): Promise<Tag> {
  const { data } = await http.put<Tag>(`/tags/${id}`, body);
  return data;
}

export async function deleteTag(id: number): Promise<void> {
  await http.delete(`/tags/${id}`);
}

/** DELETE /api/tags-contacts/:tagId/:contactId: takes a contact off a tag. */
export async function unlinkTagContact(tagId: number, contactId: number): Promise<void> {
  await http.delete(`/tags-contacts/${tagId}/${contactId}`);
}

/** GET /api/contactTags/:contactId: the tags a contact carries. */
export async function listContactTags(contactId: number): Promise<ContactTag[]> {
  const { data } = await http.get<ContactTag[]>(`/contactTags/${contactId}`);
  return Array.isArray(data) ? data : [];
}
