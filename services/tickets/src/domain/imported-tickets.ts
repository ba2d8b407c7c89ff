import type { RequestOf, ResponseOf } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { logsRepository } from '../db/logs.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { loadTicketDetails } from '../db/ticket-details.repository.js';
import { ticketsRepository } from '../db/tickets.repository.js';
import { scopeOf } from './outbound.js';

/** Tickets announced per read of their details (a big import closes thousands at once). */
const ANNOUNCE_CHUNK = 200;

/**
 * tickets.imported.close (the connections screen's close-imported button, spec 001 §2): every ticket the
 * connection's history import created that is not closed yet is closed, with a 'closed' log entry by the
 * user who pressed it and the usual ticket events. No farewell or rating goes out: these conversations
 * happened long ago. Tickets the import only added messages to are left as they are.
 */
export function createImportedTickets(deps: TicketsDeps) {
  return {
    async close(request: RequestOf<'tickets.imported.close'>): Promise<ResponseOf<'tickets.imported.close'>> {
      const { companyId, connectionId, userId } = request;
      const user = userId !== null ? await deps.users.get(userId).catch(() => null) : null;
      const closed = await deps.unitOfWork(async (tx, emit) => {
        const { before, after } = await ticketsRepository(tx).closeImported(companyId, connectionId);
        if (after.length === 0) return 0;
        // The log shows who closed them (the user's name comes from the projection).
        if (user && user.companyId === companyId) await projectionsRepository(tx).ensureUser(user);
        const by = user && user.companyId === companyId ? user.id : null;
        await logsRepository(tx).addMany(companyId, after.map((t) => ({ ticketId: t.id, entry: { type: 'closed', userId: by, queueId: t.queueId } })));
        const previous = new Map(before.map((t) => [t.id, scopeOf(t)]));
        for (let i = 0; i < after.length; i += ANNOUNCE_CHUNK) {
          const loaded = await loadTicketDetails(tx, companyId, after.slice(i, i + ANNOUNCE_CHUNK).map((t) => t.id));
          for (const ticket of loaded) await emit('tickets.ticket.updated', companyId, { ticket, previous: previous.get(ticket.id) ?? null });
        }
        return after.length;
      });
      return { closed };
    },
  };
}
