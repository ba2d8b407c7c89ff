import type { PhoneContact } from '../drivers/types.js';

/**
 * Two reports of the same number as one: flags only turn on, the address-book name wins over any other,
 * a later non-empty name replaces an earlier one of the same kind, a known LID is kept.
 */
export function mergePhoneContact(before: PhoneContact, after: PhoneContact): PhoneContact {
  const name = after.inPhonebook && after.name ? after.name : before.inPhonebook && before.name ? before.name : after.name || before.name;
  return {
    number: after.number,
    name,
    inPhonebook: before.inPhonebook || after.inPhonebook,
    hasChat: before.hasChat || after.hasChat,
    isGroup: before.isGroup || after.isGroup,
    lid: after.lid ?? before.lid,
  };
}

/** A list with each number once (its reports merged in order): one upsert cannot touch a row twice. */
export function mergePhoneContacts(list: readonly PhoneContact[]): PhoneContact[] {
  const byNumber = new Map<string, PhoneContact>();
  for (const c of list) {
    const before = byNumber.get(c.number);
    byNumber.set(c.number, before ? mergePhoneContact(before, c) : c);
  }
  return [...byNumber.values()];
}
