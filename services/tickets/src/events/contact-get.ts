import { answer, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { contactsRepository } from '../db/contacts.repository.js';
import { queuesRepository } from '../db/queues.repository.js';

/**
 * Answers tickets.contact.get (campaigns' schedules name a contact by id and send to its number),
 * tickets.contacts.tagged (a campaign sent to a tag's contacts) and tickets.queue.get (campaigns and
 * channels' prompts check a queue their projection does not know yet).
 */
export async function contactGetHandlers(deps: TicketsDeps): Promise<Subscription[]> {
  return [
    await answer(deps.ctx.bus, 'tickets.contact.get', async ({ companyId, contactId }) => {
      const row = await contactsRepository(deps.db).findById(companyId, contactId);
      return row ? { contact: { id: row.id, name: row.name, number: row.number } } : null;
    }),
    await answer(deps.ctx.bus, 'tickets.contacts.tagged', async ({ companyId, tagId }) => {
      const contacts = await contactsRepository(deps.db).tagged(companyId, tagId);
      return contacts ? { contacts } : null;
    }),
    await answer(deps.ctx.bus, 'tickets.queue.get', async ({ companyId, queueId }) => {
      const row = await queuesRepository(deps.db).findById(companyId, queueId);
      return row ? { queue: { id: row.id, name: row.name, color: row.color } } : null;
    }),
  ];
}
