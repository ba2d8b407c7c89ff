import { MAX_PINNED_TICKETS, type PinnedTicket } from '@atende/kit/contracts';

/** One avatar of the top bar's pinned tickets: whose ticket, its picture and where a click leads. */
export type PinnedAvatar = { pinId: number; ticketId: number; uuid: string; name: string; picture: string | undefined };

/** The top bar's pinned-ticket avatars (spec 000 §2): at most 10, in the order they were pinned. */
export function pinnedAvatars(pins: readonly PinnedTicket[]): PinnedAvatar[] {
  return pins
    .filter((p) => p.ticket?.uuid)
    .slice(0, MAX_PINNED_TICKETS)
    .map((p) => ({
      pinId: p.id,
      ticketId: p.ticketId,
      uuid: p.ticket.uuid,
      name: p.ticket.contact?.name || `#${p.ticketId}`,
      picture: p.ticket.contact?.urlPicture || p.ticket.contact?.profilePicUrl || undefined,
    }));
}

/** The letters an avatar without picture shows. */
export function initials(name: string): string {
  const words = name.replace(/^#/, '').trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}
