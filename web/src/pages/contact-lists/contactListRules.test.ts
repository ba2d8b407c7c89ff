import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { zodRule } from '../users/zodRule';
import { contactListNameProblem, isSpreadsheet, itemFieldSchemas, toItemBody, uploadCounts } from './contactListRules';
import { ruleFailure } from '../users/ruleFailure';

describe('contact list validation (spec 002 §5)', () => {
  it('list name is required, 2 to 50', () => {
    expect(contactListNameProblem('')).toBe('required');
    expect(contactListNameProblem('A')).toBe('tooShort');
    expect(contactListNameProblem('x'.repeat(51))).toBe('tooLong');
    expect(contactListNameProblem('Clientes')).toBeUndefined();
  });
  it("item: name 2..50, number 8..50, email valid when given, with the spec's texts (spec 002 §5)", async () => {
    await i18n.changeLanguage('pt-BR');
    expect(await ruleFailure(zodRule(itemFieldSchemas.name), '')).toBe('Required');
    expect(await ruleFailure(zodRule(itemFieldSchemas.name), 'A')).toBe('Too Short!');
    expect(await ruleFailure(zodRule(itemFieldSchemas.name), 'x'.repeat(51))).toBe('Too Long!');
    expect(await ruleFailure(zodRule(itemFieldSchemas.name), 'Ana')).toBeNull();
    expect(await ruleFailure(zodRule(itemFieldSchemas.number), '')).toBe('Required');
    expect(await ruleFailure(zodRule(itemFieldSchemas.number), '123')).toBe('Too Short!');
    expect(await ruleFailure(zodRule(itemFieldSchemas.number), '1'.repeat(51))).toBe('Too Long!');
    // As the contact form: the mask characters do not count.
    expect(await ruleFailure(zodRule(itemFieldSchemas.number), '+55 (11) 9999-0000')).toBeNull();
    expect(await ruleFailure(zodRule(itemFieldSchemas.number), '(11) 999')).toBe('Too Short!');
    expect(await ruleFailure(zodRule(itemFieldSchemas.email, { optionalEmpty: true }), 'bad')).toBe('Invalid email');
    expect(await ruleFailure(zodRule(itemFieldSchemas.email, { optionalEmpty: true }), '')).toBeNull();
    expect(await ruleFailure(zodRule(itemFieldSchemas.email, { optionalEmpty: true }), 'ana@clinica.com')).toBeNull();
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
