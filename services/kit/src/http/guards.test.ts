import { describe, expect, it } from 'vitest';
import type { CompanyWithPlan } from '../directory.js';
import { Directory } from '../directory.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createHttpApp } from './app.js';
import { createGuards, planScopedCompany } from './guards.js';

/**
 * Every authenticated call reads the caller's company (spec 001 §3/§4): a token outlives a deleted company or
 * one switched off for up to its lifetime, and must not keep reading or writing it meanwhile.
 */
const callers = {
  admin: { userId: 1, companyId: 7, profile: 'admin', super: false, sessionId: 's1' },
  gone: { userId: 2, companyId: 8, profile: 'admin', super: false, sessionId: 's2' },
  off: { userId: 3, companyId: 9, profile: 'user', super: false, sessionId: 's3' },
  superOff: { userId: 4, companyId: 9, profile: 'admin', super: true, sessionId: 's4' },
  unknown: { userId: 5, companyId: 10, profile: 'admin', super: false, sessionId: 's5' },
} as const;

const company = (id: number, status: boolean): CompanyWithPlan => ({ company: { id, status } as CompanyWithPlan['company'], plan: null, settings: [] });

function server() {
  const companies = new Directory<number, CompanyWithPlan | null>(async (id) => {
    if (id === 7) return company(7, true);
    if (id === 9) return company(9, false);
    if (id === 10) throw new AppError('ERR_SERVICE_UNAVAILABLE', 'admin did not answer');
    return null;
  }, 0);
  const verify = (token: string) => {
    const caller = callers[token as keyof typeof callers];
    if (!caller) throw new AppError('ERR_INVALID_TOKEN', 'Invalid token');
    return caller as never;
  };
  const guards = createGuards({ verify, companies });
  const app = createHttpApp({ logger: createLogger({ name: 'guards-test', level: 'silent' }) });
  app.get('/things', { preHandler: guards.authenticated }, async (request) => ({ companyId: request.auth.companyId }));
  app.post('/things', { preHandler: guards.admin }, async () => ({ ok: true }));
  return app;
}

const call = (method: 'GET' | 'POST', token: string) => server().inject({ method, url: '/things', headers: { authorization: `Bearer ${token}` }, payload: method === 'POST' ? {} : undefined });

describe("the caller's company on every authenticated call", () => {
  it('lets a caller of an active company through', async () => {
    const answer = await call('GET', 'admin');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ companyId: 7 });
  });

  it('refuses a token of a deleted company as a session that ended: 401 ERR_SESSION_EXPIRED, reads and writes alike', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await call(method, 'gone');
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error).toBe('ERR_SESSION_EXPIRED');
    }
  });

  it('refuses a token of an inactive company like its login: 403 ERR_COMPANY_INACTIVE', async () => {
    const answer = await call('GET', 'off');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('ERR_COMPANY_INACTIVE');
  });

  it('lets a super user through, as at login', async () => {
    expect((await call('GET', 'superOff')).statusCode).toBe(200);
  });

  it('trusts the token when the company cannot be read (admin not answering)', async () => {
    expect((await call('GET', 'unknown')).statusCode).toBe(200);
  });
});

describe('planScopedCompany: the company a plan-gated list reads', () => {
  const withPlan = (id: number, useOpenAi: boolean): CompanyWithPlan => ({ ...company(id, true), plan: { useOpenAi } as CompanyWithPlan['plan'] });
  const companies = new Directory<number, CompanyWithPlan | null>(async (id) => (id === 20 ? withPlan(20, true) : id === 21 ? withPlan(21, false) : null), 0);
  const superUser = { ...callers.admin, super: true };
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err: AppError) => ({ code: err.code, extra: err.extra }));

  it("is the caller's own without a companyId, with its own, or when anyone but a super user names another", async () => {
    expect(await planScopedCompany(companies, callers.admin, undefined, 'useOpenAi')).toBe(7);
    expect(await planScopedCompany(companies, superUser, 7, 'useOpenAi')).toBe(7);
    expect(await planScopedCompany(companies, callers.admin, 20, 'useOpenAi')).toBe(7);
  });

  it("is another company a super user names when it exists and its plan has the flag", async () => {
    expect(await planScopedCompany(companies, superUser, 20, 'useOpenAi')).toBe(20);
    expect(await refusal(planScopedCompany(companies, superUser, 21, 'useOpenAi'))).toEqual({ code: 'ERR_NO_PERMISSION', extra: { feature: 'useOpenAi' } });
    expect(await refusal(planScopedCompany(companies, superUser, 404, 'useOpenAi'))).toMatchObject({ code: 'ERR_NO_COMPANY_FOUND' });
  });
});
