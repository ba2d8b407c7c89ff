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

export type GuardDeps = {
  verify: TokenVerifier;
  /** Needed for plan-flag guards. */
  companies?: Directory<number, CompanyWithPlan | null>;
  /** Needed for 'treated as admin' area guards; auth passes its own reader. */
  users?: { get(userId: number): Promise<User | null> };
};

/**
 * preHandler chains for routes: `{ preHandler: guards.admin }`.
 * The server enforces every rule the web hides (spec 000 §6).
 */
export function createGuards(deps: GuardDeps) {
  const authenticated: Hook = async (request) => {
    request.auth = authenticate(deps.verify, request);
  };
  const admin: Hook = async (request) => {
    if (request.auth.profile !== 'admin' && !request.auth.super) throw new AppError('ERR_NO_PERMISSION', 'Admins only');
  };
  const superUser: Hook = async (request) => {
    if (!request.auth.super) throw new AppError('ERR_NO_PERMISSION', 'Super users only');
  };
  const area = (name: Area): Hook => async (request) => {
    const { auth } = request;
    if (auth.profile === 'admin' || auth.super) return;
    const user = await deps.users?.get(auth.userId);
    if (!user || !areas[name]({ ...user, super: auth.super })) throw new AppError('ERR_NO_PERMISSION', 'No permission');
  };
  const plan = (flag: PlanFlag): Hook => async (request) => {
    if (!deps.companies) throw new Error('plan guard needs the company directory');
    const entry = await deps.companies.get(request.auth.companyId);
    if (!entry?.plan?.[flag]) {
      // The catalogue's one code for a missing plan or super flag (spec 001 §8); `feature` says which flag.
      throw new AppError('ERR_NO_PERMISSION', 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.', { extra: { feature: flag } });
    }
  };
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
