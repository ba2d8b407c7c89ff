import CFB from 'cfb';

/**
 * The cells of the first worksheet of a legacy Excel workbook (.xls, BIFF8: Excel 97–2003), as text.
 * Only what a contact list needs is read: shared and inline strings, numbers (NUMBER, RK, MULRK),
 * booleans and the cached results of formulas; formatting is ignored (a date shows as its serial
 * number). The container is read by `cfb`; the records are parsed here, every length checked, so a
 * damaged or hostile file is refused (XlsError), never half-read. Encrypted and pre-97 files are refused.
 */
export class XlsError extends Error {}

export type XlsRow = { /** 1-based, as the spreadsheet shows it. */ row: number; cells: string[] };

const RECORD = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;

const BIFF8 = 0x0600;
/** Rows and columns beyond Excel 97's grid (65,536 × 256) mean a damaged file. */
const MAX_ROW = 65_535;
const MAX_COL = 255;

type Record = { type: number; data: Buffer; offset: number };

function fail(why: string): never {
  throw new XlsError(why);
}

/** The records of the stream from `start`, each with its payload. */
function* records(stream: Buffer, start: number): Generator<Record> {
  let at = start;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const size = stream.readUInt16LE(at + 2);
    if (at + 4 + size > stream.length) fail('record past the end of the stream');
    yield { type, data: stream.subarray(at + 4, at + 4 + size), offset: at };
    at += 4 + size;
  }
}

/** Reads across a record and its CONTINUE records; character data split over them restarts with a flags byte. */
class Segments {
  private index = 0;
  private at = 0;
  constructor(private readonly parts: Buffer[]) {}

  private get current(): Buffer | undefined {
    return this.parts[this.index];
  }

  private advance(): void {
    while (this.current && this.at >= this.current.length) {
      this.index++;
      this.at = 0;
    }
  }

  atBoundary(): boolean {
    return this.current !== undefined && this.at >= this.current.length;
  }

