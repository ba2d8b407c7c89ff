import type { Contact, Message, QuickMessage, Ticket, TicketLogEntry, TicketNote, PinnedTicket, Queue, User } from '@atende/kit/contracts';
import { http } from './http';
import { announcePinsChanged } from './pinsChanged';

/**
 * The inbox and conversation calls of spec 000 §7 ("Tickets and messages"; "Contacts, tags, notes,
 * pins, quick replies"). Types only from kit: no zod at runtime here.
 */
export type TicketTab = 'open' | 'pending' | 'group';
export type TicketsPage = { tickets: Ticket[]; count: number; hasMore: boolean };
export type MessagesPage = { messages: Message[]; ticket: Ticket; count: number; hasMore: boolean };

export type ListTicketsParams = {
  status: TicketTab | 'closed' | 'search';
  pageNumber: number;
  showAll?: boolean;
  queueIds?: number[];
  searchParam?: string;
  searchOnMessages?: boolean;
};

/** GET /api/tickets: one page of a tab (queueIds as JSON text, as the original web sends them). */
export async function listTickets(p: ListTicketsParams): Promise<TicketsPage> {
  const params: Record<string, string | number | boolean> = { status: p.status, pageNumber: p.pageNumber, showAll: !!p.showAll };
  if (p.queueIds) params.queueIds = JSON.stringify(p.queueIds);
  if (p.searchParam) params.searchParam = p.searchParam;
  if (p.searchParam && p.searchOnMessages) params.searchOnMessages = true;
  const { data } = await http.get<TicketsPage>('/tickets', { params });
  return data;
}

/** GET /api/tickets with withUnreadMessages: the viewer's tickets with unread messages (the notification bell). */
export async function listUnreadTickets(): Promise<Ticket[]> {
  const { data } = await http.get<TicketsPage>('/tickets', { params: { withUnreadMessages: true, showAll: false, pageNumber: 1 } });
  return Array.isArray(data?.tickets) ? data.tickets : [];
}

export async function getTicketByUuid(uuid: string): Promise<Ticket> {
  const { data } = await http.get<Ticket>(`/tickets/u/${encodeURIComponent(uuid)}`);
  return data;
}

export async function createTicket(body: { contactId: number; queueId: number; whatsappId?: number | null; status: 'open'; userId?: number }): Promise<Ticket> {
  const { data } = await http.post<Ticket>('/tickets', body);
  return data;
}

export type UpdateTicketInput = {
  status?: 'open' | 'pending' | 'closed' | 'group';
  userId?: number | null;
  queueId?: number | null;
  msgTransfer?: string | null;
  isTransfered?: boolean;
  sendFarewellMessage?: boolean;
  /** With the company's userRating on: ask the contact for a rate before closing (status nps). */
  sendRating?: boolean;
  amountUsedBotQueues?: number;
};

export async function updateTicket(id: number, body: UpdateTicketInput): Promise<Ticket> {
  const { data } = await http.put<Ticket>(`/tickets/${id}`, body);
  return data;
}

export async function deleteTicket(id: number): Promise<void> {
  await http.delete(`/tickets/${id}`);
}

export async function listTicketLog(ticketId: number): Promise<TicketLogEntry[]> {
  const { data } = await http.get<TicketLogEntry[]>(`/tickets-log/${ticketId}`);
  return Array.isArray(data) ? data : [];
}

// ---- messages ----

export async function listMessages(ticketId: number, pageNumber: number): Promise<MessagesPage> {
  const { data } = await http.get<MessagesPage>(`/messages/${ticketId}`, { params: { pageNumber } });
  return data;
}

/** POST /api/messages/:ticketId as JSON (text, quote, private note). */
export async function sendTextMessage(ticketId: number, body: { body: string; quotedMsg?: number | null; isPrivate?: boolean }): Promise<void> {
  await http.post(`/messages/${ticketId}`, { body: body.body, fromMe: true, read: true, quotedMsg: body.quotedMsg ?? null, isPrivate: !!body.isPrivate });
}

