import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { XlsError, readXlsRows, rkNumber } from './xls-reader.js';

/** Fixtures written by python3-xlwt (fixtures/make-xls.py), an independent BIFF8 writer. */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('reading a legacy .xls workbook', () => {
  it('reads shared strings, numbers (integers whole), booleans, empty rows left out and only the first sheet', () => {
    const rows = readXlsRows(fixture('cells.xls'));
    expect(rows).toEqual([
      { row: 1, cells: ['Nome', 'Número', 'Valor', 'Ativo'] },
      { row: 2, cells: ['João da Conceição 😀', '5511987654321', '1234.5', 'true'] },
      { row: 4, cells: ['espaços', '5511900001111', '42', 'false'] },
      { row: 5, cells: ['x'.repeat(300), '', '-7'] },
    ]);
  });

  it('reads 500 rows whose shared strings run over CONTINUE records', () => {
    const rows = readXlsRows(fixture('contacts-500.xls'));
    expect(rows).toHaveLength(501);
    expect(rows[0]!.cells).toEqual(['Nome', 'Número', 'E-mail', 'Tags']);
    // Every row's text survives the record splits (names and e-mails are all distinct strings).
    for (const { row, cells } of rows.slice(1)) {
      const i = row - 2;
      if (i % 50 >= 1 && i % 50 <= 5) continue; // the bad rows of the fixture
      expect(cells[0]).toBe(`Importado ${i}`);
      expect(cells[1]).toBe(`55119400${String(i).padStart(5, '0')}`);
      if (i !== 20) expect(cells[2]).toBe(`imp${i}@example.com`);
      expect(cells[3] ?? '').toBe(i % 2 && i !== 20 ? 'lote, importação' : '');
    }
  });

  it('decodes RK numbers: integers, hundredths and truncated doubles', () => {
    expect(rkNumber((123 << 2) | 0x02)).toBe(123);
    expect(rkNumber((-5 << 2) | 0x02)).toBe(-5);
    expect(rkNumber((12345 << 2) | 0x03)).toBe(123.45);
    expect(rkNumber(0x3ff00000)).toBe(1); // 1.0's high 32 bits
  });

  it('refuses what is not a BIFF8 workbook, and damaged files, with an XlsError', () => {
    expect(() => readXlsRows(Buffer.from('nome;numero\n'))).toThrow(XlsError);
    const damaged = Buffer.from(fixture('contacts-500.xls'));
    damaged.fill(0xff, 1024, 8192); // the directory and the start of the workbook stream
    expect(() => readXlsRows(damaged)).toThrow(XlsError);
  });

  it('never fails any other way on corrupted bytes (seeded fuzz)', () => {
    const original = fixture('cells.xls');
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let round = 0; round < 400; round++) {
      const bytes = Buffer.from(original);
      const flips = 1 + Math.floor(random() * 8);
      for (let f = 0; f < flips; f++) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      try {
        readXlsRows(bytes);
      } catch (err) {
        expect(err).toBeInstanceOf(XlsError);
      }
    }
  });
});
