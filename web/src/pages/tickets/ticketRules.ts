import { canSeeTicket, visibilityRule, type Message, type Ticket, type TicketStatus } from '@atende/kit/contracts';

/**
 * Pure rules of the inbox (spec 000 §2 list item, §4 'Live updates of the list' and the notification
 * rule, §9 limits). No React, no DOM: unit-tested in ticketRules.test.ts.
 */
export type ListTab = 'open' | 'pending' | 'group';

export const NAME_CUT = 60;
export const LAST_MESSAGE_CUT = 40;
export const QUEUE_TAG_CUT = 8;
export const PANE_MIN = 404;
export const PANE_MAX = 700;
export const PANE_DEFAULT = 550;
export const LIST_SCROLL_THRESHOLD = 100;
export const HISTORY_SCROLL_THRESHOLD = 50;
export const EDIT_WINDOW_MS = 15 * 60 * 1000;
export const NOTE_MIN = 2;

/** Cuts a text to `max` characters, with an ellipsis when it was longer. */
export function cut(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm when the instant is on the same local day as `now`, else dd/MM/yyyy. */
export function formatTicketTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return sameDay ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** HH:mm of a message bubble. */
export function formatClock(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The list pane width, kept within 404..700 (default 550). */
export function clampPaneWidth(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return PANE_DEFAULT;
  return Math.round(Math.min(PANE_MAX, Math.max(PANE_MIN, value)));
}

/** Which tab a status belongs to (the pending tab also holds lgpd tickets). */
export function tabOfStatus(status: TicketStatus): ListTab | null {
  if (status === 'open') return 'open';
  if (status === 'pending' || status === 'lgpd') return 'pending';
  if (status === 'group') return 'group';
  return null;
}

/** What the list rules need to know about the viewer (a SessionUser fits). */
export type ListViewer = {
  id: number;
  profile: 'admin' | 'user';
  super: boolean;
  queueIds: number[];
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  allHistoric: 'enabled' | 'disabled' | null;
  allUserChat: 'enabled' | 'disabled';
};

/** The lists of the page: the tabs of the open view, the closed view and the search view. */
export type ListView = ListTab | 'closed' | 'search';
/** Order of a list by updatedAt (spec 000 §9: default descending). */
export type SortOrder = 'ASC' | 'DESC';

export type ListFilter = {
  /** The tab of the open view, or the closed view. */
  tab: ListTab | 'closed';
  showAll: boolean;
  /** Queues chosen in the multi-select (empty: no queue filter). */
  queueIds: number[];
  /** A search is active: live events never insert, they only replace or remove. */
  searching: boolean;
  /** Order of the list (default DESC: newest update first). */
  order?: SortOrder;
  /** More pages remain on the server (ASC: a ticket updated now belongs after them). */
  hasMore?: boolean;
};

/** The list a status is shown in, outside the search view. */
export function viewOfStatus(status: TicketStatus): ListTab | 'closed' | null {
  // A ticket waiting for the contact's rating (nps) was resolved: it shows with the closed ones.
  return status === 'closed' || status === 'nps' ? 'closed' : tabOfStatus(status);
}

const isAdmin = (v: ListViewer) => v.profile === 'admin' || v.super;
export const canShowAll = (v: ListViewer) => isAdmin(v) || v.allUserChat === 'enabled';

/**
 * Whether a ticket belongs in a tab's list (mirrors the server's list filter): status of the tab,
 * visible to the viewer, own/waiting/group tickets unless 'show all', within the selected queues
 * (tickets without queue stay when visible).
 */
export function belongsInList(ticket: Ticket, viewer: ListViewer, filter: ListFilter): boolean {
  if (viewOfStatus(ticket.status) !== filter.tab) return false;
  const rule = visibilityRule({ ...viewer, userId: viewer.id });
  if (!canSeeTicket(rule, ticket)) return false;
  if (!(filter.showAll && canShowAll(viewer))) {
    const own = ticket.userId === viewer.id;
    const waiting = ticket.status === 'pending' || ticket.status === 'lgpd' || ticket.status === 'group' || ticket.isGroup;
    // allHistoric opens the closed history of others (as the server's list narrowing).
    const history = (ticket.status === 'closed' || ticket.status === 'nps') && viewer.allHistoric === 'enabled';
    if (!own && !waiting && !history) return false;
  }
  if (filter.queueIds.length > 0 && ticket.queueId !== null) {
    const allowed = isAdmin(viewer) ? filter.queueIds : filter.queueIds.filter((q) => viewer.queueIds.includes(q));
    if (!allowed.includes(ticket.queueId)) return false;
  }
  return true;
}

export type ListState = { tickets: Ticket[]; count: number };

/** Sorts newest update first (the default DESC order). */
const byUpdatedDesc = (a: Ticket, b: Ticket) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/**
 * A ticket 'update' event: replaces the ticket in place when it still belongs, inserts it at the top
 * when new (not while searching), removes it when it no longer belongs. The count follows.
 */
export function applyTicketUpdate(state: ListState, ticket: Ticket, viewer: ListViewer, filter: ListFilter): ListState {
  const index = state.tickets.findIndex((t) => t.id === ticket.id);
  const belongs = belongsInList(ticket, viewer, filter);
  if (index >= 0) {
    if (!belongs) return removeTicket(state, ticket.id);
    const tickets = state.tickets.slice();
    tickets[index] = ticket;
    return { ...state, tickets };
  }
  if (!belongs || filter.searching) return state;
  return placeNewest(state.tickets, ticket, state.count + 1, filter);
}

/**
 * Puts a just-updated ticket where its order wants it: first (DESC), or last (ASC) when every page is
 * loaded; in ASC with more pages to come it belongs after them, so it leaves the loaded part.
 */
function placeNewest(rest: Ticket[], ticket: Ticket, count: number, filter: ListFilter): ListState {
  if (filter.order !== 'ASC') return { tickets: [ticket, ...rest], count };
  if (filter.hasMore) return { tickets: rest, count };
  return { tickets: [...rest, ticket], count };
}

/** A ticket 'delete' event (or a ticket the viewer lost). */
export function removeTicket(state: ListState, ticketId: number): ListState {
  if (!state.tickets.some((t) => t.id === ticketId)) return state;
  return { tickets: state.tickets.filter((t) => t.id !== ticketId), count: Math.max(0, state.count - 1) };
}

/** 'updateUnread': the ticket was read. */
export function resetUnread(state: ListState, ticketId: number): ListState {
  const index = state.tickets.findIndex((t) => t.id === ticketId);
  if (index < 0 || state.tickets[index]!.unreadMessages === 0) return state;
  const tickets = state.tickets.slice();
  tickets[index] = { ...tickets[index]!, unreadMessages: 0 };
  return { ...state, tickets };
}

/**
 * A new message ('appMessage' create): its ticket (as carried by the event) moves to the top when it
 * belongs in the list (to the end in ascending order); it is inserted when missing (not while searching).
 */
export function applyNewMessage(state: ListState, ticket: Ticket, viewer: ListViewer, filter: ListFilter): ListState {
  const present = state.tickets.some((t) => t.id === ticket.id);
  if (!belongsInList(ticket, viewer, filter)) return present ? removeTicket(state, ticket.id) : state;
  if (!present && filter.searching) return state;
  const rest = state.tickets.filter((t) => t.id !== ticket.id);
  return placeNewest(rest, ticket, present ? state.count : state.count + 1, filter);
}

/** What a search list was asked for: a live update that no longer matches leaves it. */
export type SearchCriteria = { statuses: TicketStatus[]; userIds: number[]; queueIds: number[]; tagIds: number[]; whatsappIds: number[] };

export function matchesSearch(ticket: Ticket, c: SearchCriteria): boolean {
  if (c.statuses.length > 0 && !c.statuses.includes(ticket.status)) return false;
  if (c.userIds.length > 0 && (ticket.userId === null || !c.userIds.includes(ticket.userId))) return false;
  if (c.queueIds.length > 0 && ticket.queueId !== null && !c.queueIds.includes(ticket.queueId)) return false;
  if (c.whatsappIds.length > 0 && (ticket.whatsappId === null || !c.whatsappIds.includes(ticket.whatsappId))) return false;
  // Tags may sit on the contact rather than the ticket: only a ticket carrying tags can be judged.
  if (c.tagIds.length > 0 && ticket.tags.length > 0 && !c.tagIds.every((id) => ticket.tags.some((tag) => tag.id === id))) return false;
  return true;
}

/** A ticket 'update' in the search view: replaces what it shows, drops what no longer matches, never inserts. */
export function applySearchUpdate(state: ListState, ticket: Ticket, c: SearchCriteria): ListState {
  const index = state.tickets.findIndex((t) => t.id === ticket.id);
  if (index < 0) return state;
  if (!matchesSearch(ticket, c)) return removeTicket(state, ticket.id);
  const tickets = state.tickets.slice();
  tickets[index] = ticket;
  return { ...state, tickets };
}

/** What a 'contact' update event carries (spec 000 §7 `company-{id}-contact`, action update). */
export type ContactUpdate = { id: number } & Partial<Ticket['contact']>;

/**
 * A 'contact' update event applied to one ticket: a ticket of that contact shows its new name, picture and
 * the rest of the contact it holds (only the fields it has, so a lighter payload never blanks one); any other
 * ticket, or one without its contact, comes back as is (the same object).
 */
export function applyContactToTicket<T extends Pick<Ticket, 'contactId' | 'contact'>>(ticket: T, contact: ContactUpdate): T {
  if (ticket.contactId !== contact.id || !ticket.contact) return ticket;
  const next = { ...ticket.contact };
  for (const key of Object.keys(next) as (keyof Ticket['contact'])[]) {
    if (key in contact && contact[key] !== undefined) (next as Record<string, unknown>)[key] = contact[key];
  }
  return { ...ticket, contact: next };
}

/** A 'contact' update event: the tickets of that contact show its new name and picture. */
export function applyContactUpdate(state: ListState, contact: ContactUpdate): ListState {
  if (!state.tickets.some((t) => t.contactId === contact.id)) return state;
  return { ...state, tickets: state.tickets.map((t) => applyContactToTicket(t, contact)) };
}

/** Merges a loaded page into the list (first page replaces; later pages append unseen tickets). */
export function mergePage(current: Ticket[], page: Ticket[], pageNumber: number): Ticket[] {
  if (pageNumber <= 1) return page;
  const seen = new Set(current.map((t) => t.id));
  return [...current, ...page.filter((t) => !seen.has(t.id))];
}

export { byUpdatedDesc };

// ---- notification rule (spec 000 §4) ----

export type NotifyViewer = Pick<ListViewer, 'id' | 'queueIds' | 'allTicket' | 'allowGroup'>;
export type NotifyContext = { showNotificationPending: boolean };
export type NotifyTicket = Pick<Ticket, 'userId' | 'queueId' | 'status' | 'isGroup'> & { whatsapp: { groupAsTicket: 'enabled' | 'disabled' } | null };

/**
 * Whether a new message on this ticket raises a notification: unassigned or mine; in one of my queues
 * (or without queue with allTicket on); pending/lgpd only with showNotificationPending; group only
 * with the connection's groupAsTicket and the user's allowGroup; nps never.
 */
export function shouldNotify(ticket: NotifyTicket, viewer: NotifyViewer, ctx: NotifyContext): boolean {
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  const inQueues = ticket.queueId === null ? viewer.allTicket === 'enable' : viewer.queueIds.includes(ticket.queueId);
  if (!inQueues) return false;
  if (ticket.status === 'nps') return false;
  if (ticket.status === 'group' || ticket.isGroup) return ticket.whatsapp?.groupAsTicket === 'enabled' && viewer.allowGroup;
  if (ticket.status === 'pending' || ticket.status === 'lgpd') return ctx.showNotificationPending;
  return true;
}

/** Whether an incoming message event should sound (never for my own or private messages). */
export function shouldSoundFor(message: Pick<Message, 'fromMe' | 'isPrivate'>, ticket: NotifyTicket, viewer: NotifyViewer, ctx: NotifyContext): boolean {
  if (message.fromMe || message.isPrivate) return false;
  return shouldNotify(ticket, viewer, ctx);
}

// ---- messages ----

export type AckIcon = 'failed' | 'clock' | 'sent' | 'delivered' | 'read';

/** 0 clock, 1 sent, 2 delivered, 3 and more read (4 is 'played' for audio), -1 failed. */
export function ackIcon(ack: number): AckIcon {
  if (ack < 0) return 'failed';
  if (ack === 0) return 'clock';
  if (ack === 1) return 'sent';
  if (ack === 2) return 'delivered';
  return 'read';
}

/** Own messages can be edited within 15 minutes of creation (text only, not deleted). */
export function canEditMessage(m: Pick<Message, 'fromMe' | 'isDeleted' | 'createdAt' | 'mediaType'>, now: number = Date.now()): boolean {
  if (!m.fromMe || m.isDeleted) return false;
  if (m.mediaType !== 'chat') return false;
  const created = Date.parse(m.createdAt);
  return Number.isFinite(created) && now - created <= EDIT_WINDOW_MS;
}

export function canDeleteMessage(m: Pick<Message, 'fromMe' | 'isDeleted'>): boolean {
  return m.fromMe && !m.isDeleted;
}

/** Messages oldest first, deduplicated by id (history pages arrive newest-last per page). */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const map = new Map<number, Message>();
  for (const m of current) map.set(m.id, m);
  for (const m of incoming) map.set(m.id, m);
  return [...map.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

/** A live message event on the open conversation: add/replace (create, update) or remove (delete). */
export function applyMessageEvent(list: Message[], event: { action: 'create' | 'update'; message: Message } | { action: 'delete'; messageId: number }): Message[] {
  if (event.action === 'delete') return list.filter((m) => m.id !== event.messageId);
  if (event.action === 'update' && !list.some((m) => m.id === event.message.id)) return list;
  return mergeMessages(list, [event.message]);
}

/** Whether the composer may send in a ticket of this status. */
export const canWrite = (status: TicketStatus) => status === 'open' || status === 'group';

/** The text to send, or null when there is nothing (empty text is never sent). */
export function textToSend(input: string): string | null {
  const trimmed = input.trim();
  return trimmed ? trimmed : null;
}

/** Quick replies matching '/term' at the start of the input. */
export function quickReplyFilter<T extends { shortcode: string; message: string }>(input: string, list: T[]): T[] | null {
  if (!input.startsWith('/')) return null;
  const term = input.slice(1).toLowerCase();
  return list.filter((q) => q.shortcode.toLowerCase().includes(term) || q.message.toLowerCase().includes(term)).slice(0, 50);
}
