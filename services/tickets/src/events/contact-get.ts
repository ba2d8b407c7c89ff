import { answer, type Subscription } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { contactsRepository } from '../db/contacts.repository.js';

/**
 * Answers tickets.contact.get (campaigns' schedules name a contact by id and send to its number) and
 * tickets.contacts.tagged (a campaign sent to a tag's contacts).
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
  ];
}
