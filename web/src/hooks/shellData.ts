import { plan as planSchema, type Plan } from '@atende/kit/contracts';

/**
 * Pure helpers of the shell's reads (hooks/useShellData.tsx): the plan and the helps are read again
 * after a passing failure (network, 408, 429, 5xx) with a growing wait, and the plan last read is kept
 * per company, so a failed read does not take the plan-gated menu entries away.
 */

/** Waits before the 2nd, 3rd, 4th and 5th attempt. */
export const SHELL_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;
/** A Retry-After longer than this is not waited for (the last delay applies). */
export const MAX_RETRY_AFTER_MS = 60_000;

export const PLAN_STORAGE_KEY = 'companyPlan';

type ErrorLike = { response?: { status?: unknown; headers?: unknown } };

const responseOf = (err: unknown): ErrorLike['response'] | undefined =>
  typeof err === 'object' && err !== null ? (err as ErrorLike).response : undefined;

/** A failure that may pass: no answer at all (network), a timeout, the rate limit or a server error. */
export function isTransientError(err: unknown): boolean {
  const response = responseOf(err);
  if (!response) return true;
  const status = typeof response.status === 'number' ? response.status : 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The wait asked by a Retry-After header (seconds), within MAX_RETRY_AFTER_MS; undefined without one. */
export function retryAfterMs(err: unknown): number | undefined {
  const headers = responseOf(err)?.headers;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const h = headers as Record<string, unknown> & { get?: (name: string) => unknown };
  const raw = typeof h.get === 'function' ? h.get('retry-after') : (h['retry-after'] ?? h['Retry-After']);
  const seconds = Number(raw);
  if (raw === undefined || raw === null || raw === '' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const ms = seconds * 1000;
  return ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

export type RetryOptions = {
  delays?: readonly number[];
  /** Resolves after `ms` (tests pass a fake); must resolve early once `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
};

export class RetryAborted extends Error {
  constructor() {
    super('aborted');
    this.name = 'RetryAborted';
  }
}

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Calls `read` until it answers: after a passing failure it waits (the delay of that attempt, or the
 * server's Retry-After when longer) and tries again, up to delays.length more times. Throws the last
 * error, at once for a failure that will not pass (401, 403, 404…), or RetryAborted once aborted.
 */
export async function readWithRetry<T>(read: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { delays = SHELL_RETRY_DELAYS_MS, sleep = realSleep, signal } = options;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new RetryAborted();
    try {
      return await read();
    } catch (err) {
      if (signal?.aborted) throw new RetryAborted();
      const delay = delays[attempt];
      if (delay === undefined || !isTransientError(err)) throw err;
      await sleep(Math.max(delay, retryAfterMs(err) ?? 0), signal);
    }
  }
}

/** The plan last read for the company (local storage), or null. */
export function readStoredPlan(storage: Pick<Storage, 'getItem'> | null, companyId: number): Plan | null {
  try {
    const raw = storage?.getItem(`${PLAN_STORAGE_KEY}:${companyId}`);
    if (!raw) return null;
    const parsed = planSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the plan just read for the company. */
export function storePlan(storage: Pick<Storage, 'setItem'> | null, companyId: number, plan: Plan): void {
  try {
    storage?.setItem(`${PLAN_STORAGE_KEY}:${companyId}`, JSON.stringify(plan));
  } catch {
    // no storage (privacy mode, quota): only the in-memory plan is kept
  }
}
