import { AppError, MAX_PINNED_TICKETS, type AuthUser, type PinnedTicket } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { pinsRepository, type PinRow } from '../db/pins.repository.js';
import { loadTicketDetails } from '../db/ticket-details.repository.js';
import { createAccess } from './access.js';

/** Pinning one more is refused at the limit (spec 000 §5, §9). */
export function assertCanPin(current: number, max = MAX_PINNED_TICKETS): void {
  if (current >= max) throw new AppError('ERR_PIN_LIMIT', `You can pin at most ${max} tickets`);
}

/** Pinned tickets (spec 000 §2 top bar, §4): per user, at most 10, only tickets the user may see. */
export function createPinsDesk(deps: TicketsDeps) {
  const { db, unitOfWork } = deps;
  const access = createAccess(deps);

  const present = async (companyId: number, pins: PinRow[]): Promise<PinnedTicket[]> => {
    const details = new Map((await loadTicketDetails(db, companyId, pins.map((p) => p.ticketId))).map((t) => [t.id, t]));
    return pins.flatMap((p) => {
      const ticket = details.get(p.ticketId);
      return ticket ? [{ id: p.id, ticketId: p.ticketId, userId: p.userId, createdAt: p.createdAt.toISOString(), ticket }] : [];
    });
  };

  return {
    /** The caller's pins whose tickets they still may see, oldest first. */
    async list(auth: AuthUser): Promise<PinnedTicket[]> {
      const c = await access.caller(auth);
      const rows = await pinsRepository(db).ofUser(c.companyId, auth.userId);
      return present(c.companyId, rows.filter((r) => access.canSee(c, r.ticket)).map((r) => r.pin));
    },

    /** Pin a visible ticket; pinning it again answers the same pin. */
    async pin(auth: AuthUser, ticketId: number): Promise<{ pin: PinnedTicket; created: boolean }> {
      const c = await access.caller(auth);
      const { row, created } = await unitOfWork(async (tx) => {
        const ticket = await access.visibleTicket(tx, c, ticketId);
        const repo = pinsRepository(tx);
        await repo.lockUser(auth.userId);
        const existing = await repo.findByTicket(auth.userId, ticket.id);
        if (existing) return { row: existing, created: false };
        // Pins of tickets the caller no longer sees (closed by others, moved out of their queues) are not
        // listed, so they take no room: they go, and the limit counts the pins the caller has.
        const pins = await repo.ofUser(c.companyId, auth.userId);
        const hidden = pins.filter((p) => !access.canSee(c, p.ticket)).map((p) => p.pin.id);
        await repo.remove(hidden);
        assertCanPin(pins.length - hidden.length);
        return { row: await repo.insert({ companyId: c.companyId, userId: auth.userId, ticketId: ticket.id }), created: true };
      });
      return { pin: (await present(c.companyId, [row]))[0]!, created };
    },

    async unpin(auth: AuthUser, id: number): Promise<void> {
      const c = await access.caller(auth);
      await unitOfWork(async (tx) => {
        const repo = pinsRepository(tx);
        const pin = await repo.find(c.companyId, auth.userId, id);
        if (!pin) throw new AppError('ERR_NOT_FOUND', 'Pin not found');
        await repo.remove([pin.id]);
      });
    },
  };
}
