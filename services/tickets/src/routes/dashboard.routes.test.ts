import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
const C1 = 1;
let q1: number;
let q2: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];

beforeAll(async () => {
  h = await startHarness();
  q1 = await h.insertQueue(C1, 'Suporte');
  q2 = await h.insertQueue(C1, 'Vendas');
  const admin = h.addUser({ id: 1, companyId: C1, profile: 'admin', name: 'Admin' });
  const panel = h.addUser({ id: 11, companyId: C1, name: 'Painel', queueIds: [q1], allowRealTime: 'enabled' });
  const plain = h.addUser({ id: 12, companyId: C1, name: 'Comum', queueIds: [q1] });
  const other = h.addUser({ id: 2, companyId: 2, profile: 'admin' });
  tokens.admin = h.token(admin);
  tokens.panel = h.token(panel);
  tokens.plain = h.token(plain);
  tokens.other = h.token(other);
  for (const u of [admin, panel, plain]) await h.publish('auth.user.created', C1, { user: u });
  const mk = async (name: string, status: string, userId: number | null, queueId: number, daysAgo = 0) => {
    const contactId = await h.insertContact(C1, { name });
    const [row] = await sqlq<{ id: number }>(
      `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, updated_at) values ($1, $2, $3, $4, $5, now() - ($6 || ' days')::interval) returning id`,
      C1, contactId, status, userId, queueId, daysAgo,
    );
    ids[name] = row!.id;
  };
  await mk('openPanel', 'open', 11, q1);
  await mk('openPlain', 'open', 12, q1);
  await mk('pendingQ1', 'pending', null, q1);
  await mk('pendingQ2', 'pending', null, q2);
  await mk('old', 'open', 12, q1, 40);
});
afterAll(async () => h?.stop());

const names = (body: any[]) => Object.entries(ids).filter(([, id]) => body.some((t) => t.id === id)).map(([n]) => n).sort();

describe('GET /api/dashboard/moments', () => {
  it('admins see the tickets of the last 30 days with user and contact', async () => {
    const res = await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['openPanel', 'openPlain', 'pendingQ1', 'pendingQ2']);
    const t = res.body.find((x: any) => x.id === ids.openPlain);
    expect(t).toMatchObject({ user: { id: 12, name: 'Comum' }, contact: { name: 'openPlain' } });
  });

  it('filters by status, queues, user and period', async () => {
    const get = async (q: string) => names((await h.request('GET', `/api/dashboard/moments?showAll=true&${q}`, { token: tokens.admin })).body);
    expect(await get('status=pending')).toEqual(['pendingQ1', 'pendingQ2']);
    expect(await get(`queueIds=[${q2}]`)).toEqual(['pendingQ2']);
    expect(await get('userId=12')).toEqual(['openPlain']);
    const start = new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10);
    expect(await get(`userId=12&dateStart=${start}`)).toEqual(['old', 'openPlain']);
    const end = new Date(Date.now() - 35 * 86_400_000).toISOString();
    expect(await get(`dateStart=${start}&dateEnd=${end}`)).toEqual(['old']);
  });

  it('users need allowRealTime (403 otherwise) and see only what visibility allows', async () => {
    expect((await h.request('GET', '/api/dashboard/moments', { token: tokens.plain })).status).toBe(403);
    const res = await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.panel });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['openPanel', 'pendingQ1']);
  });

  it('validates the query and never shows another company', async () => {
    const bad = await h.request('GET', '/api/dashboard/moments?dateStart=yesterday&status=x', { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: any) => f.field).sort()).toEqual(['dateStart', 'status']);
    expect((await h.request('GET', '/api/dashboard/moments?showAll=true', { token: tokens.other })).body).toEqual([]);
    expect((await h.request('GET', '/api/dashboard/moments')).status).toBe(401);
  });
});
