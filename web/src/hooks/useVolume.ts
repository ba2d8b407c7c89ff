import { useCallback, useSyncExternalStore } from 'react';

/** Notification volume (spec 000 §2): 0 to 1 in steps of 0.1, kept in local storage. */
export const VOLUME_STORAGE_KEY = 'volume';
const listeners = new Set<() => void>();

export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
}

export function getVolume(): number {
  try {
    const raw = localStorage.getItem(VOLUME_STORAGE_KEY);
    return raw === null ? 1 : clampVolume(Number(raw));
  } catch {
    return 1;
  }
}

export function setVolume(value: number): void {
  try {
    localStorage.setItem(VOLUME_STORAGE_KEY, String(clampVolume(value)));
  } catch {
    // ignore
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useVolume(): [number, (value: number) => void] {
  const volume = useSyncExternalStore(subscribe, getVolume, () => 1);
  return [volume, useCallback((v: number) => setVolume(v), [])];
}
