/**
 * Shared pieces of the k6 scenarios: where the platform is, who logs in, and JSON helpers.
 *
 * Environment (k6 run -e NAME=value):
 *   BASE_URL        the Ingress or gateway, default http://atende.localhost (the dev overlay)
 *   LOAD_EMAIL      one account for every virtual user, or
 *   LOAD_USERS      how many seeded accounts to spread the virtual users over (default 50), named by
 *   LOAD_EMAIL_PATTERN  with {n} = 1..LOAD_USERS (default seed-u{n}@c1.bench, the tickets seed script)
 *   LOAD_PASSWORD   their password (default bench-pass-1, the seed script's)
 * A login revokes the account's other sessions' refresh tokens, so scenarios that refresh give
 * each virtual user its own account; access tokens stay valid for their 15 minutes either way.
 */
import http, { type JSONValue, type Params, type Response } from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL ?? 'http://atende.localhost').replace(/\/+$/, '');

/** ws:// or wss:// for the same host. */
export const WS_URL = BASE_URL.replace(/^http/, 'ws');

export type Account = { email: string; password: string };
export type Session = { token: string; userId: number; companyId: number };

const accountCount = Math.max(1, Number(__ENV.LOAD_USERS ?? 50));
const emailPattern = __ENV.LOAD_EMAIL_PATTERN ?? 'seed-u{n}@c1.bench';
const password = __ENV.LOAD_PASSWORD ?? 'bench-pass-1';

/** The account of virtual user `vu` (1-based): the single LOAD_EMAIL, or seeded ones round-robin. */
export function accountFor(vu: number): Account {
  if (__ENV.LOAD_EMAIL) return { email: __ENV.LOAD_EMAIL, password };
  const n = ((Math.max(vu, 1) - 1) % accountCount) + 1;
  return { email: emailPattern.replace('{n}', String(n)), password };
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Request parameters: the metric name tag, the JSON content type when there is a body. */
export function params(name: string, options: { session?: Session; json?: boolean } = {}): Params {
  const headers: Record<string, string> = options.json ? { ...JSON_TYPE } : {};
  if (options.session) headers.authorization = `Bearer ${options.session.token}`;
  return { headers, tags: { name } };
}

export function authorized(session: Session, name: string): Params {
  return params(name, { session });
}

/** The body as JSON, or null when it is not JSON (so a check fails instead of the iteration). */
export function bodyOf(res: Response): JSONValue {
  try {
    return res.json();
  } catch {
    return null;
  }
}

export function field(value: JSONValue | undefined, key: string): JSONValue | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
}

export function numberAt(value: JSONValue | undefined, ...keys: string[]): number | undefined {
  const found = keys.reduce<JSONValue | undefined>((v, k) => field(v, k), value);
  return typeof found === 'number' ? found : undefined;
}

export function listAt(value: JSONValue | undefined, key: string): JSONValue[] {
  const found = field(value, key);
  return Array.isArray(found) ? found : [];
}

/**
 * POST /api/auth/login. `session` is null when it failed (a failed check) or was refused by the
 * edge's auth limit (`limited`, status 429: no failed check, the caller counts it).
 */
export function tryLogin(account: Account): { session: Session | null; limited: boolean } {
  const res = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify(account), params('POST /api/auth/login', { json: true }));
  if (res.status === 429) return { session: null, limited: true };
  const body = bodyOf(res);
  const token = field(body, 'token');
  const userId = numberAt(body, 'user', 'id');
  const companyId = numberAt(body, 'user', 'companyId');
  const ok = check(res, {
    'login 200': (r) => r.status === 200,
    'login has a token': () => typeof token === 'string' && token.length > 0,
  });
  if (!ok || typeof token !== 'string' || userId === undefined || companyId === undefined) return { session: null, limited: false };
  return { session: { token, userId, companyId }, limited: false };
}

export function login(account: Account): Session | null {
  return tryLogin(account).session;
}

const TOKEN_LIFETIME_MS = 14 * 60 * 1000;
let current: { session: Session; at: number } | null = null;

/**
 * This virtual user's session (module state is per virtual user in k6): logs in on first use and
 * again before the access token's 15 minutes run out. Null when the login failed.
 */
export function vuSession(): Session | null {
  if (current && Date.now() - current.at < TOKEN_LIFETIME_MS) return current.session;
  const session = login(accountFor(__VU));
  current = session ? { session, at: Date.now() } : null;
  return session;
}

/** For setup(): log in or stop the whole run with a message saying why. */
export function mustLogin(account: Account): Session {
  const session = login(account);
  if (!session)
    fail(`cannot log in as ${account.email} at ${BASE_URL}: set BASE_URL, LOAD_EMAIL/LOAD_EMAIL_PATTERN and LOAD_PASSWORD (docs/operations.md "Load tests")`);
  return session;
}
