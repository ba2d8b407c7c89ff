import { answer, consume, type ServiceContext, type Subscription, type UnitOfWork } from '@atende/kit';
import { sessionsRepository } from '../db/sessions.repository.js';
import { usersRepository, type AuthDb } from '../db/users.repository.js';
import type { Accounts } from '../domain/accounts.js';

/** What auth answers over request/reply and what it consumes from other services. */
export async function startEventHandlers(deps: { ctx: ServiceContext; db: AuthDb; unitOfWork: UnitOfWork<AuthDb>; accounts: Accounts }): Promise<Subscription[]> {
  const { ctx, db, unitOfWork, accounts } = deps;
  const consumerDeps = { bus: ctx.bus, unitOfWork, schema: 'auth', logger: ctx.logger };
  return Promise.all([
    answer(ctx.bus, 'auth.user.get', async ({ userId }) => {
      const user = await accounts.findForSession(userId);
      return user ? { user } : null;
    }),
    answer(ctx.bus, 'auth.session.recentChanges', async ({ withinMs }) => {
      const since = new Date(Date.now() - withinMs);
      const [revoked, users] = await Promise.all([sessionsRepository(db).revokedSince(since), usersRepository(db).changedSince(since)]);
      return {
        revoked: revoked.map((s) => ({ sessionId: s.id, at: s.revokedAt.toISOString() })),
        users: users.map((u) => ({ id: u.id, profile: u.profile === 'admin' ? ('admin' as const) : ('user' as const), super: u.super, at: u.updatedAt.toISOString() })),
      };
    }),
    answer(ctx.bus, 'auth.users.ofCompany', async ({ companyId }) => ({
      users: (await usersRepository(db).allOfCompany(companyId)).map(accounts.present),
    })),
    answer(ctx.bus, 'auth.user.createCompanyAdmin', async (request) => ({ user: await accounts.createCompanyAdmin(request) })),
    answer(ctx.bus, 'auth.user.setCompanyAdminPassword', async (request) => ({ user: await accounts.setCompanyAdminPassword(request) })),
    consume(consumerDeps, 'realtime.presence.changed', 'auth', async (tx, data, _envelope, emit) => {
      await accounts.setPresence(tx, emit, data.userId, data.online, new Date(data.at));
    }),
    consume(consumerDeps, 'tickets.queue.deleted', 'auth', async (tx, data, envelope, emit) => {
      if (envelope.companyId !== null) await accounts.forgetQueue(tx, emit, envelope.companyId, data.queueId);
    }),
    consume(consumerDeps, 'channels.connection.deleted', 'auth', async (tx, data, envelope, emit) => {
      if (envelope.companyId !== null) await accounts.forgetConnection(tx, emit, envelope.companyId, data.connectionId);
    }),
    consume(consumerDeps, 'admin.company.deleted', 'auth', async (tx, data, _envelope, emit) => {
      await accounts.removeCompany(tx, emit, data.companyId);
    }),
  ]);
}
