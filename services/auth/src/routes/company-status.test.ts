import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type TestPlatform } from '@atende/standalone/testing';

/**
 * A company switched off (status false, spec 001 §3/§4) is refused like its login (403 ERR_COMPANY_INACTIVE)
 * for those already signed in too: the refresh token gives no new access token, and the access token they
 * hold is refused by every service. Switched on again, the same session goes on.
 */
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ env: { CHANNELS_RUN_SESSIONS: 'false' } });
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

const setStatus = async (companyId: number, status: boolean) => {
  const superSession = await platform.login();
  const answer = await platform.request('PUT', `/api/companies/${companyId}`, { token: superSession.token, body: { status } });
  expect(answer.status).toBe(200);
  expect(answer.body.status).toBe(status);
};

describe('an inactive company', () => {
  it('gets no new access token from its refresh token, and its access tokens are refused by every service', async () => {
    const { admin, email, password, companyId } = await platform.createCompany();
    const attendant = await platform.createUser(admin);
    await setStatus(companyId, false);
    // Every service drops the company from its directory on admin.company.updated (a moment later on the cluster's bus).
    await eventually(async () => (await platform.request('GET', '/api/contacts', { token: admin.token })).status === 403);

    // Login, as before.
    const login = await platform.request('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('ERR_COMPANY_INACTIVE');

    for (const session of [admin, attendant.session]) {
      const refreshed = await platform.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
      expect(refreshed.status).toBe(403);
      expect(refreshed.body.error).toBe('ERR_COMPANY_INACTIVE');
      expect(refreshed.body.token).toBeUndefined();
      for (const [method, url, body] of [
        ['GET', '/api/auth/me', undefined],
        ['GET', '/api/users', undefined],
        ['GET', '/api/whatsapp', undefined],
        ['GET', '/api/contacts', undefined],
        ['POST', '/api/contacts', { name: 'Fantasma', number: '5511955550002' }],
        ['GET', '/api/contact-lists', undefined],
        ['GET', `/api/companies/${companyId}`, undefined],
      ] as const) {
        const answer = await platform.request(method, url, { token: session.token, body });
        expect({ url, status: answer.status, error: answer.body?.error }).toEqual({ url, status: 403, error: 'ERR_COMPANY_INACTIVE' });
      }
    }
  });

  it('goes on with the same session once switched on again (the refresh token was not spent)', async () => {
    const { admin, companyId } = await platform.createCompany();
    await setStatus(companyId, false);
    await eventually(async () => (await platform.request('POST', '/api/auth/refresh_token', { cookie: admin.cookie })).status === 403);
    await setStatus(companyId, true);
    const refreshed = await eventually(async () => {
      const answer = await platform.request('POST', '/api/auth/refresh_token', { cookie: admin.cookie });
      return answer.status === 200 ? answer : undefined;
    });
    expect(refreshed.body.user.company).toMatchObject({ id: companyId, status: true });
    expect((await platform.request('GET', '/api/contacts', { token: refreshed.body.token })).status).toBe(200);
  });

  it('does not touch the super user (its company is never inactive) nor other companies', async () => {
    const { admin, companyId } = await platform.createCompany();
    const other = await platform.createCompany();
    await setStatus(companyId, false);
    await eventually(async () => (await platform.request('GET', '/api/contacts', { token: admin.token })).status === 403);
    const superSession = await platform.login();
    expect((await platform.request('GET', '/api/companies', { token: superSession.token })).status).toBe(200);
    expect((await platform.request('POST', '/api/auth/refresh_token', { cookie: superSession.cookie })).status).toBe(200);
    expect((await platform.request('GET', '/api/contacts', { token: other.admin.token })).status).toBe(200);
    expect((await platform.request('POST', '/api/auth/refresh_token', { cookie: other.admin.cookie })).status).toBe(200);
  });
});