  bytes(n: number): Buffer {
    const out: Buffer[] = [];
    let left = n;
    while (left > 0) {
      this.advance();
      const part = this.current ?? fail('string past the end of its record');
      const take = Math.min(left, part.length - this.at);
      out.push(part.subarray(this.at, this.at + take));
      this.at += take;
      left -= take;
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  u8(): number {
    return this.bytes(1).readUInt8(0);
  }
  u16(): number {
    return this.bytes(2).readUInt16LE(0);
  }
  i32(): number {
    return this.bytes(4).readInt32LE(0);
  }

  /** `count` characters, 1 or 2 bytes each per the flags; a split restarts in the next record with its own flags byte. */
  chars(count: number, highByte: boolean): string {
    let text = '';
    let left = count;
    let wide = highByte;
    while (left > 0) {
      if (this.atBoundary() || this.current === undefined) {
        this.index++;
        this.at = 0;
        if (!this.current) fail('string past the end of its record');
        wide = (this.u8() & 0x01) === 1;
      }
      const part = this.current!;
      const width = wide ? 2 : 1;
      const fits = Math.min(left, Math.floor((part.length - this.at) / width));
      if (fits === 0) fail('character split inside a record');
      const raw = part.subarray(this.at, this.at + fits * width);
      text += wide ? raw.toString('utf16le') : raw.toString('latin1');
      this.at += fits * width;
      left -= fits;
    }
    return text;
  }

  /** XLUnicodeRichExtendedString (shared strings): the text, rich-text runs and phonetic data skipped. */
  richString(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.i32() : 0;
    if (ext < 0) fail('negative extended string size');
    const text = this.chars(count, (flags & 0x01) === 1);
    this.bytes(runs * 4 + ext);
    return text;
  }
}

/** XLUnicodeString of a LABEL/STRING record (not split). */
function unicodeString(data: Buffer, at: number): string {
  if (at + 3 > data.length) fail('short string');
  const count = data.readUInt16LE(at);
  const wide = (data.readUInt8(at + 2) & 0x01) === 1;
  const end = at + 3 + count * (wide ? 2 : 1);
  if (end > data.length) fail('string past the end of its record');
  const raw = data.subarray(at + 3, end);
  return wide ? raw.toString('utf16le') : raw.toString('latin1');
}

/** RkNumber: a 30-bit integer or the high bits of a double, maybe divided by 100. */
export function rkNumber(rk: number): number {
  const cents = (rk & 0x01) === 1;
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return cents ? value / 100 : value;
}

/** Numbers as the import wants them: integers without exponent or decimals (phone numbers), others as written. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
}

function cellPosition(data: Buffer, minLength: number): { row: number; col: number } {
  if (data.length < minLength) fail('short cell record');
  const row = data.readUInt16LE(0);
  const col = data.readUInt16LE(2);
  if (row > MAX_ROW || col > MAX_COL) fail('cell outside the sheet');
  return { row, col };
}

/** The rows of the workbook's first worksheet (rows without any cell are left out), in row order. */
export function readXlsRows(file: Buffer): XlsRow[] {
  try {
    return parseWorkbook(file);
  } catch (err) {
    // Every length is checked; should a damaged file still trip something, it is an unreadable file all the same.
    throw err instanceof XlsError ? err : new XlsError('unreadable workbook');
  }
}

function parseWorkbook(file: Buffer): XlsRow[] {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(file, { type: 'buffer' });
  } catch {
    fail('not an OLE2 compound file');
  }
  const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
  if (!entry?.content || entry.content.length === 0) fail('no workbook stream');
  const stream = Buffer.from(entry.content as Uint8Array);

  // Workbook globals: the version, encryption, the shared strings and where the first worksheet starts.
  let strings: string[] = [];
  let firstSheet: number | null = null;
  const globals = records(stream, 0);
  const bof = globals.next();
  if (bof.done || bof.value.type !== RECORD.BOF || bof.value.data.length < 4) fail('no BOF record');
  if (bof.value.data.readUInt16LE(0) !== BIFF8) fail('only Excel 97–2003 (BIFF8) workbooks are read');
  let sst: Buffer[] | null = null;
  for (const rec of globals) {
    if (sst && rec.type === RECORD.CONTINUE) {
      sst.push(rec.data);
      continue;
    }
    if (sst) {
      strings = sharedStrings(sst);
      sst = null;
    }
    if (rec.type === RECORD.EOF) break;
    if (rec.type === RECORD.FILEPASS) fail('the workbook is password protected');
    if (rec.type === RECORD.SST) sst = [rec.data];
    if (rec.type === RECORD.BOUNDSHEET && firstSheet === null) {
      if (rec.data.length < 6) fail('short sheet record');
      const kind = rec.data.readUInt8(5);
      if (kind === 0) firstSheet = rec.data.readUInt32LE(0);
    }
  }
  if (sst) strings = sharedStrings(sst);
  if (firstSheet === null) fail('no worksheet');
  if (firstSheet >= stream.length) fail('worksheet past the end of the stream');

  const rows = new Map<number, string[]>();
  const put = (row: number, col: number, text: string) => {
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    cells[col] = text;
  };
  const sheet = records(stream, firstSheet);
  const start = sheet.next();
  if (start.done || start.value.type !== RECORD.BOF) fail('no worksheet BOF record');
  let formulaString: { row: number; col: number } | null = null;
  for (const { type, data } of sheet) {
    if (type === RECORD.EOF) break;
    if (type === RECORD.STRING && formulaString) {
      put(formulaString.row, formulaString.col, unicodeString(data, 0));
      formulaString = null;
      continue;
    }
    formulaString = null;
    switch (type) {
      case RECORD.LABELSST: {
        const { row, col } = cellPosition(data, 10);
        const index = data.readUInt32LE(6);
        put(row, col, strings[index] ?? fail('shared string out of range'));
        break;
      }
      case RECORD.LABEL:
      case RECORD.RSTRING: {
        const { row, col } = cellPosition(data, 9);
        put(row, col, unicodeString(data, 6));
        break;
      }
      case RECORD.NUMBER: {
        const { row, col } = cellPosition(data, 14);
        put(row, col, numberText(data.readDoubleLE(6)));
        break;
      }
      case RECORD.RK: {
        const { row, col } = cellPosition(data, 10);
        put(row, col, numberText(rkNumber(data.readUInt32LE(6))));
        break;
      }
      case RECORD.MULRK: {
        const { row, col: first } = cellPosition(data, 12);
        const count = (data.length - 6) / 6;
        if (!Number.isInteger(count) || first + count - 1 > MAX_COL) fail('malformed MULRK record');
        for (let i = 0; i < count; i++) put(row, first + i, numberText(rkNumber(data.readUInt32LE(4 + i * 6 + 2))));
        break;
      }
      case RECORD.BOOLERR: {
        const { row, col } = cellPosition(data, 8);
        const isError = data.readUInt8(7) === 1;
        put(row, col, isError ? '' : data.readUInt8(6) ? 'true' : 'false');
        break;
      }
      case RECORD.FORMULA: {
        const { row, col } = cellPosition(data, 14);
        if (data.readUInt16LE(12) !== 0xffff) put(row, col, numberText(data.readDoubleLE(6)));
        else {
          const kind = data.readUInt8(6);
          if (kind === 0) formulaString = { row, col }; // the text follows in a STRING record
          else if (kind === 1) put(row, col, data.readUInt8(8) ? 'true' : 'false');
          else put(row, col, '');
        }
        break;
      }
    }
  }
  return [...rows.keys()]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells = rows.get(row)!;
      return { row: row + 1, cells: Array.from(cells, (c) => (c ?? '').trim()) };
    });
}

/** The SST record and its CONTINUE records: every shared string, in order. */
function sharedStrings(parts: Buffer[]): string[] {
  const reader = new Segments(parts);
  reader.bytes(4); // total count of references
  const unique = reader.i32();
  if (unique < 0 || unique > 10_000_000) fail('implausible shared string count');
  const out: string[] = [];
  for (let i = 0; i < unique; i++) out.push(reader.richString());
  return out;
}
