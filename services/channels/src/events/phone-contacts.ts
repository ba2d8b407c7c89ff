import { AppError, answer, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { connectionsRepository } from '../db/connections.repository.js';
import { phoneContactsRepository } from '../db/phone-contacts.repository.js';

/**
 * Answers channels.contacts.fetch (tickets' POST /contacts/import and /contacts/import/chats): what the
 * connection's phone knows, read from channels.phone_contacts (its session may run in another worker),
 * in every channels process. A connection of another company (or none) is refused with ERR_NO_WAPP_FOUND.
 */
export async function phoneContactsHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  return [
    await answer(deps.ctx.bus, 'channels.contacts.fetch', async ({ companyId, connectionId, source }) => {
      const connection = await connectionsRepository(deps.db).findById(companyId, connectionId);
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
      const rows = await phoneContactsRepository(deps.db).list(connectionId, source);
      return { connectionId, contacts: rows.map((r) => ({ name: r.name.slice(0, 250), number: r.number, ...(r.isGroup ? { isGroup: true } : {}) })) };
    }),
  ];
}
