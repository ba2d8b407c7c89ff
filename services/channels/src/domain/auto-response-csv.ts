import { AUTO_RESPONSE_CSV_COLUMNS, AppError, autoResponseBody, type AutoResponseBody, type ImportIssue } from '@atende/kit';
import { csvPriority, normalizeText, priorityFromCsv } from './auto-responses.js';

/**
 * The auto-responses CSV (spec 002 §2 "CSV export and import"), pure. Export: UTF-8 with a BOM (so Excel
 * shows accents), comma separated, CRLF, one header row with AUTO_RESPONSE_CSV_COLUMNS; lists joined with
 * "; ", priority alta/média/baixa, flags Sim/Não. Import reads the same file back, also when Excel saved it
 * with semicolons or in Windows-1252, and by header name (the English keys or their Portuguese labels).
 */

export const CSV_IMPORT_MAX_ROWS = 1000;
export const CSV_LIST_SEPARATOR = '; ';

const invalidFile = (detail?: string) =>
  new AppError('ERR_IMPORT_INVALID_FILE', detail ? `Arquivo inválido! (${detail})` : 'Arquivo inválido!', { fields: [{ field: 'file', message: 'Arquivo inválido!' }] });

// ---------- CSV text ----------

/** A field as CSV writes it: quoted when it holds the separator, a quote or a line break; formulas defused. */
export function csvField(value: string, separator = ','): string {
  // A cell starting with = + - @ would run as a formula in a spreadsheet: a leading apostrophe keeps it text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function writeCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((r) => r.map((c) => csvField(c)).join(',')).join('\r\n')}\r\n`;
}

/** The separator of a CSV file: the one of , ; or tab found most often outside quotes in its first line. */
export function detectSeparator(text: string): string {
  let inQuotes = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch in counts) counts[ch]! += 1;
  }
  const [separator, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? separator : ',';
}

