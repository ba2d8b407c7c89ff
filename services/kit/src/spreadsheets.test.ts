import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { readSpreadsheetRows, SPREADSHEET_MAX_UNPACKED_BYTES, zipUnpackedBytes } from './spreadsheets.js';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Outra').addRow(['não lida']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const refusal = async (pending: Promise<unknown>): Promise<AppError> => {
  const err = await pending.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('readSpreadsheetRows (.xlsx)', () => {
  it('reads the first worksheet as text cells with their row numbers: numbers whole, dates as days, rich text and formulas as shown; empty rows skipped', async () => {
    const data = await workbook([
      ['Nome', 'Número', 'Desde'],
      ['Ana Souza', 5511999990001, new Date(Date.UTC(2024, 0, 31))],
      [],
      [{ richText: [{ text: 'Bia ' }, { font: { bold: true }, text: 'Lima' }] }, { formula: '5511999990000+2', result: 5511999990002 }, ''],
    ]);
    expect(await readSpreadsheetRows(data, { maxDataRows: 10 })).toEqual([
      { row: 1, cells: ['Nome', 'Número', 'Desde'] },
      { row: 2, cells: ['Ana Souza', '5511999990001', '2024-01-31'] },
      { row: 4, cells: ['Bia Lima', '5511999990002', ''] },
    ]);
  });

  it('a header and maxDataRows rows are read; one row more is refused on file without reading on', async () => {
    const rows = (n: number) => [['Nome', 'Número'], ...Array.from({ length: n }, (_, i) => [`Contato ${i}`, `55119${String(i).padStart(8, '0')}`])];
    expect(await readSpreadsheetRows(await workbook(rows(50)), { maxDataRows: 50 })).toHaveLength(51);
    const over = await refusal(readSpreadsheetRows(await workbook(rows(5000)), { maxDataRows: 50 }));
    expect(over.code).toBe('ERR_VALIDATION');
    expect(over.fields).toEqual([{ field: 'file', message: 'at most 50 rows' }]);
  });

  it("reads a workbook whose writer streamed it (the sheet first, the content types last), which the file's first bytes do not tell", async () => {
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = book.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Número']).commit();
    sheet.addRow(['Ana Souza', '5511999990001']).commit();
    sheet.commit();
    await book.commit();
    expect(await readSpreadsheetRows(Buffer.concat(chunks), { maxDataRows: 10 })).toEqual([
      { row: 1, cells: ['Nome', 'Número'] },
      { row: 2, cells: ['Ana Souza', '5511999990001'] },
    ]);
  });

  it('reads a workbook written by SheetJS (its sheet zipped before the workbook part) the same way every time', async () => {
    const data = readFileSync(new URL('./fixtures/sheetjs-contacts.xlsx', import.meta.url));
    const reads = await Promise.all(Array.from({ length: 20 }, () => readSpreadsheetRows(data, { maxDataRows: 50 })));
    for (const rows of reads) {
      expect(rows).toHaveLength(11);
      expect(rows[0]).toEqual({ row: 1, cells: ['Nome', 'Número', 'Email', 'Tags'] });
      expect(rows[1]).toEqual({ row: 2, cells: ['Ana Souza', '5511911110001', 'ana@x.com', 'cliente, vip'] });
    }
    const over = await refusal(readSpreadsheetRows(data, { maxDataRows: 5 }));
    expect(over.fields).toEqual([{ field: 'file', message: 'at most 5 rows' }]);
  });

  it('refuses a workbook whose parts unpack to more than the ceiling before unpacking any (a zip bomb), and one that is no zip', async () => {
    const data = await workbook([['Nome'], ['Ana']]);
    const honest = zipUnpackedBytes(data)!;
    expect(honest).toBeGreaterThan(data.length);
    expect(honest).toBeLessThan(SPREADSHEET_MAX_UNPACKED_BYTES);
    // The central directory says the first part unpacks to 4 GB.
    const bomb = Buffer.from(data);
    const end = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const firstEntry = bomb.readUInt32LE(end + 16);
    bomb.writeUInt32LE(0xfffffffe, firstEntry + 24);
    expect(zipUnpackedBytes(bomb)).toBeGreaterThan(SPREADSHEET_MAX_UNPACKED_BYTES);
    const refused = await refusal(readSpreadsheetRows(bomb, { maxDataRows: 10 }));
    expect(refused.fields).toEqual([{ field: 'file', message: `unpacks to more than ${SPREADSHEET_MAX_UNPACKED_BYTES / 1024 / 1024} MB` }]);
    expect(zipUnpackedBytes(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
  });
});
