import { generateKeyPairSync } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { accessClaims, type AccessClaims } from '../contracts/users.js';
import { AppError } from '../errors.js';

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;

/** The authenticated caller, from a verified access token. The company always comes from here. */
export type AuthUser = {
  userId: number;
  companyId: number;
  profile: 'admin' | 'user';
  super: boolean;
  sessionId: string;
};

export type TokenVerifier = (token: string) => AuthUser;

const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * ES256 only: alg "none", HS256 with the public key as secret, and edited claims all fail.
 * A token verified once is remembered by its exact text until it expires (every request of a session
 * carries the same one), so the signature and the claims are checked once per token, not per request.
 * `sessions`: a token of a session that has ended is refused with 401 ERR_SESSION_EXPIRED (the web logs out),
 * and a user's profile and super flag are the ones they have now (session-changes.ts).
 */
export function createTokenVerifier(
  publicKeyPem: string,
  options: { sessions?: { isRevoked(sessionId: string): boolean; current(auth: AuthUser): AuthUser } } = {},
): TokenVerifier {
  const verify = createVerifier({ key: publicKeyPem, algorithms: ['ES256'] });
  const verified = new Map<string, { auth: AuthUser; expiresAt: number }>();
  const open = (auth: AuthUser): AuthUser => {
    if (!options.sessions) return auth;
    if (options.sessions.isRevoked(auth.sessionId)) throw new AppError('ERR_SESSION_EXPIRED', 'This session has ended');
    return options.sessions.current(auth);
  };
  return (token) => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return open(known.auth);
      verified.delete(token);
    }
    let payload: unknown;
    try {
      payload = verify(token);
    } catch {
      throw new AppError('ERR_INVALID_TOKEN', 'Invalid or expired token');
    }
    const claims = accessClaims.safeParse(payload);
    if (!claims.success) throw new AppError('ERR_INVALID_TOKEN', 'Invalid token claims');
    const userId = Number(claims.data.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new AppError('ERR_INVALID_TOKEN', 'Invalid token subject');
    const auth: AuthUser = { userId, companyId: claims.data.companyId, profile: claims.data.profile, super: claims.data.super, sessionId: claims.data.sid };
    const exp = (payload as { exp?: unknown }).exp;
    const expiresAt = typeof exp === 'number' ? exp * 1000 : Date.now() + ACCESS_TOKEN_TTL_MS;
    // Oldest out first (a Map keeps insertion order).
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { auth, expiresAt: Math.min(expiresAt, Date.now() + ACCESS_TOKEN_TTL_MS) });
    return open(auth);
  };
}

export function createTokenSigner(privateKeyPem: string, ttlMs = ACCESS_TOKEN_TTL_MS): (claims: AccessClaims) => string {
  const sign = createSigner({ key: privateKeyPem, algorithm: 'ES256', expiresIn: Math.min(ttlMs, ACCESS_TOKEN_TTL_MS) });
  return (claims) => sign({ ...claims });
}

export function generateSigningKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
