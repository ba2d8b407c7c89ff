import { describe, expect, it } from 'vitest';
import { allRowsState, assignColumn, checkImport, guessMapping, isSpreadsheetName, previewSource, summarizeImport, toggleAllRows, toImportMapping } from './importRules';

describe('import rules', () => {
  it('accepts only xls and xlsx', () => {
    expect(isSpreadsheetName('a.XLSX')).toBe(true);
    expect(isSpreadsheetName('a.xls')).toBe(true);
    expect(isSpreadsheetName('a.csv')).toBe(false);
  });
  it('previews .xlsx in the browser and a legacy .xls on the server', () => {
    expect(previewSource('contatos.xlsx')).toBe('browser');
    expect(previewSource('CONTATOS.XLS')).toBe('server');
    expect(previewSource('a.xls.xlsx')).toBe('browser');
  });
  it('the header checkbox stands for every row of the sheet, not only the page shown', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ row: i + 2 }));
    const all = rows.map((r) => r.row);
    expect(allRowsState(120, 120)).toEqual({ checked: true, indeterminate: false });
    expect(allRowsState(70, 120)).toEqual({ checked: false, indeterminate: true });
    expect(allRowsState(0, 120)).toEqual({ checked: false, indeterminate: false });
    expect(allRowsState(0, 0)).toEqual({ checked: false, indeterminate: false });
    // All selected → none (then 'Importar contatos' answers 'Nenhum contato selecionado').
    const none = toggleAllRows(all, rows);
    expect(none).toEqual([]);
    expect(checkImport(guessMapping(['Nome', 'Número']), none.length)).toEqual({ key: 'noneSelected' });
    // Some (beyond the first page of 50) or none selected → all 120.
    expect(toggleAllRows(all.slice(50), rows)).toEqual(all);
    expect(toggleAllRows([], rows)).toEqual(all);
  });
  it('recognises headers', () => {
    expect(guessMapping(['Nome', 'Número', 'E-mail', 'Tags'])).toEqual({ name: 0, number: 1, email: 2, tags: 3 });
    expect(guessMapping(['x', 'Telefone'])).toEqual({ name: null, number: 1, email: null, tags: null });
  });
  it('a column feeds one field only', () => {
    const m = guessMapping(['Nome', 'Número']);
    const r = assignColumn(m, 'email', 0, ['Nome', 'Número']);
    expect(r.problem).toEqual({ key: 'alreadySelected', field: 'Nome' });
    expect(r.mapping).toBe(m);
    expect(assignColumn(m, 'name', null, []).mapping.name).toBeNull();
  });
  it('checks number, name and selection in that order', () => {
    expect(checkImport({ name: null, number: null, email: null, tags: null }, 0)).toEqual({ key: 'noNumber' });
    expect(checkImport({ name: null, number: 1, email: null, tags: null }, 0)).toEqual({ key: 'noName' });
    expect(checkImport({ name: 0, number: 1, email: null, tags: null }, 0)).toEqual({ key: 'noneSelected' });
    expect(checkImport({ name: 0, number: 1, email: null, tags: null }, 2)).toBeNull();
  });
  it('sends 1-based positions', () => {
    expect(toImportMapping({ name: 0, number: 2, email: null, tags: null })).toEqual({ name: 1, number: 3, email: null, tags: null });
  });
  it('summarises created and ignored rows', () => {
    const s = summarizeImport(
      {
        total: 3,
        created: 1,
        ignored: 2,
        errors: [
          { row: 4, field: 'number', message: 'Contato já existe', error: 'ERR_DUPLICATED_CONTACT' },
          { row: 2, field: null, message: 'Required', error: 'ERR_VALIDATION' },
        ],
      },
      'Linha',
    );
    expect(s).toEqual({ kind: 'warning', total: 3, created: 1, ignored: 2, issues: ['Linha 2: Required', 'Linha 4 (number): Contato já existe'] });
    expect(summarizeImport({ total: 1, created: 1, ignored: 0, errors: [] }, 'Row').kind).toBe('success');
    const named = summarizeImport({ total: 1, created: 0, ignored: 1, errors: [{ row: 2, field: 'number', message: 'x', error: null }] }, 'Linha', 50, {
      fieldLabel: (f) => f.toUpperCase(),
      messageText: (m) => `«${m}»`,
    });
    expect(named.issues).toEqual(['Linha 2 (NUMBER): «x»']);
  });
});
