import { AppError, assertPlanFlag, TAG_LINKS_MAX, visibilityRule, type AuthUser, type KanbanQuery, type KanbanSort, type KanbanTicket, type Tag, type Ticket } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { kanbanRepository } from '../db/kanban.repository.js';
import { tagsRepository } from '../db/tags.repository.js';
import { loadTicketDetails } from '../db/ticket-details.repository.js';
import { createAccess, type Caller } from './access.js';
import { announceTicket, scopeOf } from './outbound.js';
import { and, not, queueSelection, specialize, visibilityPredicate, TRUE, type TicketListFilter } from './ticket-list-filter.js';
import type { TicketStatus } from '@atende/kit';
import { tagNotFound } from './tags.js';

// ---------- rules (pure) ----------

/** The default (first, grey) lane of the board. */
export const DEFAULT_LANE = 0;
/** The board shows at most this many tickets (the answer's count and hasMore tell when more match). */
export const KANBAN_LIMIT = 1000;
/** Tickets of the board: those being worked on. */
export const BOARD_STATUSES: TicketStatus[] = ['pending', 'open'];

/**
 * A money text as people type it: 'R$ 1.234,56', '1234.56', '1,5', '2.000'. Comma is the decimal
 * separator unless a dot comes after it; a lone dot followed by exactly three digits groups thousands.
 */
