import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createTokenVerifier } from './auth/tokens.js';
import { watchSessionChanges } from './auth/session-changes.js';
import { NatsBus } from './bus/nats-bus.js';
import { ConfigError, clusterEnvShape, loadConfig, pemFromEnv } from './config.js';
import { createSql, pingDatabase } from './db/client.js';
import { createCompanyDirectory } from './directory.js';
import { createHttpApp } from './http/app.js';
import { registerDocs } from './http/docs.js';
import { registerHealth } from './http/health.js';
import { createLogger } from './logger.js';
import { registerMetrics } from './metrics.js';
import { createRateLimitStore } from './rate-limit.js';
import type { ServiceFactory } from './service.js';
import { LocalStorage, MediaSigner } from './storage.js';

export type RunServiceOptions<Shape extends z.ZodRawShape> = {
  name: string;
  version: string;
  /** The service's own variables, added to the cluster ones. */
  configShape: Shape;
  factory: ServiceFactory<z.output<z.ZodObject<Shape>>>;
};

/**
 * Cluster path: one service in its own process, against the shared PostgreSQL, NATS and Redis.
 * A missing or invalid variable stops start-up with one line naming it.
 */
export async function runService<Shape extends z.ZodRawShape>(env: Record<string, string | undefined>, options: RunServiceOptions<Shape>): Promise<void> {
  const resolvedEnv = { ...env, JWT_PUBLIC_KEY: pemFromEnv(env, 'JWT_PUBLIC_KEY', (p) => readFileSync(p, 'utf8')) };
  let config: z.output<z.ZodObject<typeof clusterEnvShape>>;
  let own: z.output<z.ZodObject<Shape>>;
  try {
    // One parse of everything so the single error line names every bad variable at once.
    loadConfig(z.object({ ...clusterEnvShape, ...options.configShape }), resolvedEnv);
    config = loadConfig(z.object(clusterEnvShape), resolvedEnv);
    own = loadConfig(z.object(options.configShape), resolvedEnv) as z.output<z.ZodObject<Shape>>;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`[${options.name}] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({ name: options.name, level: config.LOG_LEVEL });
  const sql = createSql(config.DATABASE_URL, { max: config.DB_POOL_MAX, applicationName: options.name });
  const bus = await NatsBus.connect({ url: config.NATS_URL, prefix: config.BUS_PREFIX, name: options.name, logger });
  const rateLimits = createRateLimitStore(config.REDIS_URL, `${config.BUS_PREFIX}:rl:`);
  const companies = await createCompanyDirectory(bus, logger);
  const sessions = await watchSessionChanges(bus, { logger });
  const service = await options.factory(
    {
      mode: 'cluster',
      logger,
      sql,
      bus,
      verify: createTokenVerifier(config.JWT_PUBLIC_KEY, { sessions: sessions.changes }),
      rateLimits,
      storage: new LocalStorage(path.resolve(config.DATA_DIR, 'media')),
      media: new MediaSigner(config.MEDIA_SIGNING_KEY),
      companies: companies.directory,
      version: options.version,
    },
    own,
  );
  const app = createHttpApp({ logger, trustProxy: config.TRUST_PROXY });
  await registerDocs(app, { title: `Atende ${options.name}`, version: options.version, ui: false });
  registerHealth(app, async () => (await pingDatabase(sql)) && bus.isConnected() && (await service.ready()));
  registerMetrics(app);
  await service.register(app);
  await service.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info({ port: config.PORT }, `${options.name} listening`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app.close().catch(() => undefined);
    await service.stop().catch((err) => logger.error({ err }, 'service stop failed'));
    for (const s of [...companies.subscriptions, ...sessions.subscriptions]) await s.unsubscribe().catch(() => undefined);
    await bus.close();
    await rateLimits.close();
    await sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
