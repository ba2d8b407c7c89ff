import { z } from 'zod';

export const realtimeConfigShape = {
  /** The web beats every 300 s; a user without a beat for this long is offline. */
  PRESENCE_TIMEOUT_SECONDS: z.coerce.number().int().min(10).default(330),
  /** Sockets of a revoked session stay long enough to receive company-{id}-auth, then are cut. */
  REVOKED_SOCKET_GRACE_MS: z.coerce.number().int().min(0).default(3000),
};
export type RealtimeConfig = z.output<z.ZodObject<typeof realtimeConfigShape>>;
