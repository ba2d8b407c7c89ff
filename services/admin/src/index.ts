import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { drizzle } from 'drizzle-orm/postgres-js';
import {
  Outbox,
  createGuards,
  createUnitOfWork,
  migrate,
  pingDatabase,
  preparedStatements,
  registerMediaRoute,
  type Service,
  type ServiceFactory,
  type Subscription,
} from '@atende/kit';
import type { AdminConfig } from './config.js';
import { schema } from './db/schema.js';
import { createAnnouncements } from './domain/announcements.js';
import { createCatalogue } from './domain/catalogue.js';
import { createFolderUsage, FIRST_FOLDER_MEASURE_MS } from './domain/folder-usage.js';
import { createHelps } from './domain/helps.js';
import { INVOICE_JOB_INTERVAL_MS } from './domain/billing-rules.js';
import { createInvoices } from './domain/invoices.js';
import { seedCatalogue } from './domain/seed.js';
import { createSettings } from './domain/settings.js';
import { createWhitelabel } from './domain/whitelabel.js';
import { startEventHandlers } from './events/handlers.js';
import { announcementsRoutes } from './routes/announcements.routes.js';
import { companiesRoutes } from './routes/companies.routes.js';
import { helpsRoutes } from './routes/helps.routes.js';
import { invoicesRoutes } from './routes/invoices.routes.js';
import { plansRoutes } from './routes/plans.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { whitelabelRoutes } from './routes/whitelabel.routes.js';
import { gatewayFromConfig } from './payments/static-pix.gateway.js';

export { adminConfigShape, type AdminConfig } from './config.js';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/** Companies, plans, settings, helps, announcements, invoices and the version (bounded context "admin"). */
export const createAdminService: ServiceFactory<AdminConfig> = (ctx, config): Service => {
  const db = drizzle(preparedStatements(ctx.sql), { schema });
  const outbox = new Outbox(ctx.sql, 'admin', ctx.bus, ctx.logger);
  const unitOfWork = createUnitOfWork(db, outbox);
  const catalogue = createCatalogue({ ctx, db, unitOfWork, signupTrialDays: config.SIGNUP_TRIAL_DAYS });
  const settings = createSettings({ db, unitOfWork });
  const helps = createHelps(db);
  const announcements = createAnnouncements({ ctx, db, unitOfWork });
  const whitelabel = createWhitelabel({ ctx, settings });
  const invoices = createInvoices({ ctx, db, unitOfWork, gateway: gatewayFromConfig(config), webhookSecret: config.PAYMENT_WEBHOOK_SECRET });
  const guards = createGuards({ verify: ctx.verify, companies: ctx.companies });
  const folderUsage = createFolderUsage({ ctx, db });
  let subscriptions: Subscription[] = [];
  let invoiceJob: NodeJS.Timeout | undefined;
  let folderJob: NodeJS.Timeout | undefined;
  const runInvoiceJob = () => invoices.createDue().catch((err: unknown) => ctx.logger.error({ err }, 'invoice job failed'));
  /** The measure under way (stop waits for it; a slow one is never run twice at once). */
  let measuring: Promise<void> | undefined;
  const measureFolders = () => {
    measuring ??= folderUsage
      .measureAll()
      .then(() => undefined, (err: unknown) => ctx.logger.error({ err }, "measuring the companies' media folders failed"))
      .finally(() => (measuring = undefined));
  };

  return {
    name: 'admin',
    async register(app) {
      await app.register(async (scope) => {
        companiesRoutes(scope, { catalogue, guards });
        plansRoutes(scope, { catalogue, guards });
        settingsRoutes(scope, { settings, guards, version: ctx.version });
        helpsRoutes(scope, { helps, guards });
        invoicesRoutes(scope, { invoices, guards });
      });
      await app.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: config.ANNOUNCEMENT_MEDIA_MAX_BYTES, files: 1, fields: 10 } });
        announcementsRoutes(scope, { announcements, guards });
        whitelabelRoutes(scope, { whitelabel, guards });
        registerMediaRoute(scope, { service: 'admin', storage: ctx.storage, signer: ctx.media });
      });
    },
    async start() {
      await migrate(ctx.sql, { schema: 'admin', dir: MIGRATIONS, logger: ctx.logger });
      await seedCatalogue(db, { companyName: config.MAIN_COMPANY_NAME, logger: ctx.logger });
      subscriptions = await startEventHandlers({ ctx, unitOfWork, catalogue, settings, invoices });
      outbox.start();
      await runInvoiceJob();
      invoiceJob = setInterval(() => void runInvoiceJob(), INVOICE_JOB_INTERVAL_MS);
      invoiceJob.unref();
      const every = config.FOLDER_USAGE_SWEEP_MS;
      if (every > 0) {
        folderJob = setTimeout(function measureAndRepeat() {
          measureFolders();
          folderJob = setTimeout(measureAndRepeat, every);
          folderJob.unref();
        }, Math.min(every, FIRST_FOLDER_MEASURE_MS));
        folderJob.unref();
      }
    },
    async stop() {
      clearInterval(invoiceJob);
      invoiceJob = undefined;
      clearTimeout(folderJob);
      folderJob = undefined;
      await measuring;
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      subscriptions = [];
      await outbox.stop();
    },
    ready: () => pingDatabase(ctx.sql),
  };
};
