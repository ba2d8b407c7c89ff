import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createHttpApp,
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  generateSigningKeys,
  BatchedRateLimitStore,
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type RateLimitStore,
} from '@atende/kit';
import { registerEdge } from './edge.js';

const keys = generateSigningKeys();
const sign = createTokenSigner(keys.privateKey);
const tokenOf = (userId: number) => sign({ sub: String(userId), companyId: 1, profile: 'user', super: false, sid: randomUUID() });
const stores: RateLimitStore[] = [];

afterAll(async () => {
  for (const store of stores) await store.close();
});

async function edge(store: RateLimitStore, limits: { ip: number; user: number; auth: number }) {
  stores.push(store);
  const app = createHttpApp({ logger: createLogger({ name: 'edge-test', level: 'silent' }) });
  registerEdge(app, { verify: createTokenVerifier(keys.publicKey), limits: store, ipPerMinute: limits.ip, userPerMinute: limits.user, authPerMinute: limits.auth });
  app.get('/api/private', async () => ({ ok: true }));
  app.get('/api/version', async () => ({ version: 'x' }));
  app.post('/api/auth/login', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const storeKinds: { name: string; enabled: boolean; make: () => RateLimitStore }[] = [
  { name: 'memory', enabled: true, make: () => new MemoryRateLimitStore() },
  { name: 'Redis', enabled: Boolean(process.env.REDIS_URL), make: () => new RedisRateLimitStore(process.env.REDIS_URL!, `test:${randomUUID()}:`) },
  // As the gateway process runs it: hits after the first of a window counted here, sent to Redis in batches.
  { name: 'Redis, batched', enabled: Boolean(process.env.REDIS_URL), make: () => new BatchedRateLimitStore(new RedisRateLimitStore(process.env.REDIS_URL!, `test:${randomUUID()}:`), 100) },
];

for (const kind of storeKinds) {
  describe.runIf(kind.enabled)(`gateway edge limits (${kind.name} store)`, () => {
    it('answers 429 with Retry-After once an address passes its limit, public routes included', async () => {
      const app = await edge(kind.make(), { ip: 3, user: 100, auth: 100 });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'GET', url: '/api/version' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await app.inject({ method: 'GET', url: '/api/private', headers: { authorization: `Bearer ${tokenOf(1)}` } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits each user on its own, and counts requests with bad tokens against the address', async () => {
      const app = await edge(kind.make(), { ip: 6, user: 2, auth: 100 });
      const asUser = async (userId: number) => (await app.inject({ method: 'GET', url: '/api/private', headers: { authorization: `Bearer ${tokenOf(userId)}` } })).statusCode;
      expect([await asUser(1), await asUser(1), await asUser(1)]).toEqual([200, 200, 429]);
      expect(await asUser(2)).toBe(200);
      const bad = await app.inject({ method: 'GET', url: '/api/private', headers: { authorization: 'Bearer not-a-token' } });
      expect(bad.statusCode).toBe(403);
      expect(await asUser(3)).toBe(200); // sixth request of this address
      const limited = await app.inject({ method: 'GET', url: '/api/private', headers: { authorization: 'Bearer not-a-token' } });
      expect(limited.statusCode).toBe(429);
    });

    it('has a tighter limit on login attempts than on the rest', async () => {
      const app = await edge(kind.make(), { ip: 100, user: 100, auth: 2 });
      const login = async () => (await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })).statusCode;
      expect([await login(), await login(), await login()]).toEqual([200, 200, 429]);
      expect((await app.inject({ method: 'GET', url: '/api/version' })).statusCode).toBe(200);
    });

    it('refuses a private route without a token with 401', async () => {
      const app = await edge(kind.make(), { ip: 100, user: 100, auth: 100 });
      const res = await app.inject({ method: 'GET', url: '/api/private' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    });
  });
}
