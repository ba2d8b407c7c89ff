import { describe, expect, it } from 'vitest';
import { readXlsx, readZipText, zipEntries } from '../contacts/xlsxReader';
import { columnName, crc32, dosDateTime, escapeXml, sheetName, workbookFiles, worksheetXml, writeXlsx, xlsxBlob, XLSX_MIME, zipStored } from './xlsxWriter';

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
const text = (s: string) => new TextEncoder().encode(s);
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

const DATE = new Date(2026, 3, 15, 13, 45, 30);
const NAMES = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/worksheets/sheet1.xml'];

describe('crc32', () => {
  it('matches the reference values', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    expect(crc32(text('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });
});

describe('zipStored', () => {
  it('writes local headers, the central directory and its end, with stored entries and their CRC', () => {
    const files = [
      { name: 'a.txt', data: text('hello') },
      { name: 'dir/b.xml', data: text('<x>ção</x>') },
    ];
    const zip = zipStored(files, DATE);
    const { time, date } = dosDateTime(DATE);

    // Local headers one after the other, each with its name and data.
    let p = 0;
    const offsets: number[] = [];
    for (const f of files) {
      offsets.push(p);
      expect(u32(zip, p)).toBe(0x04034b50);
      expect(u16(zip, p + 8)).toBe(0); // stored
      expect(u16(zip, p + 10)).toBe(time);
      expect(u16(zip, p + 12)).toBe(date);
      expect(u32(zip, p + 14)).toBe(crc32(f.data));
      expect(u32(zip, p + 18)).toBe(f.data.length);
      expect(u32(zip, p + 22)).toBe(f.data.length);
      const nameLength = u16(zip, p + 26);
      expect(new TextDecoder().decode(zip.subarray(p + 30, p + 30 + nameLength))).toBe(f.name);
      expect(zip.subarray(p + 30 + nameLength, p + 30 + nameLength + f.data.length)).toEqual(f.data);
      p += 30 + nameLength + u16(zip, p + 28) + f.data.length;
    }

    // Then the central directory, pointing back at them, and the end record.
    const centralStart = p;
    for (const [i, f] of files.entries()) {
      expect(u32(zip, p)).toBe(0x02014b50);
      expect(u16(zip, p + 10)).toBe(0);
      expect(u32(zip, p + 16)).toBe(crc32(f.data));
      expect(u32(zip, p + 20)).toBe(f.data.length);
      expect(u32(zip, p + 24)).toBe(f.data.length);
      expect(u32(zip, p + 42)).toBe(offsets[i]);
      p += 46 + u16(zip, p + 28) + u16(zip, p + 30) + u16(zip, p + 32);
    }
    expect(u32(zip, p)).toBe(0x06054b50);
    expect(u16(zip, p + 8)).toBe(2);
    expect(u16(zip, p + 10)).toBe(2);
    expect(u32(zip, p + 12)).toBe(p - centralStart);
    expect(u32(zip, p + 16)).toBe(centralStart);
    expect(p + 22).toBe(zip.length);

    // The reader finds the same entries.
    expect(zipEntries(zip).map((e) => [e.name, e.method, e.localOffset])).toEqual([
      ['a.txt', 0, offsets[0]],
      ['dir/b.xml', 0, offsets[1]],
    ]);
  });

  it('encodes the DOS time in two-second steps', () => {
    expect(dosDateTime(DATE)).toEqual({ time: (13 << 11) | (45 << 5) | 15, date: (46 << 9) | (4 << 5) | 15 });
  });
});

describe('worksheet XML', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(escapeXml('x\u0000y\u001fz\tw\n')).toBe('xyz\tw\n');
    expect(escapeXml('ok 😀 \ud800 end')).toBe('ok 😀  end');
  });

  it('names columns and sheets', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(sheetName('Tickets: 01/04 [all]')).toBe('Tickets  01 04  all');
    expect(sheetName('')).toBe('Sheet1');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });

  it('writes numbers as values and texts inline, leaving empty cells out', () => {
    const xml = worksheetXml(
      [
        ['Id', 'Name'],
        [7, null, 'x'],
        [1.5, ''],
      ],
      { freezeHeader: true },
    );
    expect(xml).toContain('<dimension ref="A1:C3"/>');
    expect(xml).toContain('state="frozen"');
    expect(xml).toContain('<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">Id</t></is></c><c r="B1" t="inlineStr">');
    expect(xml).toContain('<row r="2"><c r="A2"><v>7</v></c><c r="C2" t="inlineStr"><is><t xml:space="preserve">x</t></is></c></row>');
    expect(xml).toContain('<row r="3"><c r="A3"><v>1.5</v></c></row>');
  });

  it('lists the workbook parts', () => {
    expect(workbookFiles([['a']]).map((f) => f.name)).toEqual(NAMES);
  });
});

describe('writeXlsx', () => {
  const rows = [
    ['Id', 'Contato', 'Mensagem', 'NPS'],
    [12, 'Ana Paula', 'Olá <b> & "tchau"', 5],
    [13, 'José', '  espaços  ', null],
    [14, 'Emoji 😀', 'linha 1\nlinha 2', 3],
  ];

  it('packs the five parts, stored, each with its CRC', async () => {
    const bytes = writeXlsx(rows, { sheetName: 'Tickets', date: DATE });
    const entries = zipEntries(bytes);
    expect(entries.map((e) => e.name)).toEqual(NAMES);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!;
    const o = sheet.localOffset;
    const start = o + 30 + u16(bytes, o + 26) + u16(bytes, o + 28);
    expect(u32(bytes, o + 14)).toBe(crc32(bytes.subarray(start, start + sheet.compressedSize)));
    expect(await readZipText(bytes, entries, 'xl/workbook.xml')).toContain('<sheet name="Tickets" sheetId="1" r:id="rId1"/>');
  });

  it('is read back by the import page’s reader with the same values', async () => {
    const sheet = await readXlsx(arrayBuffer(writeXlsx(rows)));
    expect(sheet.headers).toEqual(['Id', 'Contato', 'Mensagem', 'NPS']);
    // (the reader trims texts and writes whole numbers without decimals)
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['12', 'Ana Paula', 'Olá <b> & "tchau"', '5'] },
      { row: 3, cells: ['13', 'José', 'espaços'] }, // a trailing empty cell is not written
      { row: 4, cells: ['14', 'Emoji 😀', 'linha 1\nlinha 2', '3'] },
    ]);
  });

  it('makes a Blob of the spreadsheet type', async () => {
    const blob = xlsxBlob(rows);
    expect(blob.type).toBe(XLSX_MIME);
    expect(blob.size).toBe(writeXlsx(rows, { date: DATE }).length);
    expect(u32(new Uint8Array(await blob.arrayBuffer()), 0)).toBe(0x04034b50);
  });
});
