/**
 * A signal that the signed-in user's pinned tickets changed (a ticket pinned or unpinned in the
 * conversation), so the top bar's pinned avatars read them again.
 */
const target = typeof EventTarget === 'undefined' ? null : new EventTarget();

export function announcePinsChanged(): void {
  target?.dispatchEvent(new Event('change'));
}

export function onPinsChanged(listener: () => void): () => void {
  target?.addEventListener('change', listener);
  return () => target?.removeEventListener('change', listener);
}
