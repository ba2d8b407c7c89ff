import { describe, expect, it } from 'vitest';
import { effectiveSearch, isNearBottom, mergeById, removeById, upsertById } from './listRules';
import { fitWithin } from './avatar';

describe('user search', () => {
  it('searches from 3 characters only', () => {
    expect(effectiveSearch('')).toBe('');
    expect(effectiveSearch('an')).toBe('');
    expect(effectiveSearch('  an ')).toBe('');
    expect(effectiveSearch('ana')).toBe('ana');
    expect(effectiveSearch(' maria ')).toBe('maria');
  });
});

describe('infinite scroll', () => {
  it('loads more within 100 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 400, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(isNearBottom({ scrollTop: 399, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
    expect(isNearBottom({ scrollTop: 0, clientHeight: 500, scrollHeight: 500 })).toBe(true);
  });

  it('merges pages without duplicates', () => {
    const a = [
      { id: 1, n: 'a' },
      { id: 2, n: 'b' },
    ];
    expect(
      mergeById(a, [
        { id: 2, n: 'B' },
        { id: 3, n: 'c' },
      ]),
    ).toEqual([
      { id: 1, n: 'a' },
      { id: 2, n: 'B' },
      { id: 3, n: 'c' },
    ]);
    expect(upsertById(a, { id: 9, n: 'z' })[0]).toEqual({ id: 9, n: 'z' });
    expect(upsertById(a, { id: 1, n: 'A' })).toEqual([
      { id: 1, n: 'A' },
      { id: 2, n: 'b' },
    ]);
    expect(removeById(a, 1)).toEqual([{ id: 2, n: 'b' }]);
  });
});

describe('avatar resize', () => {
  it('fits the longest side within 240 px keeping the ratio', () => {
    expect(fitWithin(1200, 800)).toEqual({ width: 240, height: 160 });
    expect(fitWithin(600, 1800)).toEqual({ width: 80, height: 240 });
    expect(fitWithin(240, 240)).toEqual({ width: 240, height: 240 });
  });

  it('leaves small images alone and never returns 0 for a real image', () => {
    expect(fitWithin(100, 50)).toEqual({ width: 100, height: 50 });
    expect(fitWithin(10000, 1)).toEqual({ width: 240, height: 1 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });
});
