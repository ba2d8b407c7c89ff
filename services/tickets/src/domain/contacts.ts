import ExcelJS from 'exceljs';
import {
  AppError,
  CONTACTS_PAGE_SIZE,
  can,
  companyScope,
  scopedCompany,
  hidesNumbers as hidesNumbersFor,
  maskContact,
  maskNumber,
  msg,
  normalizeContactNumber,
  type AuthUser,
  type Contact,
  type ContactListItem,
  type ContactsExportQuery,
  type ContactsQuery,
  type CreateContactBody,
  type Emit,
  type UpdateContactBody,
  validationError,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { CONTACT_NUMBER_KEY, contactsRepository, type ContactChanges, type ContactFilter } from '../db/contacts.repository.js';
import { tagsRepository } from '../db/tags.repository.js';
import { uniqueViolation } from '../db/tickets.repository.js';
import { createAccess } from './access.js';
import { projectedConnection } from './connection-lookup.js';
import type { CompanySettings } from './company-settings.js';
import type { ContactRow } from './presenters.js';
import { toTicketScope } from './presenters.js';

// ---------- rules (pure) ----------

/** The export holds at most this many contacts. */
export const EXPORT_MAX_CONTACTS = 50_000;
/** GET /contacts/list answers at most this many (it feeds selectors; search narrows it). */
export const CONTACTS_LIST_MAX = 1000;

export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, '\\$&');

/** Spec 001 §2: for profile user, with enableLGPD and lgpdHideNumber both on, numbers are masked (kit's rule). */
export function hidesNumbers(auth: Pick<AuthUser, 'profile' | 'super'>, settings: Pick<CompanySettings, 'on'>): boolean {
  return hidesNumbersFor(auth, (key) => settings.on(key));
}

export { maskContact, maskNumber };

/** Deleting contacts needs contacts-page:deleteContact (profile admin; super users too). */
export function canDeleteContacts(auth: Pick<AuthUser, 'profile' | 'super'>): boolean {
  return auth.super || can({ profile: auth.profile, super: auth.super }, 'contacts-page:deleteContact');
}

/**
 * The list's search: name or e-mail contain the text; when the text is a number (digits and mask
 * characters only, at least 3 digits) the number contains its digits — not for masked viewers.
 */
export function contactSearch(searchParam: string | undefined, hideNumbers: boolean): ContactFilter['search'] {
  const term = searchParam?.trim() ?? '';
  if (!term) return null;
  const digits = term.replace(/\D/g, '');
  const numeric = digits.length >= 3 && digits.length === term.replace(/[\s()+\-.]/g, '').length;
  return { term: `%${escapeLike(term)}%`, digits: !hideNumbers && numeric ? `%${digits}%` : null };
}

export function contactFilter(companyId: number, query: Omit<ContactsExportQuery, 'searchParam'> & { searchParam?: string }, hideNumbers: boolean): ContactFilter {
  return {
    companyId,
    search: contactSearch(query.searchParam, hideNumbers),
    channel: query.channel ?? null,
    isGroup: query.isGroup ?? null,
    tagIds: query.contactTag && query.contactTag.length ? [...new Set(query.contactTag)] : null,
  };
}

/**
 * The columns a contact update writes. The masked number sent back (a masked viewer's form shows it) leaves
 * the number as it is; any other number with '*' is refused: it would overwrite the digits for good.
 */
export function contactChanges(body: UpdateContactBody, current: Pick<ContactRow, 'number'>): ContactChanges {
  const changes: ContactChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.number !== undefined && body.number !== current.number) {
    if (!body.number.includes('*')) changes.number = body.number;
    else if (body.number !== maskNumber(current.number)) throw validationError('number', msg.notPhoneNumber);
  }
  if (body.email !== undefined) changes.email = body.email;
  if (body.extraInfo !== undefined) changes.extraInfo = body.extraInfo;
  if (body.disableBot !== undefined) changes.disableBot = body.disableBot;
  if (body.acceptAudioMessage !== undefined) changes.acceptAudioMessage = body.acceptAudioMessage;
  if (body.lgpdAcceptedAt !== undefined) changes.lgpdAcceptedAt = body.lgpdAcceptedAt === null ? null : new Date(body.lgpdAcceptedAt);
  if (body.whatsappId !== undefined) changes.whatsappId = body.whatsappId;
  if (body.channel !== undefined) changes.channel = body.channel;
  return changes;
}

export const duplicatedContact = () => new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists', { fields: [{ field: 'number', message: 'already in use' }] });
export const contactNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');

