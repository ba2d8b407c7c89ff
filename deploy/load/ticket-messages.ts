/**
 * Writes: attendants posting internal notes (private messages: no channel involved) on open
 * tickets at a constant rate, then reading the conversation back. Exercises tickets' write path:
 * message row + ticket update + outbox in one transaction, the relay to JetStream, and the
 * realtime fan-out to every socket in the company (run realtime-sockets.ts beside it to see it).
 *
 *   k6 run -e BASE_URL=https://atende.example.com -e RATE=50 deploy/load/ticket-messages.ts
 *
 * Each virtual user writes on the open tickets its own attendant sees (first two list pages);
 * seed data first (docs/operations.md "Load tests"). Notes are internal: no channel is needed.
 */
import http from 'k6/http';
import { check, sleep, type Options } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, accountFor, authorized, bodyOf, listAt, mustLogin, numberAt, params, vuSession, type Session } from './lib.ts';

const rate = Number(__ENV.RATE ?? 20);
const preAllocatedVUs = Math.max(10, rate);

export const options: Options = {
  scenarios: {
    notes: {
      executor: 'constant-arrival-rate',
      rate,
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '5m',
      preAllocatedVUs,
      maxVUs: Math.max(preAllocatedVUs, Number(__ENV.MAX_VUS ?? 50)),
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:POST /api/messages/:ticketId}': ['p(95)<400', 'p(99)<1000'],
    'http_req_duration{name:GET /api/messages/:ticketId}': ['p(95)<300'],
    'http_req_duration{name:GET /api/tickets}': ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

const sendToRead = new Trend('note_send_to_read', true);
const idle = new Counter('vu_without_open_tickets');

/** Fail fast when nobody can log in, before any virtual user starts. */
export function setup(): void {
  mustLogin(accountFor(1));
}

// Per virtual user: the open tickets its attendant may see (and so write on).
let ticketIds: number[] | null = null;

function openTickets(session: Session): number[] {
  if (ticketIds) return ticketIds;
  const ids: number[] = [];
  for (let page = 1; page <= 2; page++) {
    const res = http.get(`${BASE_URL}/api/tickets?status=open&showAll=true&pageNumber=${page}`, authorized(session, 'GET /api/tickets'));
    const tickets = listAt(bodyOf(res), 'tickets');
    for (const t of tickets) {
      const id = numberAt(t, 'id');
      if (id !== undefined) ids.push(id);
    }
    if (tickets.length === 0) break;
  }
  ticketIds = ids;
  return ids;
}

export default function (): void {
  const session = vuSession();
  if (!session) return;
  const ids = openTickets(session);
  const id = ids[(__VU * 7919 + __ITER) % Math.max(ids.length, 1)];
  if (id === undefined) {
    idle.add(1);
    sleep(5);
    return;
  }

  const started = Date.now();
  const body = JSON.stringify({ body: `k6 note vu ${__VU} iteration ${__ITER} at ${new Date().toISOString()}`, isPrivate: true });
  const sent = http.post(`${BASE_URL}/api/messages/${id}`, body, params('POST /api/messages/:ticketId', { session, json: true }));
  check(sent, { 'note 201': (r) => r.status === 201 });

  const read = http.get(`${BASE_URL}/api/messages/${id}?pageNumber=1`, authorized(session, 'GET /api/messages/:ticketId'));
  check(read, { 'messages 200': (r) => r.status === 200 });
  sendToRead.add(Date.now() - started);
}
