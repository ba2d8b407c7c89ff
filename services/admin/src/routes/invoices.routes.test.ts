import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox, createUnitOfWork, emissionsFor } from '@atende/kit';
import { startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import type { AdminConfig } from '../config.js';
import { schema } from '../db/schema.js';
import { addDays, addMonths, isoDay } from '../domain/billing-rules.js';
import { createInvoices } from '../domain/invoices.js';
import { parsePixCode } from '../domain/pix-code.js';
import { createAdminService } from '../index.js';
import { gatewayFromConfig } from '../payments/static-pix.gateway.js';

const SECRET = 'webhook-secret-for-tests-0123456789';
const PIX_KEY = 'financeiro@atende.example';
const baseConfig: AdminConfig = {
  MAIN_COMPANY_NAME: 'Empresa 1',
  SIGNUP_TRIAL_DAYS: 7,
  ANNOUNCEMENT_MEDIA_MAX_BYTES: 1024 * 1024,
  PIX_KEY: undefined,
  PIX_MERCHANT_NAME: 'Atende Plataforma',
  PIX_MERCHANT_CITY: 'São Paulo',
  FOLDER_USAGE_SWEEP_MS: 0,
};
const CPF = '529.982.247-25';
const today = isoDay();

let h: ServiceHarness;
let superToken: string;
let nextUserId = 1000;

const startAdmin = (config: Partial<AdminConfig>) =>
  startServiceHarness({ schema: 'admin', create: (ctx) => createAdminService(ctx, { ...baseConfig, ...config }) });

/** An admin (or attendant) token of a company. */
const member = (harness: ServiceHarness, companyId: number, profile: 'admin' | 'user' = 'admin') =>
  harness.signIn({ id: nextUserId++, companyId, profile, super: false }).token;

async function newPlan(harness: ServiceHarness, token: string, fields: Record<string, unknown> = {}) {
  const plan = await harness.request('POST', '/api/plans', { token, body: { name: `Plano ${nextUserId++}`, users: 5, connections: 2, amount: '99.90', ...fields } });
  expect(plan.status).toBe(201);
  return plan.body as { id: number; name: string };
}

/** A company (created by the super user, no admin user) with a due date `days` from today. */
async function newCompany(harness: ServiceHarness, token: string, options: { days: number | null; planId: number; recurrence?: string; status?: boolean }) {
  const company = await harness.request('POST', '/api/companies', {
    token,
    body: {
      name: `Clínica ${nextUserId++}`,
      email: `c${nextUserId}@example.com`,
      planId: options.planId,
      dueDate: options.days === null ? null : addDays(today, options.days),
      recurrence: options.recurrence ?? 'MENSAL',
      status: options.status ?? true,
    },
  });
  expect(company.status).toBe(201);
  await harness.flush();
  return company.body as { id: number; dueDate: string | null };
}

const invoicesOf = async (harness: ServiceHarness, token: string, page = 1) => (await harness.request('GET', `/api/invoices?pageNumber=${page}`, { token })).body;

const checkout = (fields: Record<string, unknown> = {}) => ({ firstName: 'Ana Souza', zipcode: CPF, users: 3, connections: 3, ...fields });

const notify = (harness: ServiceHarness, pix: unknown[], secret: string | null = SECRET) =>
  harness.request('POST', '/api/subscription/webhook', { body: { pix }, headers: secret ? { 'x-webhook-secret': secret } : {} });

beforeAll(async () => {
  h = await startAdmin({ PIX_KEY, PAYMENT_WEBHOOK_SECRET: SECRET });
  superToken = h.signIn({ id: 1, companyId: 1, profile: 'admin', super: true }).token;
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

describe('invoice job', () => {
  it('bills a company whose due date is within 10 days or past, with its plan’s detail, users, connections and value', async () => {
    const plan = await newPlan(h, superToken);
    const soon = await newCompany(h, superToken, { days: 5, planId: plan.id });
    const overdue = await newCompany(h, superToken, { days: -3, planId: plan.id });
    for (const [company, days] of [[soon, 5], [overdue, -3]] as const) {
      const page = await invoicesOf(h, member(h, company.id));
      expect(page).toMatchObject({ count: 1, hasMore: false });
      expect(page.invoices[0]).toMatchObject({ detail: plan.name, users: 5, connections: 2, value: '99.90', status: 'open', dueDate: addDays(today, days), linkInvoice: null });
    }
  });

  it('skips company 1, free plans, inactive companies, due dates further than 10 days and companies without one', async () => {
    const plan = await newPlan(h, superToken);
    const free = await newPlan(h, superToken, { amount: '0' });
    const skipped = [
      await newCompany(h, superToken, { days: 11, planId: plan.id }),
      await newCompany(h, superToken, { days: null, planId: plan.id }),
      await newCompany(h, superToken, { days: 2, planId: free.id }),
      await newCompany(h, superToken, { days: 2, planId: plan.id, status: false }),
    ];
    expect((await h.request('PUT', '/api/companies/1', { token: superToken, body: { dueDate: addDays(today, 1), planId: plan.id } })).status).toBe(200);
    await h.flush();
    for (const company of [...skipped, { id: 1 }]) expect((await invoicesOf(h, member(h, company.id))).count).toBe(0);

    // The due date moves within reach: billed at once.
    await h.request('PUT', `/api/companies/${skipped[0]!.id}`, { token: superToken, body: { dueDate: addDays(today, 10) } });
    await h.flush();
    expect((await invoicesOf(h, member(h, skipped[0]!.id))).invoices.map((i: { dueDate: string }) => i.dueDate)).toEqual([addDays(today, 10)]);
    await h.request('PUT', '/api/companies/1', { token: superToken, body: { dueDate: '2999-12-31' } });
  });

  it('is idempotent: runs repeated or side by side (replicas) make one invoice per company and due date', async () => {
    const plan = await newPlan(h, superToken);
    const company = await newCompany(h, superToken, { days: 3, planId: plan.id });
    const db = drizzle(h.sql, { schema });
    const outbox = new Outbox(h.sql, 'admin', h.bus, h.ctx.logger);
    const replicas = [1, 2, 3].map(() => createInvoices({ ctx: h.ctx, db, unitOfWork: createUnitOfWork(db, outbox), gateway: null, webhookSecret: undefined }));
    const made = await Promise.all(replicas.map((r) => r.createDue()));
    expect(made).toEqual([0, 0, 0]);
    expect((await invoicesOf(h, member(h, company.id))).count).toBe(1);

    // A due date 12 days ahead is billed once the clock reaches 10 days before it.
    await h.request('PUT', `/api/companies/${company.id}`, { token: superToken, body: { dueDate: addDays(today, 12) } });
    await h.flush();
    expect((await invoicesOf(h, member(h, company.id))).count).toBe(1);
    const later = createInvoices({ ctx: h.ctx, db, unitOfWork: createUnitOfWork(db, outbox), gateway: null, webhookSecret: undefined, now: () => new Date(Date.now() + 2 * 86_400_000) });
    expect(await later.createDue()).toBeGreaterThanOrEqual(1);
    expect(await later.createDue()).toBe(0);
    expect((await invoicesOf(h, member(h, company.id))).invoices.map((i: { dueDate: string }) => i.dueDate)).toEqual([addDays(today, 12), addDays(today, 3)]);
  });
});

describe('GET /invoices', () => {
  it('pages 20 at a time, newest due date first, with the count', async () => {
    const plan = await newPlan(h, superToken);
    const company = await newCompany(h, superToken, { days: 40, planId: plan.id });
    const values = Array.from({ length: 25 }, (_, i) => `(${company.id}, 'Plano', 3, 3, '${addMonths('2024-01-10', i)}', 49)`).join(',');
    await h.sql.unsafe(`insert into admin.invoices (company_id, detail, users, connections, due_date, value) values ${values}`);
    const token = member(h, company.id);
    const first = await invoicesOf(h, token, 1);
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(first.invoices).toHaveLength(20);
    expect(first.invoices[0].dueDate).toBe(addMonths('2024-01-10', 24));
    const second = await invoicesOf(h, token, 2);
    expect(second).toMatchObject({ count: 25, hasMore: false });
    expect(second.invoices.map((i: { dueDate: string }) => i.dueDate)).toEqual([4, 3, 2, 1, 0].map((n) => addMonths('2024-01-10', n)));
    expect((await h.request('GET', '/api/invoices?pageNumber=0', { token })).status).toBe(400);
  });

  it('is the company’s admins’ only: attendants 403, no session 401, other companies see none of them', async () => {
    const plan = await newPlan(h, superToken);
    const mine = await newCompany(h, superToken, { days: 1, planId: plan.id });
    const other = await newCompany(h, superToken, { days: 1, planId: plan.id });
    const mineIds = (await invoicesOf(h, member(h, mine.id))).invoices.map((i: { id: number }) => i.id);
    const otherIds = (await invoicesOf(h, member(h, other.id))).invoices.map((i: { id: number }) => i.id);
    expect(mineIds).toHaveLength(1);
    expect(otherIds).toHaveLength(1);
    expect(otherIds).not.toContain(mineIds[0]);
    expect((await h.request('GET', '/api/invoices', { token: member(h, mine.id, 'user') })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await h.request('GET', '/api/invoices')).status).toBe(401);
    // The super user reads their own company's (company 1 is never billed).
    expect(await invoicesOf(h, superToken)).toMatchObject({ invoices: [], count: 0 });
  });
});

describe('POST /subscription', () => {
  it('charges the chosen custom plan on the invoice by Pix: price computed by the server, the code carries amount and txid', async () => {
    const plan = await newPlan(h, superToken);
    const company = await newCompany(h, superToken, { days: 4, planId: plan.id });
    const token = member(h, company.id);
    const [invoice] = (await invoicesOf(h, token)).invoices;
    const answer = await h.request('POST', '/api/subscription', {
      token,
      body: checkout({ invoiceId: invoice.id, users: 5, connections: 4, price: 91, plan: JSON.stringify({ title: 'Plano personalizado', price: 91, users: 5, connections: 4 }) }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ valor: { original: '91.00' }, invoice: { id: invoice.id, users: 5, connections: 4, value: '91.00', status: 'open' } });
    const fields = parsePixCode(answer.body.qrcode.qrcode);
    expect(fields.get('26')).toBe(`0014br.gov.bcb.pix01${String(PIX_KEY.length).padStart(2, '0')}${PIX_KEY}`);
    expect(fields.get('54')).toBe('91.00');
    expect(fields.get('59')).toBe('Atende Plataforma');
    expect(fields.get('60')).toBe('Sao Paulo');
    expect(fields.get('62')).toBe(`0525${answer.body.txid}`);
    expect((await invoicesOf(h, token)).invoices[0]).toMatchObject({ users: 5, connections: 4, value: '91.00' });

    // Paying again keeps the invoice's txid (a code already shown stays valid); the amount follows the new choice.
    const again = await h.request('POST', '/api/subscription', { token, body: checkout({ invoiceId: invoice.id }) });
    expect(again.body).toMatchObject({ txid: answer.body.txid, valor: { original: '49.00' } });
  });

  it('without invoiceId bills the company’s current due date (a new invoice when none exists)', async () => {
    const plan = await newPlan(h, superToken);
    const company = await newCompany(h, superToken, { days: 60, planId: plan.id });
    const token = member(h, company.id);
    const answer = await h.request('POST', '/api/subscription', { token, body: checkout({ users: '4', connections: '3', price: '60,00' }) });
    expect(answer.status).toBe(200);
    expect(answer.body.invoice).toMatchObject({ dueDate: addDays(today, 60), detail: plan.name, value: '60.00', users: 4 });
    const second = await h.request('POST', '/api/subscription', { token, body: checkout() });
    expect(second.body.invoice.id).toBe(answer.body.invoice.id);
    expect((await invoicesOf(h, token)).count).toBe(1);
  });

  it('validates the checkout fields and the custom-plan rule, naming the failing fields', async () => {
    const plan = await newPlan(h, superToken);
    const company = await newCompany(h, superToken, { days: 2, planId: plan.id });
    const token = member(h, company.id);
    const bad = await h.request('POST', '/api/subscription', { token, body: { firstName: '', zipcode: '123', users: 2, connections: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(Object.fromEntries(bad.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]))).toEqual({
      firstName: 'O nome completo é obrigatório',
      zipcode: 'CPF/CNPJ inválido',
      users: 'Mínimo de 3 usuários',
      connections: 'Mínimo de 3 conexões',
    });
    const missing = await h.request('POST', '/api/subscription', { token, body: { users: 3, connections: 3 } });
    expect(missing.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['firstName', 'zipcode']);
    const cheap = await h.request('POST', '/api/subscription', { token, body: checkout({ users: 10, connections: 3, price: 49 }) });
    expect(cheap).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'price', message: 'O valor do plano é 126.00' }] } });
    const long = await h.request('POST', '/api/subscription', { token, body: checkout({ firstName: 'x'.repeat(101), cardNumber: '9'.repeat(31) }) });
    expect(long.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['cardNumber', 'firstName']);
    expect((await invoicesOf(h, token)).invoices[0]).toMatchObject({ value: '99.90', users: 5 });
  });

  it('pays only an open invoice of the caller’s company; attendants are refused', async () => {
    const plan = await newPlan(h, superToken);
    const mine = await newCompany(h, superToken, { days: 2, planId: plan.id });
    const other = await newCompany(h, superToken, { days: 2, planId: plan.id });
    const [theirs] = (await invoicesOf(h, member(h, other.id))).invoices;
    const token = member(h, mine.id);
    expect((await h.request('POST', '/api/subscription', { token, body: checkout({ invoiceId: theirs.id }) })).body.error).toBe('ERR_NO_INVOICE_FOUND');
    expect((await h.request('POST', '/api/subscription', { token: member(h, mine.id, 'user'), body: checkout() })).status).toBe(403);
    expect((await h.request('POST', '/api/subscription', { body: checkout() })).status).toBe(401);

    const [own] = (await invoicesOf(h, token)).invoices;
    const charge = await h.request('POST', '/api/subscription', { token, body: checkout({ invoiceId: own.id }) });
    expect((await notify(h, [{ txid: charge.body.txid, valor: '49.00', horario: new Date().toISOString() }])).body).toEqual({ received: 1, paid: 1 });
    expect((await h.request('POST', '/api/subscription', { token, body: checkout({ invoiceId: own.id }) })).body.error).toBe('ERR_INVOICE_ALREADY_PAID');
    // The other company's invoice is untouched.
    expect((await invoicesOf(h, member(h, other.id))).invoices[0]).toMatchObject({ status: 'open', value: '99.90' });
  });
});

