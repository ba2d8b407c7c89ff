import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import {
  CompanyReadCache,
  Directory,
  LocalStorage,
  MediaSigner,
  MemoryBus,
  Outbox,
  answer,
  createGuards,
  createHttpApp,
  createLogger,
  createRateLimitStore,
  createSql,
  createTokenSigner,
  createTokenVerifier,
  createUnitOfWork,
  createUserDirectory,
  generateSigningKeys,
  makeEnvelope,
  watchSessionChanges,
  mediaBase,
  platformVersion,
  type CompanyWithPlan,
  type Envelope,
  type EventData,
  type EventSubject,
  type HttpApp,
  type ServiceContext,
  type Sql,
  type User,
} from '@atende/kit';
import { createTestDatabase, makeConnection, makeUser } from '@atende/kit/testing';
import type { TicketsConfig } from '../config.js';
import { schema } from '../db/schema.js';
import type { TicketsDeps } from '../deps.js';
import { createTicketsService } from '../index.js';

/**
 * The tickets service alone on a real PostgreSQL and an in-process bus, for tests of its use cases,
 * consumers and routes without the other services: auth's user lookups are answered from `users`,
 * the company directory from `settings`, access tokens are signed here. Whole-platform tests use
 * `@atende/standalone/testing` instead.
 */
export type Harness = {
  app: HttpApp;
  sql: Sql;
  bus: MemoryBus;
  deps: TicketsDeps;
  /** Every envelope the service published (outbox relayed). */
  published: Envelope[];
  users: Map<number, User>;
  settings: Map<number, { key: string; value: string }[]>;
  /** Plan fields of a company as the company directory answers them (none: no plan). */
  plans: Map<number, Partial<NonNullable<CompanyWithPlan['plan']>>>;
  /** Company fields (e.g. schedules) as the company directory answers them. */
  companyFields: Map<number, Partial<CompanyWithPlan['company']>>;
  /** Companies the directory answers as not existing (every other id exists). */
  missingCompanies: Set<number>;
  addUser(fields: Partial<User> & { id: number; companyId: number }): User;
  /** A user added, announced as auth does (auth.user.created, so the projection has it) and signed in. */
  signUp(fields: Partial<User> & { id: number; companyId: number }): Promise<{ user: User; token: string }>;
  token(user: Pick<User, 'id' | 'companyId' | 'profile' | 'super'>): string;
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
  /** Publish an event as another service would, and wait until the tickets consumers handled it. */
  publish<S extends EventSubject>(subject: S, companyId: number | null, data: EventData<S>): Promise<Envelope<EventData<S>>>;
  /** Wait until the outbox has been relayed. */
  flush(): Promise<void>;
  /** Rows other modules own, written directly (queues, contacts, tags). */
  insertQueue(companyId: number, name: string): Promise<number>;
  insertContact(companyId: number, fields?: { name?: string; number?: string; isGroup?: boolean }): Promise<number>;
  insertTag(companyId: number, name: string): Promise<number>;
  stop(): Promise<void>;
};

export const testConfig: TicketsConfig = {
  MESSAGE_MEDIA_MAX_BYTES: 64 * 1024,
  IMPORT_MAX_BYTES: 1024 * 1024,
  TICKETS_TIME_ZONE: 'America/Sao_Paulo',
  READ_CACHE_MS: 5_000,
  READ_CACHE_SIZE: 16 * 1024 * 1024,
  // Tests close expired rating requests by calling the sweep themselves.
  RATING_SWEEP_MS: 0,
  HOURS_CLOSE_TICKETS_AUTO: 24,
};


export { makeConnection, makeUser };

