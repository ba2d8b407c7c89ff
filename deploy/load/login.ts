/**
 * Logins at a rising rate: POST /api/auth/login (argon2 verification in auth, the edge's auth
 * limit in the gateway), then GET /api/auth/me with the new token, then a refresh of the session
 * (rotating the httpOnly cookie k6 keeps per virtual user).
 *
 *   k6 run -e BASE_URL=https://atende.example.com deploy/load/login.ts
 *
 * The gateway allows RATE_LIMIT_AUTH_PER_MINUTE (300) logins per client address and minute, and
 * one k6 machine is one address: raise it on the gateway for the run, or expect 429s, which are
 * counted apart (login_rate_limited) and not as failures. Every virtual user logs in as its own
 * seeded account (lib.ts), since a login revokes the account's other refresh tokens.
 */
import http from 'k6/http';
import { check, sleep, type Options } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import { BASE_URL, accountFor, authorized, bodyOf, numberAt, params, tryLogin } from './lib.ts';

const peak = Number(__ENV.LOGIN_RATE ?? 20);

export const options: Options = {
  scenarios: {
    logins: {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: 20,
      maxVUs: Math.max(20, Number(__ENV.MAX_VUS ?? 200)),
      stages: [
        { duration: '1m', target: peak },
        { duration: __ENV.HOLD ?? '3m', target: peak },
        { duration: '30s', target: 0 },
      ],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:POST /api/auth/login}': ['p(95)<800'],
    'http_req_duration{name:GET /api/auth/me}': ['p(95)<200'],
    'http_req_duration{name:POST /api/auth/refresh_token}': ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

const rateLimited = new Rate('login_rate_limited');
const loginToMe = new Trend('login_to_me', true);

// 429 is the edge limit doing its job: not an http_req_failed.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 429));

export default function (): void {
  const started = Date.now();
  const { session, limited } = tryLogin(accountFor(__VU));
  rateLimited.add(limited);
  if (!session) {
    sleep(1);
    return;
  }

  const me = http.get(`${BASE_URL}/api/auth/me`, authorized(session, 'GET /api/auth/me'));
  check(me, {
    'me 200': (r) => r.status === 200,
    'me is the logged-in user': (r) => numberAt(bodyOf(r), 'id') === session.userId,
  });
  loginToMe.add(Date.now() - started);

  // The refresh cookie (httpOnly, path /api/auth) is in this virtual user's cookie jar.
  const refreshed = http.post(`${BASE_URL}/api/auth/refresh_token`, null, params('POST /api/auth/refresh_token'));
  check(refreshed, { 'refresh 200 (or edge-limited)': (r) => r.status === 200 || r.status === 429 });
}
