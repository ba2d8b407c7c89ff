import { answer, consume, type ServiceContext, type Subscription, type UnitOfWork } from '@atende/kit';
import type { AdminDb } from '../db/repositories.js';
import type { Catalogue } from '../domain/catalogue.js';
import type { Invoices } from '../domain/invoices.js';
import type { Settings } from '../domain/settings.js';

/** What admin answers over request/reply and what it consumes from other services. */
export function startEventHandlers(deps: {
  ctx: ServiceContext;
  unitOfWork: UnitOfWork<AdminDb>;
  catalogue: Catalogue;
  settings: Settings;
  invoices: Invoices;
}): Promise<Subscription[]> {
  const { ctx, unitOfWork, catalogue, settings, invoices } = deps;
  const consumerDeps = { bus: ctx.bus, unitOfWork, schema: 'admin', logger: ctx.logger };
  return Promise.all([
    answer(ctx.bus, 'admin.company.get', ({ companyId }) => catalogue.forDirectory(companyId)),
    answer(ctx.bus, 'admin.company.list', async () => ({ companies: (await catalogue.all()).map((c) => ({ id: c.id, name: c.name })) })),
    answer(ctx.bus, 'admin.company.create', async (request) => ({ company: await catalogue.createForSignup(request) })),
    answer(ctx.bus, 'admin.company.remove', async ({ companyId }) => {
      await catalogue.removeCompany(companyId);
      return { ok: true };
    }),
    answer(ctx.bus, 'admin.setting.get', async ({ companyId, key }) => ({ value: await settings.rawValue(companyId, key) })),
    consume(consumerDeps, 'auth.session.started', 'admin', async (tx, _data, envelope) => {
      if (envelope.companyId !== null) await catalogue.touchLogin(tx, envelope.companyId, new Date(envelope.occurredAt));
    }),
    // A new company or a changed due date or plan is billed at once when its due date is near (not only at the next hourly run).
    consume(consumerDeps, 'admin.company.created', 'admin-invoices', async (tx, data) => void (await invoices.createDue(tx, data.company.id)), { idempotent: true }),
    consume(consumerDeps, 'admin.company.updated', 'admin-invoices', async (tx, data) => void (await invoices.createDue(tx, data.company.id)), { idempotent: true }),
    // A deleted company's media folder goes with it: every service keeps the company's files there (kit storage).
    consume(consumerDeps, 'admin.company.deleted', 'admin-media', async (_tx, data) => ctx.storage.removeCompany(data.companyId), { idempotent: true }),
  ]);
}