/** POST /api/messages/:ticketId as multipart: files in 'medias', the caption in 'body'. */
export async function sendMediaMessage(ticketId: number, files: File[], caption: string, isPrivate: boolean, quotedMsg?: number | null): Promise<void> {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('isPrivate', String(isPrivate));
  form.append('body', caption);
  if (quotedMsg) form.append('quotedMsg', String(quotedMsg));
  for (const file of files) form.append('medias', file, file.name);
  await http.post(`/messages/${ticketId}`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
}

/** POST /api/messages/:ticketId as JSON with a contact card (`vCard`); the server writes the vCard text (mediaType contactMessage). */
export async function sendContactMessage(ticketId: number, card: { name: string; number: string }, opts: { isPrivate?: boolean; quotedMsg?: number | null } = {}): Promise<void> {
  await http.post(`/messages/${ticketId}`, { body: '', fromMe: true, read: true, vCard: card, quotedMsg: opts.quotedMsg ?? null, isPrivate: !!opts.isPrivate });
}

export async function editMessage(id: number, body: string): Promise<Message> {
  const { data } = await http.post<Message>(`/messages/edit/${id}`, { body });
  return data;
}

export async function deleteMessage(id: number): Promise<void> {
  await http.delete(`/messages/${id}`);
}

export async function reactToMessage(id: number, reaction: string): Promise<void> {
  await http.post(`/messages/react/${id}`, { reaction });
}

// ---- contacts, notes, pins, quick replies, queues, users ----

export async function searchContacts(searchParam: string): Promise<Contact[]> {
  const { data } = await http.get<{ contacts: Contact[] }>('/contacts', { params: { searchParam, pageNumber: 1 } });
  return Array.isArray(data?.contacts) ? data.contacts : [];
}

export async function getContact(id: number): Promise<Contact> {
  const { data } = await http.get<Contact>(`/contacts/${id}`);
  return data;
}

export async function blockContact(id: number, active: boolean): Promise<Contact> {
  const { data } = await http.put<Contact>(`/contacts/block/${id}`, { active });
  return data;
}

export async function toggleAcceptAudio(id: number): Promise<Contact> {
  const { data } = await http.put<Contact>(`/contacts/toggleAcceptAudio/${id}`);
  return data;
}

export async function toggleDisableBot(id: number): Promise<Contact> {
  const { data } = await http.put<Contact>(`/contacts/toggleDisableBot/${id}`);
  return data;
}

export async function listTicketNotes(params: { contactId: number; ticketId: number }): Promise<TicketNote[]> {
  const { data } = await http.get<TicketNote[]>('/ticket-notes/list', { params });
  return Array.isArray(data) ? data : [];
}

export async function createTicketNote(body: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> {
  const { data } = await http.post<TicketNote>('/ticket-notes', body);
  return data;
}

export async function deleteTicketNote(id: number): Promise<void> {
  await http.delete(`/ticket-notes/${id}`);
}

export async function listPins(): Promise<PinnedTicket[]> {
  const { data } = await http.get<PinnedTicket[]>('/pin-tickets');
  return Array.isArray(data) ? data : [];
}

export async function pinTicket(ticketId: number): Promise<PinnedTicket> {
  const { data } = await http.post<PinnedTicket>('/pin-tickets', { ticketId });
  announcePinsChanged();
  return data;
}

export async function unpinTicket(pinId: number): Promise<void> {
  await http.delete(`/pin-tickets/${pinId}`);
  announcePinsChanged();
}

export async function listQuickMessages(): Promise<QuickMessage[]> {
  const { data } = await http.get<QuickMessage[]>('/quick-messages/list');
  return Array.isArray(data) ? data : [];
}

/** GET /api/queue: the company's queues (the list filters and dialogs narrow them to the user's). */
export async function listQueues(companyId?: number): Promise<Queue[]> {
  const { data } = await http.get<Queue[]>('/queue', { params: companyId ? { companyId } : undefined });
  return Array.isArray(data) ? data : [];
}

export type UserOption = Pick<User, 'id' | 'name' | 'queueIds'>;

/** GET /api/users/list: the company's users (transfer dialog). */
export async function listUserOptions(): Promise<UserOption[]> {
  const { data } = await http.get<UserOption[]>('/users/list');
  return Array.isArray(data) ? data : [];
}

/** PUT /api/users/toggleChangeWidht/:id: the saved width of the list pane. */
export async function saveTicketsPaneWidth(userId: number, width: number): Promise<void> {
  await http.put(`/users/toggleChangeWidht/${userId}`, { defaultTicketsManagerWidth: width });
}

/** GET /api/setting/:key: 'enabled' / 'disabled' (or other text); null when it cannot be read. */
export async function readSetting(key: string): Promise<string | null> {
  try {
    const { data } = await http.get<{ value?: string } | string>(`/setting/${key}`);
    if (typeof data === 'string') return data;
    return typeof data?.value === 'string' ? data.value : null;
  } catch {
    return null;
  }
}

/** GET /api/tickets/:id: one ticket (the contact drawer reads its tags for the kanban stage). */
export async function getTicket(id: number): Promise<Ticket> {
  const { data } = await http.get<Ticket>(`/tickets/${id}`);
  return data;
}

// ---- ticket list panel (filters, close all, integration toggle) ----

/** GET /api/tickets with parameters already written as the server reads them (see pages/tickets/list/listQuery.ts). */
export async function fetchTicketsPage(params: Record<string, string | number | boolean>, signal?: AbortSignal): Promise<TicketsPage> {
  const { data } = await http.get<TicketsPage>('/tickets', { params, signal });
  return data;
}

/**
 * POST /api/tickets/closeAll (admin): every ticket of the tab status within the selected queues (all when none).
 * `count` were closed; `left` were not (requiredTag on and no tag on them or their contact).
 */
export async function closeAllTickets(body: { status: 'open' | 'pending' | 'group' | 'lgpd'; selectedQueueIds: number[] | null }): Promise<{ message: string; count: number; left: number }> {
  const { data } = await http.post<{ message: string; count: number; left: number }>('/tickets/closeAll', body);
  return data;
}

/** PUT /api/tickets/:id with useIntegration: turns the queue integration (bot) of a ticket on or off. */
export async function setTicketIntegration(id: number, useIntegration: boolean): Promise<Ticket> {
  const { data } = await http.put<Ticket>(`/tickets/${id}`, { useIntegration });
  return data;
}

/** POST /api/message/forward: one message to one contact (the server opens or reuses the contact's ticket). */
export async function forwardMessage(body: { messageId: number; contactId: number; signMessage?: boolean }): Promise<void> {
  await http.post('/message/forward', body);
}
