import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  MemoryBus,
  NatsBus,
  createLogger,
  createRateLimitStore,
  generateSigningKeys,
  type Bus,
  type EventData,
  type EventSubject,
  makeEnvelope,
} from '@atende/kit';
import { createTestDatabase } from '@atende/kit/testing';
import { defaultWebDir } from '@atende/gateway';
import { startPlatform, type Platform, type PlatformOptions } from '../platform.js';

export const ADMIN_EMAIL = 'admin@admin.com';
export const ADMIN_PASSWORD = 'admin-password-123';

/** Which path this run tests: the cluster one when the machine's servers are configured. */
export const clusterPath = Boolean(process.env.DATABASE_URL);

export type Answer<T = any> = { status: number; body: T; headers: Headers; cookie?: string };
export type Session = { token: string; cookie: string; user: any };

export type TestPlatform = Platform & {
  keys: { privateKey: string; publicKey: string };
  dataDir: string;
  /** This run's bus (a process starting on it, e.g.) and its subject prefix and media signing key (benchmarks start service processes on them). */
  bus: Bus;
  busPrefix: string;
  mediaKey: string;
  /** This run's own database (benchmarks seed it directly). */
  databaseUrl: string;
  /** fetch against the gateway; JSON in and out. */
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string>; cookie?: string }): Promise<Answer<T>>;
  login(email?: string, password?: string): Promise<Session>;
  /** Publish an event as if another service had (e.g. channels.message.received). */
  publish<S extends EventSubject>(subject: S, companyId: number | null, data: EventData<S>): Promise<void>;
  /** Create a company (with plan) and its admin through the API; returns the admin's session. */
  createCompany(options?: { name?: string; planId?: number; email?: string; password?: string; plan?: Record<string, unknown> }): Promise<{ companyId: number; admin: Session; email: string; password: string }>;
  /** Create a user in the caller's company; returns its session. */
  createUser(admin: Session, fields?: Record<string, unknown>): Promise<{ user: any; session: Session; email: string; password: string }>;
};

const unique = () => randomBytes(5).toString('hex');

/**
 * The sessions handed out (login, createCompany, createUser) by e-mail. Signing in ends the user's other
 * sessions (one session per user): a browser test that signs the same user in through the page hands the
 * page's token to the session object it holds (adoptSession), so its API calls go on with the live session.
 */
const sessionsByEmail = new Map<string, Session>();
const remember = (email: string, session: Session): Session => {
  sessionsByEmail.set(email.trim().toLowerCase(), session);
  return session;
};
export function adoptSession(email: string, token: string): void {
  const session = sessionsByEmail.get(email.trim().toLowerCase());
  if (session) session.token = token;
}

/**
 * A whole platform for one test file: its own database, its own bus namespace, its own data dir.
 * Standalone defaults (embedded PostgreSQL, in-process bus, memory limits, services mounted in the
 * gateway) unless DATABASE_URL/NATS_URL/REDIS_URL are set: then the machine's servers and the proxy path.
 */
export async function startTestPlatform(overrides: Partial<PlatformOptions> & { env?: Record<string, string> } = {}): Promise<TestPlatform> {
  // A database given by the caller (a benchmark re-using its seed) is kept; otherwise this run's own one.
  const db = overrides.databaseUrl ? { url: overrides.databaseUrl, drop: async () => undefined } : await createTestDatabase();
  const prefix = `t_${unique()}`;
  const logger = createLogger({ name: 'test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  let bus: Bus;
  let memory: MemoryBus | undefined;
  if (process.env.NATS_URL) bus = await NatsBus.connect({ url: process.env.NATS_URL, prefix, logger });
  else {
    memory = new MemoryBus(logger, 10);
    memory.hold();
    bus = memory;
  }
  const limits = createRateLimitStore(process.env.REDIS_URL, `${prefix}:rl:`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atende-test-data-'));
  const keys = generateSigningKeys();
  const mediaKey = randomBytes(32).toString('hex');
  const platform = await startPlatform({
    bus,
    limits,
    logger,
    dataDir,
    webDir: defaultWebDir(),
    keys,
    mediaKey,
    port: 0,
    mode: clusterPath ? 'proxy' : 'in-process',
    beforeRelays: async () => memory?.release(),
    ...overrides,
    databaseUrl: db.url,
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, ...overrides.env },
  });

  const request: TestPlatform['request'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let body: RequestInit['body'];
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(platform.url + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('jrt='));
    return { status: response.status, body: parsed as never, headers: response.headers, cookie: setCookie?.split(';')[0] };
  };

  /** The super user's latest session: signing in again ends the others (one session per user), so it is reused while it works. */
  let superSession: Session | undefined;
  const login: TestPlatform['login'] = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
    const answer = await request('POST', '/api/auth/login', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`login ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const session = remember(email, { token: answer.body.token, cookie: answer.cookie ?? '', user: answer.body.user });
    if (email === ADMIN_EMAIL) superSession = session;
    return session;
  };
  const currentSuperSession = async (): Promise<Session> => {
    if (superSession && (await request('GET', '/api/auth/me', { token: superSession.token })).status === 200) return superSession;
    return login();
  };

  const test: TestPlatform = {
    ...platform,
    keys,
    dataDir,
    bus,
    busPrefix: prefix,
    mediaKey,
    databaseUrl: db.url,
    request,
    login,
    async publish(subject, companyId, data) {
      await bus.publish(makeEnvelope(subject, companyId, data));
    },
    async createCompany(options = {}) {
      const superSession = await currentSuperSession();
      let planId = options.planId;
      if (!planId) {
        const plan = await request('POST', '/api/plans', { token: superSession.token, body: { name: `Plan ${unique()}`, ...options.plan } });
        if (plan.status !== 201) throw new Error(`plan: ${plan.status} ${JSON.stringify(plan.body)}`);
        planId = plan.body.id;
      }
      const email = options.email ?? `admin-${unique()}@example.com`;
      const password = options.password ?? 'company-pass-1';
      const company = await request('POST', '/api/companies', {
        token: superSession.token,
        body: { name: options.name ?? `Company ${unique()}`, email, password, planId, dueDate: '2999-01-01', recurrence: 'MENSAL' },
      });
      if (company.status !== 201) throw new Error(`company: ${company.status} ${JSON.stringify(company.body)}`);
      const admin = await login(email, password);
      return { companyId: company.body.id, admin, email, password };
    },
    async createUser(admin, fields = {}) {
      const email = `user-${unique()}@example.com`;
      const password = 'user-pass-1';
      const created = await request('POST', '/api/users', { token: admin.token, body: { name: `User ${unique()}`, email, password, ...fields } });
      if (created.status !== 201) throw new Error(`user: ${created.status} ${JSON.stringify(created.body)}`);
      return { user: created.body, session: await login(email, password), email, password };
    },
    async stop() {
      await platform.stop();
      if (bus instanceof NatsBus) await bus.destroyStream();
      await bus.close();
      await limits.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

/** Wait until `check` returns a truthy value (events are asynchronous). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, intervalMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}
