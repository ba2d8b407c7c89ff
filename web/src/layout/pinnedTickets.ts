import { MAX_PINNED_TICKETS, type PinnedTicket } from '@atende/kit/contracts';
import type { TicketEvent } from '../pages/tickets/TicketList';

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

/** A burst of ticket events reads the pins once, this long after the last one. */
export const PINS_REFRESH_DELAY_MS = 300;

/**
 * What a company ticket event does to the top bar's pins: one that concerns a pinned ticket (updated:
 * transferred, accepted elsewhere, closed; or deleted, which is also what a viewer who lost sight of it
 * receives) asks for the pins again, as GET /pin-tickets lists only the pins the user may still see; a
 * deleted one goes at once. Other tickets, and unread resets, change nothing (the same array comes back).
 */
export function pinsAfterTicketEvent(pins: PinnedAvatar[], event: TicketEvent | null | undefined): { pins: PinnedAvatar[]; refresh: boolean } {
  const unchanged = { pins, refresh: false };
  if (!event) return unchanged;
  const ticketId = event.action === 'update' ? event.ticket?.id : event.action === 'delete' ? event.ticketId : undefined;
  if (typeof ticketId !== 'number' || !pins.some((p) => p.ticketId === ticketId)) return unchanged;
  if (event.action === 'delete') return { pins: pins.filter((p) => p.ticketId !== ticketId), refresh: true };
  return { pins, refresh: true };
}

/** Runs `fn` once, `ms` after the last of a burst of `schedule()` calls; `cancel()` drops a pending run. */
export function debounced(fn: () => void, ms: number): { schedule(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule() {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        fn();
      }, ms);
    },
    cancel,
  };
}
