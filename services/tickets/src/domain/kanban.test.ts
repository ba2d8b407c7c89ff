import { describe, expect, it } from 'vitest';
import { kanbanQuery } from '@atende/kit';
import { evaluate } from './ticket-list-filter.js';
import { boardFilter, laneIdsOf, parseMoney, showsQueueless, sortBoard, valorOf } from './kanban.js';

describe('opportunity value', () => {
  it('reads money as people type it', () => {
    expect(parseMoney('R$ 1.234,56')).toBe(1234.56);
    expect(parseMoney('1234.56')).toBe(1234.56);
    expect(parseMoney('1,234.56')).toBe(1234.56);
    expect(parseMoney('1,5')).toBe(1.5);
    expect(parseMoney('2.000')).toBe(2000);
    expect(parseMoney('1.000.000')).toBe(1000000);
    expect(parseMoney('300')).toBe(300);
    expect(parseMoney('-50,00')).toBe(-50);
    expect(parseMoney('a combinar')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });

  it("is the extraInfo entry named 'valor' (any case)", () => {
    expect(valorOf([{ name: 'origem', value: '10' }, { name: ' Valor ', value: 'R$ 99,90' }])).toBe(99.9);
    expect(valorOf([{ name: 'origem', value: '10' }])).toBeNull();
  });
});

describe('lanes and order', () => {
  it('puts a ticket in each kanban tag lane, or the default lane (0)', () => {
    expect(laneIdsOf([])).toEqual([0]);
    expect(laneIdsOf([{ id: 4, kanban: 0 }])).toEqual([0]);
    expect(laneIdsOf([{ id: 9, kanban: 1 }, { id: 4, kanban: 1 }, { id: 5, kanban: 0 }])).toEqual([4, 9]);
  });

  it('sorts by ticket number, last update or value (no value last)', () => {
    const list = [
      { id: 3, updatedAt: '2024-01-01T00:00:00.000Z', valor: null },
      { id: 1, updatedAt: '2024-01-03T00:00:00.000Z', valor: 10 },
      { id: 2, updatedAt: '2024-01-02T00:00:00.000Z', valor: 500 },
    ];
    expect(sortBoard(list, 'ticketNumber').map((t) => t.id)).toEqual([1, 2, 3]);
    expect(sortBoard(list, 'lastMessageTime').map((t) => t.id)).toEqual([1, 2, 3]);
    expect(sortBoard(list, 'valorDesc').map((t) => t.id)).toEqual([2, 1, 3]);
  });

  it('shows tickets without queue only when allTicket is enable or enabled', () => {
    expect(showsQueueless('enable')).toBe(true);
    expect(showsQueueless('enabled')).toBe(true);
    expect(showsQueueless('disabled')).toBe(false);
  });
});

describe('board filter', () => {
  const user = { userId: 11, profile: 'user' as const, super: false, queueIds: [1], allTicket: 'disable' as const, allowGroup: false, allHistoric: 'disabled' as const, allUserChat: 'disabled' as const };
  const scope = (over: Partial<{ id: number; status: 'pending' | 'open'; userId: number | null; queueId: number | null; isGroup: boolean }>) => ({ id: 1, status: 'pending' as const, userId: null, queueId: 1, isGroup: false, ...over });

  it('holds what the user may see, in their queues, without queueless tickets unless allowed', () => {
    const f = boardFilter({ companyId: 1, viewer: user }, kanbanQuery.parse({}), false);
    expect(f.statuses).toEqual(['pending', 'open']);
    expect(evaluate(f.where, scope({}))).toBe(true);
    expect(evaluate(f.where, scope({ queueId: 2 }))).toBe(false);
    expect(evaluate(f.where, scope({ status: 'open', userId: 11 }))).toBe(true);
    expect(evaluate(f.where, scope({ status: 'open', userId: 12 }))).toBe(false);
    expect(evaluate(f.where, scope({ queueId: null, userId: 11, status: 'open' }))).toBe(false);
    const withQueueless = boardFilter({ companyId: 1, viewer: user }, kanbanQuery.parse({}), true);
    expect(evaluate(withQueueless.where, scope({ queueId: null, userId: 11, status: 'open' }))).toBe(true);
  });

  it('parses the query: queue list as JSON text, days, sort default ticketNumber', () => {
    expect(kanbanQuery.parse({ queueIds: '[1,2]', startDate: '2024-01-01', endDate: '' })).toEqual({ queueIds: [1, 2], startDate: '2024-01-01', sortBy: 'ticketNumber' });
    expect(kanbanQuery.safeParse({ startDate: '2024-02-30' }).success).toBe(false);
  });
});
