/**
 * A small .xlsx writer (no extra package): one worksheet of rows of strings and numbers, strings
 * written inline (no shared strings table), packed in a zip whose entries are stored (not
 * compressed), with their CRC-32 computed here. Enough for a spreadsheet program to open; no
 * styles, formulas or dates (dates go in as text). Pure apart from `xlsxBlob`.
 */

export type XlsxCell = string | number | null | undefined;
export type XlsxRow = readonly XlsxCell[];

export type XlsxOptions = {
  /** The worksheet's name (at most 31 characters, without []:*?/\). */
  sheetName?: string;
  /** Keeps the first row in view while scrolling (a header). */
  freezeHeader?: boolean;
  /** Column widths in characters; by default from the longest text of each column (8 to 60). */
  columnWidths?: readonly number[];
  /** The entries' modification time (default now). */
  date?: Date;
};

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The most characters a cell holds in a spreadsheet program. */
export const MAX_CELL_TEXT = 32_767;

// ---- CRC-32 (IEEE 802.3, as zip uses it) ----

let crcTable: Uint32Array | null = null;

function table(): Uint32Array {
  if (crcTable) return crcTable;
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  crcTable = t;
  return t;
}

/** The CRC-32 of some bytes (unsigned). */
export function crc32(bytes: Uint8Array): number {
  const t = table();
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// ---- zip (stored entries) ----

export type ZipFile = { name: string; data: Uint8Array };

/** MS-DOS time and date of the zip headers (local time, two-second steps, 1980 to 2107). */
export function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** Version 1.0 is enough for stored entries. */
const VERSION = 10;

/** A zip archive of stored (uncompressed) entries, without zip64: up to 65,535 entries and 4 GiB. */
export function zipStored(files: readonly ZipFile[], modified: Date = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  const { time, date } = dosDateTime(modified);
  const names = files.map((f) => encoder.encode(f.name));
  const crcs = files.map((f) => crc32(f.data));
  const localSize = files.reduce((sum, f, i) => sum + 30 + names[i]!.length + f.data.length, 0);
  const centralSize = names.reduce((sum, n) => sum + 46 + n.length, 0);
  const total = localSize + centralSize + 22;
  if (files.length > 0xffff || total > 0xffffffff) throw new Error('archive too large');

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let p = 0;
  files.forEach((file, i) => {
    const name = names[i]!;
    offsets.push(p);
    view.setUint32(p, LOCAL_HEADER, true);
    view.setUint16(p + 4, VERSION, true);
    view.setUint16(p + 6, UTF8_NAMES, true);
    view.setUint16(p + 8, 0, true); // stored
    view.setUint16(p + 10, time, true);
    view.setUint16(p + 12, date, true);
    view.setUint32(p + 14, crcs[i]!, true);
    view.setUint32(p + 18, file.data.length, true);
    view.setUint32(p + 22, file.data.length, true);
    view.setUint16(p + 26, name.length, true);
    view.setUint16(p + 28, 0, true);
    out.set(name, p + 30);
    out.set(file.data, p + 30 + name.length);
    p += 30 + name.length + file.data.length;
  });
  const centralStart = p;
  files.forEach((file, i) => {
    const name = names[i]!;
    view.setUint32(p, CENTRAL_HEADER, true);
    view.setUint16(p + 4, VERSION, true); // made by (MS-DOS, 1.0)
    view.setUint16(p + 6, VERSION, true);
    view.setUint16(p + 8, UTF8_NAMES, true);
    view.setUint16(p + 10, 0, true);
    view.setUint16(p + 12, time, true);
    view.setUint16(p + 14, date, true);
    view.setUint32(p + 16, crcs[i]!, true);
    view.setUint32(p + 20, file.data.length, true);
    view.setUint32(p + 24, file.data.length, true);
    view.setUint16(p + 28, name.length, true);
    // extra field, comment, disk number, internal and external attributes: 0
    view.setUint32(p + 42, offsets[i]!, true);
    out.set(name, p + 46);
    p += 46 + name.length;
  });
  view.setUint32(p, END_OF_CENTRAL_DIRECTORY, true);
  view.setUint16(p + 8, files.length, true);
  view.setUint16(p + 10, files.length, true);
  view.setUint32(p + 12, p - centralStart, true);
  view.setUint32(p + 16, centralStart, true);
  return out;
}

// ---- SpreadsheetML ----

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Whether a UTF-16 code unit at `i` may stay in XML 1.0 text (tab, newlines, printable; surrogates only in pairs). */
function allowedAt(text: string, i: number): 0 | 1 | 2 {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 2 : 0;
  }
  if (c >= 0xdc00 && c <= 0xdfff) return 0;
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d ? 1 : 0;
  return c === 0xfffe || c === 0xffff ? 0 : 1;
}

