import { describe, expect, it } from 'vitest';
import type { Plan } from '@atende/kit/contracts';
import { isTransientError, readStoredPlan, readWithRetry, retryAfterMs, RetryAborted, SHELL_RETRY_DELAYS_MS, storePlan } from './shellData';

const answer = (status: number, headers: Record<string, string> = {}) => Object.assign(new Error(`HTTP ${status}`), { response: { status, headers, data: {} } });
const networkError = () => new Error('Network Error');

/** A read that fails with the given errors first, then answers. */
function flaky<T>(value: T, ...failures: unknown[]) {
  let calls = 0;
  const read = async () => {
    calls++;
    if (failures.length) throw failures.shift();
    return value;
  };
  return { read, calls: () => calls };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const plan = {
  id: 7,
  name: 'Plano',
  users: 0,
  connections: 0,
  queues: 0,
  amount: '0',
  isPublic: true,
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
} satisfies Plan;

describe('the plan read of the shell (audit: menu entries gone after one 429)', () => {
  it('reads the plan again after the rate limit and network failures, waiting longer each time', async () => {
    const { waits, sleep } = recordingSleep();
    const read = flaky(plan, answer(429), networkError(), answer(503));
    await expect(readWithRetry(read.read, { sleep })).resolves.toEqual(plan);
    expect(read.calls()).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it("waits as long as the server's Retry-After asks (within a minute)", async () => {
    const { waits, sleep } = recordingSleep();
    const read = flaky(plan, answer(429, { 'retry-after': '12' }), answer(429, { 'retry-after': '3600' }));
    await readWithRetry(read.read, { sleep });
    expect(waits).toEqual([12_000, 2000]);
  });

  it('gives up after a few attempts with the last error', async () => {
    const { waits, sleep } = recordingSleep();
    const last = answer(429);
    const read = flaky(plan, answer(429), answer(429), answer(429), answer(429), last);
    await expect(readWithRetry(read.read, { sleep })).rejects.toBe(last);
    expect(read.calls()).toBe(SHELL_RETRY_DELAYS_MS.length + 1);
    expect(waits).toEqual([...SHELL_RETRY_DELAYS_MS]);
  });

  it('does not retry an answer that will not change (403, 404)', async () => {
    const { sleep } = recordingSleep();
    const forbidden = answer(403);
    const read = flaky(plan, forbidden);
    await expect(readWithRetry(read.read, { sleep })).rejects.toBe(forbidden);
    expect(read.calls()).toBe(1);
  });

  it('stops once aborted (sign-out, another reload)', async () => {
    const controller = new AbortController();
    const read = flaky(plan, answer(429), answer(429));
    const sleep = async () => controller.abort();
    await expect(readWithRetry(read.read, { sleep, signal: controller.signal })).rejects.toBeInstanceOf(RetryAborted);
    expect(read.calls()).toBe(1);
  });

  it('tells passing failures from lasting ones', () => {
    expect([networkError(), answer(408), answer(429), answer(500), answer(502)].map(isTransientError)).toEqual([true, true, true, true, true]);
    expect([answer(400), answer(401), answer(403), answer(404)].map(isTransientError)).toEqual([false, false, false, false]);
    expect(retryAfterMs(answer(429, { 'retry-after': '5' }))).toBe(5000);
    expect(retryAfterMs(answer(429))).toBeUndefined();
  });
});

describe('the last known plan', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
  };

  it('is kept per company and read back on the next sign-in', () => {
    const storage = memoryStorage();
    storePlan(storage, 4, plan);
    expect(readStoredPlan(storage, 4)).toEqual(plan);
    expect(readStoredPlan(storage, 5)).toBeNull();
  });

  it('ignores what is not a plan', () => {
    const storage = memoryStorage();
    storage.setItem('companyPlan:4', '{"useKanban":true}');
    expect(readStoredPlan(storage, 4)).toBeNull();
    storage.setItem('companyPlan:4', 'not json');
    expect(readStoredPlan(storage, 4)).toBeNull();
    expect(readStoredPlan(null, 4)).toBeNull();
  });
});
