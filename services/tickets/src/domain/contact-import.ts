import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  AppError,
  ask,
  contactNumber,
  optionalEmail,
  readSpreadsheetRows,
  sizedText,
  validationError,
  type AuthUser,
  type Contact,
  type Emit,
  type ImportContactBody,
  type ImportIssue,
  type ImportMapping,
  type ImportResult,
} from '@atende/kit';
import type { TicketsDb, TicketsDeps } from '../deps.js';
import { contactsRepository, type NewContactRow } from '../db/contacts.repository.js';
import { projectionsRepository } from '../db/projections.repository.js';
import { tagsRepository } from '../db/tags.repository.js';
import { createAccess } from './access.js';
import { duplicatedContact, maskContact } from './contacts.js';
import { randomTagColor } from './tags.js';

// ---------- rules (pure) ----------

/** A spreadsheet holds at most this many data rows. */
export const IMPORT_MAX_ROWS = 20_000;
/** The answer lists at most this many ignored rows. */
export const IMPORT_MAX_ISSUES = 1000;

export type ImportField = 'name' | 'number' | 'email' | 'tags';
/** 0-based column of each field; name and number always present. */
export type ImportColumns = { name: number; number: number; email: number | null; tags: number | null };
/** A row read from a sheet: its spreadsheet row number and its cells as text. */
export type SheetRow = { row: number; cells: string[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };
/** A row ready to become a contact. */
export type ImportCandidate = { row: number; name: string; number: string; email: string; tags: string[] };

/** Spec 001 §8 import messages. */
export const importMessages = {
  noNumber: 'Não foi selecionado o campo de número do contato',
  noName: 'Não foi selecionado o campo de nome do contato',
  noneSelected: 'Nenhum contato selecionado',
  alreadySelected: (field: string) => `O campo ${field} já foi selecionado.`,
  invalidFile: 'Arquivo inválido!',
  duplicated: 'Contato já existe',
  invalidWhatsapp: 'Número inválido para o WhatsApp',
} as const;

/** Lowercase, no accents, no punctuation: 'Número' → 'numero', 'E-mail' → 'email'. */
export const normalizeHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const headerSynonyms: Record<ImportField, string[]> = {
  name: ['nome', 'name', 'nome completo', 'full name', 'contato', 'contact', 'cliente', 'nombre'],
  number: ['numero', 'number', 'telefone', 'phone', 'phone number', 'celular', 'whatsapp', 'fone', 'tel', 'mobile', 'numero de telefone', 'telefono'],
  email: ['email', 'e mail', 'mail', 'correo'],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'marcadores'],
};
const fields: ImportField[] = ['name', 'number', 'email', 'tags'];

/**
 * Which column feeds each field: the mapping chosen on the import page (header text or 1-based
 * position), or else the headers recognised. Name and number must be mapped, a column only once.
 */
export function resolveColumns(headers: string[], mapping: ImportMapping | null, width = headers.length): ImportColumns {
  const normalized = headers.map(normalizeHeader);
  const chosen: Partial<Record<ImportField, number>> = {};
  for (const field of fields) {
    const ref = mapping ? mapping[field] : undefined;
    if (ref === undefined || ref === null || ref === '') {
      if (mapping && (mapping.name !== undefined || mapping.number !== undefined)) continue;
      const index = normalized.findIndex((h, i) => headerSynonyms[field].includes(h) && !Object.values(chosen).includes(i));
      if (index >= 0) chosen[field] = index;
      continue;
    }
    const index = typeof ref === 'number' ? ref - 1 : normalized.indexOf(normalizeHeader(ref));
    if (index < 0 || index >= width) throw validationError(`mapping.${field}`, `column ${JSON.stringify(ref)} not found`);
    const taken = (Object.entries(chosen) as [ImportField, number][]).find(([, i]) => i === index);
    if (taken) throw validationError(`mapping.${field}`, importMessages.alreadySelected(headers[index]?.trim() || String(index + 1)));
    chosen[field] = index;
  }
  if (chosen.number === undefined) throw validationError('mapping.number', importMessages.noNumber);
  if (chosen.name === undefined) throw validationError('mapping.name', importMessages.noName);
  return { name: chosen.name, number: chosen.number, email: chosen.email ?? null, tags: chosen.tags ?? null };
}

