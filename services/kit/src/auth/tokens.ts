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

/** ES256 only: alg "none", HS256 with the public key as secret, and edited claims all fail. */
export function createTokenVerifier(publicKeyPem: string): TokenVerifier {
  const verify = createVerifier({ key: publicKeyPem, algorithms: ['ES256'], cache: 10_000, cacheTTL: ACCESS_TOKEN_TTL_MS });
  return (token) => {
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
    return { userId, companyId: claims.data.companyId, profile: claims.data.profile, super: claims.data.super, sessionId: claims.data.sid };
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