export function parseMoney(text: string): number | null {
  let s = text.replace(/[^\d,.-]/g, '');
  if (!/\d/.test(s)) return null;
  const negative = s.startsWith('-');
  s = s.replace(/-/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    s = s.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    const parts = s.split(',');
    s = parts.length === 2 ? `${parts[0]}.${parts[1]}` : parts.join('');
  } else if (lastDot >= 0) {
    const parts = s.split('.');
    s = parts.length > 2 || (parts.length === 2 && parts[1]!.length === 3) ? parts.join('') : s;
  }
  const value = Number(s);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** The opportunity value: the extraInfo entry named 'valor' (spec 000 §3), when it reads as a number. */
export function valorOf(extraInfo: readonly { name: string; value: string }[]): number | null {
  const entry = extraInfo.find((e) => e.name.trim().toLowerCase() === 'valor');
  return entry ? parseMoney(entry.value) : null;
}

/** A ticket sits in each of its kanban tags' lanes, or in the default lane when it has none (spec 001 §4). */
export function laneIdsOf(tags: readonly { id: number; kanban?: number | undefined }[]): number[] {
  const lanes = tags.filter((t) => t.kanban === 1).map((t) => t.id);
  return lanes.length ? [...new Set(lanes)].sort((a, b) => a - b) : [DEFAULT_LANE];
}

/** Sorting: ticket id ascending, updatedAt descending, or valor descending (no value last). */
export function sortBoard<T extends { id: number; updatedAt: string; valor: number | null }>(list: T[], sort: KanbanSort): T[] {
  const copy = [...list];
  switch (sort) {
    case 'ticketNumber':
      return copy.sort((a, b) => a.id - b.id);
    case 'lastMessageTime':
      return copy.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
    case 'valorDesc':
      return copy.sort((a, b) => (b.valor ?? Number.NEGATIVE_INFINITY) - (a.valor ?? Number.NEGATIVE_INFINITY) || a.id - b.id);
  }
}

/** Unless the company setting allTicket is enable or enabled, tickets without a queue stay off the board. */
export const showsQueueless = (allTicket: string): boolean => allTicket === 'enable' || allTicket === 'enabled';

export function toKanbanTicket(ticket: Ticket): KanbanTicket {
  return { ...ticket, laneIds: laneIdsOf(ticket.tags), valor: valorOf(ticket.contact.extraInfo) };
}

/** The board's filter: what the caller may see, in the queues chosen, among the tickets being worked on. */
export function boardFilter(c: Pick<Caller, 'companyId' | 'viewer'>, query: Pick<KanbanQuery, 'queueIds'>, queueless: boolean): TicketListFilter {
  const statuses = BOARD_STATUSES;
  return {
    companyId: c.companyId,
    statuses,
    where: specialize(
      and(visibilityPredicate(visibilityRule(c.viewer)), queueSelection(c.viewer, query.queueIds), queueless ? TRUE : not({ op: 'queueNull' })),
      statuses,
    ),
    connectionIds: null,
    tagIds: null,
    withUnread: false,
    search: null,
    createdOn: null,
    updatedOn: null,
    updatedBetween: null,
    sort: 'DESC',
    limit: KANBAN_LIMIT,
    offset: 0,
  };
}

// ---------- use cases ----------

/** The kanban board (spec 001 §2 and §4): lanes, the cards, and moving a card (ticket tags). */
export function createKanbanBoard(deps: TicketsDeps) {
  const { db, unitOfWork, config } = deps;
  const access = createAccess(deps);

  return {
    /** GET /tag/kanban: the lanes. */
    async lanes(auth: AuthUser): Promise<{ lista: Tag[] }> {
      const repo = tagsRepository(db);
      return { lista: await repo.presentWithLinks(await repo.lanes(auth.companyId), TAG_LINKS_MAX) };
    },

    /** GET /ticket/kanban. */
    async tickets(auth: AuthUser, query: KanbanQuery): Promise<{ tickets: KanbanTicket[]; count: number; hasMore: boolean }> {
      if (query.startDate && query.endDate && query.startDate > query.endDate) throw new AppError('ERR_VALIDATION', 'endDate: must not be before startDate', { fields: [{ field: 'endDate', message: 'must not be before startDate' }] });
      const c = await access.caller(auth);
      const settings = await access.settings(c.companyId);
      const filter = boardFilter(c, query, showsQueueless(settings.value('allTicket')));
      const { ids, count } = await kanbanRepository(db).boardIds(
        filter,
        { from: query.startDate ?? null, to: query.endDate ?? null },
        query.sortBy === 'ticketNumber' ? 'id' : 'updatedAt',
        KANBAN_LIMIT,
        config.TICKETS_TIME_ZONE,
      );
      const list = (await loadTicketDetails(db, c.companyId, ids)).map(toKanbanTicket);
      return { tickets: sortBoard(list, query.sortBy), count, hasMore: count > ids.length };
    },

    /** PUT /ticket-tags/:ticketId/:tagId: the ticket carries the tag (a card moved to that lane). */
    async link(auth: AuthUser, ticketId: number, tagId: number): Promise<Ticket> {
      const c = await access.caller(auth);
      return unitOfWork(async (tx, emit) => {
        const row = await access.visibleTicket(tx, c, ticketId, { lock: true });
        const repo = tagsRepository(tx);
        const tag = await repo.find(c.companyId, tagId);
        if (!tag) throw tagNotFound();
        // Putting a ticket in a lane is the Kanban board's move; plain tags are anyone's.
        if (tag.kanban === 1) await assertPlanFlag(deps.ctx.companies, c.companyId, 'useKanban');
        const linked = await repo.linkTicket(c.companyId, row.id, tag.id);
        const ticket = await announceTicket(tx, emit, row, scopeOf(row));
        if (linked) for (const t of await repo.present([tag])) await emit('tickets.tag.updated', c.companyId, { tag: t });
        return ticket;
      });
    },

    /** DELETE /ticket-tags/:ticketId: every tag of the ticket goes (a card moved to the default lane). */
    async clear(auth: AuthUser, ticketId: number): Promise<Ticket> {
      const c = await access.caller(auth);
      return unitOfWork(async (tx, emit) => {
        const row = await access.visibleTicket(tx, c, ticketId, { lock: true });
        const repo = tagsRepository(tx);
        const removed = await repo.clearTicket(row.id);
        const ticket = await announceTicket(tx, emit, row, scopeOf(row));
        for (const t of await repo.present(await repo.findMany(c.companyId, removed))) await emit('tickets.tag.updated', c.companyId, { tag: t });
        return ticket;
      });
    },
  };
}
export type KanbanBoard = ReturnType<typeof createKanbanBoard>;