/** Tag names of a cell: separated by commas, semicolons or bars; at least 3 characters; each once. */
export function splitTagNames(value: string | readonly string[] | null | undefined): string[] {
  const parts = (typeof value === 'string' ? value.split(/[,;|]/) : [...(value ?? [])]).map((p) => p.trim()).filter((p) => p.length >= 3 && p.length <= 100);
  const seen = new Set<string>();
  return parts.filter((p) => (seen.has(p.toLowerCase()) ? false : (seen.add(p.toLowerCase()), true)));
}

export const isConnected = (status: string): boolean => status.toUpperCase() === 'CONNECTED';

/** The number a WhatsApp check accepts: country code, area code and number, digits only (10 to 15). */
export const plausibleWhatsapp = (number: string): boolean => /^\d{10,15}$/.test(number);

const rowSchema = z.object({ name: sizedText(2, 250), number: contactNumber, email: optionalEmail });

/** One row checked like the contact form (spec 000 §5); rows missing name or number are ignored. */
export function checkRow(row: number, input: { name: unknown; number: unknown; email?: unknown; tags?: string | readonly string[] | null }, options: { validateContact: boolean }): { ok: true; value: ImportCandidate } | { ok: false; issue: ImportIssue } {
  const parsed = rowSchema.safeParse({ name: blankToUndefined(input.name), number: blankToUndefined(input.number), email: input.email ?? '' });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, issue: { row, field: String(issue.path[0] ?? 'row'), message: issue.message, error: 'ERR_VALIDATION' } };
  }
  if (options.validateContact && !plausibleWhatsapp(parsed.data.number)) {
    return { ok: false, issue: { row, field: 'number', message: importMessages.invalidWhatsapp, error: 'ERR_WAPP_INVALID_CONTACT' } };
  }
  return { ok: true, value: { row, ...parsed.data, tags: splitTagNames(input.tags) } };
}

function blankToUndefined(v: unknown): unknown {
  return typeof v === 'string' && v.trim() === '' ? undefined : v;
}

/**
 * The rows of a sheet as candidates and issues: only the rows selected (when a selection is given),
 * each checked, a number repeated in the file kept once.
 */
export function planSheet(sheet: Sheet, columns: ImportColumns, options: { rows: number[] | null; validateContact: boolean }): { total: number; candidates: ImportCandidate[]; issues: ImportIssue[] } {
  const selected = options.rows ? new Set(options.rows) : null;
  const rows = selected ? sheet.rows.filter((r) => selected.has(r.row)) : sheet.rows;
  if (rows.length === 0) throw validationError('rows', importMessages.noneSelected);
  const candidates: ImportCandidate[] = [];
  const issues: ImportIssue[] = [];
  const seen = new Set<string>();
  const cell = (r: SheetRow, i: number | null) => (i === null ? '' : (r.cells[i] ?? ''));
  for (const r of rows) {
    const checked = checkRow(r.row, { name: cell(r, columns.name), number: cell(r, columns.number), email: cell(r, columns.email), tags: cell(r, columns.tags) }, options);
    if (!checked.ok) issues.push(checked.issue);
    else if (seen.has(checked.value.number)) issues.push({ row: r.row, field: 'number', message: importMessages.duplicated, error: 'ERR_DUPLICATED_CONTACT' });
    else {
      seen.add(checked.value.number);
      candidates.push(checked.value);
    }
  }
  return { total: rows.length, candidates, issues };
}

/** The first worksheet: its first non-empty row is the header, the rest are data (spreadsheet row numbers kept). */
export async function readSheet(data: Buffer): Promise<Sheet> {
  const lines = await readSpreadsheetRows(data, { maxDataRows: IMPORT_MAX_ROWS });
  let headers: string[] | null = null;
  const rows: SheetRow[] = [];
  let tooMany = false;
  for (const line of lines) {
    if (line.cells.every((c) => c === '')) continue;
    if (!headers) headers = line.cells;
    else if (rows.length >= IMPORT_MAX_ROWS) {
      tooMany = true;
      break;
    } else rows.push(line);
  }
  if (tooMany) throw validationError('file', `at most ${IMPORT_MAX_ROWS} rows`);
  if (!headers) throw validationError('rows', importMessages.noneSelected);
  return { headers, rows };
}

