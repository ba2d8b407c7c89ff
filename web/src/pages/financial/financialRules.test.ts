import { describe, expect, it } from 'vitest';
import { formatDay } from '../../format/dates';
import { formatBRL, initialPlan, payAction, planCount, subscriptionPayload } from './financialRules';

const nbsp = (s: string | null) => s?.replace(/\s/g, ' ');

describe('invoices table', () => {
  it('shows due dates as DD/MM/YYYY and values in R$ (N/A when there is none)', () => {
    expect(formatDay('2025-03-07')).toBe('07/03/2025');
    expect(formatDay(null)).toBe('');
    expect(nbsp(formatBRL('1299.9'))).toBe('R$ 1.299,90');
    expect(nbsp(formatBRL(49))).toBe('R$ 49,00');
    expect(formatBRL(null)).toBeNull();
    expect(formatBRL('abc')).toBeNull();
  });

  it('PAGAR opens the payment link when there is one, else the checkout; a paid invoice has no action', () => {
    expect(payAction({ status: 'open', linkInvoice: 'https://pay.example/1' })).toEqual({ kind: 'link', url: 'https://pay.example/1' });
    expect(payAction({ status: 'open', linkInvoice: null })).toEqual({ kind: 'checkout' });
    expect(payAction({ status: 'Pago', linkInvoice: 'https://pay.example/1' })).toEqual({ kind: 'none' });
  });
});

describe('checkout', () => {
  it('starts from the invoice’s users and connections, never below 3', () => {
    expect(initialPlan({ users: 10, connections: 2 })).toEqual({ users: 10, connections: 3 });
    expect(initialPlan({ users: 0, connections: 0 })).toEqual({ users: 3, connections: 3 });
    expect(initialPlan(null)).toEqual({ users: 3, connections: 3 });
    expect(planCount(2, 3, 1000)).toBe(3);
    expect(planCount('7', 3, 1000)).toBe(7);
    expect(planCount(null, 3, 1000)).toBe(3);
  });

  it('posts the form, the plan as text and the custom-plan price (49 + 11 per extra user + 20 per extra connection)', () => {
    const body = subscriptionPayload({ firstName: ' Ana ', zipcode: '529.982.247-25', city: 'Recife', address: '' }, { users: 5, connections: 4 }, 12, 'Plano personalizado');
    expect(body).toMatchObject({ firstName: 'Ana', zipcode: '529.982.247-25', city: 'Recife', address2: null, price: 91, users: 5, connections: 4, invoiceId: 12 });
    expect(JSON.parse(body.plan as string)).toEqual({ title: 'Plano personalizado', price: 91, users: 5, connections: 4 });
  });
});
