import type { User } from '@atende/kit/contracts';
import { removeById, upsertById } from './listRules';

/** Payload of the `company-{id}-user` socket event. */
export type UserEvent = { action: 'create' | 'update'; user: User } | { action: 'delete'; userId: number };

/** Whether a user matches the active search the way the server's search does (name or email, any case). */
export function matchesSearch(user: Pick<User, 'name' | 'email'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  return !term || user.name.toLowerCase().includes(term) || user.email.toLowerCase().includes(term);
}

/**
 * A live user event applied to the listed page(s): create inserts (when the search matches), update
 * replaces a listed row (or drops it when it no longer matches), delete removes. `delta` is the change of the total count.
 */
export function applyUserEvent(list: readonly User[], event: UserEvent, search: string): { list: User[]; delta: number } {
  if (event.action === 'delete') {
    const had = list.some((u) => u.id === event.userId);
    return { list: removeById(list, event.userId), delta: had ? -1 : 0 };
  }
  const listed = list.some((u) => u.id === event.user.id);
  const matches = matchesSearch(event.user, search);
  if (event.action === 'create') {
    if (listed || !matches) return { list: [...list], delta: 0 };
    return { list: upsertById(list, event.user), delta: 1 };
  }
  if (!listed) return { list: [...list], delta: 0 };
  return matches ? { list: upsertById(list, event.user), delta: 0 } : { list: removeById(list, event.user.id), delta: -1 };
}

/** `user:status` presence event: flips the online badge of a listed user. */
export function applyPresence(list: readonly User[], userId: number, online: boolean): User[] {
  return list.map((u) => (u.id === userId && u.online !== online ? { ...u, online, status: online ? 'online' : 'offline' } : u));
}
