import { describe, expect, it } from 'vitest';
import { contactListNameProblem, isSpreadsheet, itemProblems, toItemBody, uploadCounts } from './contactListRules';

describe('contact list validation (spec 002 §5)', () => {
  it('list name is required, 2 to 50', () => {
    expect(contactListNameProblem('')).toBe('required');
    expect(contactListNameProblem('A')).toBe('tooShort');
    expect(contactListNameProblem('x'.repeat(51))).toBe('tooLong');
    expect(contactListNameProblem('Clientes')).toBeUndefined();
  });
  it('item: name 2..50, number 8..50, email valid when given', () => {
    const ok = { name: 'Ana', number: '5511999990000', email: '' };
    expect(itemProblems(ok)).toEqual({});
    expect(itemProblems({ ...ok, name: 'A' }).name).toBe('tooShort');
    expect(itemProblems({ ...ok, number: '1234567' }).number).toBe('numberTooShort');
    expect(itemProblems({ ...ok, number: '1'.repeat(51) }).number).toBe('numberTooLong');
    expect(itemProblems({ ...ok, number: '' }).number).toBe('required');
    expect(itemProblems({ ...ok, email: 'ana@' }).email).toBe('invalidEmail');
    expect(itemProblems({ ...ok, email: 'ana@clinica.com' }).email).toBeUndefined();
  });
  it('sends an empty email as null', () => {
    expect(toItemBody({ name: ' Ana ', number: ' 5511999990000 ', email: ' ' }, 4)).toEqual({
      name: 'Ana',
      number: '5511999990000',
      email: null,
      contactListId: 4,
    });
  });
  it('imports .xls and .xlsx only, and shows the numeric counts of the answer', () => {
    expect(isSpreadsheet('lista.XLSX')).toBe(true);
    expect(isSpreadsheet('lista.xls')).toBe(true);
    expect(isSpreadsheet('lista.csv')).toBe(false);
    expect(uploadCounts({ total: 4, created: 3, ignored: 1, errors: [{ row: 3, field: 'number', message: 'x', error: null }] })).toEqual([
      { key: 'total', value: 4 },
      { key: 'created', value: 3 },
      { key: 'ignored', value: 1 },
    ]);
    expect(uploadCounts(null)).toEqual([]);
  });
});
