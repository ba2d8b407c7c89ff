import { describe, expect, it } from 'vitest';
import { canSeeTicket, listTicketsQuery, visibilityRule, type TicketScope, type TicketStatus, type Viewer } from '@atende/kit';
import {
  COUNT_CAP,
  TICKETS_PAGE_SIZE,
  buildTicketListFilter,
  evaluate,
  narrowing,
  queueSelection,
  specialize,
  viewStatuses,
  visibilityPredicate,
  type TicketListViewer,
} from './ticket-list-filter.js';

const statuses: TicketStatus[] = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'];
const viewer = (over: Partial<TicketListViewer> = {}): TicketListViewer => ({
  userId: 10, profile: 'user', super: false, queueIds: [1], allTicket: 'disable', allowGroup: false, allHistoric: 'disabled', allUserChat: 'disabled', ...over,
});

/** Every ticket shape that matters: statuses × owner (none, viewer, other) × queue (none, own, other) × group flag. */
function* allTickets(): Generator<TicketScope> {
  let id = 0;
  for (const status of statuses)
    for (const userId of [null, 10, 3])
      for (const queueId of [null, 1, 2])
        for (const isGroup of [false, true]) yield { id: ++id, status, userId, queueId, isGroup };
}

/** Every combination of the flags visibility reads. */
function* allViewers(): Generator<Viewer> {
  for (const profile of ['user', 'admin'] as const)
    for (const superUser of [false, true])
      for (const queueIds of [[], [1], [1, 2]])
        for (const allTicket of ['enable', 'disable'] as const)
          for (const allowGroup of [false, true])
            for (const allHistoric of ['enabled', 'disabled', null] as const)
              for (const allUserChat of ['enabled', 'disabled'] as const)
                yield { userId: 10, profile, super: superUser, queueIds, allTicket, allowGroup, allHistoric, allUserChat };
}

const query = (q: Record<string, unknown>) => listTicketsQuery.parse(q);

