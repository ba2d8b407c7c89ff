import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Directory, type CompanyWithPlan } from '../directory.js';
import { MemoryBus } from '../bus/memory-bus.js';
import { answer, makeEnvelope } from '../bus/envelope.js';
import type { Envelope } from '../bus/types.js';
import type { EventData, EventSubject } from '../contracts/events.js';
import type { User } from '../contracts/users.js';
import { createSql, type Sql } from '../db/client.js';
import { createHttpApp, type HttpApp } from '../http/app.js';
import { createLogger } from '../logger.js';
import { createRateLimitStore } from '../rate-limit.js';
import { watchSessionChanges } from '../auth/session-changes.js';
import { createTokenSigner, createTokenVerifier, generateSigningKeys } from '../auth/tokens.js';
import { LocalStorage, MediaSigner } from '../storage.js';
import type { Service, ServiceContext } from '../service.js';
import { platformVersion } from '../version.js';
import { createTestDatabase } from './database.js';
import { makeUser } from './fixtures.js';

type PlanFields = Partial<NonNullable<CompanyWithPlan['plan']>>;

/**
 * One service alone on a throwaway PostgreSQL database and an in-process bus, for its route and consumer
 * tests without the other services: auth's user lookups are answered from `users`, the company directory
 * from `plans`/`companyFields`/`settings`, access tokens are signed here. Whole-platform tests use
 * `@atende/standalone/testing` instead.
 */
export type ServiceHarness = {
  app: HttpApp;
  sql: Sql;
  bus: MemoryBus;
  ctx: ServiceContext;
  /** Every envelope published on the bus (the service's relayed outbox and what tests published). */
  published: Envelope[];
  users: Map<number, User>;
  /** Plan fields of a company as the company directory answers them (none: no plan). */
  plans: Map<number, PlanFields>;
  companyFields: Map<number, Partial<CompanyWithPlan['company']>>;
  settings: Map<number, { key: string; value: string }[]>;
  addUser(fields: Partial<User> & { id: number; companyId: number }): User;
  token(user: Pick<User, 'id' | 'companyId' | 'profile' | 'super'>): string;
  /** A user of the company with a signed token (profile 'user' unless given). */
  signIn(fields: Partial<User> & { id: number; companyId: number }): { user: User; token: string };
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
  /** Publish an event as another service would, and wait until the consumers handled it. */
  publish<S extends EventSubject>(subject: S, companyId: number | null, data: EventData<S>): Promise<Envelope<EventData<S>>>;
  /** The envelopes of one subject published so far. */
  events<S extends EventSubject>(subject: S): Envelope<EventData<S>>[];
  /** Wait until the bus is idle and the service's outbox relayed. */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

/** A plan with every feature and no limits (the usual company of a test). */
export const fullPlan = (): PlanFields => ({
  id: 1, name: 'Plano', users: 0, connections: 0, queues: 0,
  useWhatsapp: true, useFacebook: true, useInstagram: true, useCampaigns: true, useSchedules: true, useInternalChat: true,
  useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true,
});

export async function startServiceHarness(options: {
  /** The service's PostgreSQL schema (its outbox is watched to know when events went out). */
  schema: string;
  create(ctx: ServiceContext): Service | Promise<Service>;
}): Promise<ServiceHarness> {
  const database = await createTestDatabase();
  const sql = createSql(database.url, { max: 10, applicationName: `${options.schema}-test` });
  const logger = createLogger({ name: `${options.schema}-test`, level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const bus = new MemoryBus(logger, 10);
  const keys = generateSigningKeys();
  const sign = createTokenSigner(keys.privateKey);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${options.schema}-test-`));
  const users = new Map<number, User>();
  const plans = new Map<number, PlanFields>();
  const companyFields = new Map<number, Partial<CompanyWithPlan['company']>>();
  const settings = new Map<number, { key: string; value: string }[]>();
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
    verify: createTokenVerifier(keys.publicKey, { sessions: sessions.changes }),
    rateLimits: createRateLimitStore(undefined, `h_${randomBytes(4).toString('hex')}:`),
    storage: new LocalStorage(path.join(dataDir, 'media')),
    media: new MediaSigner(randomBytes(32).toString('hex')),
    companies,
    version: platformVersion,
  };
  const service = await options.create(ctx);
  await service.start();
  const app = createHttpApp({ logger });
  await service.register(app);
  await app.ready();

  const outbox = `"${options.schema}".outbox`;
  const idle = async () => {
    for (let i = 0; i < 400; i++) {
      await bus.settled();
      const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${outbox}`);
      if (row!.n === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('outbox not drained');
  };

  const harness: ServiceHarness = {
    app,
    sql,
    bus,
    ctx,
    published,
    users,
    plans,
    companyFields,
    settings,
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
    async request(method, url, requestOptions = {}) {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
      let payload: string | Buffer | undefined;
      if (requestOptions.body instanceof Buffer || typeof requestOptions.body === 'string') payload = requestOptions.body;
      else if (requestOptions.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = JSON.stringify(requestOptions.body);
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
