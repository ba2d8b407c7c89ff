import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';
import { addDays, addMonths, isoDay } from '../domain/billing-rules.js';

/**
 * The whole platform: an overdue company pays its invoice by Pix; the payment notification (a public path
 * at the gateway) renews the licence, the browser hears company-{id}-payment, and auth's next session
 * answer is no longer expired.
 */
const SECRET = 'flow-webhook-secret-0123456789';
let platform: TestPlatform;
const sockets: Socket[] = [];

beforeAll(async () => {
  platform = await startTestPlatform({ env: { PIX_KEY: '+5511988887777', PIX_MERCHANT_NAME: 'Atende', PIX_MERCHANT_CITY: 'Recife', PAYMENT_WEBHOOK_SECRET: SECRET } });
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await platform?.stop();
});

describe('subscription payment', () => {
  it('an overdue company pays by Pix and its next login is no longer expired', async () => {
    const today = isoDay();
    const company = await platform.createCompany({ plan: { amount: '79.90', users: 4, connections: 3 } });
    const superSession = await platform.login();
    const overdue = addDays(today, -2);
    expect((await platform.request('PUT', `/api/companies/${company.companyId}`, { token: superSession.token, body: { dueDate: overdue } })).status).toBe(200);

    const login = await platform.request('POST', '/api/auth/login', { body: { email: company.email, password: company.password } });
    expect(login.body.subscription).toMatchObject({ expired: true, dueDate: overdue });
    const token = login.body.token as string;

    const invoice = await eventually(async () => (await platform.request('GET', '/api/invoices', { token })).body.invoices?.[0]);
    expect(invoice).toMatchObject({ dueDate: overdue, value: '79.90', users: 4, connections: 3, status: 'open' });

    const socket = connect(platform.url, { transports: ['websocket'], query: { token }, reconnection: false });
    sockets.push(socket);
    const payments: unknown[] = [];
    socket.on(`company-${company.companyId}-payment`, (payload) => payments.push(payload));
    await eventually(() => socket.connected);

    const charge = await platform.request('POST', '/api/subscription', {
      token,
      body: { firstName: 'Ana Souza', zipcode: '11.222.333/0001-81', users: 4, connections: 3, price: 60, invoiceId: invoice.id },
    });
    expect(charge.status).toBe(200);
    expect(charge.body.valor.original).toBe('60.00');
    expect(charge.body.qrcode.qrcode).toMatch(/^000201.*5405 ?60\.00.*6304[0-9A-F]{4}$/);

    const unauthenticated = await platform.request('POST', '/api/subscription/webhook', { body: { pix: [{ txid: charge.body.txid, valor: '60.00' }] } });
    expect(unauthenticated.status).toBe(401);
    const notified = await platform.request('POST', '/api/subscription/webhook', {
      body: { pix: [{ txid: charge.body.txid, valor: '60.00', horario: new Date().toISOString(), endToEndId: 'E00000000202501011200abcdefghijk' }] },
      headers: { 'x-webhook-secret': SECRET },
    });
    expect(notified).toMatchObject({ status: 200, body: { received: 1, paid: 1 } });

    const renewed = addMonths(today, 1);
    await eventually(() => payments.length > 0);
    expect(payments).toEqual([{ action: 'CONCLUIDA', company: { id: company.companyId, dueDate: renewed }, invoiceId: invoice.id }]);
    // Signing in again ends the earlier session: the invoices are read with the new one.
    const again = await eventually(async () => {
      const answer = await platform.request('POST', '/api/auth/login', { body: { email: company.email, password: company.password } });
      return answer.body.subscription.expired === false && answer.body.subscription.dueDate === renewed ? answer : null;
    });
    expect((await platform.request('GET', '/api/invoices', { token: again.body.token })).body.invoices[0]).toMatchObject({ id: invoice.id, status: 'Pago' });
  });
});