describe('visibility predicate', () => {
  it('agrees with kit canSeeTicket for every viewer and every ticket', () => {
    let checked = 0;
    for (const v of allViewers()) {
      const rule = visibilityRule(v);
      const pred = visibilityPredicate(rule);
      for (const t of allTickets()) {
        expect(evaluate(pred, t), JSON.stringify({ v, t })).toBe(canSeeTicket(rule, t));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('still agrees once simplified for any status set', () => {
    for (const v of allViewers()) {
      const rule = visibilityRule(v);
      const pred = visibilityPredicate(rule);
      for (const set of [['open'], ['pending', 'lgpd'], ['closed'], ['group'], ['nps']] as TicketStatus[][]) {
        const simple = specialize(pred, set);
        for (const t of allTickets()) if (set.includes(t.status)) expect(evaluate(simple, t)).toBe(canSeeTicket(rule, t));
      }
    }
  });

  it('reduces to simple conditions for a fixed status', () => {
    const rule = visibilityRule(viewer({ queueIds: [1, 2, 3] }));
    expect(specialize(visibilityPredicate(rule), ['open'])).toEqual({
      op: 'or',
      args: [
        { op: 'userIs', userId: 10 },
        { op: 'and', args: [{ op: 'queueIn', queueIds: [1, 2, 3] }, { op: 'not', arg: { op: 'isGroup' } }, { op: 'userNull' }] },
      ],
    });
    expect(specialize(visibilityPredicate({ kind: 'all' }), ['open'])).toEqual({ op: 'const', value: true });
  });
});

describe('views', () => {
  it('maps tabs to statuses (pending tab holds lgpd, closed the ones awaiting a rating; search lists all)', () => {
    expect(viewStatuses('open')).toEqual(['open']);
    expect(viewStatuses('pending')).toEqual(['pending', 'lgpd']);
    expect(viewStatuses('closed')).toEqual(['closed', 'nps']);
    expect(viewStatuses('nps')).toEqual(['nps']);
    expect(viewStatuses('group')).toEqual(['group']);
    expect(viewStatuses('search')).toBeNull();
    expect(viewStatuses(undefined)).toBeNull();
    expect(viewStatuses('search', ['open', 'closed'])).toEqual(['open', 'closed']);
    expect(viewStatuses('pending', ['lgpd'])).toEqual(['lgpd']);
  });

  it('without show all, a list holds own tickets, waiting ones and groups (closed history only with allHistoric)', () => {
    const v = viewer();
    const narrow = narrowing(v, false);
    expect(evaluate(narrow, { id: 1, status: 'open', userId: 10, queueId: 1, isGroup: false })).toBe(true);
    expect(evaluate(narrow, { id: 1, status: 'open', userId: 3, queueId: 1, isGroup: false })).toBe(false);
    expect(evaluate(narrow, { id: 1, status: 'pending', userId: null, queueId: 1, isGroup: false })).toBe(true);
    expect(evaluate(narrow, { id: 1, status: 'closed', userId: 3, queueId: 1, isGroup: false })).toBe(false);
    expect(evaluate(narrowing(viewer({ allHistoric: 'enabled' }), false), { id: 1, status: 'closed', userId: 3, queueId: 1, isGroup: false })).toBe(true);
  });

  it('show all is honoured for admins and users with allUserChat only', () => {
    expect(narrowing(viewer({ profile: 'admin' }), true)).toEqual({ op: 'const', value: true });
    expect(narrowing(viewer({ allUserChat: 'enabled' }), true)).toEqual({ op: 'const', value: true });
    expect(narrowing(viewer(), true)).not.toEqual({ op: 'const', value: true });
  });

  it("an admin filtering by users gets those users' tickets without show all; a user's list stays narrowed", () => {
    const othersOpen: TicketScope = { id: 1, status: 'open', userId: 3, queueId: 1, isGroup: false };
    const othersClosed: TicketScope = { ...othersOpen, status: 'closed' };
    const notFiltered: TicketScope = { ...othersOpen, userId: 4 };
    for (const admin of [viewer({ profile: 'admin' }), viewer({ super: true })]) {
      for (const q of [{ status: 'search', users: '[3]' }, { status: 'open', userFilter: '3' }]) {
        const where = buildTicketListFilter(1, admin, query(q)).where;
        expect(evaluate(where, othersOpen), JSON.stringify(q)).toBe(true);
        expect(evaluate(where, notFiltered)).toBe(false);
      }
      expect(evaluate(buildTicketListFilter(1, admin, query({ status: 'search', users: '[3]' })).where, othersClosed)).toBe(true);
      // Without a users filter an admin's list is still their own tickets plus the waiting ones.
      expect(evaluate(buildTicketListFilter(1, admin, query({ status: 'open' })).where, othersOpen)).toBe(false);
    }
    for (const user of [viewer(), viewer({ allUserChat: 'enabled' }), viewer({ allUserChat: 'enabled', allHistoric: 'enabled' })]) {
      expect(evaluate(buildTicketListFilter(1, user, query({ status: 'open', users: '[3]' })).where, othersOpen)).toBe(false);
    }
    expect(evaluate(buildTicketListFilter(1, viewer({ allUserChat: 'enabled' }), query({ status: 'open', users: '[3]', showAll: 'true' })).where, othersOpen)).toBe(true);
  });

  it("limits a user's queue filter to their own queues; admins filter on any", () => {
    const other: TicketScope = { id: 1, status: 'pending', userId: null, queueId: 2, isGroup: false };
    const own: TicketScope = { ...other, queueId: 1 };
    const attendant = queueSelection(viewer({ queueIds: [1] }), [2]);
    expect(evaluate(attendant, other)).toBe(false);
    expect(evaluate(attendant, own)).toBe(false);
    expect(evaluate(queueSelection(viewer({ queueIds: [1] }), [1, 2]), other)).toBe(false);
    expect(evaluate(queueSelection(viewer({ profile: 'admin', queueIds: [] }), [2]), other)).toBe(true);
    expect(evaluate(queueSelection(viewer(), undefined), other)).toBe(true);
  });

  it('a list never shows a ticket visibility hides, whatever the parameters', () => {
    const queries = [
      { status: 'open' }, { status: 'open', showAll: 'true' }, { status: 'pending' }, { status: 'closed', showAll: 'true' },
      { status: 'search' }, { status: 'group' }, { queueIds: '[1,2]', showAll: 'true' }, { users: '[3]', showAll: 'true' },
      { status: 'search', users: '[3,10]' }, { status: 'open', userFilter: '3' },
    ];
    for (const v of allViewers()) {
      const rule = visibilityRule(v);
      for (const q of queries) {
        const filter = buildTicketListFilter(1, v, query(q));
        for (const t of allTickets()) {
          if (filter.statuses && !filter.statuses.includes(t.status)) continue;
          if (evaluate(filter.where, t)) expect(canSeeTicket(rule, t), JSON.stringify({ v, q, t })).toBe(true);
        }
      }
    }
  });

  it('an attendant with 3 queues sees on the open tab only their own open tickets', () => {
    const filter = buildTicketListFilter(7, viewer({ queueIds: [1, 2, 3] }), query({ status: 'open' }));
    expect(filter.statuses).toEqual(['open']);
    expect(filter.where).toEqual({ op: 'userIs', userId: 10 });
  });
});

describe('query parsing', () => {
  it('accepts arrays as JSON text, repeated parameters, bracket parameters and comma lists', () => {
    expect(query({ queueIds: '[1,2]' }).queueIds).toEqual([1, 2]);
    expect(query({ queueIds: ['1', '2'] }).queueIds).toEqual([1, 2]);
    expect(query({ 'queueIds[]': ['1', '2'] }).queueIds).toEqual([1, 2]);
    expect(query({ 'queueIds[]': '3' }).queueIds).toEqual([3]);
    expect(query({ queueIds: '1,2' }).queueIds).toEqual([1, 2]);
    expect(query({ queueIds: '[]' }).queueIds).toEqual([]);
    expect(query({ tags: '[3]' }).tags).toEqual([3]);
    expect(query({ statusFilter: '["open","closed"]' }).statusFilter).toEqual(['open', 'closed']);
  });

  it('refuses malformed values with the failing field', () => {
    const bad = listTicketsQuery.safeParse({ queueIds: '[1,"x"]', sortTickets: 'up', status: 'weird', date: '2024-13-45' });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['queueIds', 'sortTickets', 'status', 'date']));
  });

  it('builds paging, sorting, search and filters', () => {
    const filter = buildTicketListFilter(1, viewer({ profile: 'admin' }), query({
      pageNumber: '3', sortTickets: 'asc', searchParam: ' 50%_off ', searchOnMessages: 'true', whatsapps: '[4]', whatsappIds: '[5,4]', tags: '[9]', withUnreadMessages: 'true', date: '2024-01-02', updatedAt: '2024-01-03',
    }));
    expect(filter).toMatchObject({
      limit: TICKETS_PAGE_SIZE, offset: 80, sort: 'ASC', connectionIds: [4, 5], tagIds: [9], withUnread: true, createdOn: '2024-01-02', updatedOn: '2024-01-03',
      search: { term: '%50\\%\\_off%', digits: null, onMessages: true },
    });
    expect(buildTicketListFilter(1, viewer(), query({ searchParam: '(11) 9999-0000' })).search).toMatchObject({ digits: '%1199990000%', onMessages: false });
    expect(buildTicketListFilter(1, viewer(), query({ searchParam: 'ab', searchOnMessages: 'true' })).search?.onMessages).toBe(false);
    expect(TICKETS_PAGE_SIZE).toBe(40);
    expect(COUNT_CAP).toBe(1000);
  });
});