/** RFC 4180 records: quoted fields may hold separators, doubled quotes and line breaks; CRLF, LF or CR end a record. */
export function parseCsv(text: string, separator = detectSeparator(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += ch;
    } else if (ch === '"' && field === '') inQuotes = true;
    else if (ch === separator) endField();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV" in Portuguese Windows). Binary files are refused. */
export function decodeCsv(data: Buffer): string {
  if (data.includes(0)) throw invalidFile('not a text file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

// ---------- export ----------

export type CsvRule = {
  name: string;
  keywords: readonly string[];
  similarWords: readonly string[];
  response: string;
  priority: number;
  isActive: boolean;
  timeRestriction: boolean;
  startTime: string;
  endTime: string;
  daysOfWeek: readonly number[];
  outsideHoursMessage: string | null;
  usageCount: number;
};

const yesNo = (flag: boolean) => (flag ? 'Sim' : 'Não');

export function autoResponsesCsv(rules: readonly CsvRule[]): string {
  return writeCsv([
    [...AUTO_RESPONSE_CSV_COLUMNS],
    ...rules.map((r) => [
      r.name,
      r.keywords.join(CSV_LIST_SEPARATOR),
      r.similarWords.join(CSV_LIST_SEPARATOR),
      r.response,
      csvPriority(r.priority),
      yesNo(r.isActive),
      yesNo(r.timeRestriction),
      r.startTime,
      r.endTime,
      r.daysOfWeek.join(CSV_LIST_SEPARATOR),
      r.outsideHoursMessage ?? '',
      String(r.usageCount),
    ]),
  ]);
}

// ---------- import ----------

type Column = (typeof AUTO_RESPONSE_CSV_COLUMNS)[number];

/** Header names each column is recognised by (compared lowercase, without accents, spaces or punctuation). */
const headerNames: Record<Column, string[]> = {
  name: ['name', 'nome', 'nombre'],
  keywords: ['keywords', 'palavraschave', 'palavras', 'palabrasclave'],
  similarWords: ['similarwords', 'palavrassimilares', 'similares', 'palabrassimilares'],
  response: ['response', 'resposta', 'respuesta'],
  priority: ['priority', 'prioridade', 'prioridad'],
  isActive: ['isactive', 'active', 'ativo', 'ativa', 'activo'],
  timeRestriction: ['timerestriction', 'restricaodehorario', 'restricaohorario', 'restriccionhoraria'],
  startTime: ['starttime', 'inicio', 'horainicio', 'horarioinicio'],
  endTime: ['endtime', 'fim', 'horafim', 'horariofim', 'horafin'],
  daysOfWeek: ['daysofweek', 'dias', 'diasdasemana', 'diasdelasemana'],
  outsideHoursMessage: ['outsidehoursmessage', 'mensagemforadohorario', 'mensajefueradehorario'],
  usageCount: ['usagecount', 'usos', 'uso'],
};

const headerKey = (header: string) => normalizeText(header).replace(/[^a-z0-9]/g, '');

/** Which column index holds each field (null: absent); name, keywords and response must be there. */
export function csvColumns(header: readonly string[]): Record<Column, number | null> {
  const keys = header.map(headerKey);
  const columns = {} as Record<Column, number | null>;
  for (const column of AUTO_RESPONSE_CSV_COLUMNS) {
    const i = keys.findIndex((k) => headerNames[column].includes(k));
    columns[column] = i < 0 ? null : i;
  }
  const missing = (['name', 'keywords', 'response'] as const).filter((c) => columns[c] === null);
  if (missing.length) throw invalidFile(`missing column ${missing.join(', ')}`);
  return columns;
}

const splitList = (value: string) => value.split(/[;|]/).map((w) => w.trim()).filter(Boolean);
const flag = (value: string) => ['sim', 'yes', 'true', '1', 'si', 's', 'y'].includes(normalizeText(value));
/** An export defused a formula with a leading apostrophe; read it back without. */
const undefuse = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
/** "9:00" or "9" from a spreadsheet reads as 09:00. */
const time = (value: string) => {
  const m = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?$/.exec(value.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2] ?? '00'}` : value.trim();
};

export type CsvPlan = { total: number; rules: { row: number; body: AutoResponseBody }[]; issues: ImportIssue[] };

/**
 * The rules a CSV file describes (spec 002 §5: priority names alta/high, média/medium, baixa/low map to
 * 5/3/1; the active and restriction flags are "Sim"), each checked like the form. Bad rows become issues
 * (row numbers as a spreadsheet shows them, the header being row 1); usage counts are not imported.
 */
export function planCsvImport(data: Buffer): CsvPlan {
  const records = parseCsv(decodeCsv(data)).filter((r) => r.some((c) => c.trim() !== ''));
  if (records.length === 0) throw invalidFile('empty file');
  const columns = csvColumns(records[0]!);
  const rows = records.slice(1);
  if (rows.length > CSV_IMPORT_MAX_ROWS) throw new AppError('ERR_VALIDATION', `file: at most ${CSV_IMPORT_MAX_ROWS} rows`, { fields: [{ field: 'file', message: `at most ${CSV_IMPORT_MAX_ROWS} rows` }] });
  const rules: CsvPlan['rules'] = [];
  const issues: ImportIssue[] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    const cell = (column: Column) => {
      const i = columns[column];
      return i === null ? '' : undefuse((cells[i] ?? '').trim());
    };
    const priority = priorityFromCsv(cell('priority'));
    if (priority === null) {
      issues.push({ row, field: 'priority', message: 'use alta, média or baixa', error: 'ERR_VALIDATION' });
      return;
    }
    const days = cell('daysOfWeek');
    const parsed = autoResponseBody.safeParse({
      name: cell('name'),
      keywords: splitList(cell('keywords')),
      similarWords: splitList(cell('similarWords')),
      response: cell('response'),
      priority,
      isActive: columns.isActive === null ? true : flag(cell('isActive')),
      timeRestriction: flag(cell('timeRestriction')),
      ...(cell('startTime') ? { startTime: time(cell('startTime')) } : {}),
      ...(cell('endTime') ? { endTime: time(cell('endTime')) } : {}),
      ...(days ? { daysOfWeek: days.split(/\D+/).filter(Boolean).map(Number) } : {}),
      outsideHoursMessage: cell('outsideHoursMessage') || null,
    });
    if (parsed.success) rules.push({ row, body: parsed.data });
    else {
      const issue = parsed.error.issues[0]!;
      issues.push({ row, field: String(issue.path[0] ?? 'row'), message: issue.message, error: 'ERR_VALIDATION' });
    }
  });
  return { total: rows.length, rules, issues };
}
