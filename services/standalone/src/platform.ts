import type { Server } from 'node:http';
import path from 'node:path';
import {
  LocalStorage,
  MediaSigner,
  createCompanyDirectory,
  createHttpApp,
  createSql,
  createTokenVerifier,
  watchSessionChanges,
  pingDatabase,
  platformVersion,
  registerDocs,
  registerHealth,
  type Bus,
  type HttpApp,
  type Logger,
  type RateLimitStore,
  type Service,
  type ServiceContext,
  type Sql,
  type Subscription,
} from '@atende/kit';
import { createInProcessGateway, createProxyGateway, type GatewayLimits } from '@atende/gateway';
import { serviceRegistry } from './registry.js';

export type PlatformOptions = {
  databaseUrl: string;
  bus: Bus;
  limits: RateLimitStore;
  logger: Logger;
  dataDir: string;
  webDir: string;
  keys: { privateKey: string; publicKey: string };
  mediaKey: string;
  /** Variables handed to each service's own config schema (ADMIN_EMAIL, ADMIN_PASSWORD, limits…). */
  env: Record<string, string | undefined>;
  port: number;
  host?: string;
  rate?: Partial<GatewayLimits>;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy?: boolean;
  /**
   * in-process: one Fastify, services mounted in the gateway (standalone).
   * proxy: each service its own HTTP server, the gateway proxies (the cluster's path, in one process for tests).
   */
  mode?: 'in-process' | 'proxy';
  /** Called after every service subscribed and before outbox relays deliver (memory bus hold/release). */
  beforeRelays?: () => Promise<void>;
};

export type Platform = {
  url: string;
  port: number;
  app: HttpApp;
  sql: Sql;
  bus: Bus;
  services: Service[];
  /** Direct URLs of each service (proxy mode only). */
  serviceUrls: Record<string, string>;
  stop(): Promise<void>;
};

const defaultRate: GatewayLimits = { ipPerMinute: 3000, userPerMinute: 1500, authPerMinute: 300 };

/** Start every service and the gateway on one database and bus. */
export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const mode = options.mode ?? 'in-process';
  const sql = createSql(options.databaseUrl, { max: 20, applicationName: 'atende' });
  const companies = await createCompanyDirectory(options.bus, options.logger);
  const sessions = await watchSessionChanges(options.bus, { logger: options.logger });
  const verify = createTokenVerifier(options.keys.publicKey, { sessions: sessions.changes });
  const ctxFor = (name: string): ServiceContext => ({
    mode: 'standalone',
    logger: options.logger.child({ service: name }),
    sql,
    bus: options.bus,
    verify,
    rateLimits: options.limits,
    storage: new LocalStorage(path.resolve(options.dataDir, 'media')),
    media: new MediaSigner(options.mediaKey),
    companies: companies.directory,
    version: platformVersion,
  });
  const env = { ...options.env, JWT_PRIVATE_KEY: options.keys.privateKey };
  const services: Service[] = [];
  for (const entry of serviceRegistry) services.push(await entry.create(ctxFor(entry.name), env));
  for (const service of services) await service.start();
  await options.beforeRelays?.();

  const rate = { ...defaultRate, ...options.rate };
  const serviceUrls: Record<string, string> = {};
  const ownServers: HttpApp[] = [];
  let app: HttpApp;
  if (mode === 'in-process') {
    app = await createInProcessGateway({
      logger: options.logger,
      verify,
      limits: options.limits,
      rate,
      webDir: options.webDir,
      version: platformVersion,
      trustProxy: options.trustProxy,
      services,
      ready: async () => (await pingDatabase(sql)) && options.bus.isConnected(),
    });
    await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
    for (const service of services) service.attach?.(app.server as Server);
  } else {
    for (const service of services) {
      const own = createHttpApp({ logger: options.logger.child({ service: service.name }), trustProxy: true });
      await registerDocs(own, { title: `Atende ${service.name}`, version: platformVersion, ui: false });
      registerHealth(own, () => service.ready());
      await service.register(own);
      await own.listen({ port: 0, host: '127.0.0.1' });
      service.attach?.(own.server as Server);
      const address = own.server.address();
      serviceUrls[service.name] = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      ownServers.push(own);
    }
    const gateway = await createProxyGateway({
      logger: options.logger,
      verify,
      limits: options.limits,
      rate,
      webDir: options.webDir,
      version: platformVersion,
      upstreams: serviceUrls,
    });
    app = gateway.app;
    await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
    gateway.attach(app.server as Server);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    app,
    sql,
    bus: options.bus,
    services,
    serviceUrls,
    async stop() {
      await app.close().catch(() => undefined);
      for (const own of ownServers) await own.close().catch(() => undefined);
      for (const service of [...services].reverse()) await service.stop().catch((err) => options.logger.error({ err }, 'stop failed'));
      for (const s of [...(companies.subscriptions as Subscription[]), ...sessions.subscriptions]) await s.unsubscribe().catch(() => undefined);
      await sql.end({ timeout: 5 });
    },
  };
}
