import { z } from 'zod';

/** The channels service's own variables (on top of the kit's cluster ones when it runs alone). */
export const channelsConfigShape = {
  /** Largest greeting image or video, and largest file sent through the messages API. */
  CONNECTION_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(16 * 1024 * 1024),
  /**
   * Whether this process runs sessions (connects to WhatsApp). Off: it still answers the API; sessions
   * run on the workers that have it on (cluster: the channel-worker Deployment).
   */
  CHANNELS_RUN_SESSIONS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How long a worker's hold on a session lasts without renewal before another worker takes it over. */
  SESSION_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
};

export type ChannelsConfig = z.output<z.ZodObject<typeof channelsConfigShape>>;
