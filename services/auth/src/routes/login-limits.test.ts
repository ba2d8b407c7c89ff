import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => platform.stop());

describe('login attempt limits', () => {
  it('blocks an address after 20 failures (an office shares one), even for the right password, with Retry-After', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await platform.request('POST', '/api/auth/login', { body: { email: `nobody${i}@example.com`, password: 'wrong-password' } });
      expect(answer.status).toBe(401);
    }
    const blocked = await platform.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_TOO_MANY_REQUESTS');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
  });
});

describe('per-email limit', () => {
  it('blocks an email after 10 failures from several addresses', async () => {
    const other = await startTestPlatform({ env: { LOGIN_IP_MAX_FAILURES: '1000' } });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await other.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: `wrong-${i}` } })).status).toBe(401);
      }
      const blocked = await other.request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(300);
    } finally {
      await other.stop();
    }
  });
});
