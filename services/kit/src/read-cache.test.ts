import { describe, expect, it } from 'vitest';
import { CompanyReadCache } from './read-cache.js';

const counter = () => {
  let calls = 0;
  return { compute: async () => Buffer.from(`answer ${++calls}`), calls: () => calls };
};

describe('CompanyReadCache', () => {
  it('serves an answer again until something of its company changes', async () => {
    const cache = new CompanyReadCache({ ttlMs: 5000, maxSize: 1e6 });
    const c = counter();
    expect(String(await cache.through(1, 'list', c.compute))).toBe('answer 1');
    expect(String(await cache.through(1, 'list', c.compute))).toBe('answer 1');
    cache.invalidate(1);
    expect(String(await cache.through(1, 'list', c.compute))).toBe('answer 2');
    expect(c.calls()).toBe(2);
  });

  it('keeps other companies’ answers when one company changes; a change of no company drops all', async () => {
    const cache = new CompanyReadCache({ ttlMs: 5000, maxSize: 1e6 });
    const a = counter();
    const b = counter();
    await cache.through(1, 'list', a.compute);
    await cache.through(2, 'list', b.compute);
    cache.invalidate(1);
    await cache.through(1, 'list', a.compute);
    await cache.through(2, 'list', b.compute);
    expect([a.calls(), b.calls()]).toEqual([2, 1]);
    cache.invalidate(null);
    await cache.through(2, 'list', b.compute);
    expect(b.calls()).toBe(2);
  });

  it('does not keep an answer computed while its company changed', async () => {
    const cache = new CompanyReadCache({ ttlMs: 5000, maxSize: 1e6 });
    let calls = 0;
    await cache.through(1, 'list', async () => {
      calls++;
      cache.invalidate(1); // a commit landed while the answer was being read
      return Buffer.from('maybe stale');
    });
    expect(await cache.through(1, 'list', async () => Buffer.from(`fresh ${++calls}`))).toEqual(Buffer.from('fresh 2'));
  });

  it('expires answers after ttlMs, and computes every time with ttlMs 0', async () => {
    let now = 0;
    const cache = new CompanyReadCache({ ttlMs: 1000, maxSize: 1e6, now: () => now });
    const c = counter();
    await cache.through(1, 'list', c.compute);
    now = 999;
    await cache.through(1, 'list', c.compute);
    now = 1000;
    await cache.through(1, 'list', c.compute);
    expect(c.calls()).toBe(2);
    const off = new CompanyReadCache({ ttlMs: 0, maxSize: 1e6 });
    await off.through(1, 'list', c.compute);
    await off.through(1, 'list', c.compute);
    expect(c.calls()).toBe(4);
  });

  it('shares one computation between concurrent misses of a key', async () => {
    const cache = new CompanyReadCache({ ttlMs: 5000, maxSize: 1e6 });
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      calls++;
      await gate;
      return Buffer.from('shared');
    };
    const answers = Promise.all([cache.through(1, 'k', compute), cache.through(1, 'k', compute), cache.through(1, 'k', compute)]);
    release();
    expect((await answers).map(String)).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = new CompanyReadCache({ ttlMs: 5000, maxSize: 1e6 });
    await expect(cache.through(1, 'k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(String(await cache.through(1, 'k', async () => Buffer.from('ok')))).toBe('ok');
  });

  it('holds at most maxSize characters, dropping the oldest answers first', async () => {
    const cache = new CompanyReadCache({ ttlMs: 5000, maxSize: 100 });
    for (let i = 0; i < 10; i++) await cache.through(1, `k${i}`, async () => Buffer.alloc(20));
    expect(cache.stats()).toEqual({ entries: 5, size: 100 });
    let recomputed = false;
    await cache.through(1, 'k0', async () => ((recomputed = true), Buffer.from('x')));
    expect(recomputed).toBe(true);
  });
});
