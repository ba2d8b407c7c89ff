import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError, validationError } from './errors.js';
import { mediaWhitelists, sniffType } from './storage.js';
import { XlsError, readXlsRows, type XlsRow } from './xls-reader.js';

/**
 * The first worksheet of an uploaded .xlsx or legacy .xls workbook as rows of text cells, for the
 * services that import spreadsheets (contacts, contact lists). The type is told by the bytes, not the name.
 */
export type SpreadsheetRow = XlsRow;

const invalidFile = (detail?: string) =>
  new AppError('ERR_IMPORT_INVALID_FILE', detail ? `Arquivo inválido! (${detail})` : 'Arquivo inválido!', { fields: [{ field: 'file', message: 'Arquivo inválido!' }] });

const tooLarge = (detail: string) => validationError('file', detail);

/** Text of an .xlsx cell whatever it holds (rich text, formula result, hyperlink, number, date). */
export function xlsxCellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'string') return v.trim();
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  try {
    return (cell.text ?? '').trim();
  } catch {
    return '';
  }
}

/** What a workbook may unpack to: far above any real contact sheet, far below what stalls a process. */
export const SPREADSHEET_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** The parts a zip's central directory lists, with the sizes they unpack to; null when it cannot be read. */
function zipEntries(data: Buffer): { name: string; unpacked: number }[] | null {
  // End of central directory: signature 0x06054b50, at most 64 KiB of comment after it.
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (data.readUInt32LE(at) !== 0x06054b50) continue;
    const count = data.readUInt16LE(at + 10);
    let entry = data.readUInt32LE(at + 16);
    const entries: { name: string; unpacked: number }[] = [];
    for (let i = 0; i < count; i++) {
      if (entry + 46 > data.length || data.readUInt32LE(entry) !== 0x02014b50) return null;
      const unpacked = data.readUInt32LE(entry + 24);
      const nameLength = data.readUInt16LE(entry + 28);
      // 0xffffffff: the real size is in a zip64 field; a spreadsheet that large is refused anyway.
      entries.push({ name: data.toString('latin1', entry + 46, entry + 46 + nameLength), unpacked: unpacked === 0xffffffff ? Number.MAX_SAFE_INTEGER : unpacked });
      entry += 46 + nameLength + data.readUInt16LE(entry + 30) + data.readUInt16LE(entry + 32);
    }
    return entries;
  }
  return null;
}

/**
 * The sizes an .xlsx (a zip) says its parts unpack to, summed from its central directory without
 * unpacking anything; null when the directory cannot be read (the reader then refuses the file).
 */
export function zipUnpackedBytes(data: Buffer): number | null {
  const entries = zipEntries(data);
  return entries ? unpackedSize(entries) : null;
}

const unpackedSize = (entries: readonly { unpacked: number }[]): number => entries.reduce((total, e) => Math.min(Number.MAX_SAFE_INTEGER, total + e.unpacked), 0);

/**
 * Whether a zip is an .xlsx workbook by its parts. Writers that stream (the sheet first, the content types
 * last) are not recognised by the bytes at the start of the file alone.
 */
const isXlsxZip = (data: Buffer): boolean => zipEntries(data)?.some((e) => e.name === 'xl/workbook.xml') ?? false;

/** The parts a streaming read needs before the first worksheet (its name, its shared strings, its dates' formats). */
const SHEET_PREREQUISITES = ['xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

/**
 * Whether the zip holds the workbook, shared strings and styles before its first worksheet, as a streaming read
 * needs. Some writers (SheetJS, the most common) put the worksheet first: ExcelJS's streaming reader then reads
 * the sheet before the workbook or not, depending on timing, and the same file failed one upload in two.
 */
function streamable(entries: readonly { name: string }[]): boolean {
  const firstSheet = entries.findIndex((e) => e.name.startsWith('xl/worksheets/'));
  return SHEET_PREREQUISITES.every((part) => entries.findIndex((e) => e.name === part) < firstSheet);
}

/** The whole workbook, read at once; anything unreadable is refused. */
async function wholeWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(data).buffer).catch(() => Promise.reject(invalidFile()));
  return workbook;
}

/** Collects the non-empty rows of a worksheet, at most a header and `maxDataRows` (more: 400 on `file`). */
function rowCollector(maxDataRows: number) {
  const rows: SpreadsheetRow[] = [];
  return {
    rows,
    /** Adds a row; false once there is one row too many (stop reading). */
    add(row: ExcelJS.Row): boolean {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (c, col) => {
        cells[col - 1] = xlsxCellText(c);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (!cells.some((c) => c !== '')) return true;
      if (rows.length > maxDataRows) return false;
      rows.push({ row: row.number, cells });
      return true;
    },
  };
}

/**
 * The rows of the first worksheet. Read as a stream when the zip's order allows it: other requests go on
 * meanwhile, and reading stops as soon as there are more non-empty rows than a header and `maxDataRows` (a
 * file of a million rows is not read to the end). Otherwise the workbook is read whole (its unpacked size is
 * bounded above).
 */
async function xlsxRows(data: Buffer, maxDataRows: number): Promise<SpreadsheetRow[]> {
  const entries = zipEntries(data);
  if (entries === null) throw invalidFile();
  if (unpackedSize(entries) > SPREADSHEET_MAX_UNPACKED_BYTES) throw tooLarge(`unpacks to more than ${SPREADSHEET_MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
  const collected = rowCollector(maxDataRows);
  let over = false;
  if (!streamable(entries)) {
    (await wholeWorkbook(data)).worksheets[0]?.eachRow((row) => {
      if (!over && !collected.add(row)) over = true;
    });
  } else {
    try {
      // Styles are read for the dates' number formats; shared strings are kept for the cells that name them.
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
      for await (const sheet of reader) {
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
          if (!collected.add(row)) {
            over = true;
            break;
          }
        }
        break; // the first worksheet only
      }
    } catch {
      throw invalidFile();
    }
    // The streaming reader passes over a worksheet whose XML is cut or broken as if it were empty; the
    // full reader does not, so a sheet that gave nothing is read once more by it to tell the two apart.
    if (collected.rows.length === 0) await wholeWorkbook(data);
  }
  if (over) throw tooLarge(`at most ${maxDataRows} rows`);
  return collected.rows;
}

/**
 * Every non-empty row of the first worksheet (spreadsheet row numbers kept), at most `maxDataRows` besides a
 * header row (more: 400 on `file`, found without reading the rest). Anything that is not a readable
 * .xls/.xlsx workbook is refused with 400 ERR_IMPORT_INVALID_FILE on the `file` field.
 */
export async function readSpreadsheetRows(data: Buffer, options: { maxDataRows: number }): Promise<SpreadsheetRow[]> {
  const type = await sniffType(data, mediaWhitelists.spreadsheet).catch(() => {
    if (isXlsxZip(data)) return { ext: 'xlsx' };
    throw invalidFile();
  });
  if (type.ext === 'xlsx') return xlsxRows(data, options.maxDataRows);
  let rows: SpreadsheetRow[];
  try {
    rows = readXlsRows(data).filter((r) => r.cells.some((c) => c !== ''));
  } catch (err) {
    throw invalidFile(err instanceof XlsError ? err.message : undefined);
  }
  if (rows.length > options.maxDataRows + 1) throw tooLarge(`at most ${options.maxDataRows} rows`);
  return rows;
}
