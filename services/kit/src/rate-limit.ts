import { Redis } from 'ioredis';

export type RateState = { count: number; resetInMs: number };

/**
 * Fixed-window counters. Memory for standalone and tests, Redis (shared by every replica) in the cluster.
 */
export interface RateLimitStore {
  /** Count one hit on `key` within a window of `windowMs`; returns the count including this hit. */
  hit(key: string, windowMs: number): Promise<RateState>;
  /** Current count without counting. */
  peek(key: string): Promise<RateState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }, 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<RateState> {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async peek(key: string): Promise<RateState> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'atende:rl:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, lazyConnect: false });
    // EVALSHA with the script's digest (the script text travels once, not on every hit).
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<RateState> {
    const redis = this.redis as Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };
    const [count, ttl] = await redis.rateLimitHit(this.prefix + key, windowMs);
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<RateState> {
    const [count, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
    return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

export function createRateLimitStore(redisUrl: string | undefined, prefix?: string): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl, prefix) : new MemoryRateLimitStore();
}

export const retryAfterSeconds = (state: RateState): number => Math.max(1, Math.ceil(state.resetInMs / 1000));
