import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChannelsDb } from '../deps.js';
import type { PhoneContact } from '../drivers/types.js';
import { mergePhoneContacts } from '../domain/phone-contacts.js';
import { phoneContacts } from './schema.js';

/** Rows written by one statement (a phone's address book may hold tens of thousands). */
export const PHONE_CONTACTS_BATCH = 2_000;

/** At most this many contacts are answered (channels.contacts.fetch's contract). */
export const PHONE_CONTACTS_MAX = 100_000;

export type PhoneContactSource = 'phonebook' | 'chats';

/** What a connection's phone knows (channels.phone_contacts), drizzle queries only. */
export function phoneContactsRepository(db: ChannelsDb) {
  return {
    /**
     * Merges a report into the stored rows, one statement per batch: flags only turn on, an address-book
     * name wins over any other and is replaced only by another, an empty name keeps the stored one.
     */
    upsert: async (connectionId: number, list: readonly PhoneContact[]): Promise<void> => {
      const rows = mergePhoneContacts(list).map((c) => ({
        connectionId,
        number: c.number.slice(0, 50),
        name: c.name.slice(0, 250),
        inPhonebook: c.inPhonebook,
        hasChat: c.hasChat,
        isGroup: c.isGroup,
        updatedAt: new Date(),
      }));
      for (let i = 0; i < rows.length; i += PHONE_CONTACTS_BATCH) {
        await db
          .insert(phoneContacts)
          .values(rows.slice(i, i + PHONE_CONTACTS_BATCH))
          .onConflictDoUpdate({
            target: [phoneContacts.connectionId, phoneContacts.number],
            set: {
              name: sql`case
                when excluded.in_phonebook and excluded.name <> '' then excluded.name
                when "phone_contacts"."in_phonebook" and "phone_contacts"."name" <> '' then "phone_contacts"."name"
                when excluded.name <> '' then excluded.name
                else "phone_contacts"."name" end`,
              inPhonebook: sql`"phone_contacts"."in_phonebook" or excluded.in_phonebook`,
              hasChat: sql`"phone_contacts"."has_chat" or excluded.has_chat`,
              isGroup: sql`"phone_contacts"."is_group" or excluded.is_group`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
    },

    /** A logout or a new pairing: the phone's contacts are forgotten. */
    clear: async (connectionId: number): Promise<void> => {
      await db.delete(phoneContacts).where(eq(phoneContacts.connectionId, connectionId));
    },

    /** The address book ('phonebook') or the people and groups of the chats ('chats'), by name. */
    list: async (connectionId: number, source: PhoneContactSource, limit = PHONE_CONTACTS_MAX): Promise<{ name: string; number: string; isGroup: boolean }[]> =>
      db
        .select({ name: phoneContacts.name, number: phoneContacts.number, isGroup: phoneContacts.isGroup })
        .from(phoneContacts)
        .where(and(eq(phoneContacts.connectionId, connectionId), source === 'phonebook' ? eq(phoneContacts.inPhonebook, true) : eq(phoneContacts.hasChat, true)))
        .orderBy(asc(phoneContacts.name), asc(phoneContacts.number))
        .limit(Math.min(limit, PHONE_CONTACTS_MAX)),
  };
}
export type PhoneContactsRepository = ReturnType<typeof phoneContactsRepository>;
