import { AppError, invoicesPage, invoicesQuery, pixCharge, pixWebhookAnswer, pixWebhookBody, subscriptionBody, type Guards, type HttpApp } from '@atende/kit';
import type { Invoices } from '../domain/invoices.js';

export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/** Invoices and the subscription checkout (spec 001 §7 "Subscription and invoices"): the company's admins. */
export function invoicesRoutes(app: HttpApp, deps: { invoices: Invoices; guards: Guards }): void {
  const { invoices, guards } = deps;
  const tags = ['invoices'];

  app.get('/api/invoices', { preHandler: guards.admin, schema: { tags, querystring: invoicesQuery, response: { 200: invoicesPage } } }, (request) =>
    invoices.page(request.auth, request.query.pageNumber),
  );
  app.post('/api/subscription', { preHandler: guards.admin, schema: { tags, body: subscriptionBody, response: { 200: pixCharge } } }, (request) =>
    invoices.subscribe(request.auth, request.body),
  );
  // The payment provider's Pix notification: no session, a shared secret header instead (a malformed body is a 400 either way).
  app.post(
    '/api/subscription/webhook',
    {
      preHandler: async (request) => {
        const given = request.headers[WEBHOOK_SECRET_HEADER];
        if (!invoices.acceptsSecret(typeof given === 'string' ? given : undefined)) {
          throw new AppError('ERR_INVALID_WEBHOOK_SECRET', 'Missing or wrong payment webhook secret');
        }
      },
      schema: { tags, body: pixWebhookBody, response: { 200: pixWebhookAnswer } },
    },
    (request) => invoices.confirmPayments(request.body.pix ?? []),
  );
}
