/**
 * A small reader of .xlsx workbooks in the browser (no extra package): the zip entries are found
 * through the central directory and inflated with DecompressionStream('deflate-raw'); the first
 * worksheet's XML is read with regular expressions (shared strings, inline strings, numbers).
 * It only serves the import page's column mapping and row selection; the server reads the file
 * again when importing. Legacy .xls files are not readable here (the page asks the server for
 * their sheet: POST /contacts/upload/preview, same shape).
 */

import type { SheetPreview } from '@atende/kit/contracts';

/** The shape of POST /contacts/upload/preview's answer, so both readers feed the page alike. */
export type { SheetPreview };

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number };

/** The entries of a zip archive (central directory). Throws when it is not a zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file');
  const count = u16(bytes, eocd + 10);
  let p = u32(bytes, eocd + 16);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (u32(bytes, p) !== 0x02014b50) throw new Error('bad central directory');
    const nameLength = u16(bytes, p + 28);
    entries.push({
      method: u16(bytes, p + 10),
      compressedSize: u32(bytes, p + 20),
      localOffset: u32(bytes, p + 42),
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
    });
    p += 46 + nameLength + u16(bytes, p + 30) + u16(bytes, p + 32);
  }
  return entries;
}

async function inflateRaw(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The text of one zip entry, or null when absent. */
export async function readZipText(bytes: Uint8Array, entries: ZipEntry[], name: string): Promise<string | null> {
  const entry = entries.find((e) => e.name === name);
  if (!entry) return null;
  const o = entry.localOffset;
  if (u32(bytes, o) !== 0x04034b50) throw new Error('bad local header');
  const start = o + 30 + u16(bytes, o + 26) + u16(bytes, o + 28);
  const raw = bytes.subarray(start, start + entry.compressedSize);
  const data = entry.method === 0 ? raw : entry.method === 8 ? await inflateRaw(raw) : null;
  if (!data) throw new Error('unsupported compression');
  return new TextDecoder().decode(data);
}

export function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

/** The text runs of an XML fragment (<t>…</t>), joined. */
const textRuns = (xml: string): string => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decodeXml(m[1] ?? '')).join('');

export function parseSharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => textRuns(m[1] ?? ''));
}

/** 'A' → 0, 'Z' → 25, 'AA' → 26. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function cellValue(type: string | undefined, inner: string, shared: string[]): string {
  if (type === 'inlineStr') return textRuns(inner).trim();
  const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (v === undefined) return '';
  if (type === 's') return (shared[Number(v)] ?? '').trim();
  if (type === 'str' || type === 'e') return decodeXml(v).trim();
  if (type === 'b') return v === '1' ? 'TRUE' : 'FALSE';
  const num = Number(v);
  if (Number.isFinite(num) && Number.isInteger(num)) return num.toFixed(0);
  return decodeXml(v).trim();
}

/**
 * A worksheet as the server reads it: the first non-empty row is the header, the rest are data
 * with their spreadsheet row numbers; empty rows are skipped.
 */
export function parseSheetXml(xml: string, shared: string[]): SheetPreview {
  let headers: string[] | null = null;
  const rows: SheetPreview['rows'] = [];
  let implicitRow = 0;
  for (const m of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const attrs = m[1] ?? '';
    const rowNumber = Number(/\br="(\d+)"/.exec(attrs)?.[1] ?? implicitRow + 1);
    implicitRow = rowNumber;
    const cells: string[] = [];
    let implicitCol = -1;
    for (const c of (m[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const cAttrs = c[1] ?? '';
      const ref = /\br="([A-Z]+)\d*"/i.exec(cAttrs)?.[1];
      const col = ref ? columnIndex(ref) : implicitCol + 1;
      implicitCol = col;
      const type = /\bt="([^"]+)"/.exec(cAttrs)?.[1];
      cells[col] = cellValue(type, c[2] ?? '', shared);
    }
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (cells.every((x) => x === '')) continue;
    if (!headers) headers = cells;
    else rows.push({ row: rowNumber, cells });
  }
  return { headers: headers ?? [], rows };
}

/** The first worksheet's path, from the workbook and its relationships. */
export function firstSheetPath(workbookXml: string | null, relsXml: string | null): string {
  const fallback = 'xl/worksheets/sheet1.xml';
  if (!workbookXml || !relsXml) return fallback;
  const rid = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbookXml)?.[1];
  if (!rid) return fallback;
  const rel = [...relsXml.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => m[1] ?? '').find((a) => new RegExp(`\\bId="${rid}"`).test(a));
  const target = rel ? /\bTarget="([^"]+)"/.exec(rel)?.[1] : undefined;
  if (!target) return fallback;
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** Reads the first worksheet of an .xlsx file. Throws when the file is not a readable workbook. */
export async function readXlsx(buffer: ArrayBuffer): Promise<SheetPreview> {
  const bytes = new Uint8Array(buffer);
  const entries = zipEntries(bytes);
  const sheetPath = firstSheetPath(await readZipText(bytes, entries, 'xl/workbook.xml'), await readZipText(bytes, entries, 'xl/_rels/workbook.xml.rels'));
  const sheetXml = await readZipText(bytes, entries, sheetPath);
  if (!sheetXml) throw new Error('no worksheet');
  const sharedXml = await readZipText(bytes, entries, 'xl/sharedStrings.xml');
  return parseSheetXml(sheetXml, sharedXml ? parseSharedStrings(sharedXml) : []);
}
