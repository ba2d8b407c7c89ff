import type { ImportIssue, ImportMapping, ImportResult } from '@atende/kit/contracts';

/** The contact fields a spreadsheet column can feed (spec 001 §2 Contact import page). */
export const IMPORT_FIELDS = ['name', 'number', 'email', 'tags'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Which column (0-based) feeds each field; null: none. */
export type ColumnMapping = Record<ImportField, number | null>;

/** Files the drop zone accepts (spec 001 §5: only xls and xlsx). */
export const ACCEPTED_EXTENSIONS = ['.xls', '.xlsx'] as const;

export function isSpreadsheetName(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Where the page reads a sheet for its preview: .xlsx in the browser, a legacy .xls (Excel 97–2003) on the server. */
export function previewSource(name: string): 'browser' | 'server' {
  return name.toLowerCase().endsWith('.xls') ? 'server' : 'browser';
}

/**
 * The header checkbox of the row table stands for every row of the sheet, not only the page shown:
 * checked when all are selected, indeterminate when some are.
 */
export function allRowsState(selected: number, total: number): { checked: boolean; indeterminate: boolean } {
  return { checked: total > 0 && selected >= total, indeterminate: selected > 0 && selected < total };
}

/** Clicking the header checkbox: every row of the sheet when not all were selected, none otherwise. */
export function toggleAllRows(selected: readonly number[], rows: readonly { row: number }[]): number[] {
  return allRowsState(selected.length, rows.length).checked ? [] : rows.map((r) => r.row);
}

/** Lowercase, no accents, no punctuation: 'Número' → 'numero', 'E-mail' → 'e mail'. */
export const normalizeHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const synonyms: Record<ImportField, string[]> = {
  name: ['nome', 'name', 'nome completo', 'full name', 'contato', 'contact', 'cliente', 'nombre'],
  number: ['numero', 'number', 'telefone', 'phone', 'phone number', 'celular', 'whatsapp', 'fone', 'tel', 'mobile', 'numero de telefone', 'telefono'],
  email: ['email', 'e mail', 'mail', 'correo'],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'marcadores'],
};

/** The mapping the page proposes: headers recognised as the server would (each column once). */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping = { name: null, number: null, email: null, tags: null } as ColumnMapping;
  for (const field of IMPORT_FIELDS) {
    const index = normalized.findIndex((h, i) => !used.has(i) && synonyms[field].includes(h));
    if (index >= 0) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
}

/** What blocks an import (spec 001 §5, messages of §8); null when it may go. */
export type ImportProblem = { key: 'noNumber' } | { key: 'noName' } | { key: 'noneSelected' } | { key: 'alreadySelected'; field: string };

/** Assigning a column to a field: a column may feed only one field. */
export function assignColumn(mapping: ColumnMapping, field: ImportField, column: number | null, headers: readonly string[]): { mapping: ColumnMapping; problem: ImportProblem | null } {
  if (column !== null) {
    const taken = IMPORT_FIELDS.find((f) => f !== field && mapping[f] === column);
    if (taken) return { mapping, problem: { key: 'alreadySelected', field: headers[column]?.trim() || String(column + 1) } };
  }
  return { mapping: { ...mapping, [field]: column }, problem: null };
}

export function checkImport(mapping: ColumnMapping, selectedRows: number): ImportProblem | null {
  if (mapping.number === null) return { key: 'noNumber' };
  if (mapping.name === null) return { key: 'noName' };
  const columns = IMPORT_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== null);
  const dup = columns.find((c, i) => columns.indexOf(c) !== i);
  if (dup !== undefined) return { key: 'alreadySelected', field: String(dup + 1) };
  if (selectedRows === 0) return { key: 'noneSelected' };
  return null;
}

/** The multipart `mapping` field: 1-based positions. */
export function toImportMapping(mapping: ColumnMapping): ImportMapping {
  const out: ImportMapping = {};
  for (const f of IMPORT_FIELDS) out[f] = mapping[f] === null ? null : mapping[f] + 1;
  return out;
}

/** The summary of a finished import (spec 001 §4: created and ignored counts). */
export type ImportSummary = { kind: 'success' | 'warning'; total: number; created: number; ignored: number; issues: string[] };

/** How an ignored row is told: the field's label and the message in the screen's language. */
export type IssueWording = { fieldLabel?: (field: string) => string; messageText?: (message: string) => string };

/** One ignored row as a line: 'Linha 3 (Número): Contato já existe'. */
export function issueLine(issue: ImportIssue, rowWord: string, wording: IssueWording = {}): string {
  const where = issue.row > 0 ? `${rowWord} ${issue.row}` : rowWord;
  const message = wording.messageText ? wording.messageText(issue.message) : issue.message;
  return issue.field ? `${where} (${wording.fieldLabel ? wording.fieldLabel(issue.field) : issue.field}): ${message}` : `${where}: ${message}`;
}

export function summarizeImport(result: ImportResult, rowWord: string, maxIssues = 50, wording: IssueWording = {}): ImportSummary {
  const ignored = Math.max(result.ignored, result.errors.length);
  const lines = [...result.errors].sort((a, b) => a.row - b.row).slice(0, maxIssues).map((i) => issueLine(i, rowWord, wording));
  if (result.errors.length > maxIssues) lines.push(`… +${result.errors.length - maxIssues}`);
  return { kind: ignored > 0 ? 'warning' : 'success', total: result.total, created: result.created, ignored, issues: lines };
}
