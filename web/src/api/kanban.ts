import type { KanbanSort, KanbanTicket, Tag, Ticket } from '@atende/kit/contracts';
import { http } from './http';

export type KanbanTickets = { tickets: KanbanTicket[]; count: number; hasMore: boolean };

/** GET /api/tag/kanban: the lanes (the company's kanban tags) in `lista`. */
export async function listKanbanLanes(): Promise<Tag[]> {
  const { data } = await http.get<{ lista: Tag[] }>('/tag/kanban');
  return Array.isArray(data?.lista) ? data.lista : [];
}

/** GET /api/ticket/kanban: the cards (queueIds as JSON text of a list; days as YYYY-MM-DD). */
export async function listKanbanTickets(params: { queueIds?: number[]; startDate?: string; endDate?: string; sortBy: KanbanSort }): Promise<KanbanTickets> {
  const query: Record<string, string> = { sortBy: params.sortBy };
  if (params.queueIds?.length) query.queueIds = JSON.stringify(params.queueIds);
  if (params.startDate) query.startDate = params.startDate;
  if (params.endDate) query.endDate = params.endDate;
  const { data } = await http.get<KanbanTickets>('/ticket/kanban', { params: query });
  return data;
}

/** DELETE /api/ticket-tags/:ticketId: the ticket loses every tag link. */
export async function clearTicketTags(ticketId: number): Promise<Ticket> {
  const { data } = await http.delete<Ticket>(`/ticket-tags/${ticketId}`);
  return data;
}

/** PUT /api/ticket-tags/:ticketId/:tagId: the ticket carries the tag. */
export async function linkTicketTag(ticketId: number, tagId: number): Promise<Ticket> {
  const { data } = await http.put<Ticket>(`/ticket-tags/${ticketId}/${tagId}`);
  return data;
}
