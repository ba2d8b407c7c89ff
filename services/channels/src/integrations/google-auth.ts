import { createSign } from 'node:crypto';
import type { ServiceAccount } from '@atende/kit';

/** The OAuth scope Dialogflow calls need. */
export const DIALOGFLOW_SCOPE = 'https://www.googleapis.com/auth/dialogflow';
/** Google accepts assertions valid for at most one hour. */
const LIFETIME_S = 3600;

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * The signed JWT (RS256) a service account exchanges for an access token (RFC 7523, Google's
 * "service account" flow): issuer the account's e-mail, audience the token endpoint. Throws when the
 * private key cannot be read.
 */
export function serviceAccountAssertion(account: ServiceAccount, audience: string, scope = DIALOGFLOW_SCOPE, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) };
  const claims = { iss: account.clientEmail, sub: account.clientEmail, scope, aud: audience, iat, exp: iat + LIFETIME_S };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.privateKey);
  return `${unsigned}.${base64url(signature)}`;
}
