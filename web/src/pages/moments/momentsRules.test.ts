import { describe, expect, it } from 'vitest';
import type { Ticket } from '@atende/kit/contracts';
import { applyPanelChanges, canOpenTicket, msUntilMidnight, onPanel, panelCards, shortMessage, shortName, type PanelViewer } from './momentsRules';
import { formatTicketTime as ticketTime } from '../tickets/ticketRules';

const ticket = (id: number, over: Partial<Ticket> = {}): Ticket =>
  ({
    id,
    uuid: `uuid-${id}`,
    status: 'open',
    userId: null,
    user: null,
    isGroup: false,
    lastMessage: '',
    updatedAt: '2025-03-10T12:00:00.000Z',
    contact: { id: 100 + id, name: `Contato ${id}` },
    queue: null,
    ...over,
  }) as Ticket;

const withUser = (id: number, userId: number, name: string, over: Partial<Ticket> = {}) => ticket(id, { userId, user: { id: userId, name }, ...over });

const admin: PanelViewer = { id: 1, admin: true };
const attendant: PanelViewer = { id: 7, admin: false };

describe('row texts', () => {
  it('cuts names longer than 30 characters to 25 plus ...', () => {
    expect(shortName('a'.repeat(30))).toBe('a'.repeat(30));
    expect(shortName('a'.repeat(31))).toBe(`${'a'.repeat(25)}...`);
    expect(shortName('Maria')).toBe('Maria');
    expect(shortName(null)).toBe('');
  });
  it('cuts last messages longer than 30 characters to 27 plus ...', () => {
    expect(shortMessage('b'.repeat(30))).toBe('b'.repeat(30));
    expect(shortMessage('b'.repeat(31))).toBe(`${'b'.repeat(27)}...`);
    expect(shortMessage(undefined)).toBe('');
  });
  it('shows HH:mm on the same day, else dd/MM/yyyy (local time)', () => {
    const now = new Date(2025, 2, 10, 18, 30);
    expect(ticketTime(new Date(2025, 2, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(ticketTime(new Date(2025, 2, 10, 0, 0).toISOString(), now)).toBe('00:00');
    expect(ticketTime(new Date(2025, 2, 9, 23, 59).toISOString(), now)).toBe('09/03/2025');
    expect(ticketTime(new Date(2024, 2, 10, 9, 5).toISOString(), now)).toBe('10/03/2024');
    expect(ticketTime('not a date', now)).toBe('');
    expect(ticketTime(null, now)).toBe('');
  });
  it('counts the time to the next midnight', () => {
    expect(msUntilMidnight(new Date(2025, 2, 10, 23, 0))).toBe(3_600_000);
  });
});

describe('who may open a ticket', () => {
  it('admins and super users open any ticket', () => {
    expect(canOpenTicket(ticket(1), admin)).toBe(true);
    expect(canOpenTicket(withUser(1, 9, 'Zé'), admin)).toBe(true);
  });
  it('an attendant opens only their own tickets', () => {
    expect(canOpenTicket(withUser(1, 7, 'Ana'), attendant)).toBe(true);
    expect(canOpenTicket(withUser(1, 9, 'Zé'), attendant)).toBe(false);
    expect(canOpenTicket(ticket(1, { status: 'pending' }), attendant)).toBe(false);
  });
});

describe('cards', () => {
  it('groups tickets per attendant by name and puts those without one in pending', () => {
    const cards = panelCards([
      withUser(1, 3, 'bruno'),
      ticket(2, { status: 'pending' }),
      withUser(3, 2, 'Álvaro'),
      withUser(4, 3, 'bruno', { updatedAt: '2025-03-10T13:00:00.000Z' }),
      withUser(5, 4, 'Carla'),
    ]);
    expect(cards.pending.map((t) => t.id)).toEqual([2]);
    expect(cards.attendants.map((c) => [c.user.name, c.tickets.map((t) => t.id)])).toEqual([
      ['Álvaro', [3]],
      ['bruno', [4, 1]],
      ['Carla', [5]],
    ]);
  });
  it('orders namesakes by id and tickets most recent first', () => {
    const cards = panelCards([withUser(1, 9, 'Ana'), withUser(2, 5, 'Ana'), ticket(3, { updatedAt: '2025-03-09T00:00:00.000Z' }), ticket(4)]);
    expect(cards.attendants.map((c) => c.user.id)).toEqual([5, 9]);
    expect(cards.pending.map((t) => t.id)).toEqual([4, 3]);
  });
  it('has no cards without tickets', () => {
    expect(panelCards([])).toEqual({ pending: [], attendants: [] });
  });
});

describe('live changes', () => {
  it('shows open and pending tickets only', () => {
    expect(onPanel(ticket(1, { status: 'closed' }))).toBe(false);
    expect(onPanel(ticket(1, { status: 'group' }))).toBe(false);
    expect(onPanel(withUser(1, 9, 'Zé'))).toBe(true);
  });
  it('adds, replaces, moves and removes tickets', () => {
    const start = [ticket(1, { status: 'pending' }), withUser(2, 3, 'Bia')];
    const accepted = applyPanelChanges(start, [{ kind: 'ticket', ticket: withUser(1, 3, 'Bia', { updatedAt: '2025-03-10T12:05:00.000Z' }) }]);
    expect(panelCards(accepted).attendants[0]?.tickets.map((t) => t.id)).toEqual([1, 2]);
    const closed = applyPanelChanges(accepted, [{ kind: 'ticket', ticket: withUser(2, 3, 'Bia', { status: 'closed' }) }]);
    expect(closed.map((t) => t.id)).toEqual([1]);
    const added = applyPanelChanges(closed, [{ kind: 'ticket', ticket: ticket(5, { status: 'pending' }) }]);
    expect(added.map((t) => t.id).sort()).toEqual([1, 5]);
    expect(applyPanelChanges(added, [{ kind: 'remove', ticketId: 5 }]).map((t) => t.id)).toEqual([1]);
  });
  it('ignores an older copy and changes that do not concern the panel', () => {
    const start = [withUser(1, 3, 'Bia', { lastMessage: 'new', updatedAt: '2025-03-10T12:05:00.000Z' })];
    expect(applyPanelChanges(start, [{ kind: 'ticket', ticket: withUser(1, 3, 'Bia', { lastMessage: 'old' }) }])).toBe(start);
    expect(applyPanelChanges(start, [{ kind: 'remove', ticketId: 99 }])).toBe(start);
    expect(applyPanelChanges(start, [{ kind: 'ticket', ticket: ticket(2, { status: 'closed' }) }])).toBe(start);
    expect(applyPanelChanges(start, [])).toBe(start);
  });
  it('keeps a ticket another attendant took: the panel shows every attendant', () => {
    const start = [ticket(1, { status: 'pending' })];
    expect(applyPanelChanges(start, [{ kind: 'ticket', ticket: withUser(1, 9, 'Zé') }]).map((t) => t.userId)).toEqual([9]);
  });
  it('renames the tickets of an updated contact', () => {
    const start = [ticket(1), ticket(2)];
    const next = applyPanelChanges(start, [{ kind: 'contact', contact: { id: 101, name: 'Novo nome' } }]);
    expect(next.map((t) => t.contact.name)).toEqual(['Novo nome', 'Contato 2']);
  });
});
