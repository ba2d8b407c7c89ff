import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError, createLogger, createRateLimitStore, createTokenVerifier, loadConfig, pemFromEnv, platformVersion, serviceMap, serviceNames } from '@atende/kit';
import { gatewayConfigShape, upstreamUrl } from './config.js';
import { createProxyGateway } from './gateway.js';
import { defaultWebDir } from './web.js';

const env = process.env;
let config;
try {
  config = loadConfig(z.object(gatewayConfigShape), { ...env, JWT_PUBLIC_KEY: pemFromEnv(env, 'JWT_PUBLIC_KEY', (p) => readFileSync(p, 'utf8')) });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`[gateway] ${err.message}`);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
const limits = createRateLimitStore(config.REDIS_URL, `${config.BUS_PREFIX}:rl:`, { batchMs: config.RATE_LIMIT_SYNC_MS });
const upstreams = Object.fromEntries(serviceNames.map((name) => [name, upstreamUrl(env, name, serviceMap[name].port)]));
const { app, attach } = await createProxyGateway({
  logger,
  verify: createTokenVerifier(config.JWT_PUBLIC_KEY),
  limits,
  rate: { ipPerMinute: config.RATE_LIMIT_IP_PER_MINUTE, userPerMinute: config.RATE_LIMIT_USER_PER_MINUTE, authPerMinute: config.RATE_LIMIT_AUTH_PER_MINUTE },
  webDir: config.WEB_DIR ?? defaultWebDir(),
  trustProxy: config.TRUST_PROXY,
  version: platformVersion,
  upstreams,
});
attach(app.server);
await app.listen({ port: config.PORT, host: config.HOST });
logger.info({ port: config.PORT, upstreams }, 'gateway listening');
const stop = async () => {
  await app.close();
  await limits.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
