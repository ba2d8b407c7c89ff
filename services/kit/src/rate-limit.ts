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
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
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
    return this.hitBy(key, 1, windowMs);
  }

  /** Count `hits` hits at once (see BatchedRateLimitStore). */
  async hitBy(key: string, hits: number, windowMs: number): Promise<RateState> {
    const redis = this.redis as Redis & { rateLimitHit(key: string, windowMs: number, hits: number): Promise<[number, number]> };
    const [count, ttl] = await redis.rateLimitHit(this.prefix + key, windowMs, hits);
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

/**
 * Redis counters with most hits counted in this process: the first hit of a key's window goes to Redis
 * and waits for its answer (an exact count, the window's end); later hits of that window are counted
 * here at once and sent together every `flushMs` (one INCRBY per key), each answer bringing back what
 * the other replicas counted meanwhile. One replica counts exactly; several may together let through
 * what they count within one `flushMs` before seeing each other's hits. For the edge, where every
 * request would otherwise wait for a Redis round trip; not for counters that must be exact across
 * replicas (failed logins).
 */
export class BatchedRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number; windowMs: number; unsent: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly shared: RedisRateLimitStore,
    private readonly flushMs = 100,
  ) {}

  async hit(key: string, windowMs: number): Promise<RateState> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      const state = await this.shared.hit(key, windowMs);
      const current = this.windows.get(key);
      // Another first hit of this window answered meanwhile: the higher count is the later one.
      if (current && current.resetAt > Date.now()) current.count = Math.max(current.count, state.count);
      else this.windows.set(key, { count: state.count, resetAt: Date.now() + state.resetInMs, windowMs, unsent: 0 });
      return state;
    }
    window.count++;
    window.unsent++;
    this.schedule();
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  /** A flush in `flushMs`, unless one is already due. */
  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushMs).unref();
  }

  /** Send the hits counted here since the last flush (also on close). */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      const now = Date.now();
      const sends: Promise<void>[] = [];
      for (const [key, window] of this.windows) {
        if (window.unsent === 0) {
          if (window.resetAt <= now) this.windows.delete(key);
          continue;
        }
        const hits = window.unsent;
        window.unsent = 0;
        sends.push(
          this.shared.hitBy(key, hits, window.windowMs).then(
            (state) => {
              // Redis's count holds every replica's hits; this process's hits since the send come on top.
              window.count = state.count + window.unsent;
              window.resetAt = Date.now() + state.resetInMs;
            },
            () => {
              window.unsent += hits; // Redis unreachable: kept for the next flush; the local count stands
            },
          ),
        );
      }
      await Promise.all(sends);
    })().finally(() => {
      this.flushing = undefined;
      // Hits counted while this flush was under way (or given back by a failed send) go with the next one.
      for (const window of this.windows.values()) {
        if (window.unsent > 0) {
          this.schedule();
          break;
        }
      }
    });
    return this.flushing;
  }

  async peek(key: string): Promise<RateState> {
    const state = await this.shared.peek(key);
    return { count: state.count + (this.windows.get(key)?.unsent ?? 0), resetInMs: state.resetInMs };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
    await this.shared.reset(key);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.shared.close();
  }
}

/** Memory without Redis; with Redis, exact counters, or batched ones (`batchMs`, see BatchedRateLimitStore). */
export function createRateLimitStore(redisUrl: string | undefined, prefix?: string, options: { batchMs?: number } = {}): RateLimitStore {
  if (!redisUrl) return new MemoryRateLimitStore();
  const shared = new RedisRateLimitStore(redisUrl, prefix);
  return options.batchMs ? new BatchedRateLimitStore(shared, options.batchMs) : shared;
}

export const retryAfterSeconds = (state: RateState): number => Math.max(1, Math.ceil(state.resetInMs / 1000));
