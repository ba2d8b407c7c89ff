import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction, type UIEvent } from 'react';
import { toastError } from '../../errors/toast';
import { effectiveSearch, isNearBottom, mergeById, SEARCH_DEBOUNCE_MS } from '../users/listRules';

export type ListPage<T> = { items: T[]; hasMore: boolean; count: number };

export type InfiniteList<T> = {
  input: string;
  setInput(value: string): void;
  /** The search actually applied (debounced, 3 characters or more). */
  search: string;
  items: T[];
  /**
   * Changes the list at once (a save, a delete, a live event): `change` gets the current rows and
   * answers the new rows and the change of the total count.
   */
  apply(change: (list: T[]) => { list: T[]; delta: number }): void;
  count: number;
  setCount: Dispatch<SetStateAction<number>>;
  loading: boolean;
  scroller: React.RefObject<HTMLDivElement | null>;
  onScroll(e: UIEvent<HTMLDivElement>): void;
  /** Back to page 1 with the current search (a filter changed, a board reload). */
  reload(): void;
};

/**
 * The house list behaviour (spec 000 §9): search 500 ms after the last keystroke (from 3 characters),
 * a search change resets to page 1, the next page loads within 100 px of the bottom, and a first
 * page that does not fill the box loads the next one at once. `fetchPage` must be stable
 * (useCallback); a new identity reloads from page 1.
 */
export function useInfiniteList<T extends { id: number }>(fetchPage: (search: string, page: number) => Promise<ListPage<T>>): InfiniteList<T> {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [generation, setGeneration] = useState(0);
  const [items, setItems] = useState<T[]>([]);
  // The rows as last committed, read synchronously by `apply` (state updaters run later).
  const itemsRef = useRef<T[]>([]);
  const [count, setCount] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const request = useRef(0);
  const searchRef = useRef('');

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = effectiveSearch(input);
      if (next === searchRef.current) return;
      searchRef.current = next;
      setSearch(next);
      setPageNumber(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  // A new fetcher (a filter changed) starts again from page 1.
  const lastFetch = useRef(fetchPage);
  useEffect(() => {
    if (lastFetch.current !== fetchPage) {
      lastFetch.current = fetchPage;
      if (pageNumber !== 1) {
        setPageNumber(1);
        return;
      }
    }
    const id = ++request.current;
    setLoading(true);
    fetchPage(search, pageNumber)
      .then((answer) => {
        if (id !== request.current) return;
        const next = pageNumber === 1 ? answer.items : mergeById(itemsRef.current, answer.items);
        itemsRef.current = next;
        setItems(next);
        setHasMore(answer.hasMore);
        setCount(answer.count);
      })
      .catch((err: unknown) => {
        if (id === request.current) toastError(err);
      })
      .finally(() => {
        if (id === request.current) setLoading(false);
      });
  }, [fetchPage, search, pageNumber, generation]);

  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPageNumber((p) => p + 1);
  }, [loading, hasMore]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && !loading && hasMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [items, loading, hasMore, loadMore]);

  const onScroll = useCallback(
    (e: UIEvent<HTMLDivElement>) => {
      if (isNearBottom(e.currentTarget)) loadMore();
    },
    [loadMore],
  );

  const apply = useCallback((change: (list: T[]) => { list: T[]; delta: number }) => {
    const result = change(itemsRef.current);
    itemsRef.current = result.list;
    setItems(result.list);
    if (result.delta) setCount((c) => Math.max(0, c + result.delta));
  }, []);

  const reload = useCallback(() => {
    setPageNumber(1);
    setGeneration((g) => g + 1);
  }, []);

  return { input, setInput, search, items, apply, count, setCount, loading, scroller, onScroll, reload };
}