export const toListItem = (c: Pick<ContactRow, 'id' | 'uuid' | 'name' | 'number' | 'email' | 'channel' | 'isGroup' | 'urlPicture' | 'active'>): ContactListItem => ({
  id: c.id,
  uuid: c.uuid,
  name: c.name,
  number: c.number,
  email: c.email,
  channel: c.channel as ContactListItem['channel'],
  isGroup: c.isGroup,
  urlPicture: c.urlPicture,
  active: c.active,
});

/** The export workbook: one sheet 'Contatos' with the columns the import recognises. */
export async function contactsWorkbook(list: Contact[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Atende';
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = [
    { header: 'Nome', key: 'name', width: 32 },
    { header: 'Número', key: 'number', width: 20 },
    { header: 'Email', key: 'email', width: 32 },
    { header: 'Tags', key: 'tags', width: 32 },
  ];
  for (const c of list) {
    // Numbers as text: a spreadsheet would turn 5511987654321 into 5.51E+12.
    sheet.addRow({ name: c.name, number: c.number, email: c.email, tags: c.tags.map((t) => t.name).join(', ') });
  }
  sheet.getColumn('number').numFmt = '@';
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------- use cases ----------

/** Contacts (spec 000 §7, spec 001 §7): list, light list, show, by number, create, update, delete, block, toggles, export. */
export function createContactsDesk(deps: TicketsDeps) {
  const { db, unitOfWork } = deps;
  const access = createAccess(deps);

  /** Whether numbers are masked for this caller (reads the company settings only for profile user). */
  const masking = async (auth: AuthUser): Promise<boolean> => (auth.profile === 'user' && !auth.super ? hidesNumbers(auth, await access.settings(auth.companyId)) : false);
  const shown = async (auth: AuthUser, list: Contact[]): Promise<Contact[]> => ((await masking(auth)) ? list.map(maskContact) : list);
  const shownOne = async (auth: AuthUser, c: Contact): Promise<Contact> => (await shown(auth, [c]))[0]!;

  const found = async (tx: TicketsDb, companyId: number, id: number, lock = false): Promise<ContactRow> => {
    const row = await contactsRepository(tx).findById(companyId, id, { lock });
    if (!row) throw contactNotFound();
    return row;
  };

  const checkConnection = async (tx: TicketsDb, companyId: number, whatsappId: number | null | undefined) => {
    if (whatsappId && !(await projectedConnection(deps, tx, companyId, whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
  };

  /** A write that may collide on the number: 409 ERR_DUPLICATED_CONTACT. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolation(err) === CONTACT_NUMBER_KEY) throw duplicatedContact();
      throw err;
    }
  };

  const changed = async (tx: TicketsDb, emit: Emit, companyId: number, id: number, changes: ContactChanges): Promise<Contact> => {
    const repo = contactsRepository(tx);
    const contact = await repo.presentOne(await repo.update(companyId, id, changes));
    await emit('tickets.contact.updated', companyId, { contact });
    return contact;
  };

  return {
    masking,

    async page(auth: AuthUser, query: ContactsQuery): Promise<{ contacts: Contact[]; count: number; hasMore: boolean }> {
      const hide = await masking(auth);
      const repo = contactsRepository(db);
      const { rows, count } = await repo.page(contactFilter(auth.companyId, query, hide), CONTACTS_PAGE_SIZE, (query.pageNumber - 1) * CONTACTS_PAGE_SIZE);
      const list = await repo.present(rows);
      return { contacts: hide ? list.map(maskContact) : list, count, hasMore: count > query.pageNumber * CONTACTS_PAGE_SIZE };
    },

    async list(auth: AuthUser, query: { companyId?: number | null; searchParam?: string }): Promise<ContactListItem[]> {
      const companyId = companyScope(auth, query.companyId);
      const hide = await masking(auth);
      const rows = await contactsRepository(db).all(contactFilter(companyId, { searchParam: query.searchParam }, hide), CONTACTS_LIST_MAX);
      const items = rows.map(toListItem);
      return hide ? items.map(maskContact) : items;
    },

    async show(auth: AuthUser, id: number): Promise<Contact> {
      const repo = contactsRepository(db);
      return shownOne(auth, await repo.presentOne(await found(db, auth.companyId, id)));
    },

    /** GET /contacts/profile/:number: the company's contact with that number. */
    async byNumber(auth: AuthUser, number: string): Promise<Contact> {
      const repo = contactsRepository(db);
      const row = await repo.findByNumber(auth.companyId, normalizeContactNumber(number));
      if (!row) throw contactNotFound();
      return shownOne(auth, await repo.presentOne(row));
    },

    async create(auth: AuthUser, body: CreateContactBody): Promise<Contact> {
      const companyId = await scopedCompany(deps.ctx.companies, auth, body.companyId);
      const contact = await guarded(() =>
        unitOfWork(async (tx, emit) => {
          await checkConnection(tx, companyId, body.whatsappId);
          const repo = contactsRepository(tx);
          if (await repo.findByNumber(companyId, body.number)) throw duplicatedContact();
          const row = await repo.insert({
            companyId,
            name: body.name,
            number: body.number,
            email: body.email ?? '',
            extraInfo: body.extraInfo ?? [],
            disableBot: body.disableBot ?? false,
            // Unless said, as the company's acceptAudioMessageContact setting has it.
            acceptAudioMessage: body.acceptAudioMessage ?? (await access.settings(companyId)).on('acceptAudioMessageContact'),
            lgpdAcceptedAt: body.lgpdAcceptedAt ? new Date(body.lgpdAcceptedAt) : null,
            whatsappId: body.whatsappId ?? null,
            channel: body.channel ?? 'whatsapp',
            isGroup: false,
          });
          const presented = await repo.presentOne(row);
          await emit('tickets.contact.created', companyId, { contact: presented });
          return presented;
        }),
      );
      return shownOne(auth, contact);
    },

    async update(auth: AuthUser, id: number, body: UpdateContactBody): Promise<Contact> {
      const hide = await masking(auth);
      const contact = await guarded(() =>
        unitOfWork(async (tx, emit) => {
          const row = await found(tx, auth.companyId, id, true);
          const changes = contactChanges(body, row);
          await checkConnection(tx, auth.companyId, changes.whatsappId);
          if (changes.number && (await contactsRepository(tx).findByNumber(auth.companyId, changes.number))) throw duplicatedContact();
          if (Object.keys(changes).length === 0) return contactsRepository(tx).presentOne(row);
          return changed(tx, emit, auth.companyId, row.id, changes);
        }),
      );
      return hide ? maskContact(contact) : contact;
    },

    /** Deletes the contact and, with it, its tickets (their deletion is announced too). */
    async remove(auth: AuthUser, id: number): Promise<void> {
      if (!canDeleteContacts(auth)) throw new AppError('ERR_NO_PERMISSION', 'No permission to delete contacts');
      await unitOfWork(async (tx, emit) => {
        const row = await found(tx, auth.companyId, id, true);
        const repo = contactsRepository(tx);
        const tagIds = (await tagsRepository(tx).contactTagRefs(row.id)).map((t) => t.id);
        const ticketRows = await repo.tickets(auth.companyId, row.id);
        await repo.remove(auth.companyId, row.id);
        for (const t of ticketRows) await emit('tickets.ticket.deleted', auth.companyId, { ticketId: t.id, scope: toTicketScope(t) });
        await emit('tickets.contact.deleted', auth.companyId, { contactId: row.id });
        // The tags' contact counts changed.
        const tags = tagsRepository(tx);
        for (const tag of await tags.present(await tags.findMany(auth.companyId, tagIds))) await emit('tickets.tag.updated', auth.companyId, { tag });
      });
    },

    async setActive(auth: AuthUser, id: number, active: boolean): Promise<Contact> {
      const contact = await unitOfWork(async (tx, emit) => {
        const row = await found(tx, auth.companyId, id, true);
        return row.active === active ? contactsRepository(tx).presentOne(row) : changed(tx, emit, auth.companyId, row.id, { active });
      });
      return shownOne(auth, contact);
    },

    async toggle(auth: AuthUser, id: number, field: 'acceptAudioMessage' | 'disableBot'): Promise<Contact> {
      const contact = await unitOfWork(async (tx, emit) => {
        const row = await found(tx, auth.companyId, id, true);
        return changed(tx, emit, auth.companyId, row.id, { [field]: !row[field] });
      });
      return shownOne(auth, contact);
    },

    /** The xlsx of every contact matching the filters (masked for viewers who may not see numbers). */
    async exportWorkbook(auth: AuthUser, query: ContactsExportQuery): Promise<Buffer> {
      const hide = await masking(auth);
      const repo = contactsRepository(db);
      const rows = await repo.all(contactFilter(auth.companyId, query, hide), EXPORT_MAX_CONTACTS);
      const list = await repo.present(rows);
      return contactsWorkbook(hide ? list.map(maskContact) : list);
    },

    /** GET /contactTags/:contactId. */
    async tagsOf(auth: AuthUser, contactId: number) {
      const row = await found(db, auth.companyId, contactId);
      return tagsRepository(db).contactTagRefs(row.id);
    },
  };
}
export type ContactsDesk = ReturnType<typeof createContactsDesk>;
