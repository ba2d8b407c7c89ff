import type { TicketStatus } from '@atende/kit/contracts';
import type { ListView, SearchCriteria, SortOrder } from '../ticketRules';

/**
 * GET /api/tickets parameters of a list (spec 000 §7), written as the server's listTicketsQuery reads
 * them: lists as JSON text (`queueIds=[1,2]`), booleans as true/false, sortTickets ASC/DESC.
 * Pure: unit-tested in listQuery.test.ts.
 */
export type ListFilters = {
  showAll: boolean;
  /** Selected queues (empty: no queue filter). */
  queueIds: number[];
  searchParam: string;
  searchOnMessages: boolean;
  /** Admin search filters (spec 000 §2 'Search tab'). */
  tagIds: number[];
  /** Connections (sent as whatsappIds; offered only when the company has connections). */
  whatsappIds: number[];
  userIds: number[];
  statuses: TicketStatus[];
  /** Order of the open view's tabs. */
  sort: SortOrder;
};

export type QueryValue = string | number | boolean;

/** The views that the sort toggle applies to: the tabs of the open view (not closed, not search). */
export const isSortableView = (view: ListView) => view === 'open' || view === 'pending' || view === 'group';

/** Statuses offered by the admin status filter. */
export const STATUS_FILTER_OPTIONS: TicketStatus[] = ['pending', 'open', 'closed', 'group', 'lgpd'];

/** At most 2 tags are shown in the tag filter (spec 000 §2). */
export const TAG_FILTER_MAX_SHOWN = 2;

const list = (ids: readonly (number | string)[]) => JSON.stringify([...new Set(ids)]);

/**
 * What the list asks for. The search view searches everything for an admin (who sees all tickets: the
 * show-all switch belongs to the tabs) and with showAll false for a user, without the admin filters;
 * search text and the admin filters only apply to the search view.
 */
export function buildListQuery(view: ListView, pageNumber: number, f: ListFilters, admin: boolean): Record<string, QueryValue> {
  const searching = view === 'search';
  const params: Record<string, QueryValue> = { status: view, pageNumber, showAll: searching ? admin : f.showAll };
  if (f.queueIds.length > 0) params.queueIds = list(f.queueIds);
  if (searching) {
    const term = f.searchParam.trim();
    if (term) {
      params.searchParam = term;
      if (f.searchOnMessages) params.searchOnMessages = true;
    }
    if (admin) {
      if (f.tagIds.length > 0) params.tags = list(f.tagIds);
      if (f.whatsappIds.length > 0) params.whatsappIds = list(f.whatsappIds);
      if (f.userIds.length > 0) params.users = list(f.userIds);
      if (f.statuses.length > 0) params.statusFilter = list(f.statuses);
    }
  }
  if (isSortableView(view)) params.sortTickets = f.sort;
  return params;
}

/** A stable key of what a list shows: a change starts it again at page 1. */
export function listKey(view: ListView, f: ListFilters, admin: boolean): string {
  return JSON.stringify(buildListQuery(view, 1, f, admin));
}

/** The live-update criteria of the search view (only what the server was asked to filter on). */
export function searchCriteria(f: ListFilters, admin: boolean): SearchCriteria {
  return {
    statuses: admin ? f.statuses : [],
    userIds: admin ? f.userIds : [],
    queueIds: f.queueIds,
    tagIds: admin ? f.tagIds : [],
    whatsappIds: admin ? f.whatsappIds : [],
  };
}

/**
 * How many filters are narrowing the lists (the badge of the filter toggle): the queue selection when
 * it is not every queue of the user, and in the search view each admin filter in use.
 */
export function activeFilterCount(view: ListView, f: ListFilters, admin: boolean, allQueueIds: number[]): number {
  let n = 0;
  const everyQueue = allQueueIds.length === f.queueIds.length && allQueueIds.every((id) => f.queueIds.includes(id));
  if (f.queueIds.length > 0 && !everyQueue) n += 1;
  if (view === 'search' && admin) n += [f.tagIds, f.whatsappIds, f.userIds, f.statuses].filter((x) => x.length > 0).length;
  return n;
}

/** The status sent to POST /api/tickets/closeAll: the tab of the open view (never closed or search). */
export function closeAllStatus(view: ListView): 'open' | 'pending' | 'group' | null {
  return view === 'open' || view === 'pending' || view === 'group' ? view : null;
}
