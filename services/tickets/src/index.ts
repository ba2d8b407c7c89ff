import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { drizzle } from 'drizzle-orm/postgres-js';
import {
  CompanyReadCache,
  Outbox,
  createGuards,
  invalidateOnEvents,
  createUnitOfWork,
  createUserDirectory,
  mediaBase,
  migrate,
  pingDatabase,
  preparedStatements,
  registerMediaRoute,
  type Service,
  type ServiceFactory,
  type Subscription,
} from '@atende/kit';
import type { TicketsConfig } from './config.js';
import { schema } from './db/schema.js';
import type { RouteModule, TicketsDeps } from './deps.js';
import { createAccess } from './domain/access.js';
import { createConnectionTimers } from './domain/connection-timers.js';
import { createQueueRotation } from './domain/queue-rotation.js';
import { createRatingDesk } from './domain/rating-runtime.js';
import { apiSendHandlers } from './events/api-send.js';
import { botReplyHandlers } from './events/bot-replies.js';
import { contactGetHandlers } from './events/contact-get.js';
import { fileListEventHandlers } from './events/file-lists.js';
import { importedTicketsHandlers } from './events/imported-tickets.js';
import { companyDeletedHandlers } from './events/company-deleted.js';
import { messageMediaHandlers } from './events/message-media.js';
import { ticketEventHandlers } from './events/handlers.js';
import { queueIntegrationHandlers } from './events/queue-integrations.js';
import { chatsRoutes } from './routes/chats.routes.js';
import { dashboardRoutes } from './routes/dashboard.routes.js';
import { contactImportRoutes } from './routes/contact-import.routes.js';
import { contactsRoutes } from './routes/contacts.routes.js';
import { kanbanRoutes } from './routes/kanban.routes.js';
import { messagesRoutes } from './routes/messages.routes.js';
import { pinsRoutes } from './routes/pins.routes.js';
import { queuesRoutes } from './routes/queues.routes.js';
import { quickMessagesRoutes } from './routes/quick-messages.routes.js';
import { ticketNotesRoutes } from './routes/ticket-notes.routes.js';
import { reportsRoutes } from './routes/reports.routes.js';
import { tagsRoutes } from './routes/tags.routes.js';
import { ticketsRoutes } from './routes/tickets.routes.js';

export { ticketsConfigShape, type TicketsConfig } from './config.js';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

/** Route groups of the service desk; adding one is one line. */
const routeModules: RouteModule[] = [
  ticketsRoutes,
  messagesRoutes,
  dashboardRoutes,
  reportsRoutes,
  ticketNotesRoutes,
  pinsRoutes,
  queuesRoutes,
  quickMessagesRoutes,
  contactsRoutes,
  contactImportRoutes,
  tagsRoutes,
  kanbanRoutes,
  chatsRoutes,
];

/** Event handlers (consumers and request answers); each returns its subscriptions. */
const eventModules: ((deps: TicketsDeps) => Promise<Subscription[]>)[] = [
  ticketEventHandlers,
  apiSendHandlers,
  contactGetHandlers,
  fileListEventHandlers,
  queueIntegrationHandlers,
  messageMediaHandlers,
  botReplyHandlers,
  importedTicketsHandlers,
  companyDeletedHandlers,
];

/** Every event that may change a ticket list or a message page, whoever publishes it. */
const CACHE_INVALIDATING_EVENTS = ['tickets.>', 'auth.user.>', 'admin.>', 'channels.connection.>', 'channels.message.>'];

/** Contacts, tickets, messages and everything hanging on them (bounded context "tickets"). */
export const createTicketsService: ServiceFactory<TicketsConfig> = async (ctx, config): Promise<Service> => {
  const db = drizzle(preparedStatements(ctx.sql), { schema });
  const outbox = new Outbox(ctx.sql, 'tickets', ctx.bus, ctx.logger);
  const readCache = new CompanyReadCache({ ttlMs: config.READ_CACHE_MS, maxSize: config.READ_CACHE_SIZE });
  // This process's own commits drop their companies' cached answers before the caller hears back.
  const unitOfWork = createUnitOfWork(db, outbox, { afterCommit: (companies) => companies.forEach((id) => readCache.invalidate(id)) });
  let subscriptions: Subscription[] = [];
  let deps: TicketsDeps | undefined;
  let ratingSweep: NodeJS.Timeout | undefined;

  const build = async (): Promise<TicketsDeps> => {
    if (deps) return deps;
    const userDirectory = await createUserDirectory(ctx.bus);
    subscriptions.push(...userDirectory.subscriptions);
    const users = userDirectory.directory;
    const guards = createGuards({ verify: ctx.verify, companies: ctx.companies, users });
    deps = { ctx, config, db, unitOfWork, guards, users, readCache, mediaUrl: (key) => ctx.media.url(mediaBase('tickets'), key) };
    return deps;
  };

  return {
    name: 'tickets',
    async register(app) {
      const d = await build();
      await app.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: config.MESSAGE_MEDIA_MAX_BYTES, files: 10, fields: 30 } });
        // LGPD: every answer's contacts (tickets, messages, pages of them) reach a profile user with masked
        // numbers when the company hides them (answers sent pre-serialized mask in sendCachedRead).
        const access = createAccess(d);
        scope.addHook('preSerialization', async (request, _reply, payload) => (request.auth ? access.shownTo(request.auth, payload) : payload));
        for (const module of routeModules) await module(scope, d);
        registerMediaRoute(scope, { service: 'tickets', storage: ctx.storage, signer: ctx.media, verify: ctx.verify });
      });
    },
    async start() {
      await migrate(ctx.sql, { schema: 'tickets', dir: MIGRATIONS, logger: ctx.logger });
      const d = await build();
      // Other replicas' commits and what other services change (users, connections, settings) reach every
      // replica as events; each drops the company's cached answers.
      if (readCache.enabled) subscriptions.push(...(await invalidateOnEvents(ctx.bus, readCache, CACHE_INVALIDATING_EVENTS)));
      for (const module of eventModules) subscriptions.push(...(await module(d)));
      outbox.start();
      if (config.RATING_SWEEP_MS > 0) {
        // The timed rules: rating requests left unanswered, the connections' queue redirection, inactivity
        // reminder and expiry, and the queues' attendant rotation.
        const rating = createRatingDesk(d);
        const timers = createConnectionTimers(d);
        const rotation = createQueueRotation(d);
        let sweeping = false;
        ratingSweep = setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          rating
            .closeExpired()
            .then((count) => count && ctx.logger.info({ count }, 'unanswered rating requests closed'))
            .catch((err: unknown) => ctx.logger.error({ err }, 'closing unanswered rating requests failed'))
            .then(() => timers.sweep())
            .then((done) => done && (done.redirected || done.reminded || done.closed) && ctx.logger.info(done, 'connection timers: tickets redirected, reminded and closed'))
            .catch((err: unknown) => ctx.logger.error({ err }, 'connection timers failed'))
            .then(() => rotation.sweep())
            .then((handed) => handed && ctx.logger.info({ handed }, 'queue rotation: waiting tickets handed to attendants'))
            .catch((err: unknown) => ctx.logger.error({ err }, 'queue rotation failed'))
            .finally(() => (sweeping = false));
        }, config.RATING_SWEEP_MS);
        ratingSweep.unref();
      }
    },
    async stop() {
      clearInterval(ratingSweep);
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      subscriptions = [];
      await outbox.stop();
    },
    ready: () => pingDatabase(ctx.sql),
  };
};
