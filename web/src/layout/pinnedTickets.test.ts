import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PinnedTicket } from '@atende/kit/contracts';
import type { Ticket } from '@atende/kit/contracts';
import { debounced, initials, pinnedAvatars, pinsAfterTicketEvent, PINS_REFRESH_DELAY_MS } from './pinnedTickets';

const pin = (n: number, contact: Partial<PinnedTicket['ticket']['contact']> = {}): PinnedTicket =>
  ({
    id: 100 + n,
    ticketId: n,
    userId: 1,
    createdAt: '2025-01-01T10:00:00Z',
    ticket: { id: n, uuid: `uuid-${n}`, contact: { name: `Paciente ${n}`, urlPicture: null, profilePicUrl: null, ...contact } },
  }) as unknown as PinnedTicket;

describe('pinned-ticket avatars of the top bar (spec 000 §2)', () => {
  it('shows at most 10, in pin order, each leading to its ticket', () => {
    const avatars = pinnedAvatars(Array.from({ length: 12 }, (_, i) => pin(i + 1)));
    expect(avatars).toHaveLength(10);
    expect(avatars[0]).toEqual({ pinId: 101, ticketId: 1, uuid: 'uuid-1', name: 'Paciente 1', picture: undefined });
    expect(avatars.map((a) => a.uuid)).toEqual(Array.from({ length: 10 }, (_, i) => `uuid-${i + 1}`));
  });
  it("uses the contact's picture", () => {
    expect(pinnedAvatars([pin(1, { urlPicture: 'https://pic/1.jpg' })])[0]!.picture).toBe('https://pic/1.jpg');
    expect(pinnedAvatars([pin(2, { profilePicUrl: 'https://pic/2.jpg' })])[0]!.picture).toBe('https://pic/2.jpg');
  });
  it('shows initials without a picture', () => {
    expect(initials('Maria da Silva')).toBe('MS');
    expect(initials('ana')).toBe('A');
    expect(initials('#12')).toBe('1');
    expect(initials('  ')).toBe('?');
  });
});

describe('pinned tickets follow the company ticket events', () => {
  const avatars = pinnedAvatars([pin(1), pin(2), pin(3)]);
  const updated = (id: number) => ({ action: 'update' as const, ticket: { id } as Ticket });

  it('reads the pins again when a pinned ticket is updated (transferred, accepted elsewhere, closed)', () => {
    const out = pinsAfterTicketEvent(avatars, updated(2));
    expect(out.refresh).toBe(true);
    expect(out.pins).toBe(avatars);
  });
  it('drops a deleted pinned ticket at once (also what a viewer who lost sight of it receives), then reads them again', () => {
    const out = pinsAfterTicketEvent(avatars, { action: 'delete', ticketId: 2 });
    expect(out.refresh).toBe(true);
    expect(out.pins.map((p) => p.ticketId)).toEqual([1, 3]);
  });
  it('ignores tickets that are not pinned, unread resets and malformed events', () => {
    for (const event of [updated(9), { action: 'delete' as const, ticketId: 9 }, { action: 'updateUnread' as const, ticketId: 2 }, null, undefined]) {
      const out = pinsAfterTicketEvent(avatars, event);
      expect(out).toEqual({ pins: avatars, refresh: false });
      expect(out.pins).toBe(avatars);
    }
    expect(pinsAfterTicketEvent(avatars, { action: 'update' } as never).refresh).toBe(false);
    expect(pinsAfterTicketEvent([], updated(1)).refresh).toBe(false);
  });
});

describe('debounced pin refresh', () => {
  afterEach(() => vi.useRealTimers());

  it('makes one request for a burst of events, 300 ms after the last one', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const refresh = debounced(fn, PINS_REFRESH_DELAY_MS);
    expect(PINS_REFRESH_DELAY_MS).toBe(300);
    refresh.schedule();
    vi.advanceTimersByTime(200);
    refresh.schedule();
    vi.advanceTimersByTime(200);
    refresh.schedule();
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    refresh.schedule();
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(2);
  });
  it('runs nothing once cancelled (the bar unmounted)', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const refresh = debounced(fn, 300);
    refresh.schedule();
    refresh.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
