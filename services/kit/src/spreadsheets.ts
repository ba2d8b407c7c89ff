import ExcelJS from 'exceljs';
import { AppError } from './errors.js';
import { mediaWhitelists, sniffType } from './storage.js';
import { XlsError, readXlsRows, type XlsRow } from './xls-reader.js';

/**
 * The first worksheet of an uploaded .xlsx or legacy .xls workbook as rows of text cells, for the
 * services that import spreadsheets (contacts, contact lists). The type is told by the bytes, not the name.
 */
export type SpreadsheetRow = XlsRow;

const invalidFile = (detail?: string) =>
  new AppError('ERR_IMPORT_INVALID_FILE', detail ? `Arquivo inválido! (${detail})` : 'Arquivo inválido!', { fields: [{ field: 'file', message: 'Arquivo inválido!' }] });

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

async function xlsxRows(data: Buffer): Promise<SpreadsheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalidFile();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFile();
  const rows: SpreadsheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, col) => {
      cells[col - 1] = xlsxCellText(c);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/**
 * Every non-empty row of the first worksheet (spreadsheet row numbers kept). Anything that is not a
 * readable .xls/.xlsx workbook is refused with 400 ERR_IMPORT_INVALID_FILE on the `file` field.
 */
export async function readSpreadsheetRows(data: Buffer): Promise<SpreadsheetRow[]> {
  const type = await sniffType(data, mediaWhitelists.spreadsheet).catch(() => {
    throw invalidFile();
  });
  let rows: SpreadsheetRow[];
  if (type.ext === 'xlsx') rows = await xlsxRows(data);
  else {
    try {
      rows = readXlsRows(data);
    } catch (err) {
      throw invalidFile(err instanceof XlsError ? err.message : undefined);
    }
  }
  return rows.filter((r) => r.cells.some((c) => c !== ''));
}
