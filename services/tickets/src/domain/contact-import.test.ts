import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkRow, importMessages, normalizeHeader, planSheet, readSheet, resolveColumns, splitTagNames } from './contact-import.js';

const fieldError = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { fields?: unknown }).fields;
  }
  return null;
};

describe('column mapping', () => {
  it('recognises the usual headers, accents and case aside', () => {
    expect(normalizeHeader(' Número de Telefone ')).toBe('numero de telefone');
    expect(resolveColumns(['Nome', 'E-mail', 'Número', 'Etiquetas'], null)).toEqual({ name: 0, number: 2, email: 1, tags: 3 });
    expect(resolveColumns(['name', 'phone'], null)).toEqual({ name: 0, number: 1, email: null, tags: null });
  });

  it('follows the mapping chosen (header text or 1-based position)', () => {
    expect(resolveColumns(['Cliente', 'Celular', 'Obs'], { name: 'CLIENTE', number: 2, tags: 'obs' })).toEqual({ name: 0, number: 1, email: null, tags: 2 });
  });

  it('answers the spec messages for a missing or repeated mapping', () => {
    expect(fieldError(() => resolveColumns(['Cliente'], { name: 'Cliente' }))).toEqual([{ field: 'mapping.number', message: importMessages.noNumber }]);
    expect(fieldError(() => resolveColumns(['Tel'], { number: 'Tel' }))).toEqual([{ field: 'mapping.name', message: importMessages.noName }]);
    expect(fieldError(() => resolveColumns(['Cliente', 'Tel'], { name: 'Tel', number: 2 }))).toEqual([{ field: 'mapping.number', message: 'O campo Tel já foi selecionado.' }]);
    expect(fieldError(() => resolveColumns(['Cliente', 'Tel'], { name: 'Cliente', number: 3 }))).toEqual([{ field: 'mapping.number', message: 'column 3 not found' }]);
    // A data row reaching past the header: its columns can be chosen by position.
    expect(resolveColumns(['Cliente', 'Tel'], { name: 'Cliente', number: 3 }, 3)).toMatchObject({ name: 0, number: 2 });
    expect(fieldError(() => resolveColumns(['Cliente', 'Tel'], { name: 'Cliente', number: 'Fone' }))).toEqual([{ field: 'mapping.number', message: 'column "Fone" not found' }]);
  });
});

describe('rows', () => {
  it('splits tag names, keeping each once and at least 3 characters', () => {
    expect(splitTagNames('vip, VIP; retorno | ab ,  ')).toEqual(['vip', 'retorno']);
    expect(splitTagNames(['Lote', 'lote', 'x'])).toEqual(['Lote']);
    expect(splitTagNames(null)).toEqual([]);
  });

  it('checks a row like the contact form', () => {
    expect(checkRow(2, { name: ' Ana ', number: '(11) 98765-4321', email: '' }, { validateContact: false })).toEqual({
      ok: true,
      value: { row: 2, name: 'Ana', number: '11987654321', email: '', tags: [] },
    });
    expect(checkRow(3, { name: '', number: '11987654321' }, { validateContact: false })).toEqual({ ok: false, issue: { row: 3, field: 'name', message: 'Required', error: 'ERR_VALIDATION' } });
    expect(checkRow(4, { name: 'Ana', number: '  ' }, { validateContact: false })).toMatchObject({ ok: false, issue: { field: 'number', message: 'Required' } });
    expect(checkRow(5, { name: 'Ana', number: '11987654321', email: 'x@' }, { validateContact: false })).toMatchObject({ ok: false, issue: { field: 'email', message: 'Invalid email' } });
    expect(checkRow(6, { name: 'Ana', number: '123456789' }, { validateContact: true })).toMatchObject({ ok: false, issue: { field: 'number', error: 'ERR_WAPP_INVALID_CONTACT' } });
  });

  it('plans a sheet: selected rows only, a number repeated in the file kept once', () => {
    const sheet = {
      headers: ['nome', 'numero'],
      rows: [
        { row: 2, cells: ['Um', '5511900000001'] },
        { row: 3, cells: ['Dois', '5511900000001'] },
        { row: 4, cells: ['', '5511900000003'] },
        { row: 5, cells: ['Cinco', '5511900000005'] },
      ],
    };
    const columns = resolveColumns(sheet.headers, null);
    const all = planSheet(sheet, columns, { rows: null, validateContact: false });
    expect(all.total).toBe(4);
    expect(all.candidates.map((c) => c.row)).toEqual([2, 5]);
    expect(all.issues.map((i) => [i.row, i.message])).toEqual([[3, importMessages.duplicated], [4, 'Required']]);
    expect(planSheet(sheet, columns, { rows: [5], validateContact: false }).candidates.map((c) => c.name)).toEqual(['Cinco']);
    expect(fieldError(() => planSheet(sheet, columns, { rows: [99], validateContact: false }))).toEqual([{ field: 'rows', message: importMessages.noneSelected }]);
  });
});

describe('reading a workbook', () => {
  it('takes the first non-empty row as headers and reads cells of any kind as text', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('A');
    sheet.addRow([]);
    sheet.addRow(['Nome', 'Número', 'Email']);
    sheet.addRow([{ richText: [{ text: 'Ana ' }, { text: 'Lima' }] }, 5511987654321, { text: 'ana@example.com', hyperlink: 'mailto:ana@example.com' }]);
    sheet.addRow(['Bia', { formula: '"5511"&"900000002"', result: '5511900000002' }, null]);
    const read = await readSheet(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(read.headers).toEqual(['Nome', 'Número', 'Email']);
    expect(read.rows).toEqual([
      { row: 3, cells: ['Ana Lima', '5511987654321', 'ana@example.com'] },
      { row: 4, cells: ['Bia', '5511900000002'] },
    ]);
  });

  it("refuses what is not a spreadsheet with 'Arquivo inválido!'", async () => {
    await expect(readSheet(Buffer.from('nome;numero\n'))).rejects.toMatchObject({ code: 'ERR_IMPORT_INVALID_FILE', message: importMessages.invalidFile });
  });
});
