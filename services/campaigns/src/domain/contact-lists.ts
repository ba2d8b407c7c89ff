import { z } from 'zod';
import {
  AppError,
  CONTACT_LISTS_PAGE_SIZE,
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  contactListItemNumber,
  optionalEmail,
  readSpreadsheetRows,
  sizedText,
  validationError,
  type AuthUser,
  type ContactList,
  type ContactListBody,
  type ContactListItemRecord,
  type ContactListItemsQuery,
  type ContactListsQuery,
  type ContactListUploadResult,
  type CreateContactListItemBody,
  type Emit,
  type ImportIssue,
  type SpreadsheetRow,
  type UpdateContactListItemBody,
} from '@atende/kit';
import type { CampaignsDb, CampaignsDeps } from '../deps.js';
import { campaignsRepository } from '../db/campaigns.repository.js';
import { contactListsRepository, type ContactListItemRow, type ContactListRow, type ContactListWithCount } from '../db/contact-lists.repository.js';
import { presentCampaign } from './campaign-presenters.js';

// ---------- rules (pure) ----------

/** A spreadsheet adds at most this many rows; the answer names at most this many ignored rows. */
export const UPLOAD_MAX_ROWS = 20_000;
export const UPLOAD_MAX_ISSUES = 1000;

export const toContactList = (row: ContactListWithCount): ContactList => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  contactsCount: row.contactsCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toContactListItem = (row: ContactListItemRow): ContactListItemRecord => ({
  id: row.id,
  companyId: row.companyId,
  contactListId: row.contactListId,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.isWhatsappValid,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Lowercase, no accents, no punctuation: 'Número' → 'numero', 'E-mail' → 'email'. */
const normalizeHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const headerNames = {
  name: ['nome', 'name', 'nombre', 'contato', 'contact', 'cliente'],
  number: ['numero', 'number', 'telefone', 'phone', 'celular', 'whatsapp', 'fone', 'telefono', 'mobile'],
  email: ['email', 'e mail', 'mail', 'correo'],
} as const;

export type UploadColumns = { name: number; number: number; email: number | null; headerRow: boolean };

/**
 * Which column holds name, number and e-mail: by the first row's headers (nome/name, número/number/telefone,
 * email/e-mail) when it names name and number, else the first three columns in that order with no header row.
 */
export function uploadColumns(first: string[]): UploadColumns {
  const normalized = first.map(normalizeHeader);
  const find = (names: readonly string[]) => {
    const i = normalized.findIndex((h) => names.includes(h));
    return i < 0 ? null : i;
  };
  const name = find(headerNames.name);
  const number = find(headerNames.number);
  if (name !== null && number !== null) return { name, number, email: find(headerNames.email), headerRow: true };
  // No recognisable headers: a first row whose number cell is not a number is a header all the same.
  return { name: 0, number: 1, email: 2, headerRow: !/\d{8,}/.test((first[1] ?? '').replace(/\D/g, '')) };
}

const rowSchema = z.object({ name: sizedText(2, 50), number: contactListItemNumber, email: optionalEmail });
export type UploadCandidate = { row: number; name: string; number: string; email: string };

const duplicatedMessage = 'Contato já existe';

/** The rows of a sheet checked like the item form (spec 002 §5); bad rows and numbers repeated in the file become issues. */
export function planUpload(rows: SpreadsheetRow[]): { total: number; candidates: UploadCandidate[]; issues: ImportIssue[] } {
  if (rows.length === 0) return { total: 0, candidates: [], issues: [] };
  const columns = uploadColumns(rows[0]!.cells);
  const data = columns.headerRow ? rows.slice(1) : rows;
  if (data.length > UPLOAD_MAX_ROWS) throw validationError('file', `at most ${UPLOAD_MAX_ROWS} rows`);
  const candidates: UploadCandidate[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Set<string>();
  const cell = (r: SpreadsheetRow, i: number | null) => (i === null ? '' : (r.cells[i] ?? ''));
  for (const r of data) {
    const parsed = rowSchema.safeParse({ name: cell(r, columns.name), number: cell(r, columns.number), email: cell(r, columns.email) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      issues.push({ row: r.row, field: String(issue.path[0] ?? 'row'), message: issue.message, error: 'ERR_VALIDATION' });
    } else if (seen.has(parsed.data.number)) {
      issues.push({ row: r.row, field: 'number', message: duplicatedMessage, error: 'ERR_DUPLICATED_CONTACT' });
    } else {
      seen.add(parsed.data.number);
      candidates.push({ row: r.row, ...parsed.data });
    }
  }
  return { total: data.length, candidates, issues };
}

const notFound = () => new AppError('ERR_NO_CONTACT_LIST_FOUND', 'Contact list not found');
const itemNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', 'This number is already in the list', { fields: [{ field: 'number', message: duplicatedMessage }] });

// ---------- use cases ----------

/** Contact lists and their items (spec 002 §2, §3, §5, §7): admins of companies whose plan has campaigns. */
export function createContactListsDesk(deps: CampaignsDeps) {
  const { db, unitOfWork } = deps;

  /** The list locked for the transaction: item writes of one list queue behind each other, so the number check holds. */
  const lockedList = async (tx: CampaignsDb, companyId: number, id: number): Promise<ContactListRow> => {
    const row = await contactListsRepository(tx).find(companyId, id, { lock: true });
    if (!row) throw notFound();
    return row;
  };

  /** The list's new count for the lists screen. */
  const announceList = async (tx: CampaignsDb, emit: Emit, row: ContactListRow): Promise<ContactList> => {
    const contactList = toContactList(await contactListsRepository(tx).withCount(row));
    await emit('campaigns.contactList.updated', row.companyId, { contactList });
    return contactList;
  };

  return {
    async page(auth: AuthUser, query: ContactListsQuery): Promise<{ records: ContactList[]; count: number; hasMore: boolean }> {
      const offset = (query.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
      const { rows, count } = await contactListsRepository(db).page(auth.companyId, query.searchParam, CONTACT_LISTS_PAGE_SIZE, offset);
      return { records: rows.map(toContactList), count, hasMore: offset + rows.length < count };
    },

    async all(auth: AuthUser): Promise<ContactList[]> {
      return (await contactListsRepository(db).all(auth.companyId)).map(toContactList);
    },

    async show(auth: AuthUser, id: number): Promise<ContactList> {
      const repo = contactListsRepository(db);
      const row = await repo.find(auth.companyId, id);
      if (!row) throw notFound();
      return toContactList(await repo.withCount(row));
    },

    async create(auth: AuthUser, body: ContactListBody): Promise<ContactList> {
      return unitOfWork(async (tx, emit) => {
        const row = await contactListsRepository(tx).insert(auth.companyId, body.name);
        const contactList = toContactList({ ...row, contactsCount: 0 });
        await emit('campaigns.contactList.created', auth.companyId, { contactList });
        return contactList;
      });
    },

    async update(auth: AuthUser, id: number, body: ContactListBody): Promise<ContactList> {
      return unitOfWork(async (tx, emit) => {
        await lockedList(tx, auth.companyId, id);
        return announceList(tx, emit, await contactListsRepository(tx).rename(id, body.name));
      });
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        await lockedList(tx, auth.companyId, id);
        // Campaigns that named it keep no dangling id (their dialog could not be saved again with it).
        for (const row of await campaignsRepository(tx).detachContactList(auth.companyId, id)) {
          await emit('campaigns.campaign.updated', auth.companyId, { campaign: await presentCampaign(deps, tx, row) });
        }
        await contactListsRepository(tx).remove(id);
        await emit('campaigns.contactList.deleted', auth.companyId, { contactListId: id });
      });
    },

    /** POST /contact-lists/:id/upload: every good row becomes an item; bad rows and numbers already listed are counted as ignored. */
    async upload(auth: AuthUser, id: number, data: Buffer): Promise<ContactListUploadResult> {
      if (!(await contactListsRepository(db).find(auth.companyId, id))) throw notFound();
      const plan = planUpload(await readSpreadsheetRows(data, { maxDataRows: UPLOAD_MAX_ROWS }));
      return unitOfWork(async (tx, emit) => {
        const list = await lockedList(tx, auth.companyId, id);
        const repo = contactListsRepository(tx);
        const issues = [...plan.issues];
        const listed = await repo.numbersIn(id, plan.candidates.map((c) => c.number));
        const fresh = plan.candidates.filter((c) => {
          if (!listed.has(c.number)) return true;
          issues.push({ row: c.row, field: 'number', message: duplicatedMessage, error: 'ERR_DUPLICATED_CONTACT' });
          return false;
        });
        const added = await repo.insertItemsIfNew(fresh.map((c) => ({ companyId: auth.companyId, contactListId: id, name: c.name, number: c.number, email: c.email })));
        if (added.length > 0) {
          await emit('campaigns.contactListItem.reloaded', auth.companyId, { contactListId: id });
          await announceList(tx, emit, list);
        }
        return {
          total: plan.total,
          created: added.length,
          ignored: plan.total - added.length,
          errors: issues.sort((a, b) => a.row - b.row).slice(0, UPLOAD_MAX_ISSUES),
        };
      });
    },

    async items(auth: AuthUser, query: ContactListItemsQuery): Promise<{ contacts: ContactListItemRecord[]; count: number; hasMore: boolean }> {
      const repo = contactListsRepository(db);
      if (!(await repo.find(auth.companyId, query.contactListId))) throw notFound();
      const offset = (query.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE;
      const { rows, count } = await repo.itemsPage(auth.companyId, query.contactListId, query.searchParam, CONTACT_LIST_ITEMS_PAGE_SIZE, offset);
      return { contacts: rows.map(toContactListItem), count, hasMore: offset + rows.length < count };
    },

    async showItem(auth: AuthUser, id: number): Promise<ContactListItemRecord> {
      const row = await contactListsRepository(db).findItem(auth.companyId, id);
      if (!row) throw itemNotFound();
      return toContactListItem(row);
    },

    async createItem(auth: AuthUser, body: CreateContactListItemBody): Promise<ContactListItemRecord> {
      return unitOfWork(async (tx, emit) => {
        const list = await contactListsRepository(tx).find(auth.companyId, body.contactListId, { lock: true });
        // The list is named in the body: say which field is wrong.
        if (!list) throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 'Contact list not found', { fields: [{ field: 'contactListId', message: 'Contact list not found' }] });
        const repo = contactListsRepository(tx);
        if (await repo.numberTaken(list.id, body.number, null)) throw duplicated();
        const row = await repo.insertItem({
          companyId: auth.companyId,
          contactListId: list.id,
          name: body.name,
          number: body.number,
          email: body.email,
          ...(body.isWhatsappValid !== undefined ? { isWhatsappValid: body.isWhatsappValid } : {}),
        });
        const contactListItem = toContactListItem(row);
        await emit('campaigns.contactListItem.created', auth.companyId, { contactListItem });
        await announceList(tx, emit, list);
        return contactListItem;
      });
    },

    async updateItem(auth: AuthUser, id: number, body: UpdateContactListItemBody): Promise<ContactListItemRecord> {
      return unitOfWork(async (tx, emit) => {
        const repo = contactListsRepository(tx);
        const found = await repo.findItem(auth.companyId, id);
        if (!found) throw itemNotFound();
        await lockedList(tx, auth.companyId, found.contactListId);
        // Read again under the list's lock: it may have been deleted meanwhile.
        const row = await repo.findItem(auth.companyId, id);
        if (!row) throw itemNotFound();
        if (body.number !== undefined && body.number !== row.number && (await repo.numberTaken(row.contactListId, body.number, row.id))) throw duplicated();
        const changes = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.number !== undefined ? { number: body.number } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.isWhatsappValid !== undefined ? { isWhatsappValid: body.isWhatsappValid } : {}),
        };
        const updated = Object.keys(changes).length ? await repo.updateItem(row.id, changes) : row;
        const contactListItem = toContactListItem(updated);
        await emit('campaigns.contactListItem.updated', auth.companyId, { contactListItem });
        return contactListItem;
      });
    },

    async removeItem(auth: AuthUser, id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const repo = contactListsRepository(tx);
        const found = await repo.findItem(auth.companyId, id);
        if (!found) throw itemNotFound();
        const list = await lockedList(tx, auth.companyId, found.contactListId);
        if (!(await repo.findItem(auth.companyId, id))) throw itemNotFound();
        await repo.removeItem(id);
        await emit('campaigns.contactListItem.deleted', auth.companyId, { contactListItemId: id, contactListId: list.id });
        await announceList(tx, emit, list);
      });
    },
  };
}
export type ContactListsDesk = ReturnType<typeof createContactListsDesk>;
