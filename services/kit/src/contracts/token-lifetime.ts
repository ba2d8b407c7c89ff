// No imports: the web's first screen reads this alone (a subpath of its own, '@atende/kit/token-lifetime'),
// without the rest of the contracts and zod, which only the screens that validate load.

/**
 * When an access token was issued and expires (ms since the epoch), from its iat and exp claims; null without
 * exp. Read only, never verified: for a token the caller already trusts (the server verified it; the web got it).
 */
export function tokenLifetime(token: string): { issuedAt: number | null; expiresAt: number } | null {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const { exp, iat } = JSON.parse(json) as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return { expiresAt: exp * 1000, issuedAt: typeof iat === 'number' && Number.isFinite(iat) ? iat * 1000 : null };
  } catch {
    return null;
  }
}
