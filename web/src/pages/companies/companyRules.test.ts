import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import i18n, { changeLanguage } from '../../i18n';
import { zodRule } from '../users/zodRule';
import { ruleFailure } from '../users/ruleFailure';
import {
  companyCreateBody,
  companyFieldSchemas,
  companyUpdateBody,
  daysLeft,
  dueDateTone,
  renewDueDate,
  toApiDate,
  type CompanyFormValues,
} from './companyRules';
import { formatDay } from '../../format/dates';

const today = new Date(2025, 0, 10, 15, 30); // 10 Jan 2025, afternoon

describe('company due date', () => {
  it('counts calendar days left', () => {
    expect(daysLeft('2025-01-10', today)).toBe(0);
    expect(daysLeft('2025-01-15T00:00:00.000Z', today)).toBe(5);
    expect(daysLeft('2025-01-09', today)).toBe(-1);
    expect(daysLeft(null, today)).toBeNull();
  });

  it('is yellow 1 to 5 days before and red from the day itself', () => {
    expect(dueDateTone('2025-01-16', today)).toBeNull();
    expect(dueDateTone('2025-01-15', today)).toBe('warning');
    expect(dueDateTone('2025-01-11', today)).toBe('warning');
    expect(dueDateTone('2025-01-10', today)).toBe('danger');
    expect(dueDateTone('2024-12-01', today)).toBe('danger');
    expect(dueDateTone(null, today)).toBeNull();
  });
});

describe('renew', () => {
  it('adds the recurrence period', () => {
    expect(renewDueDate('2025-01-15', 'MENSAL')).toBe('2025-02-15');
    expect(renewDueDate('2025-01-15', 'BIMESTRAL')).toBe('2025-03-15');
    expect(renewDueDate('2025-01-15', 'TRIMESTRAL')).toBe('2025-04-15');
    expect(renewDueDate('2025-01-15', 'SEMESTRAL')).toBe('2025-07-15');
    expect(renewDueDate('2025-01-15T00:00:00Z', 'ANUAL')).toBe('2026-01-15');
  });

  it('clamps to the end of a shorter month', () => {
    expect(renewDueDate('2025-01-31', 'MENSAL')).toBe('2025-02-28');
  });

  it('adds nothing without a due date or recurrence', () => {
    expect(renewDueDate(null, 'MENSAL')).toBeNull();
    expect(renewDueDate('', 'ANUAL')).toBeNull();
    expect(renewDueDate('2025-01-15', null)).toBeNull();
  });

  it('sends an empty date as null and shows dd/MM/yyyy', () => {
    expect(toApiDate(null)).toBeNull();
    expect(toApiDate(dayjs('2025-03-04'))).toBe('2025-03-04');
    expect(formatDay('2025-03-04T10:00:00Z')).toBe('04/03/2025');
    expect(formatDay(null)).toBe('');
  });
});

const filled: CompanyFormValues = {
  name: ' Clínica Sorriso ',
  email: 'contato@sorriso.test',
  password: '',
  phone: '',
  document: ' 12.345.678/0001-00 ',
  planId: 3,
  status: true,
  dueDate: dayjs('2025-03-04'),
  recurrence: 'MENSAL',
  paymentMethod: '',
};

describe('company form (spec 001 §2, §5)', () => {
  it('leaves an empty password out of the new company (the server then creates it without its admin user)', () => {
    const body = companyCreateBody(filled);
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({
      name: 'Clínica Sorriso',
      email: 'contato@sorriso.test',
      planId: 3,
      phone: null,
      document: '12.345.678/0001-00',
      dueDate: '2025-03-04',
    });
    expect(companyCreateBody({ ...filled, password: 'segredo1' }).password).toBe('segredo1');
  });

  it('never sends a password when editing', () => {
    expect(companyUpdateBody({ ...filled, password: 'segredo1' })).not.toHaveProperty('password');
  });

  it("shows the contract's messages: 'Nome é obrigatório', 'E-mail é obrigatório', 'Email é inválido'", async () => {
    await i18n.changeLanguage('pt-BR');
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), '')).toBe('Nome é obrigatório');
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), undefined)).toBe('Nome é obrigatório');
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), 'A')).toBe('Nome é obrigatório');
    // The spec gives the 2–50 rule one message: a name too long is told the same.
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), 'x'.repeat(51))).toBe('Nome é obrigatório');
    expect(await ruleFailure(zodRule(companyFieldSchemas.email), '')).toBe('E-mail é obrigatório');
    expect(await ruleFailure(zodRule(companyFieldSchemas.email), undefined)).toBe('E-mail é obrigatório');
    expect(await ruleFailure(zodRule(companyFieldSchemas.email), 'nope')).toBe('Email é inválido');
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), 'Clínica')).toBeNull();
    expect(await ruleFailure(zodRule(companyFieldSchemas.email), 'a@b.test')).toBeNull();
  });

  it('tells the same rules in English and Spanish', async () => {
    await changeLanguage('en');
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), '')).toBe('Name is required');
    expect(await ruleFailure(zodRule(companyFieldSchemas.email), '')).toBe('E-mail is required');
    await changeLanguage('es');
    expect(await ruleFailure(zodRule(companyFieldSchemas.name), 'A')).toBe('El nombre es obligatorio');
    expect(await ruleFailure(zodRule(companyFieldSchemas.email), 'nope')).toBe('Correo electrónico no válido');
    await changeLanguage('pt-BR');
  });

  it('accepts an empty password and keeps 5 to 50 characters for one that is given', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(await ruleFailure(zodRule(companyFieldSchemas.password), '')).toBeNull();
    expect(await ruleFailure(zodRule(companyFieldSchemas.password), '1234')).toBe('Too Short!');
    expect(await ruleFailure(zodRule(companyFieldSchemas.password), 'x'.repeat(51))).toBe('Too Long!');
    expect(await ruleFailure(zodRule(companyFieldSchemas.password), '12345')).toBeNull();
  });
});