describe('POST /subscription/webhook', () => {
  const companyWithCharge = async (days: number, recurrence = 'MENSAL') => {
    const plan = await newPlan(h, superToken);
    const company = await newCompany(h, superToken, { days, planId: plan.id, recurrence });
    const token = member(h, company.id);
    const [invoice] = (await invoicesOf(h, token)).invoices;
    const charge = await h.request('POST', '/api/subscription', { token, body: checkout({ invoiceId: invoice.id, users: 4 }) });
    return { company, token, invoice, txid: charge.body.txid as string };
  };
  const dueDateOf = async (companyId: number) => (await h.request('GET', `/api/companies/${companyId}`, { token: superToken })).body.dueDate as string;

  it('refuses a missing or wrong secret with 401 and changes nothing', async () => {
    const { company, token, txid } = await companyWithCharge(3);
    for (const secret of [null, 'wrong-secret-wrong-secret-123']) {
      const refused = await notify(h, [{ txid, valor: '60.00' }], secret);
      expect(refused).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_WEBHOOK_SECRET' } });
    }
    expect((await invoicesOf(h, token)).invoices[0].status).toBe('open');
    expect(await dueDateOf(company.id)).toBe(addDays(today, 3));
  });

  it('marks the invoice Pago, renews the due date by the recurrence and announces company-{id}-payment CONCLUIDA; a repeat changes nothing', async () => {
    const { company, token, invoice, txid } = await companyWithCharge(3, 'TRIMESTRAL');
    const before = h.events('admin.invoice.paid').length;
    const paid = await notify(h, [{ txid, valor: '60.00', horario: '2025-05-01T10:00:00.000Z', endToEndId: 'E12345678202505011000abcdefghijk' }]);
    expect(paid).toMatchObject({ status: 200, body: { received: 1, paid: 1 } });
    const renewed = addMonths(addDays(today, 3), 3);
    expect(await dueDateOf(company.id)).toBe(renewed);
    expect((await invoicesOf(h, token)).invoices.find((i: { id: number }) => i.id === invoice.id)).toMatchObject({ status: 'Pago', paidAt: '2025-05-01T10:00:00.000Z' });

    await h.flush();
    const events = h.events('admin.invoice.paid').slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ companyId: company.id, data: { company: { id: company.id, dueDate: renewed }, invoice: { id: invoice.id, status: 'Pago' } } });
    expect(emissionsFor('admin.invoice.paid', events[0]!)).toEqual([
      { event: 'company-{companyId}-payment', payload: { action: 'CONCLUIDA', company: { id: company.id, dueDate: renewed }, invoiceId: invoice.id }, audience: { to: 'company' } },
    ]);
    // Sessions and guards learn the new due date (the company directory drops on admin.company.updated).
    expect(h.events('admin.company.updated').some((e) => e.data.company.id === company.id && e.data.company.dueDate === renewed)).toBe(true);

    expect((await notify(h, [{ txid, valor: '60.00' }])).body).toEqual({ received: 1, paid: 0 });
    await h.flush();
    expect(await dueDateOf(company.id)).toBe(renewed);
    expect(h.events('admin.invoice.paid').slice(before)).toHaveLength(1);
  });

  it('renews an overdue company from today; ignores unknown txids and payments below the invoice value', async () => {
    const { company, token, txid } = await companyWithCharge(-20);
    expect((await notify(h, [{ txid: 'UnknownTxid000000000000000', valor: '60.00' }, { txid, valor: '59.99' }])).body).toEqual({ received: 2, paid: 0 });
    expect((await invoicesOf(h, token)).invoices[0].status).toBe('open');
    expect((await notify(h, [{ txid, valor: '60.00' }])).body).toEqual({ received: 1, paid: 1 });
    expect(await dueDateOf(company.id)).toBe(addMonths(today, 1));
  });

  it('answers a provider’s test call without payments and refuses a malformed body with 400', async () => {
    const test = await h.request('POST', '/api/subscription/webhook', { body: { evento: 'teste_webhook' }, headers: { 'x-webhook-secret': SECRET } });
    expect(test).toMatchObject({ status: 200, body: { received: 0, paid: 0 } });
    const bad = await h.request('POST', '/api/subscription/webhook', { body: { pix: [{ txid: '', valor: 'muito' }] }, headers: { 'x-webhook-secret': SECRET } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});

describe('without payment settings', () => {
  it('refuses the checkout with ERR_PAYMENT_NOT_CONFIGURED (no code is made up) and every notification with 401', async () => {
    const bare = await startAdmin({});
    try {
      const superUser = bare.signIn({ id: 1, companyId: 1, profile: 'admin', super: true }).token;
      const plan = await newPlan(bare, superUser);
      const company = await newCompany(bare, superUser, { days: 2, planId: plan.id });
      const token = member(bare, company.id);
      const [invoice] = (await invoicesOf(bare, token)).invoices;
      const refused = await bare.request('POST', '/api/subscription', { token, body: checkout({ invoiceId: invoice.id }) });
      expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_PAYMENT_NOT_CONFIGURED' } });
      expect((await invoicesOf(bare, token)).invoices[0]).toMatchObject({ value: '99.90', users: 5 });
      expect((await notify(bare, [{ txid: 'x', valor: '1.00' }], 'any-secret-any-secret-123')).status).toBe(401);
    } finally {
      await bare.stop();
    }
  });

  it('stops the start on a Pix setting it cannot write', () => {
    expect(gatewayFromConfig({ PIX_KEY: undefined, PIX_MERCHANT_NAME: 'A', PIX_MERCHANT_CITY: 'B' })).toBeNull();
    expect(() => gatewayFromConfig({ PIX_KEY, PIX_MERCHANT_NAME: '***', PIX_MERCHANT_CITY: 'B' })).toThrow(/Invalid Pix settings/);
    expect(gatewayFromConfig({ PIX_KEY, PIX_MERCHANT_NAME: 'Atende', PIX_MERCHANT_CITY: 'Recife' })?.name).toBe('static-pix');
  });
});
