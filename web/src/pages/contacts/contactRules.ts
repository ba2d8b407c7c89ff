import { sizedText, type Contact, type CreateContactBody } from '@atende/kit/contracts';
import { removeById, upsertById } from '../users/listRules';

/** Contact names: 2 to 250 characters, 2 to 50 in the contact drawer's edit form (spec 000 §5). */
export const CONTACT_NAME_MIN = 2;
export const CONTACT_NAME_MAX = 250;
export const DRAWER_CONTACT_NAME_MAX = 50;

/** The name rule of the contact form, with the server's messages ('Too Short!', 'Too Long!', 'Required'). */
export const contactNameSchema = (max: number = CONTACT_NAME_MAX) => sizedText(CONTACT_NAME_MIN, max);

export type ContactFormValues = { name: string; number: string; email: string; extraInfo: { name: string; value: string }[]; tagIds: number[] };

export function contactFormValues(contact: Contact | null): ContactFormValues {
  return {
    name: contact?.name ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
    extraInfo: (contact?.extraInfo ?? []).map((e) => ({ name: e.name, value: e.value })),
    tagIds: (contact?.tags ?? []).map((t) => t.id),
  };
}

/** The body of POST/PUT /contacts: blank extra-info lines are dropped. */
export function toContactBody(values: ContactFormValues): CreateContactBody {
  return {
    name: values.name.trim(),
    number: values.number.trim(),
    email: (values.email ?? '').trim(),
    extraInfo: (values.extraInfo ?? [])
      .map((e) => ({ name: (e?.name ?? '').trim(), value: String(e?.value ?? '').trim() }))
      .filter((e) => e.name !== '' || e.value !== ''),
  };
}

/** Whether the tag selection changed (then POST /tags/sync follows the save). */
export function tagsChanged(before: readonly number[], after: readonly number[]): boolean {
  const a = [...new Set(before)].sort((x, y) => x - y);
  const b = [...new Set(after)].sort((x, y) => x - y);
  return a.length !== b.length || a.some((v, i) => v !== b[i]);
}

export type ContactFilter = { search: string; tagIds: number[] };

/** Whether a contact belongs in the list shown: name, e-mail or number hold the search; it carries every tag filtered. */
export function contactMatches(contact: Pick<Contact, 'name' | 'email' | 'number' | 'tags'>, filter: ContactFilter): boolean {
  if (filter.tagIds.length && !filter.tagIds.every((id) => contact.tags.some((t) => t.id === id))) return false;
  if (!filter.search) return true;
  const s = filter.search.toLowerCase();
  const digits = s.replace(/[\s().\-+]/g, '');
  return contact.name.toLowerCase().includes(s) || contact.email.toLowerCase().includes(s) || (/^\d{3,}$/.test(digits) && contact.number.includes(digits));
}

export type ContactEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };

/** A live contact event (spec 001 §4): create/update upsert when it matches the filter, delete removes. */
export function applyContactEvent(list: readonly Contact[], event: ContactEvent, filter: ContactFilter): { list: Contact[]; delta: number } {
  if (event.action === 'delete') {
    const had = list.some((c) => c.id === event.contactId);
    return { list: removeById(list, event.contactId), delta: had ? -1 : 0 };
  }
  const had = list.some((c) => c.id === event.contact.id);
  if (!contactMatches(event.contact, filter)) return { list: removeById(list, event.contact.id), delta: had ? -1 : 0 };
  return { list: upsertById(list, event.contact), delta: had ? 0 : 1 };
}

/** Names in lists are cut at 30 characters (25 plus ellipsis) — spec 001 §9. */
export function shortName(name: string): string {
  return name.length > 30 ? `${name.slice(0, 25)}...` : name;
}

/** The export's file name (spec 001 §2: a spreadsheet named 'Contatos'). */
export const EXPORT_FILE_NAME = 'Contatos.xlsx';
export const TEMPLATE_FILE_NAME = 'Contatos-modelo.xlsx';
