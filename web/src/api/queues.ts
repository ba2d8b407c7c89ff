import type { CreateQueueBody, QueueDetail, UpdateQueueBody } from '@atende/kit/contracts';
import { http } from './http';
import { listAllQueueIntegrations } from './queueIntegrations';

/**
 * Queues and chatbot menus (spec 001 §7): GET/POST /api/queue, GET/PUT/DELETE /api/queue/:id (a queue's
 * whole chatbot menu travels with it), plus the selectors of the queue modal read from the channels
 * service (integrations, file lists).
 * The company's queue list (GET /api/queue) is the one the inbox already uses.
 */
export { listQueues } from './tickets';

/** GET /api/queue/:id: the queue with its chatbot menu (admin). */
export async function getQueue(id: number): Promise<QueueDetail> {
  const { data } = await http.get<QueueDetail>(`/queue/${id}`);
  return data;
}

/** POST /api/queue: a queue with its schedules and whole chatbot menu. */
export async function createQueue(body: CreateQueueBody): Promise<QueueDetail> {
  const { data } = await http.post<QueueDetail>('/queue', body);
  return data;
}

/** PUT /api/queue/:id: any of the fields; `chatbots`, when sent, is the whole menu (options kept by id). */
export async function updateQueue(id: number, body: UpdateQueueBody): Promise<QueueDetail> {
  const { data } = await http.put<QueueDetail>(`/queue/${id}`, body);
  return data;
}

/** DELETE /api/queue/:id: its menu goes with it; its tickets lose it. */
export async function deleteQueue(id: number): Promise<void> {
  await http.delete(`/queue/${id}`);
}

/**
 * An entry of a selector fed by the channels service. Kit has no schema of those answers (the
 * service is not part of this installation yet): only what a select needs is read.
 */
export type SelectorOption = { id: number; name: string };

/**
 * Items of a selector answer (GET /queueIntegration → { queueIntegrations }, GET /files → { files },
 * or a plain list): the entries with a numeric id; a missing name shows as '#id'.
 */
export function selectorOptions(data: unknown, key: string): SelectorOption[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((x): x is { id: number; name?: unknown } => !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'number')
    .map((x) => ({ id: x.id, name: typeof x.name === 'string' && x.name ? x.name : `#${x.id}` }));
}

/** A selector fed by another service: `available` is false when its endpoint does not answer. */
export type SelectorSource = { available: boolean; options: SelectorOption[] };

async function readSelector(path: string, key: string, params?: Record<string, unknown>): Promise<SelectorSource> {
  try {
    const { data } = await http.get<unknown>(path, { params });
    return { available: true, options: selectorOptions(data, key) };
  } catch (err) {
    // Not served (yet) by this installation: the selector shows empty and disabled.
    const status = (err as { response?: { status?: number } } | null)?.response?.status;
    if (status === 404 || status === 501) return { available: false, options: [] };
    throw err;
  }
}

/** GET /api/queueIntegration → { queueIntegrations }, every page (the integration select of the queue modal). */
export async function listQueueIntegrationOptions(): Promise<SelectorSource> {
  return { available: true, options: (await listAllQueueIntegrations()).map((i) => ({ id: i.id, name: i.name })) };
}

/** GET /api/files/list → { files }: every file list of the company (the file list selects of the queue modal and its chatbot options). */
export function listFileListOptions(companyId: number): Promise<SelectorSource> {
  return readSelector('/files/list', 'files', { companyId });
}
