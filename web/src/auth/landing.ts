/**
 * Where the login page sends a user who just signed in (spec 000 §4 Session: login succeeds and the user
 * goes to /tickets): back to the private page that sent them to /login (spec 000 §2 keeps the origin),
 * otherwise the tickets. An overdue company is sent on to /financeiro-aberto by the private route guard.
 */
export const AFTER_LOGIN_PATH = '/tickets';

/** Pages that are no origin worth returning to: the public pages, and '/' (which only means 'the app'). */
const NOT_AN_ORIGIN = new Set(['/', '/login', '/signup']);

export function afterLoginPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname || NOT_AN_ORIGIN.has(from.pathname)) return AFTER_LOGIN_PATH;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
