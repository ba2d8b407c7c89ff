import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type TestPlatform } from './testing/index.js';

/**
 * Table-driven, like validation.test.ts for bodies: every route's query string and path parameters are sent
 * values a careless or hostile integrator might send. Each answer is a 2xx or a 4xx in the catalogue's shape:
 * never a 500, never a stack trace.
 */
type Parameter = { in: string; name: string };
type Operation = { parameters?: Parameter[] };

let platform: TestPlatform;
let token: string;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  platform = await startTestPlatform();
  token = (await platform.login()).token;
  doc = await eventually(async () => {
    const answer = await platform.request('GET', '/api/docs/json');
    return answer.status === 200 && Object.keys(answer.body?.paths ?? {}).length > 5 ? answer.body : undefined;
  }, 15_000);
});
afterAll(async () => platform.stop());

const oddValues = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '[1,2',
  '["x"]',
  '{"a":1}',
  'true',
  "1' or '1'='1",
  '%00',
  'x'.repeat(5000),
  '2026-13-45',
  '',
];

const readRoutes = () => {
  const list: { path: string; query: string[] }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    const get = operations.get;
    if (!get || path.includes('/media/') || path.startsWith('/api/docs')) continue;
    list.push({ path, query: (get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) });
  }
  return list;
};

const checkAnswer = (answer: { status: number; body: unknown; text?: string }, where: string) => {
  expect(answer.status, where).toBeLessThan(500);
  expect(JSON.stringify(answer.body ?? ''), where).not.toMatch(/at .*\.(js|ts):\d+/);
  if (answer.status >= 400) expect((answer.body as { error?: string })?.error, where).toMatch(/^ERR_/);
};

describe('every read route copes with odd query strings and path parameters', () => {
  it('found the routes to walk', () => {
    expect(readRoutes().filter((r) => r.query.length > 0).length).toBeGreaterThan(10);
  });

  it('answers a 2xx or a 4xx for every odd value of every query parameter', async () => {
    for (const route of readRoutes()) {
      const path = route.path.replace(/\{[^}]+\}/g, '1');
      for (const name of route.query) {
        for (const value of oddValues) {
          const url = `${path}?${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
          checkAnswer(await platform.request('GET', url, { token }), `GET ${url.slice(0, 120)}`);
        }
      }
    }
  });

  it('never answers a 5xx for odd path parameters of any route', async () => {
    for (const [template, operations] of Object.entries(doc.paths)) {
      if (!template.includes('{') || template.includes('/media/')) continue;
      for (const method of Object.keys(operations)) {
        for (const value of ['abc', '-1', '99999999999999999999', '1.5', 'x'.repeat(300)]) {
          const url = template.replace(/\{[^}]+\}/g, encodeURIComponent(value));
          const answer = await platform.request(method.toUpperCase(), url, { token, body: method === 'get' || method === 'delete' ? undefined : {} });
          checkAnswer(answer, `${method.toUpperCase()} ${url.slice(0, 120)}`);
        }
      }
    }
  });
});