/** How many columns a sheet uses: its header's, or a data row's when one reaches further. */
export const sheetWidth = (sheet: Sheet): number => sheet.rows.reduce((width, r) => Math.max(width, r.cells.length), sheet.headers.length);

/** The model file offered for download: the headers the import recognises and one example row. */
export async function importTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  sheet.columns = [
    { header: 'Nome', key: 'name', width: 32 },
    { header: 'Número', key: 'number', width: 20 },
    { header: 'Email', key: 'email', width: 32 },
    { header: 'Tags', key: 'tags', width: 32 },
  ];
  sheet.getColumn('number').numFmt = '@';
  sheet.addRow({ name: 'Maria Silva', number: '5511999998888', email: 'maria@example.com', tags: 'cliente, vip' });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------- use cases ----------

export type SpreadsheetImport = { data: Buffer; mapping: ImportMapping | null; rows: number[] | null; validateContact: boolean };

/** Contact import (spec 001 §2, §4, §5): a spreadsheet, one row at a time, or the phone of a connection. */
export function createContactImport(deps: TicketsDeps) {
  const { unitOfWork, ctx } = deps;
  const access = createAccess(deps);

  /** Create what is new in one transaction; announce every contact created and every tag touched. */
  const createMany = async (companyId: number, candidates: ImportCandidate[]): Promise<{ created: Contact[]; issues: ImportIssue[] }> => {
    if (candidates.length === 0) return { created: [], issues: [] };
    // Imported people's audio is accepted as the company's acceptAudioMessageContact setting says, as for any new contact.
    const acceptAudioMessage = (await access.settings(companyId)).on('acceptAudioMessageContact');
    return unitOfWork(async (tx, emit) => {
      const contacts = contactsRepository(tx);
      const existing = await contacts.existingNumbers(companyId, candidates.map((c) => c.number));
      const issues: ImportIssue[] = [];
      const fresh = candidates.filter((c) => {
        if (!existing.has(c.number)) return true;
        issues.push({ row: c.row, field: 'number', message: importMessages.duplicated, error: 'ERR_DUPLICATED_CONTACT' });
        return false;
      });
      const values: NewContactRow[] = fresh.map((c) => ({ companyId, name: c.name, number: c.number, email: c.email, acceptAudioMessage }));
      const rows = await contacts.insertManyIfNew(values);
      const byNumber = new Map(rows.map((r) => [r.number, r]));
      for (const c of fresh) if (!byNumber.has(c.number)) issues.push({ row: c.row, field: 'number', message: importMessages.duplicated, error: 'ERR_DUPLICATED_CONTACT' });
      await linkTags(tx, emit, companyId, fresh.filter((c) => byNumber.has(c.number)).map((c) => ({ contactId: byNumber.get(c.number)!.id, names: c.tags })));
      const created: Contact[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        for (const contact of await contacts.present(rows.slice(i, i + 500))) {
          await emit('tickets.contact.created', companyId, { contact });
          created.push(contact);
        }
      }
      return { created, issues };
    });
  };

  /** Tags named in the rows: found by name or created, then linked; each tag announced once. */
  const linkTags = async (tx: TicketsDb, emit: Emit, companyId: number, links: { contactId: number; names: string[] }[]) => {
    const lower = [...new Set(links.flatMap((l) => l.names.map((n) => n.toLowerCase())))];
    if (lower.length === 0) return;
    const tags = tagsRepository(tx);
    const known = new Set((await tags.byLowerNames(companyId, lower)).map((t) => t.name.toLowerCase()));
    const original = new Map(links.flatMap((l) => l.names.map((n) => [n.toLowerCase(), n] as const)).reverse());
    const inserted = await tags.insertManyIfNew(lower.filter((n) => !known.has(n)).map((n) => ({ companyId, name: original.get(n) ?? n, color: randomTagColor() })));
    const createdIds = new Set(inserted.map((t) => t.id));
    const all = await tags.byLowerNames(companyId, lower);
    const idOf = new Map(all.map((t) => [t.name.toLowerCase(), t.id]));
    await tags.linkContacts(
      companyId,
      links.flatMap((l) => l.names.map((n) => ({ contactId: l.contactId, tagId: idOf.get(n.toLowerCase())! })).filter((p) => p.tagId !== undefined)),
    );
    for (const tag of await tags.present(all)) await emit(createdIds.has(tag.id) ? 'tickets.tag.created' : 'tickets.tag.updated', companyId, { tag });
  };

  /** The connected connection whose phone is read: the one named, else the default (or first) connected one. */
  const phoneConnection = async (companyId: number, whatsappId: number | null): Promise<number> => {
    const projections = projectionsRepository(deps.db);
    if (whatsappId) {
      const named = await projections.findConnection(companyId, whatsappId);
      if (!named) throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
      if (!isConnected(named.status)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not connected');
      return named.id;
    }
    const connected = await projections.deliveringConnection(companyId, 'whatsapp');
    if (connected) return connected.id;
    if (await projections.defaultConnection(companyId)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'No connection is connected');
    throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No connection found');
  };

  const result = (total: number, created: number, issues: ImportIssue[]): ImportResult => ({
    total,
    created,
    ignored: total - created,
    errors: [...issues].sort((a, b) => a.row - b.row).slice(0, IMPORT_MAX_ISSUES),
  });

  return {
    /** POST /contacts/upload/preview: the sheet the import page maps and selects rows from (read as the upload reads it). */
    preview: (data: Buffer): Promise<Sheet> => readSheet(data),

    /** POST /contacts/upload: a spreadsheet, mapped and checked row by row; bad rows are counted as ignored. */
    async spreadsheet(auth: AuthUser, input: SpreadsheetImport): Promise<ImportResult> {
      const sheet = await readSheet(input.data);
      const columns = resolveColumns(sheet.headers, input.mapping, sheetWidth(sheet));
      if (input.rows && input.rows.length === 0) throw validationError('rows', importMessages.noneSelected);
      const plan = planSheet(sheet, columns, { rows: input.rows, validateContact: input.validateContact });
      const { created, issues } = await createMany(auth.companyId, plan.candidates);
      return result(plan.total, created.length, [...plan.issues, ...issues]);
    },

    /** POST /contactsImport: one contact of the import page. */
    async one(auth: AuthUser, body: ImportContactBody): Promise<Contact> {
      const checked = checkRow(1, { name: body.name, number: body.number, email: body.email ?? '', tags: body.tags ?? null }, { validateContact: body.validateContact ?? false });
      if (!checked.ok) {
        const code = checked.issue.error === 'ERR_WAPP_INVALID_CONTACT' ? 'ERR_WAPP_INVALID_CONTACT' : 'ERR_VALIDATION';
        throw new AppError(code, `${checked.issue.field}: ${checked.issue.message}`, { fields: [{ field: checked.issue.field ?? 'body', message: checked.issue.message }] });
      }
      const { created } = await createMany(auth.companyId, [checked.value]);
      if (created.length === 0) throw duplicatedContact();
      return (await access.numbersHidden(auth)) ? maskContact(created[0]!) : created[0]!;
    },

    /** POST /contacts/import (phonebook) and /contacts/import/chats: what the connection's phone knows (asked of channels). */
    async fromPhone(auth: AuthUser, source: 'phonebook' | 'chats', whatsappId: number | null): Promise<ImportResult> {
      const connectionId = await phoneConnection(auth.companyId, whatsappId);
      const answer = await ask(ctx.bus, 'channels.contacts.fetch', { companyId: auth.companyId, connectionId, source }, { timeoutMs: 30_000 });
      const issues: ImportIssue[] = [];
      const candidates: ImportCandidate[] = [];
      const seen = new Set<string>();
      answer.contacts.forEach((c, i) => {
        if (c.isGroup) return;
        const checked = checkRow(i + 1, { name: c.name || c.number, number: c.number }, { validateContact: false });
        if (!checked.ok) issues.push(checked.issue);
        else if (!seen.has(checked.value.number)) {
          seen.add(checked.value.number);
          candidates.push(checked.value);
        }
      });
      const total = candidates.length + issues.length;
      const { created, issues: more } = await createMany(auth.companyId, candidates);
      return result(total, created.length, [...issues, ...more]);
    },
  };
}
export type ContactImport = ReturnType<typeof createContactImport>;
