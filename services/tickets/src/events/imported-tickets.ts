import { answer, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { createImportedTickets } from '../domain/imported-tickets.js';

/** Answers tickets.imported.close (channels' POST /closedimported/{id}). */
export async function importedTicketsHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  const imported = createImportedTickets(deps);
  return [await answer(deps.ctx.bus, 'tickets.imported.close', (request) => imported.close(request))];
}
