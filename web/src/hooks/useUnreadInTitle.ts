import { useEffect } from 'react';
import { setUnreadInTitle } from './title';

export { setUnreadInTitle } from './title';

/** Keeps the title's unread mark in step with a count while the component is mounted. */
export function useUnreadInTitle(unread: number): void {
  useEffect(() => {
    setUnreadInTitle(unread);
    return () => setUnreadInTitle(0);
  }, [unread]);
}
