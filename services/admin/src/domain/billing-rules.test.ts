import { describe, expect, it } from 'vitest';
import { CUSTOM_PLAN, customPlanPrice, isValidCpfCnpj, subscriptionBody } from '@atende/kit';
import { addMonths, covers, invoiceHorizon, newTxid, renewedDueDate } from './billing-rules.js';
import { isValidTxid } from './pix-code.js';

describe('custom plan price (spec 001 §9)', () => {
  it('is 49 for the minimum of 3 users and 3 connections, +11 per extra user, +20 per extra connection', () => {
    expect(customPlanPrice(3, 3)).toBe(49);
    expect(customPlanPrice(4, 3)).toBe(60);
    expect(customPlanPrice(3, 5)).toBe(89);
    expect(customPlanPrice(10, 4)).toBe(49 + 7 * 11 + 20);
    expect(CUSTOM_PLAN).toMatchObject({ minUsers: 3, minConnections: 3 });
  });

  it('refuses fewer than 3 users or connections and requires the name and a valid CPF/CNPJ', () => {
    const ok = subscriptionBody.safeParse({ firstName: 'Ana', zipcode: '529.982.247-25', users: 3, connections: 3 });
    expect(ok.success).toBe(true);
    const bad = subscriptionBody.safeParse({ firstName: ' ', zipcode: '111.111.111-11', users: 2, connections: '1' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      firstName: 'O nome completo é obrigatório',
      zipcode: 'CPF/CNPJ inválido',
      users: 'Mínimo de 3 usuários',
      connections: 'Mínimo de 3 conexões',
    });
  });

  it('checks CPF and CNPJ digits', () => {
    expect(isValidCpfCnpj('52998224725')).toBe(true);
    expect(isValidCpfCnpj('529.982.247-24')).toBe(false);
    expect(isValidCpfCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCpfCnpj('00000000000')).toBe(false);
    expect(isValidCpfCnpj('123')).toBe(false);
  });
});

describe('renewal and billing dates', () => {
  it('adds calendar months, keeping the month’s last day for the 31st', () => {
    expect(addMonths('2025-01-15', 1)).toBe('2025-02-15');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-06-10', 12)).toBe('2026-06-10');
  });

  it('renews by the recurrence from the later of the due date and today (MENSAL when none)', () => {
    const today = '2025-03-10';
    expect(renewedDueDate('2025-03-20', 'MENSAL', today)).toBe('2025-04-20');
    expect(renewedDueDate('2025-03-20', 'BIMESTRAL', today)).toBe('2025-05-20');
    expect(renewedDueDate('2025-03-20', 'TRIMESTRAL', today)).toBe('2025-06-20');
    expect(renewedDueDate('2025-03-20', 'SEMESTRAL', today)).toBe('2025-09-20');
    expect(renewedDueDate('2025-03-20', 'ANUAL', today)).toBe('2026-03-20');
    // Overdue: a whole period from today.
    expect(renewedDueDate('2025-01-05', 'MENSAL', today)).toBe('2025-04-10');
    expect(renewedDueDate(null, null, today)).toBe('2025-04-10');
  });

  it('bills due dates up to 10 days ahead', () => {
    expect(invoiceHorizon('2025-12-25')).toBe('2026-01-04');
  });

  it('makes txids of 25 letters and digits, each different', () => {
    const a = newTxid();
    expect(isValidTxid(a)).toBe(true);
    expect(a).toHaveLength(25);
    expect(newTxid()).not.toBe(a);
  });

  it('a payment covers an invoice when it is at least its value', () => {
    expect(covers('49.00', '49.00')).toBe(true);
    expect(covers('60.00', '49.00')).toBe(true);
    expect(covers('48.99', '49.00')).toBe(false);
  });
});
