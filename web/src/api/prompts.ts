import type { CreatePromptBody, Prompt, PromptsPage, UpdatePromptBody } from '@atende/kit/contracts';
import { http } from './http';

/**
 * AI prompts (spec 002 §7 /prompt), served by the channels service: admins of a plan with useOpenAi.
 * Lists carry the API key masked; GET /prompt/{id} gives it in full for the edit form.
 */
export type { Prompt, PromptsPage } from '@atende/kit/contracts';
export type PromptBody = CreatePromptBody;

/** GET /api/prompt (searchParam, pageNumber) → { prompts, count, hasMore }. */
export async function listPrompts(params: { searchParam?: string; pageNumber?: number; companyId?: number } = {}): Promise<PromptsPage> {
  const { data } = await http.get<Partial<PromptsPage>>('/prompt', { params });
  return { prompts: Array.isArray(data?.prompts) ? data.prompts : [], count: typeof data?.count === 'number' ? data.count : 0, hasMore: data?.hasMore === true };
}

/** Every prompt of the company (a super user names another one), page after page (the connection editor's prompt select). */
export async function listAllPrompts(companyId?: number): Promise<Prompt[]> {
  const all: Prompt[] = [];
  for (let pageNumber = 1; pageNumber <= 100; pageNumber++) {
    const page = await listPrompts({ pageNumber, companyId });
    all.push(...page.prompts);
    if (!page.hasMore) break;
  }
  return all;
}

export async function getPrompt(id: number): Promise<Prompt> {
  const { data } = await http.get<Prompt>(`/prompt/${id}`);
  return data;
}

export async function createPrompt(body: PromptBody): Promise<Prompt> {
  const { data } = await http.post<Prompt>('/prompt', body);
  return data;
}

export async function updatePrompt(id: number, body: UpdatePromptBody): Promise<Prompt> {
  const { data } = await http.put<Prompt>(`/prompt/${id}`, body);
  return data;
}

export async function deletePrompt(id: number): Promise<void> {
  await http.delete(`/prompt/${id}`);
}
