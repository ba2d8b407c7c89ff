import { useCallback, useState } from 'react';
import { parseFavourites } from './composerRules';

/** Local preferences of the composer (spec 000 §2: sign toggle and quick-reply favourites kept locally). */
export const SIGN_STORAGE_KEY = 'signOption';
export const QUICK_FAVOURITES_KEY = 'quickMessageFavorites';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode or full storage: the preference lives for this page only
  }
}

/** A boolean preference in local storage ('true' / 'false'); `fallback` when never set. */
export function useStoredBoolean(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState<boolean>(() => {
    const raw = read(key);
    return raw === null ? fallback : raw === 'true';
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      write(key, String(next));
    },
    [key],
  );
  return [value, update];
}

/** Favourite quick-reply ids kept in local storage (a JSON array). */
export function useStoredFavourites(): [number[], (next: number[]) => void] {
  const [value, setValue] = useState<number[]>(() => parseFavourites(read(QUICK_FAVOURITES_KEY)));
  const update = useCallback((next: number[]) => {
    setValue(next);
    write(QUICK_FAVOURITES_KEY, JSON.stringify(next));
  }, []);
  return [value, update];
}
