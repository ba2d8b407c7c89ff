import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { drizzle } from 'drizzle-orm/postgres-js';
import {
  Outbox,
  createGuards,
  createUnitOfWork,
  createUserDirectory,
  migrate,
  pingDatabase,
  preparedStatements,
  registerMediaRoute,
  type Service,
  type ServiceFactory,
  type Subscription,
} from '@atende/kit';
import type { ChannelsConfig } from './config.js';
import { schema } from './db/schema.js';
import type { ChannelsDeps, RouteModule } from './deps.js';
import type { DriverFactory } from './drivers/types.js';
import { createSessionManager, type SessionManager } from './domain/sessions.js';
import { queueProjectionHandlers } from './events/queues.js';
import { outboundHandlers } from './events/outbound.js';
import { autoResponseHandlers } from './events/auto-responses.js';
import { fileListHandlers } from './events/file-lists.js';
import { referenceHandlers } from './events/references.js';
import { phoneContactsHandlers } from './events/phone-contacts.js';
import { botTurnHandlers } from './events/bot-turns.js';
import { companyDeletedHandlers } from './events/company-deleted.js';
import { connectionsRoutes } from './routes/connections.routes.js';
import { messagesApiRoutes } from './routes/messages-api.routes.js';
import { sessionsRoutes } from './routes/sessions.routes.js';
import { promptsRoutes } from './routes/prompts.routes.js';
import { aiRoutes } from './routes/ai.routes.js';
import { autoResponsesRoutes } from './routes/auto-responses.routes.js';
import { queueIntegrationsRoutes } from './routes/queue-integrations.routes.js';
import { filesRoutes } from './routes/files.routes.js';
import { facebookRoutes } from './routes/facebook.routes.js';
import { facebookRepository } from './db/facebook.repository.js';
import { graphDriverFactory } from './drivers/facebook.js';
import { graphFromConfig } from './drivers/graph.js';

export { channelsConfigShape, type ChannelsConfig } from './config.js';
export type { ChannelDriver, DriverFactory, DriverEvents } from './drivers/types.js';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/** Route groups of the channels service; adding one is one line. */
const routeModules: RouteModule[] = [
  connectionsRoutes,
  sessionsRoutes,
  messagesApiRoutes,
  promptsRoutes,
  aiRoutes,
  autoResponsesRoutes,
  queueIntegrationsRoutes,
  filesRoutes,
  facebookRoutes,
];

/** Event handlers (consumers and request answers); each returns its subscriptions. */
const eventModules: ((deps: ChannelsDeps) => Promise<Subscription[]>)[] = [queueProjectionHandlers, outboundHandlers, fileListHandlers, referenceHandlers, phoneContactsHandlers, autoResponseHandlers, (d) => botTurnHandlers(d), companyDeletedHandlers];

/**
 * Options tests give: the drivers sessions use per channel (default: the real ones), or a whole session
 * manager in place of the real one (route tests that only check which commands were asked).
 */
export type ChannelsOptions = { drivers?: Partial<Record<string, DriverFactory>>; sessions?: SessionManager };

/** Connections, their sessions, delivery and the integrators' messages API (bounded context "channels"). */
export const createChannelsService = (async (ctx, config: ChannelsConfig, options: ChannelsOptions = {}): Promise<Service> => {
  const db = drizzle(preparedStatements(ctx.sql), { schema });
  const outbox = new Outbox(ctx.sql, 'channels', ctx.bus, ctx.logger);
  const unitOfWork = createUnitOfWork(db, outbox);
  let subscriptions: Subscription[] = [];
  let deps: ChannelsDeps | undefined;

  const build = async (): Promise<ChannelsDeps> => {
    if (deps) return deps;
    const userDirectory = await createUserDirectory(ctx.bus);
    subscriptions.push(...userDirectory.subscriptions);
    const guards = createGuards({ verify: ctx.verify, companies: ctx.companies, users: userDirectory.directory });
    // Facebook and Instagram sessions run on Graph (their page token read fresh on each use); WhatsApp's default is Baileys.
    const graphDriver = graphDriverFactory({ graph: graphFromConfig(config), credentials: (id) => facebookRepository(db).credentials(id) });
    const drivers = { facebook: graphDriver, instagram: graphDriver, ...options.drivers };
    const sessions = options.sessions ?? createSessionManager({ ctx, config, db, unitOfWork, drivers });
    deps = { ctx, config, db, unitOfWork, guards, sessions };
    return deps;
  };

  return {
    name: 'channels',
    async register(app) {
      const d = await build();
      await app.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: config.CONNECTION_MEDIA_MAX_BYTES, files: 10, fields: 30 } });
        for (const module of routeModules) await module(scope, d);
        registerMediaRoute(scope, { service: 'channels', storage: ctx.storage, signer: ctx.media, verify: ctx.verify });
      });
    },
    async start() {
      await migrate(ctx.sql, { schema: 'channels', dir: MIGRATIONS, logger: ctx.logger });
      const d = await build();
      for (const module of eventModules) subscriptions.push(...(await module(d)));
      outbox.start();
      await d.sessions.start();
    },
    async stop() {
      await deps?.sessions.stop();
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      subscriptions = [];
      await outbox.stop();
    },
    ready: () => pingDatabase(ctx.sql),
  };
}) satisfies ServiceFactory<ChannelsConfig>;