/** Text as XML character data: markup escaped, characters XML 1.0 does not allow (control characters, lone surrogates) left out. */
export function escapeXml(text: string): string {
  let kept = '';
  let from = 0;
  for (let i = 0; i < text.length;) {
    const size = allowedAt(text, i);
    if (size === 0) {
      kept += text.slice(from, i);
      from = i + 1;
      i += 1;
    } else i += size;
  }
  kept += text.slice(from);
  return kept.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A worksheet name a spreadsheet program accepts. */
export function sheetName(name: string | undefined): string {
  const clean = (name ?? '')
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return clean || 'Sheet1';
}

function cellXml(value: XlsxCell, ref: string): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (value === null || value === undefined || value === '') return '';
  const text = escapeXml(String(value).slice(0, MAX_CELL_TEXT));
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

/** Widths from the longest text of each column (in characters, 8 to 60). */
export function autoWidths(rows: readonly XlsxRow[]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      const length = cell === null || cell === undefined ? 0 : String(cell).length;
      widths[i] = Math.max(widths[i] ?? 8, Math.min(length + 2, 60));
    });
  }
  return widths.map((w) => w ?? 8);
}

/** The worksheet XML: one <row> per row, numbers as numbers, other values as inline strings (empty cells left out). */
export function worksheetXml(rows: readonly XlsxRow[], options: Pick<XlsxOptions, 'freezeHeader' | 'columnWidths'> = {}): string {
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const parts: string[] = [XML_HEAD, `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`];
  parts.push(`<dimension ref="A1${rows.length && width ? `:${columnName(width - 1)}${rows.length}` : ''}"/>`);
  if (options.freezeHeader && rows.length > 1) {
    parts.push('<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>');
  }
  const widths = options.columnWidths ?? autoWidths(rows);
  if (widths.length) {
    parts.push('<cols>');
    widths.forEach((w, i) => parts.push(`<col min="${i + 1}" max="${i + 1}" width="${Math.max(1, Math.min(w, 255))}" customWidth="1"/>`));
    parts.push('</cols>');
  }
  parts.push('<sheetData>');
  rows.forEach((row, r) => {
    let cells = '';
    row.forEach((value, c) => {
      cells += cellXml(value, `${columnName(c)}${r + 1}`);
    });
    parts.push(`<row r="${r + 1}">${cells}</row>`);
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** The files of a one-sheet workbook, in the order they are zipped. */
export function workbookFiles(rows: readonly XlsxRow[], options: XlsxOptions = {}): { name: string; text: string }[] {
  return [
    {
      name: '[Content_Types].xml',
      text:
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text: `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName(options.sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', text: worksheetXml(rows, options) },
  ];
}

/** The bytes of an .xlsx file with one worksheet holding `rows` (the first one usually the header). */
export function writeXlsx(rows: readonly XlsxRow[], options: XlsxOptions = {}): Uint8Array {
  const encoder = new TextEncoder();
  const files = workbookFiles(rows, options).map((f) => ({ name: f.name, data: encoder.encode(f.text) }));
  return zipStored(files, options.date);
}

/** The workbook as a Blob to download. */
export function xlsxBlob(rows: readonly XlsxRow[], options: XlsxOptions = {}): Blob {
  return new Blob([writeXlsx(rows, options) as BlobPart], { type: XLSX_MIME });
}
