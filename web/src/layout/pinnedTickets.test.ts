import { describe, expect, it } from 'vitest';
import type { PinnedTicket } from '@atende/kit/contracts';
import { initials, pinnedAvatars } from './pinnedTickets';

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
