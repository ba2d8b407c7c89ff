import { describe, expect, it } from 'vitest';
import { listTicketsQuery } from '@atende/kit/contracts';
import { activeFilterCount, buildListQuery, closeAllStatus, isSortableView, listKey, searchCriteria, type ListFilters } from './listQuery';

const filters = (over: Partial<ListFilters> = {}): ListFilters => ({
  showAll: false,
  queueIds: [],
  searchParam: '',
  searchOnMessages: false,
  tagIds: [],
  whatsappIds: [],
  userIds: [],
  statuses: [],
  sort: 'DESC',
  ...over,
});

/** What the server reads from the query string (axios writes each value as text). */
const parse = (params: Record<string, string | number | boolean>) =>
  listTicketsQuery.parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));

describe('GET /api/tickets parameters', () => {
  it('open view tabs: status, page, showAll, queues as JSON, sort', () => {
    const params = buildListQuery('pending', 2, filters({ showAll: true, queueIds: [3, 1, 3], sort: 'ASC' }), true);
    expect(params).toEqual({ status: 'pending', pageNumber: 2, showAll: true, queueIds: '[3,1]', sortTickets: 'ASC' });
    expect(parse(params)).toMatchObject({ status: 'pending', pageNumber: 2, showAll: true, queueIds: [3, 1], sortTickets: 'ASC' });
  });

  it('no queue filter when none is selected; search text and admin filters never reach the tabs', () => {
    const params = buildListQuery('open', 1, filters({ searchParam: 'ana', tagIds: [1], userIds: [2], statuses: ['open'] }), true);
    expect(params).toEqual({ status: 'open', pageNumber: 1, showAll: false, sortTickets: 'DESC' });
  });

  it('closed view: no sort parameter (server default DESC)', () => {
    const params = buildListQuery('closed', 1, filters({ sort: 'ASC', queueIds: [1] }), false);
    expect(params).toEqual({ status: 'closed', pageNumber: 1, showAll: false, queueIds: '[1]' });
    expect(parse(params).sortTickets).toBe('DESC');
  });

  it('admin search: text, messages, tags, users and statuses as the server parses them', () => {
    const params = buildListQuery(
      'search',
      1,
      filters({ showAll: true, searchParam: '  maria ', searchOnMessages: true, tagIds: [5, 6], whatsappIds: [3, 3, 4], userIds: [7], statuses: ['open', 'closed'], sort: 'ASC' }),
      true,
    );
    expect(params).toEqual({
      status: 'search',
      pageNumber: 1,
      showAll: true,
      searchParam: 'maria',
      searchOnMessages: true,
      tags: '[5,6]',
      whatsappIds: '[3,4]',
      users: '[7]',
      statusFilter: '["open","closed"]',
    });
    expect(parse(params)).toMatchObject({ searchParam: 'maria', searchOnMessages: true, tags: [5, 6], whatsappIds: [3, 4], users: [7], statusFilter: ['open', 'closed'], sortTickets: 'DESC' });
  });

  it("an admin's search covers every attendant's tickets, whatever the tabs' show-all switch says", () => {
    expect(buildListQuery('search', 1, filters({ showAll: false, searchParam: 'pedro' }), true)).toMatchObject({ status: 'search', showAll: true, searchParam: 'pedro' });
    expect(buildListQuery('open', 1, filters({ showAll: false }), true)).toMatchObject({ status: 'open', showAll: false });
  });

  it('a user searches with showAll false and without the admin filters', () => {
    const params = buildListQuery('search', 1, filters({ showAll: true, searchParam: 'x', tagIds: [1], whatsappIds: [3], userIds: [2], statuses: ['open'] }), false);
    expect(params).toEqual({ status: 'search', pageNumber: 1, showAll: false, searchParam: 'x' });
  });

  it('searchOnMessages only with a search text', () => {
    expect(buildListQuery('search', 1, filters({ searchOnMessages: true }), true)).toEqual({ status: 'search', pageNumber: 1, showAll: true });
  });

  it('the list key changes with what the view asks for only', () => {
    expect(listKey('open', filters(), false)).toBe(listKey('open', filters({ searchParam: 'abc', tagIds: [1] }), false));
    expect(listKey('open', filters(), false)).not.toBe(listKey('open', filters({ sort: 'ASC' }), false));
    expect(listKey('search', filters(), false)).not.toBe(listKey('search', filters({ searchParam: 'abc' }), false));
  });
});

describe('panel rules', () => {
  it('sorts only the open view tabs', () => {
    expect(['open', 'pending', 'group'].every((v) => isSortableView(v as 'open'))).toBe(true);
    expect(isSortableView('closed')).toBe(false);
    expect(isSortableView('search')).toBe(false);
  });

  it('close all uses the tab status, never closed or search', () => {
    expect(closeAllStatus('pending')).toBe('pending');
    expect(closeAllStatus('group')).toBe('group');
    expect(closeAllStatus('closed')).toBeNull();
    expect(closeAllStatus('search')).toBeNull();
  });

  it('counts active filters for the toggle badge', () => {
    expect(activeFilterCount('open', filters({ queueIds: [1, 2] }), true, [1, 2])).toBe(0);
    expect(activeFilterCount('open', filters({ queueIds: [1] }), true, [1, 2])).toBe(1);
    expect(activeFilterCount('open', filters({ tagIds: [1] }), true, [1])).toBe(0);
    expect(activeFilterCount('search', filters({ tagIds: [1], userIds: [2], statuses: ['open'] }), true, [])).toBe(3);
    expect(activeFilterCount('search', filters({ whatsappIds: [1] }), true, [])).toBe(1);
    expect(activeFilterCount('search', filters({ tagIds: [1] }), false, [])).toBe(0);
  });

  it('search live criteria: admin filters only for admins', () => {
    const f = filters({ queueIds: [1], tagIds: [2], userIds: [3], statuses: ['open'], whatsappIds: [4] });
    expect(searchCriteria(f, true)).toEqual({ statuses: ['open'], userIds: [3], queueIds: [1], tagIds: [2], whatsappIds: [4] });
    expect(searchCriteria(f, false)).toEqual({ statuses: [], userIds: [], queueIds: [1], tagIds: [], whatsappIds: [] });
  });
});