export async function startHarness(config: Partial<TicketsConfig> = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const sql = createSql(database.url, { max: 12, applicationName: 'tickets-test' });
  const logger = createLogger({ name: 'tickets-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const bus = new MemoryBus(logger, 10);
  const keys = generateSigningKeys();
  const sign = createTokenSigner(keys.privateKey);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tickets-test-'));
  const users = new Map<number, User>();
  const settings = new Map<number, { key: string; value: string }[]>();
  const plans = new Map<number, Partial<NonNullable<CompanyWithPlan['plan']>>>();
  const companyFields = new Map<number, Partial<CompanyWithPlan['company']>>();
  const missingCompanies = new Set<number>();
  const published: Envelope[] = [];
  const subscriptions = [
    await answer(bus, 'auth.user.get', async ({ userId }) => {
      const user = users.get(userId);
      return user ? { user } : null;
    }),
    await bus.fanout('>', (e) => {
      published.push(e);
    }),
  ];
  const sessions = await watchSessionChanges(bus, { tries: 1 }); // no auth here: nothing happened before
  subscriptions.push(...sessions.subscriptions);
  const companies = new Directory<number, CompanyWithPlan | null>(
    async (companyId) =>
      missingCompanies.has(companyId)
        ? null
        : {
            company: { id: companyId, ...companyFields.get(companyId) } as CompanyWithPlan['company'],
            plan: (plans.get(companyId) as CompanyWithPlan['plan'] | undefined) ?? null,
            settings: settings.get(companyId) ?? [],
          },
    0,
  );
  const ctx: ServiceContext = {
    mode: 'standalone',
    logger,
    sql,
    bus,
    verify: createTokenVerifier(keys.publicKey, { sessions: sessions.changes }),
    rateLimits: createRateLimitStore(undefined, `t_${randomBytes(4).toString('hex')}:`),
    storage: new LocalStorage(path.join(dataDir, 'media')),
    media: new MediaSigner(randomBytes(32).toString('hex')),
    companies,
    version: platformVersion,
  };
  const fullConfig = { ...testConfig, ...config };
  const service = await createTicketsService(ctx, fullConfig);
  await service.start();
  const app = createHttpApp({ logger });
  await service.register(app);
  await app.ready();

  // A second set of deps on the same database and bus, for calling use cases directly.
  const db = drizzle(sql, { schema });
  const outbox = new Outbox(sql, 'tickets', bus, logger, 50);
  outbox.start();
  const directory = await createUserDirectory(bus);
  const deps: TicketsDeps = {
    ctx,
    config: fullConfig,
    db,
    unitOfWork: createUnitOfWork(db, outbox),
    guards: createGuards({ verify: ctx.verify, companies, users: directory.directory }),
    users: directory.directory,
    readCache: new CompanyReadCache({ ttlMs: 0, maxSize: 0 }),
    mediaUrl: (key) => ctx.media.url(mediaBase('tickets'), key),
  };

  const idle = async () => {
    for (let i = 0; i < 400; i++) {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from tickets.outbox`;
      if (row!.n === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('outbox not drained');
  };

  const harness: Harness = {
    app,
    sql,
    bus,
    deps,
    published,
    users,
    settings,
    plans,
    companyFields,
    missingCompanies,
    addUser(fields) {
      const user = makeUser(fields);
      users.set(user.id, user);
      directory.directory.invalidate(user.id);
      return user;
    },
    async signUp(fields) {
      const user = harness.addUser(fields);
      await harness.publish('auth.user.created', user.companyId, { user });
      return { user, token: harness.token(user) };
    },
    token(user) {
      return sign({ sub: String(user.id), companyId: user.companyId, profile: user.profile, super: user.super, sid: randomBytes(8).toString('hex') });
    },
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | Buffer | undefined;
      if (options.body instanceof Buffer || typeof options.body === 'string') payload = options.body;
      else if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = JSON.stringify(options.body);
      }
      const res = await app.inject({ method: method as 'GET', url, headers, payload });
      let body: unknown = res.body;
      try {
        body = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        // not JSON
      }
      return { status: res.statusCode, body: body as never };
    },
    async publish(subject, companyId, data) {
      const envelope = makeEnvelope(subject, companyId, data);
      await bus.publish(envelope);
      await bus.settled();
      await idle();
      return envelope;
    },
    flush: idle,
    async insertQueue(companyId, name) {
      const color = `#${randomBytes(3).toString('hex')}`;
      const [row] = await sql<{ id: number }[]>`insert into tickets.queues (company_id, name, color) values (${companyId}, ${name}, ${color}) returning id`;
      return row!.id;
    },
    async insertContact(companyId, fields = {}) {
      const number = fields.number ?? `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const [row] = await sql<{ id: number }[]>`insert into tickets.contacts (company_id, name, number, is_group) values (${companyId}, ${fields.name ?? 'Contato ' + number}, ${number}, ${fields.isGroup ?? false}) returning id`;
      return row!.id;
    },
    async insertTag(companyId, name) {
      const [row] = await sql<{ id: number }[]>`insert into tickets.tags (company_id, name) values (${companyId}, ${name}) returning id`;
      return row!.id;
    },
    async stop() {
      for (const s of [...subscriptions, ...directory.subscriptions]) await s.unsubscribe().catch(() => undefined);
      await app.close();
      await service.stop();
      await outbox.stop();
      await bus.close();
      await sql.end({ timeout: 5 });
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
