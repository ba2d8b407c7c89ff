import { z } from 'zod';
import { baseEnvShape, portSchema, secretPem } from '@atende/kit';

/** The gateway's variables. In the cluster it needs no database or bus: it verifies, limits and routes. */
export const gatewayConfigShape = {
  ...baseEnvShape,
  PORT: portSchema.default(8080),
  HOST: z.string().default('0.0.0.0'),
  JWT_PUBLIC_KEY: secretPem,
  /** Built web app; defaults to web/dist of this checkout. */
  WEB_DIR: z.string().optional(),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(1).default(1500),
  /** Login, refresh and signup attempts per IP and minute (the tight edge limit; auth counts failures itself). */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Edge hits after the first of each window are counted here and sent to Redis together every this many
   * ms (no Redis round trip per request); replicas see each other's hits within it. 0: every hit waits for Redis.
   */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(0).max(5000).default(100),
};
export type GatewayConfig = z.output<z.ZodObject<typeof gatewayConfigShape>>;

/** Upstream of each service in the cluster: `<NAME>_URL`, else the Kubernetes service name. */
export function upstreamUrl(env: Record<string, string | undefined>, name: string, port: number): string {
  return env[`${name.toUpperCase()}_URL`] ?? `http://${name}:${port}`;
}
