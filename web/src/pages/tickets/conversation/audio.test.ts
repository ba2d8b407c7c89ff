import { describe, expect, it } from 'vitest';
import { AUDIO_SPEED_KEY, nextSpeed, readSpeed, speedLabel, writeSpeed } from './audio';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe('audio speed', () => {
  it('cycles 0.5 → 1 → 1.5 → 2 → 0.5', () => {
    expect(nextSpeed(0.5)).toBe(1);
    expect(nextSpeed(1)).toBe(1.5);
    expect(nextSpeed(1.5)).toBe(2);
    expect(nextSpeed(2)).toBe(0.5);
    expect(nextSpeed(3)).toBe(1);
  });
  it('is kept in storage; missing or invalid values read as 1', () => {
    const store = memory();
    expect(readSpeed(store)).toBe(1);
    writeSpeed(1.5, store);
    expect(store.data.get(AUDIO_SPEED_KEY)).toBe('1.5');
    expect(readSpeed(store)).toBe(1.5);
    store.setItem(AUDIO_SPEED_KEY, '7');
    expect(readSpeed(store)).toBe(1);
    expect(readSpeed(null)).toBe(1);
  });
  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readSpeed(broken)).toBe(1);
    expect(() => writeSpeed(2, broken)).not.toThrow();
    expect(speedLabel(0.5)).toBe('0.5x');
  });
});
