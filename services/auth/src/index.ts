import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { drizzle } from 'drizzle-orm/postgres-js';
import {
  Outbox,
  createGuards,
  createTokenSigner,
  createUnitOfWork,
  migrate,
  pingDatabase,
  preparedStatements,
  registerMediaRoute,
  type Service,
  type ServiceFactory,
  type Subscription,
} from '@atende/kit';
import type { AuthConfig } from './config.js';
import { sessionsRepository } from './db/sessions.repository.js';
import { schema } from './db/schema.js';
import { createAccounts } from './domain/accounts.js';
import { seedSuperUser } from './domain/seed.js';
import { createSessions } from './domain/sessions.js';
import { startEventHandlers } from './events/handlers.js';
import { authRoutes } from './routes/auth.routes.js';
import { usersRoutes } from './routes/users.routes.js';

export { authConfigShape, type AuthConfig } from './config.js';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/** Login, sessions and users (bounded context "auth"). */
export const createAuthService: ServiceFactory<AuthConfig> = (ctx, config): Service => {
  const db = drizzle(preparedStatements(ctx.sql), { schema });
  const outbox = new Outbox(ctx.sql, 'auth', ctx.bus, ctx.logger);
  const unitOfWork = createUnitOfWork(db, outbox);
  const accounts = createAccounts({ ctx, db, unitOfWork });
  const sessions = createSessions({ ctx, config, db, unitOfWork, accounts, sign: createTokenSigner(config.JWT_PRIVATE_KEY) });
  const guards = createGuards({ verify: ctx.verify, companies: ctx.companies, users: { get: (id) => accounts.findForSession(id) } });
  let subscriptions: Subscription[] = [];
  let purge: NodeJS.Timeout | undefined;

  return {
    name: 'auth',
    async register(app) {
      await app.register(async (scope) => {
        await scope.register(cookie);
        await scope.register(multipart, { limits: { fileSize: config.AVATAR_MAX_BYTES, files: 1, fields: 10 } });
        authRoutes(scope, { sessions, guards, verify: ctx.verify });
        usersRoutes(scope, { accounts, guards });
        registerMediaRoute(scope, { service: 'auth', storage: ctx.storage, signer: ctx.media, verify: ctx.verify });
      });
    },
    async start() {
      await migrate(ctx.sql, { schema: 'auth', dir: MIGRATIONS, logger: ctx.logger });
      await seedSuperUser({ db, unitOfWork, present: accounts.present }, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, logger: ctx.logger });
      subscriptions = await startEventHandlers({ ctx, db, unitOfWork, accounts });
      outbox.start();
      purge = setInterval(() => void sessionsRepository(db).purgeExpired().catch(() => undefined), 3_600_000);
      purge.unref();
    },
    async stop() {
      clearInterval(purge);
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      await outbox.stop();
    },
    ready: () => pingDatabase(ctx.sql),
  };
};
