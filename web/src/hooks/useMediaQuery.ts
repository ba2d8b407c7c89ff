import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, get, () => false);
}

/** Below 600 px the side menu is a temporary drawer (spec 000 §2). */
export const NARROW_SCREEN_QUERY = '(max-width: 599.98px)';
