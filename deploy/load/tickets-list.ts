/**
 * Attendants working the inbox: the ticket list by status (first pages, and a search), one
 * ticket, its messages. Read-heavy load on gateway -> tickets -> PostgreSQL.
 *
 *   k6 run -e BASE_URL=https://atende.example.com -e VUS=100 deploy/load/tickets-list.ts
 *
 * Needs tickets to list: the tickets seed script (docs/operations.md "Load tests") makes 100k in
 * company 1 with 50 attendants (seed-u1..50@c1.bench). Each virtual user logs in once, as its
 * own account, and keeps the token; runs longer than the token's 15 minutes log in again.
 */
import http from 'k6/http';
import { check, group, sleep, type Options } from 'k6';
import { Counter } from 'k6/metrics';
import { BASE_URL, authorized, bodyOf, listAt, numberAt, vuSession } from './lib.ts';

const vus = Number(__ENV.VUS ?? 50);

export const options: Options = {
  scenarios: {
    inbox: {
      executor: 'ramping-vus',
      startVUs: 1,
      stages: [
        { duration: '1m', target: vus },
        { duration: __ENV.HOLD ?? '5m', target: vus },
        { duration: '30s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:GET /api/tickets}': ['p(95)<300', 'p(99)<800'],
    'http_req_duration{name:GET /api/tickets (search)}': ['p(95)<800'],
    'http_req_duration{name:GET /api/tickets/:id}': ['p(95)<150'],
    'http_req_duration{name:GET /api/messages/:ticketId}': ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

const emptyLists = new Counter('tickets_empty_lists');
const searches = ['a', 'maria', 'joão', '55', 'pedido', 'silva'];
const statuses = ['open', 'pending'];

export default function (): void {
  const s = vuSession();
  if (!s) {
    sleep(2);
    return;
  }
  const status = statuses[__ITER % statuses.length] ?? 'open';
  let ids: number[] = [];

  group('list', () => {
    const first = http.get(`${BASE_URL}/api/tickets?status=${status}&showAll=true&pageNumber=1`, authorized(s, 'GET /api/tickets'));
    const page = bodyOf(first);
    check(first, {
      'list 200': (r) => r.status === 200,
      'list has tickets and hasMore': () => Array.isArray(listAt(page, 'tickets')) && typeof numberAt(page, 'count') === 'number',
    });
    ids = listAt(page, 'tickets')
      .map((t) => numberAt(t, 'id'))
      .filter((id): id is number => id !== undefined);
    if (ids.length === 0) emptyLists.add(1);

    const second = http.get(`${BASE_URL}/api/tickets?status=${status}&showAll=true&pageNumber=2`, authorized(s, 'GET /api/tickets'));
    check(second, { 'page 2 200': (r) => r.status === 200 });
    sleep(1);

    const term = searches[(__VU + __ITER) % searches.length] ?? 'a';
    const search = http.get(
      `${BASE_URL}/api/tickets?status=search&searchParam=${encodeURIComponent(term)}&pageNumber=1`,
      authorized(s, 'GET /api/tickets (search)'),
    );
    check(search, { 'search 200': (r) => r.status === 200 });
  });

  const id = ids[(__VU + __ITER) % Math.max(ids.length, 1)];
  if (id !== undefined) {
    group('open a ticket', () => {
      const ticket = http.get(`${BASE_URL}/api/tickets/${id}`, authorized(s, 'GET /api/tickets/:id'));
      check(ticket, { 'ticket 200': (r) => r.status === 200 });
      const messages = http.get(`${BASE_URL}/api/messages/${id}?pageNumber=1`, authorized(s, 'GET /api/messages/:ticketId'));
      check(messages, {
        'messages 200': (r) => r.status === 200,
        'messages page': (r) => Array.isArray(listAt(bodyOf(r), 'messages')),
      });
    });
  }
  // An attendant reads before the next click.
  sleep(2 + (__ITER % 3));
}
