import { readFileSync } from 'node:fs';
import { pemFromEnv, platformVersion, runService } from '@atende/kit';
import { authConfigShape, createAuthService } from './index.js';

const env = process.env;
await runService(
  { ...env, JWT_PRIVATE_KEY: pemFromEnv(env, 'JWT_PRIVATE_KEY', (p) => readFileSync(p, 'utf8')), PORT: env.PORT ?? '3001' },
  { name: 'auth', version: platformVersion, configShape: authConfigShape, factory: createAuthService },
);
