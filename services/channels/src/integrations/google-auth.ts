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

/** What Google's token endpoint made of a service account's key; each caller maps the failures its own way. */
export type GoogleTokenExchange =
  | { ok: true; token: string; expiresInS: number }
  /** The private key could not sign the assertion. */
  | { ok: false; problem: 'unreadable-key' }
  | { ok: false; problem: 'unreachable'; timedOut: boolean }
  /** 400/401/403: Google refused the key (revoked, wrong account, clock skew). */
  | { ok: false; problem: 'refused'; status: number; reason: string }
  /** Any other answer without a token. */
  | { ok: false; problem: 'failed'; status: number; reason: string };

/** Google's error text of a JSON answer ({ error: { message } } or { error, error_description }), read at most 64 KB. */
export async function googleError(response: Response): Promise<string> {
  try {
    const text = (await response.text()).slice(0, 65_536);
    const body = JSON.parse(text) as { error?: string | { message?: string; status?: string }; error_description?: string };
    if (typeof body.error === 'object' && body.error) return body.error.message ?? body.error.status ?? '';
    return [body.error, body.error_description].filter(Boolean).join(': ');
  } catch {
    return '';
  }
}

/** The jwt-bearer exchange (RFC 7523) of a service account's signed assertion for an access token. */
export async function exchangeServiceAccountToken(
  account: ServiceAccount,
  options: { tokenUrl: string; timeoutMs: number; fetch?: typeof fetch },
): Promise<GoogleTokenExchange> {
  let assertion: string;
  try {
    assertion = serviceAccountAssertion(account, options.tokenUrl);
  } catch {
    return { ok: false, problem: 'unreadable-key' };
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    return { ok: false, problem: 'unreachable', timedOut: name === 'TimeoutError' || name === 'AbortError' };
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    return { ok: false, problem: 'refused', status: response.status, reason: await googleError(response) };
  }
  if (!response.ok) return { ok: false, problem: 'failed', status: response.status, reason: await googleError(response) };
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (typeof body?.access_token !== 'string' || !body.access_token) return { ok: false, problem: 'failed', status: response.status, reason: 'no access token in the answer' };
  return { ok: true, token: body.access_token, expiresInS: typeof body.expires_in === 'number' ? body.expires_in : LIFETIME_S };
}
