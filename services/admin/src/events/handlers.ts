import { answer, consume, type ServiceContext, type Subscription, type UnitOfWork } from '@atende/kit';
import type { AdminDb } from '../db/repositories.js';
import type { Catalogue } from '../domain/catalogue.js';
import type { Settings } from '../domain/settings.js';

/** What admin answers over request/reply and what it consumes from other services. */
export function startEventHandlers(deps: { ctx: ServiceContext; unitOfWork: UnitOfWork<AdminDb>; catalogue: Catalogue; settings: Settings }): Promise<Subscription[]> {
  const { ctx, unitOfWork, catalogue, settings } = deps;
  const consumerDeps = { bus: ctx.bus, unitOfWork, schema: 'admin', logger: ctx.logger };
  return Promise.all([
    answer(ctx.bus, 'admin.company.get', ({ companyId }) => catalogue.forDirectory(companyId)),
    answer(ctx.bus, 'admin.company.create', async (request) => ({ company: await catalogue.createForSignup(request) })),
    answer(ctx.bus, 'admin.company.remove', async ({ companyId }) => {
      await catalogue.removeCompany(companyId);
      return { ok: true };
    }),
    answer(ctx.bus, 'admin.setting.get', async ({ companyId, key }) => ({ value: await settings.rawValue(companyId, key) })),
    consume(consumerDeps, 'auth.session.started', 'admin', async (tx, _data, envelope) => {
      if (envelope.companyId !== null) await catalogue.touchLogin(tx, envelope.companyId, new Date(envelope.occurredAt));
    }),
  ]);
}
