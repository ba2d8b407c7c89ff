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
  shownWithNumbersTo,
  type Service,
  type ServiceFactory,
  type Subscription,
} from '@atende/kit';
import type { CampaignsConfig } from './config.js';
import { schema } from './db/schema.js';
import type { CampaignsDeps, RouteModule, Worker } from './deps.js';
import { campaignEventHandlers, campaignWorker } from './events/campaigns.js';
import { contactListEventHandlers } from './events/contact-lists.js';
import { companyDeletedHandlers } from './events/company-deleted.js';
import { scheduleEventHandlers, scheduleWorker } from './events/schedules.js';
import { campaignSettingsRoutes } from './routes/campaign-settings.routes.js';
import { campaignsRoutes } from './routes/campaigns.routes.js';
import { contactListsRoutes } from './routes/contact-lists.routes.js';
import { schedulesRoutes } from './routes/schedules.routes.js';

export { campaignsConfigShape, type CampaignsConfig } from './config.js';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/** Route groups of the campaigns service; adding one is one line. */
const routeModules: RouteModule[] = [contactListsRoutes, schedulesRoutes, campaignsRoutes, campaignSettingsRoutes];

/** Event handlers (consumers and request answers); each returns its subscriptions. */
const eventModules: ((deps: CampaignsDeps) => Promise<Subscription[]>)[] = [contactListEventHandlers, campaignEventHandlers, scheduleEventHandlers, companyDeletedHandlers];

/** Background workers: due schedules, campaign shipments. */
const workerModules: ((deps: CampaignsDeps) => Worker)[] = [scheduleWorker, campaignWorker];

/** Campaigns, their settings, contact lists and scheduled messages (bounded context "campaigns"). */
export const createCampaignsService: ServiceFactory<CampaignsConfig> = async (ctx, config): Promise<Service> => {
  const db = drizzle(preparedStatements(ctx.sql), { schema });
  const outbox = new Outbox(ctx.sql, 'campaigns', ctx.bus, ctx.logger);
  const unitOfWork = createUnitOfWork(db, outbox);
  let subscriptions: Subscription[] = [];
  let workers: Worker[] = [];
  let deps: CampaignsDeps | undefined;

  const build = async (): Promise<CampaignsDeps> => {
    if (deps) return deps;
    const userDirectory = await createUserDirectory(ctx.bus);
    subscriptions.push(...userDirectory.subscriptions);
    const guards = createGuards({ verify: ctx.verify, companies: ctx.companies, users: userDirectory.directory });
    deps = { ctx, config, db, unitOfWork, guards, users: userDirectory.directory };
    return deps;
  };

  return {
    name: 'campaigns',
    async register(app) {
      const d = await build();
      await app.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: config.CAMPAIGN_MEDIA_MAX_BYTES, files: 1, fields: 40 } });
        // LGPD: a schedule's contact reaches a profile user with its number masked when the company hides them.
        scope.addHook('preSerialization', async (request, _reply, payload) => (request.auth ? shownWithNumbersTo(ctx.companies, request.auth, payload) : payload));
        for (const module of routeModules) await module(scope, d);
        registerMediaRoute(scope, { service: 'campaigns', storage: ctx.storage, signer: ctx.media, verify: ctx.verify });
      });
    },
    async start() {
      await migrate(ctx.sql, { schema: 'campaigns', dir: MIGRATIONS, logger: ctx.logger });
      const d = await build();
      for (const module of eventModules) subscriptions.push(...(await module(d)));
      outbox.start();
      workers = workerModules.map((create) => create(d));
      for (const worker of workers) worker.start();
    },
    async stop() {
      for (const worker of workers) await worker.stop();
      workers = [];
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      subscriptions = [];
      await outbox.stop();
    },
    ready: () => pingDatabase(ctx.sql),
  };
};
