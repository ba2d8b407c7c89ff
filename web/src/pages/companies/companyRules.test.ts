import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import i18n, { changeLanguage } from '../../i18n';
import { zodRule } from '../users/zodRule';
import { ruleFailure } from '../users/ruleFailure';
import { createCompanyBody, updateCompanyBody, type Company } from '@atende/kit/contracts';
import {
  companyCountBounds,
  companyCreateBody,
  companyFieldSchemas,
  companyUpdateBody,
  daysLeft,
  dueDateTone,
  renewDueDate,
  toApiDate,
  toCompanyFormValues,
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
  numberAttendants: 4,
  numberConections: 2,
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

  it("sends a password typed when editing (it sets the company admin's) and none when left blank", () => {
    expect(companyUpdateBody({ ...filled, password: 'segredo1' }).password).toBe('segredo1');
    expect(companyUpdateBody({ ...filled, password: '' })).not.toHaveProperty('password');
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

describe('number of attendants and of connections (spec 001 §3)', () => {
  const stored: Company = {
    id: 7,
    name: 'Clínica Sorriso',
    email: 'contato@sorriso.test',
    phone: null,
    document: null,
    address: null,
    city: null,
    state: null,
    numberAttendants: 5,
    numberConections: 0,
    planId: 3,
    status: true,
    dueDate: '2025-03-04',
    recurrence: 'MENSAL',
    paymentMethod: null,
    schedules: [],
    lastLogin: null,
    folderSize: null,
    numberFileFolder: null,
    updatedAtFolder: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    plan: null,
  };

  it('sends both numbers when creating and when editing', () => {
    expect(companyCreateBody(filled)).toMatchObject({ numberAttendants: 4, numberConections: 2 });
    expect(companyUpdateBody(filled)).toMatchObject({ numberAttendants: 4, numberConections: 2 });
    // 0 is a number, not "empty".
    expect(companyUpdateBody({ ...filled, numberAttendants: 0 })).toMatchObject({ numberAttendants: 0, numberConections: 2 });
    // The server reads them as sent.
    expect(createCompanyBody.parse(companyCreateBody(filled))).toMatchObject({ numberAttendants: 4, numberConections: 2 });
    expect(updateCompanyBody.parse(companyUpdateBody(filled))).toMatchObject({ numberAttendants: 4, numberConections: 2 });
  });

  it('sends an empty number as null, the contract\'s "no value" (an edit clears the stored one)', () => {
    const empty = { ...filled, numberAttendants: null, numberConections: null };
    expect(companyCreateBody(empty)).toMatchObject({ numberAttendants: null, numberConections: null });
    expect(companyUpdateBody(empty)).toMatchObject({ numberAttendants: null, numberConections: null });
    expect(updateCompanyBody.parse(companyUpdateBody(empty))).toMatchObject({ numberAttendants: null, numberConections: null });
    expect(createCompanyBody.parse(companyCreateBody(empty))).toMatchObject({ numberAttendants: null, numberConections: null });
  });

  it("shows an edited company's current numbers, and none on a new one", () => {
    expect(toCompanyFormValues(stored)).toMatchObject({ numberAttendants: 5, numberConections: 0 });
    expect(toCompanyFormValues({ ...stored, numberAttendants: null, numberConections: null })).toMatchObject({
      numberAttendants: null,
      numberConections: null,
    });
    expect(toCompanyFormValues(null)).toMatchObject({ numberAttendants: null, numberConections: null });
    expect(companyUpdateBody(toCompanyFormValues(stored))).toMatchObject({ numberAttendants: 5, numberConections: 0 });
  });

  it("refuses a negative, a fraction or too large a number with the contract's message; empty is allowed", async () => {
    await i18n.changeLanguage('pt-BR');
    for (const field of ['numberAttendants', 'numberConections'] as const) {
      const rule = zodRule(companyFieldSchemas[field]);
      expect(await ruleFailure(rule, -1)).toBe('must be 0 or more');
      expect(await ruleFailure(rule, 2.5)).toBe('must be a whole number');
      expect(await ruleFailure(rule, 100_001)).toBe('is too large');
      // The same messages the server answers.
      expect(updateCompanyBody.safeParse({ [field]: -1 }).error?.issues[0]?.message).toBe('must be 0 or more');
      expect(updateCompanyBody.safeParse({ [field]: 2.5 }).error?.issues[0]?.message).toBe('must be a whole number');
      for (const ok of [null, undefined, '', 0, 12, 100_000]) expect(await ruleFailure(rule, ok)).toBeNull();
    }
  });

  it("gives the number inputs the contract's bounds", () => {
    expect(companyCountBounds).toEqual({ numberAttendants: { min: 0, max: 100_000 }, numberConections: { min: 0, max: 100_000 } });
  });
});
