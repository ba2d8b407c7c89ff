import { describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from './prefetch';

describe('prefetch', () => {
  it('hands the started request to the first taker only', async () => {
    const load = vi.fn(async () => 'page');
    prefetch('a', load, 1_000);
    const again = vi.fn(async () => 'fresh');
    await expect(takePrefetched('a', again, 1_500)).resolves.toBe('page');
    await expect(takePrefetched('a', again, 1_600)).resolves.toBe('fresh');
    expect(load).toHaveBeenCalledTimes(1);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('loads anew when the prefetched request is stale or missing', async () => {
    prefetch('b', async () => 'old', 1_000);
    await expect(takePrefetched('b', async () => 'new', 3_500)).resolves.toBe('new');
    await expect(takePrefetched('c', async () => 'new', 3_500)).resolves.toBe('new');
  });

  it('passes a failed prefetch to its taker', async () => {
    prefetch('d', async () => Promise.reject(new Error('boom')), 1_000);
    await expect(takePrefetched('d', async () => 'unused', 1_100)).rejects.toThrow('boom');
  });
});
