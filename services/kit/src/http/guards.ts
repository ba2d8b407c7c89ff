import type { FastifyReply, FastifyRequest } from 'fastify';
import { areas, type Area, type PlanFlag } from '../contracts/permissions.js';
import type { User } from '../contracts/users.js';
import type { CompanyWithPlan, Directory } from '../directory.js';
import { AppError } from '../errors.js';
import type { AuthUser, TokenVerifier } from '../auth/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication guard on every private route. */
    auth: AuthUser;
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const GUARD = Symbol('atende.guard');
/** Marks a hook as a guard: it reads only the token and the caller, never the body or the params. */
const asGuard = (hook: Hook): Hook => Object.assign(hook, { [GUARD]: true });
/** Whether a route hook is one of the guards (createHttpApp runs them before validation). */
export const isGuard = (hook: unknown): boolean => typeof hook === 'function' && (hook as { [GUARD]?: boolean })[GUARD] === true;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** No token → 401 ERR_SESSION_EXPIRED; an expired or forged one → 403 ERR_INVALID_TOKEN (the web refreshes once). */
export function authenticate(verify: TokenVerifier, request: FastifyRequest): AuthUser {
  const token = bearerToken(request);
  if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Session expired');
  return verify(token);
}

/**
 * An access token outlives a change of its company for up to its lifetime, so every authenticated call reads
 * the company (directory: cached per process, dropped on admin.company.* events). A deleted company's token
 * is a session that ended: 401 ERR_SESSION_EXPIRED (the web logs out). An inactive company's is refused like
 * its login: 403 ERR_COMPANY_INACTIVE (the web's refresh is refused the same way, then it logs out); super
 * users keep working, as at login. Should admin not answer, the token alone decides (it was checked).
 * Realtime applies the same rule to its sockets.
 */
export async function assertCompanyOpen(
  companies: Directory<number, CompanyWithPlan | null>,
  auth: Pick<AuthUser, 'companyId' | 'super'>,
  onUnavailable?: (err: unknown) => void,
): Promise<void> {
  let entry: CompanyWithPlan | null;
  try {
    entry = await companies.get(auth.companyId);
  } catch (err) {
    onUnavailable?.(err);
    return;
  }
  if (entry === null) throw new AppError('ERR_SESSION_EXPIRED', 'The company of this session no longer exists');
  if (entry.company.status === false && !auth.super) throw new AppError('ERR_COMPANY_INACTIVE', 'This company is inactive');
}

/** A company whose plan lacks `flag` is refused (for a use case that needs the flag only for some of its input). */
export async function assertPlanFlag(companies: Directory<number, CompanyWithPlan | null>, companyId: number, flag: PlanFlag): Promise<void> {
  const entry = await companies.get(companyId);
  if (!entry?.plan?.[flag]) {
    // The catalogue's one code for a missing plan or super flag (spec 001 §8); `feature` says which flag.
    throw new AppError('ERR_NO_PERMISSION', 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.', { extra: { feature: flag } });
  }
}

export type GuardDeps = {
  verify: TokenVerifier;
  /** Needed for plan-flag guards; when given, every authenticated call is refused for a deleted or inactive company. */
  companies?: Directory<number, CompanyWithPlan | null>;
  /** Needed for 'treated as admin' area guards; auth passes its own reader. */
  users?: { get(userId: number): Promise<User | null> };
};

/**
 * preHandler chains for routes: `{ preHandler: guards.admin }`. createHttpApp moves a route's leading guards
 * before body validation, so a caller without permission gets 403 whatever it sent, never a 400 that
 * describes the body it may not send. The server enforces every rule the web hides (spec 000 §6).
 */
export function createGuards(deps: GuardDeps) {
  const authenticated = asGuard(async (request) => {
    request.auth = authenticate(deps.verify, request);
    if (deps.companies) {
      await assertCompanyOpen(deps.companies, request.auth, (err) =>
        request.log.warn({ err, companyId: request.auth.companyId }, 'company directory unavailable; the token alone decides'),
      );
    }
  });
  const admin = asGuard(async (request) => {
    if (request.auth.profile !== 'admin' && !request.auth.super) throw new AppError('ERR_NO_PERMISSION', 'Admins only');
  });
  const superUser = asGuard(async (request) => {
    if (!request.auth.super) throw new AppError('ERR_NO_PERMISSION', 'Super users only');
  });
  const area = (name: Area): Hook =>
    asGuard(async (request) => {
      const { auth } = request;
      if (auth.profile === 'admin' || auth.super) return;
      const user = await deps.users?.get(auth.userId);
      if (!user || !areas[name]({ ...user, super: auth.super })) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    });
  const plan = (flag: PlanFlag): Hook =>
    asGuard(async (request) => {
      if (!deps.companies) throw new Error('plan guard needs the company directory');
      await assertPlanFlag(deps.companies, request.auth.companyId, flag);
    });
  return {
    authenticated: [authenticated],
    admin: [authenticated, admin],
    super: [authenticated, superUser],
    area: (name: Area) => [authenticated, area(name)],
    plan: (flag: PlanFlag, ...more: Hook[]) => [authenticated, plan(flag), ...more],
    adminWithPlan: (flag: PlanFlag) => [authenticated, admin, plan(flag)],
  };
}
export type Guards = ReturnType<typeof createGuards>;

/**
 * The company a request acts on: always the caller's own; only a super user may name another
 * (on the routes the spec gives it). A companyId sent by anyone else is ignored.
 */
export function companyScope(auth: AuthUser, requested?: number | null): number {
  return auth.super && requested ? requested : auth.companyId;
}

/** companyScope for a write: another company a super user names must exist (404 ERR_NO_COMPANY_FOUND), so nothing is left in none. */
export async function scopedCompany(companies: Directory<number, CompanyWithPlan | null>, auth: AuthUser, requested: number | null | undefined): Promise<number> {
  const companyId = companyScope(auth, requested);
  if (companyId !== auth.companyId && !(await companies.get(companyId))) throw new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
  return companyId;
}

/**
 * companyScope on a plan-gated route (the guard checked the caller's own plan): another company a super
 * user names must exist (404 ERR_NO_COMPANY_FOUND) and its plan must have the flag too.
 */
export async function planScopedCompany(
  companies: Directory<number, CompanyWithPlan | null>,
  auth: AuthUser,
  requested: number | null | undefined,
  flag: PlanFlag,
): Promise<number> {
  const companyId = await scopedCompany(companies, auth, requested);
  if (companyId !== auth.companyId) await assertPlanFlag(companies, companyId, flag);
  return companyId;
}
