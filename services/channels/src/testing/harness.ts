import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  Directory,
  LocalStorage,
  MediaSigner,
  MemoryBus,
  answer,
  createHttpApp,
  createLogger,
  createRateLimitStore,
  createSql,
  createTokenSigner,
  createTokenVerifier,
  generateSigningKeys,
  makeEnvelope,
  platformVersion,
  type CompanyWithPlan,
  type Envelope,
  type EventData,
  type EventSubject,
  type HttpApp,
  type Queue,
  type ServiceContext,
  type Sql,
  type User,
} from '@atende/kit';
import { createTestDatabase, makeUser } from '@atende/kit/testing';
import type { ChannelsConfig } from '../config.js';
import type { ChannelDriver, DriverContext, DriverFactory } from '../drivers/types.js';
import type { SessionAction, SessionManager } from '../domain/sessions.js';
import { createChannelsService } from '../index.js';

/**
 * The channels service alone on a throwaway PostgreSQL database and an in-process bus, for route,
 * consumer and session tests without the other services: auth's user lookups are answered from
 * `users`, the company directory from `plans`/`companyFields`, access tokens are signed here, and
 * sessions run on fake drivers (or a recording session manager) so nothing reaches WhatsApp.
 */
export type Harness = {
  app: HttpApp;
  sql: Sql;
  bus: MemoryBus;
  ctx: ServiceContext;
  /** Every envelope published on the bus (the service's relayed outbox and what tests published). */
  published: Envelope[];
  users: Map<number, User>;
  /** Plan fields of a company as the company directory answers them (none: no plan). */
  plans: Map<number, Partial<NonNullable<CompanyWithPlan['plan']>>>;
  /** Company fields (e.g. name) as the company directory answers them. */
  companyFields: Map<number, Partial<CompanyWithPlan['company']>>;
  settings: Map<number, { key: string; value: string }[]>;
  /** The commands asked of the session manager, when the harness runs with `recordSessions`. */
  commands: SessionCommand[];
  /** The sessions the fake drivers were started for, when the harness runs the real session manager. */
  drivers: FakeDrivers;
  addUser(fields: Partial<User> & { id: number; companyId: number }): User;
  token(user: Pick<User, 'id' | 'companyId' | 'profile' | 'super'>): string;
  /** A user of the company with a signed token (profile 'user' unless given). */
  signIn(fields: Partial<User> & { id: number; companyId: number }): { user: User; token: string };
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
  /** Publish an event as another service would, and wait until the channels consumers handled it. */
  publish<S extends EventSubject>(subject: S, companyId: number | null, data: EventData<S>): Promise<Envelope<EventData<S>>>;
  /** A queue created in tickets, announced so the channels projection has it; answers its id. */
  addQueue(companyId: number, name: string, fields?: Partial<Queue>): Promise<number>;
  /** The envelopes of one subject published so far. */
  events<S extends EventSubject>(subject: S): Envelope<EventData<S>>[];
  /** Wait until the outbox has been relayed. */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

export type SessionCommand = { companyId: number; connectionId: number; action: SessionAction };

export const testConfig: ChannelsConfig = {
  CONNECTION_MEDIA_MAX_BYTES: 64 * 1024,
  CHANNELS_RUN_SESSIONS: true,
  SESSION_LEASE_MS: 30_000,
};

/** A session manager that runs nothing and records what it was asked. */
export function recordingSessions(commands: SessionCommand[]): SessionManager {
  return {
    async start() {},
    async stop() {},
    async command(companyId, connectionId, action) {
      commands.push({ companyId, connectionId, action });
    },
    connected: () => undefined,
  };
}

export type FakeDrivers = {
  /** The context each started session was given (report status through `events`). */
  started: DriverContext[];
  sent: { connectionId: number; command: Parameters<ChannelDriver['send']>[0] }[];
  loggedOut: number[];
  closed: number[];
  factory: DriverFactory;
};

/** Drivers that connect to nothing: they record what the session manager does and let tests report. */
export function fakeDrivers(): FakeDrivers {
  const drivers: FakeDrivers = {
    started: [],
    sent: [],
    loggedOut: [],
    closed: [],
    factory: async (context) => {
      drivers.started.push(context);
      return {
        async send(command) {
          drivers.sent.push({ connectionId: context.connectionId, command });
          return { wid: `fake-${randomBytes(6).toString('hex')}` };
        },
        async logout() {
          drivers.loggedOut.push(context.connectionId);
        },
        async close() {
          drivers.closed.push(context.connectionId);
        },
      };
    },
  };
  return drivers;
}

export { makeUser };

/** A plan with every channel and no limits (the usual company of a test). */
export const fullPlan = (): Partial<NonNullable<CompanyWithPlan['plan']>> => ({
  id: 1,
  name: 'Plano',
  users: 0,
  connections: 0,
  queues: 0,
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
});

export type HarnessOptions = {
  config?: Partial<ChannelsConfig>;
  /** Record session commands instead of running the real session manager. */
  recordSessions?: boolean;
  /** Drivers for the real session manager (default: fakeDrivers() for whatsapp and whatsappapi). */
  drivers?: Partial<Record<string, DriverFactory>>;
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const sql = createSql(database.url, { max: 10, applicationName: 'channels-test' });
  const logger = createLogger({ name: 'channels-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const bus = new MemoryBus(logger, 10);
  const keys = generateSigningKeys();
  const sign = createTokenSigner(keys.privateKey);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'channels-test-'));
  const users = new Map<number, User>();
  const plans = new Map<number, Partial<NonNullable<CompanyWithPlan['plan']>>>();
  const companyFields = new Map<number, Partial<CompanyWithPlan['company']>>();
  const settings = new Map<number, { key: string; value: string }[]>();
  const published: Envelope[] = [];
  const commands: SessionCommand[] = [];
  const drivers = fakeDrivers();
  // Queue ids as tickets would give them (the projection's primary key).
  let nextQueueId = 1000;
  const subscriptions = [
    await answer(bus, 'auth.user.get', async ({ userId }) => {
      const user = users.get(userId);
      return user ? { user } : null;
    }),
    await bus.fanout('>', (e) => {
      published.push(e);
    }),
  ];
  const companies = new Directory<number, CompanyWithPlan | null>(
    async (companyId) => ({
      company: { id: companyId, name: `Empresa ${companyId}`, ...companyFields.get(companyId) } as CompanyWithPlan['company'],
      plan: (plans.get(companyId) as CompanyWithPlan['plan'] | undefined) ?? null,
      settings: settings.get(companyId) ?? [],
    }),
    0,
  );
  const ctx: ServiceContext = {
    mode: 'standalone',
    logger,
    sql,
    bus,
    verify: createTokenVerifier(keys.publicKey),
    rateLimits: createRateLimitStore(undefined, `c_${randomBytes(4).toString('hex')}:`),
    storage: new LocalStorage(path.join(dataDir, 'media')),
    media: new MediaSigner(randomBytes(32).toString('hex')),
    companies,
    version: platformVersion,
  };
  const service = await createChannelsService(
    ctx,
    { ...testConfig, ...options.config },
    options.recordSessions
      ? { sessions: recordingSessions(commands) }
      : { drivers: options.drivers ?? { whatsapp: drivers.factory, whatsappapi: drivers.factory } },
  );
  await service.start();
  const app = createHttpApp({ logger });
  await service.register(app);
  await app.ready();

  const idle = async () => {
    for (let i = 0; i < 400; i++) {
      await bus.settled();
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from channels.outbox`;
      if (row!.n === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('outbox not drained');
  };

  const harness: Harness = {
    app,
    sql,
    bus,
    ctx,
    published,
    users,
    plans,
    companyFields,
    settings,
    commands,
    drivers,
    addUser(fields) {
      const user = makeUser(fields);
      users.set(user.id, user);
      return user;
    },
    token(user) {
      return sign({ sub: String(user.id), companyId: user.companyId, profile: user.profile, super: user.super, sid: randomBytes(8).toString('hex') });
    },
    signIn(fields) {
      const user = harness.addUser(fields);
      return { user, token: harness.token(user) };
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
    async addQueue(companyId, name, fields = {}) {
      const id = nextQueueId++;
      const now = new Date().toISOString();
      const queue: Queue = {
        id, companyId, name, color: `#${randomBytes(3).toString('hex')}`, greetingMessage: '', outOfHoursMessage: '', orderQueue: null,
        tempoRoteador: 0, ativarRoteador: false, integrationId: null, fileListId: null, closeTicket: false, schedules: [], createdAt: now, updatedAt: now,
        ...fields,
      };
      await harness.publish('tickets.queue.created', companyId, { queue });
      return queue.id;
    },
    events(subject) {
      return published.filter((e) => e.type === subject) as never;
    },
    flush: idle,
    async stop() {
      for (const s of subscriptions) await s.unsubscribe().catch(() => undefined);
      await app.close();
      await service.stop();
      await bus.close();
      await sql.end({ timeout: 5 });
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
