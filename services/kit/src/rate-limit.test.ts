import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchedRateLimitStore, RedisRateLimitStore } from './rate-limit.js';

const opened: BatchedRateLimitStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

/** Two gateway replicas counting against one Redis, each sending its hits every `flushMs`. */
function replicas(flushMs: number) {
  const prefix = `test:${randomUUID()}:`;
  const make = () => {
    const store = new BatchedRateLimitStore(new RedisRateLimitStore(process.env.REDIS_URL!, prefix), flushMs);
    opened.push(store);
    return store;
  };
  return { a: make(), b: make(), redis: new RedisRateLimitStore(process.env.REDIS_URL!, prefix) };
}

describe.runIf(Boolean(process.env.REDIS_URL))('batched rate limits (Redis shared by replicas)', () => {
  it('counts exactly within one replica and sends its hits to Redis together', async () => {
    const { a, redis } = replicas(50);
    const counts = [];
    for (let i = 0; i < 5; i++) counts.push((await a.hit('user:1', 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect((await redis.peek('user:1')).count).toBe(1); // only the window's first hit went to Redis at once
    await a.flush();
    const shared = await redis.peek('user:1');
    expect(shared.count).toBe(5);
    expect(shared.resetInMs).toBeGreaterThan(50_000);
    await redis.close();
  });

  it("brings back the other replicas' hits with each flush", async () => {
    const { a, b, redis } = replicas(1000);
    for (let i = 0; i < 3; i++) await a.hit('ip:10.0.0.1', 60_000);
    await b.hit('ip:10.0.0.1', 60_000); // its first hit of the window waits for Redis: sees a's first hit
    expect((await b.hit('ip:10.0.0.1', 60_000)).count).toBe(3);
    await a.flush();
    await b.flush();
    expect((await b.hit('ip:10.0.0.1', 60_000)).count).toBe(6); // a's 3, b's 2 and this one
    expect((await a.hit('ip:10.0.0.1', 60_000)).count).toBe(5); // a flushed before b: it knows of 4
    await a.flush();
    expect((await a.hit('ip:10.0.0.1', 60_000)).count).toBe(7); // b's last hit is still held by b
    await redis.close();
  });

  it('starts a new window once the old one ended, with the first hit exact again', async () => {
    const { a, redis } = replicas(20);
    for (let i = 0; i < 4; i++) await a.hit('auth:10.0.0.2', 200);
    await a.flush();
    expect((await redis.peek('auth:10.0.0.2')).count).toBe(4);
    await new Promise((r) => setTimeout(r, 250));
    expect((await a.hit('auth:10.0.0.2', 200)).count).toBe(1);
    expect((await redis.peek('auth:10.0.0.2')).count).toBe(1);
    await redis.close();
  });

  it('sends what it still holds when it closes', async () => {
    const { a, redis } = replicas(60_000);
    for (let i = 0; i < 7; i++) await a.hit('user:2', 60_000);
    await a.close();
    expect((await redis.peek('user:2')).count).toBe(7);
    await redis.close();
  });
});

describe('batched rate limits, a slow shared store', () => {
  it('still sends every hit when a flush takes longer than the interval', async () => {
    // Stands in for Redis answering slowly: each send takes 60 ms, flushes are due every 10 ms.
    const stored = new Map<string, number>();
    const slow = {
      hit: async (key: string, windowMs: number) => slow.hitBy(key, 1, windowMs),
      hitBy: async (key: string, hits: number) => {
        await new Promise((r) => setTimeout(r, 60));
        stored.set(key, (stored.get(key) ?? 0) + hits);
        return { count: stored.get(key)!, resetInMs: 60_000 };
      },
      close: async () => undefined,
    } as unknown as RedisRateLimitStore;
    const store = new BatchedRateLimitStore(slow, 10);
    await store.hit('user:3', 60_000);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) await store.hit('user:3', 60_000);
      await new Promise((r) => setTimeout(r, 25)); // a flush is under way when the next hits come
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(stored.get('user:3')).toBe(21);
    await store.close();
  });
});
