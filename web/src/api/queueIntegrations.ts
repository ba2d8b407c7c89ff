import type {
  QueueIntegration,
  QueueIntegrationInput,
  QueueIntegrationsPage,
  QueueIntegrationTestResult,
  QueueIntegrationType,
  IntegrationLanguage,
  updateQueueIntegrationBody,
  queueIntegrationTestBody,
} from '@atende/kit/contracts';
import type { z } from 'zod';
import { http } from './http';

/** Queue integrations (spec 002 §3, §7), served by the channels service; admins of plans with useIntegrations. */
export type { QueueIntegration, QueueIntegrationsPage, QueueIntegrationTestResult, QueueIntegrationType, IntegrationLanguage };
export type QueueIntegrationBody = QueueIntegrationInput;
export type UpdateQueueIntegrationBody = z.input<typeof updateQueueIntegrationBody>;
export type QueueIntegrationTestBody = z.input<typeof queueIntegrationTestBody>;

/** GET /queueIntegration: 20 per page by name (searchParam: name, type or project). */
export async function listQueueIntegrations(params: { searchParam?: string; pageNumber: number; companyId?: number }): Promise<QueueIntegrationsPage> {
  const query: Record<string, string | number> = { pageNumber: params.pageNumber };
  if (params.searchParam) query.searchParam = params.searchParam;
  if (params.companyId) query.companyId = params.companyId;
  const { data } = await http.get<QueueIntegrationsPage>('/queueIntegration', { params: query });
  return data;
}

/**
 * Every integration of the company (a super user names another one), page after page: the selectors of
 * the queue and connection editors.
 */
export async function listAllQueueIntegrations(companyId?: number, maxPages = 50): Promise<QueueIntegration[]> {
  const all: QueueIntegration[] = [];
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber++) {
    const page = await listQueueIntegrations({ pageNumber, companyId });
    all.push(...page.queueIntegrations);
    if (!page.hasMore) break;
  }
  return all;
}

/** GET /queueIntegration/:id: the whole record, the Dialogflow key included (the edit dialog). */
export async function getQueueIntegration(id: number): Promise<QueueIntegration> {
  const { data } = await http.get<QueueIntegration>(`/queueIntegration/${id}`);
  return data;
}

export async function createQueueIntegration(body: QueueIntegrationBody): Promise<QueueIntegration> {
  const { data } = await http.post<QueueIntegration>('/queueIntegration', body);
  return data;
}

export async function updateQueueIntegration(id: number, body: UpdateQueueIntegrationBody): Promise<QueueIntegration> {
  const { data } = await http.put<QueueIntegration>(`/queueIntegration/${id}`, body);
  return data;
}

export async function deleteQueueIntegration(id: number): Promise<void> {
  await http.delete(`/queueIntegration/${id}`);
}

/** POST /queueIntegration/testSession: a pass answers { ok: true, … }; a failure is an ERR_INTEGRATION_* error. */
export async function testQueueIntegration(body: QueueIntegrationTestBody): Promise<QueueIntegrationTestResult> {
  const { data } = await http.post<QueueIntegrationTestResult>('/queueIntegration/testSession', body);
  return data;
}
