import { describe, expect, it } from 'vitest';
import type { KanbanTicket } from '@atende/kit/contracts';
import { stripWhatsapp } from '../tickets/conversation/whatsappFormat';
import {
  assignCards,
  buildLanes,
  cardTime,
  cutMessage,
  cutName,
  formatValor,
  lanesOfCard,
  laneTotal,
  moveCalls,
  readBoardPrefs,
  sortCards,
  writeBoardPrefs,
} from './kanbanRules';

type Card = Pick<KanbanTicket, 'id' | 'updatedAt' | 'valor' | 'tags'> & { laneIds?: number[] };
const card = (id: number, over: Partial<Card> = {}): Card => ({ id, updatedAt: `2026-01-0${id}T10:00:00Z`, valor: null, tags: [], ...over });

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
};

describe('kanban lanes', () => {
  const lanes = buildLanes(
    [
      { id: 5, name: 'Lead', color: '#FF0000' },
      { id: 7, name: 'Won', color: '' },
    ],
    'Em aberto',
  );
  it('default lane first, grey when no colour', () => {
    expect(lanes.map((l) => [l.id, l.color])).toEqual([
      [0, '#757575'],
      [5, '#FF0000'],
      [7, '#757575'],
    ]);
    expect(lanes[0]!.isDefault).toBe(true);
  });
  it('cards without lane tags sit in the default lane; several tags, several lanes', () => {
    const ids = new Set([0, 5, 7]);
    expect(lanesOfCard(card(1), ids)).toEqual([0]);
    expect(lanesOfCard(card(1, { tags: [{ id: 5, name: 'Lead', color: '', kanban: 1 }, { id: 9, name: 'x', color: '', kanban: 0 }] }), ids)).toEqual([5]);
    expect(lanesOfCard(card(1, { laneIds: [5, 7] }), ids)).toEqual([5, 7]);
    expect(lanesOfCard(card(1, { laneIds: [99] }), ids)).toEqual([0]);
  });
  it('assigns and sorts each lane', () => {
    const map = assignCards(lanes, [card(3, { laneIds: [5] }), card(1, { laneIds: [0] }), card(2, { laneIds: [5, 7] })], 'ticketNumber');
    expect(map.get(0)!.map((c) => c.id)).toEqual([1]);
    expect(map.get(5)!.map((c) => c.id)).toEqual([2, 3]);
    expect(map.get(7)!.map((c) => c.id)).toEqual([2]);
  });
});

describe('kanban sorting', () => {
  const list = [card(1, { valor: 10 }), card(3, { valor: null }), card(2, { valor: 50 })];
  it('ticket number ascending', () => expect(sortCards(list, 'ticketNumber').map((c) => c.id)).toEqual([1, 2, 3]));
  it('last message time descending', () => expect(sortCards(list, 'lastMessageTime').map((c) => c.id)).toEqual([3, 2, 1]));
  it('valor descending, no value last', () => expect(sortCards(list, 'valorDesc').map((c) => c.id)).toEqual([2, 1, 3]));
});

describe('moving a card', () => {
  it('clears then links, except to the default lane', () => {
    expect(moveCalls(4, [0], 5)).toEqual([
      { op: 'clear', ticketId: 4 },
      { op: 'link', ticketId: 4, tagId: 5 },
    ]);
    expect(moveCalls(4, [5], 0)).toEqual([{ op: 'clear', ticketId: 4 }]);
    expect(moveCalls(4, [5], 5)).toEqual([]);
    expect(moveCalls(4, [5, 7], 5)).toHaveLength(2);
  });
});

describe('board preferences', () => {
  it('defaults to ticket number and no dates', () => {
    expect(readBoardPrefs(memory())).toEqual({ sortBy: 'ticketNumber', startDate: '', endDate: '' });
    expect(readBoardPrefs(null).sortBy).toBe('ticketNumber');
  });
  it('keeps the choice', () => {
    const s = memory();
    writeBoardPrefs(s, { sortBy: 'valorDesc', startDate: '2026-01-01', endDate: '' });
    expect(readBoardPrefs(s)).toEqual({ sortBy: 'valorDesc', startDate: '2026-01-01', endDate: '' });
    s.setItem('kanbanSortBy', 'bogus');
    expect(readBoardPrefs(s).sortBy).toBe('ticketNumber');
  });
});

describe('card texts', () => {
  it('cuts names and messages', () => {
    expect(cutName('n'.repeat(10))).toBe('n'.repeat(10));
    expect(cutName('Maria Aparecida')).toBe('Maria Apar...');
    expect(cutMessage('m'.repeat(31))).toBe(`${'m'.repeat(27)}...`);
    expect(cutMessage('short')).toBe('short');
    // Plain text, as the ticket list shows it: the signature's bold markers go.
    expect(cutMessage('*Bruno:*\nMensagem')).toBe(cutMessage(stripWhatsapp('*Bruno:*\nMensagem')));
    expect(cutMessage('*Bruno:*\nMensagem')).not.toContain('*');
  });
  it('time of day today, date otherwise', () => {
    const now = new Date(2026, 0, 5, 18, 0);
    expect(cardTime(new Date(2026, 0, 5, 9, 7).toISOString(), now)).toBe('09:07');
    expect(cardTime(new Date(2026, 0, 4, 9, 7).toISOString(), now)).toBe('04/01/2026');
    expect(cardTime('nope', now)).toBe('');
  });
  it('money', () => {
    expect(formatValor(null)).toBeNull();
    expect(formatValor(1234.5)?.replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(laneTotal([{ valor: 2 }, { valor: null }, { valor: 3.5 }])).toBe(5.5);
  });
});
