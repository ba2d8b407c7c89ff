import { z } from 'zod';

/** Thrown when the environment does not satisfy a service's schema; main() prints `message` and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const port = z.coerce.number().int().min(0).max(65535);
const secretPem = z
  .string()
  .min(1)
  .refine((v) => v.includes('-----BEGIN') && !/change[-_ ]?me/i.test(v), 'must be a real PEM key, not a placeholder');

/** Variables every process understands (README "Environment"). */
export const baseEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: logLevel.default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.string().url().optional(),
  /** Subject prefix and stream name on NATS; lets several installations (or test runs) share one server. */
  BUS_PREFIX: z.string().regex(/^[a-z0-9_]+$/).default('atende'),
  TRUST_PROXY: z.stringbool().default(false),
};

/** A service running as its own process (cluster path): the shared servers and the public key are mandatory. */
export const clusterEnvShape = {
  ...baseEnvShape,
  PORT: port,
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url(),
  NATS_URL: z.string().min(1),
  JWT_PUBLIC_KEY: secretPem,
  /** HMAC key of signed media links; the same value on every service. */
  MEDIA_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').refine((v) => !/change[-_ ]?me/i.test(v), 'must not be the placeholder'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Services sit behind the gateway: the client address comes from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(true),
};

/**
 * TICKETS_TIME_ZONE: the companies' wall clock (an IANA zone), read the same way by tickets (message
 * variables, day filters), channels (auto-response windows), auth (users' work hours at login) and
 * campaigns (dialog times without a zone, sending windows, schedules' business days).
 */
export const companiesTimeZone = z
  .string()
  .min(1)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone')
  .default('America/Sao_Paulo');

export { secretPem, port as portSchema, logLevel as logLevelSchema };

/**
 * Parse `env` with `schema`; on failure throw ConfigError with one line naming
 * every missing or invalid variable, e.g. `Invalid environment: DATABASE_URL is required`.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && env[name] === undefined;
    return missing ? `${name} is required` : `${name} ${issue.message}`;
  });
  throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
}

/** Read a PEM either inline or from a *_FILE path, so Kubernetes secrets can be mounted as files. */
export function pemFromEnv(env: Record<string, string | undefined>, name: string, read: (path: string) => string): string | undefined {
  const inline = env[name];
  if (inline) return inline.replace(/\\n/g, '\n');
  const file = env[`${name}_FILE`];
  return file ? read(file) : undefined;
}
