import { CUSTOM_PLAN, customPlanPrice, type Invoice, type SubscriptionBody } from '@atende/kit/contracts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ in the pt-BR format (spec 001 §9), or null when the value is not a number. */
export function formatBRL(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? brl.format(n) : null;
}

export const isPaid = (invoice: Pick<Invoice, 'status'>): boolean => invoice.status === 'Pago';

/** What PAGAR does: the provider's page in a new tab when the invoice has one, else the checkout. */
export function payAction(invoice: Pick<Invoice, 'status' | 'linkInvoice'>): { kind: 'none' } | { kind: 'link'; url: string } | { kind: 'checkout' } {
  if (isPaid(invoice)) return { kind: 'none' };
  return invoice.linkInvoice ? { kind: 'link', url: invoice.linkInvoice } : { kind: 'checkout' };
}

/** The custom plan's starting point for an invoice: its users and connections, never below the minimum of 3. */
export function initialPlan(invoice: Pick<Invoice, 'users' | 'connections'> | null): { users: number; connections: number } {
  return {
    users: Math.max(CUSTOM_PLAN.minUsers, Math.min(CUSTOM_PLAN.maxUsers, invoice?.users ?? 0)),
    connections: Math.max(CUSTOM_PLAN.minConnections, Math.min(CUSTOM_PLAN.maxConnections, invoice?.connections ?? 0)),
  };
}

/** A users/connections input: a whole number, at least the minimum (3). */
export function planCount(value: number | string | null | undefined, min: number, max: number): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

export type CheckoutForm = {
  firstName: string;
  lastName?: string;
  address?: string;
  city?: string;
  state?: string;
  zipcode: string;
  country?: string;
};

/** The POST /subscription body of the checkout: the form, the plan (as text too) and the price computed like the server does. */
export function subscriptionPayload(form: CheckoutForm, plan: { users: number; connections: number }, invoiceId: number | null, title: string): SubscriptionBody {
  const price = customPlanPrice(plan.users, plan.connections);
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    firstName: form.firstName.trim(),
    lastName: text(form.lastName),
    address2: text(form.address),
    city: text(form.city),
    state: text(form.state),
    zipcode: form.zipcode.trim(),
    country: text(form.country),
    useAddressForPaymentDetails: false,
    plan: JSON.stringify({ title, price, users: plan.users, connections: plan.connections }),
    price,
    users: plan.users,
    connections: plan.connections,
    invoiceId,
  };
}
