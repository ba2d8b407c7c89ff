import { afterEach, describe, expect, it, vi } from 'vitest';
import { RevokedSessions } from './revoked-sessions.js';
import { createTokenSigner, createTokenVerifier, generateSigningKeys } from './tokens.js';

const keys = generateSigningKeys();
const claims = { sub: '7', companyId: 3, profile: 'user' as const, super: false, sid: 'session-1' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies a token, and the same token again, into the caller', () => {
    const verify = createTokenVerifier(keys.publicKey);
    const token = createTokenSigner(keys.privateKey)(claims);
    const expected = { userId: 7, companyId: 3, profile: 'user', super: false, sessionId: 'session-1' };
    expect(verify(token)).toEqual(expected);
    expect(verify(token)).toEqual(expected);
  });

  it('refuses a token of a revoked session with 401 ERR_SESSION_EXPIRED, even one verified before; other sessions go on', () => {
    const revoked = new RevokedSessions();
    const verify = createTokenVerifier(keys.publicKey, { revoked });
    const sign = createTokenSigner(keys.privateKey);
    const token = sign(claims);
    const other = sign({ ...claims, sid: 'session-2' });
    expect(verify(token).sessionId).toBe('session-1');
    revoked.add(['session-1']);
    expect(() => verify(token)).toThrow(expect.objectContaining({ code: 'ERR_SESSION_EXPIRED', status: 401 }));
    expect(verify(other).sessionId).toBe('session-2');
  });

  it('forgets a revoked session once its tokens would have expired anyway', () => {
    const revoked = new RevokedSessions(60_000);
    revoked.add(['a'], 1_000);
    revoked.add(['b'], 30_000);
    expect(revoked.has('a', 60_999)).toBe(true);
    expect(revoked.has('a', 61_000)).toBe(false);
    revoked.add(['c'], 61_000);
    expect([revoked.has('a', 61_000), revoked.has('b', 61_000), revoked.has('c', 61_000)]).toEqual([false, true, true]);
  });

  it('refuses a token once it expired, even one verified before', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const verify = createTokenVerifier(keys.publicKey);
    const token = createTokenSigner(keys.privateKey, 60_000)(claims);
    expect(verify(token).userId).toBe(7);
    vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
    expect(() => verify(token)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_TOKEN' }));
  });

  it('refuses a token signed by another key or edited', () => {
    const verify = createTokenVerifier(keys.publicKey);
    const other = createTokenSigner(generateSigningKeys().privateKey)(claims);
    expect(() => verify(other)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_TOKEN' }));
    const token = createTokenSigner(keys.privateKey)(claims);
    const [header, , signature] = token.split('.');
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, profile: 'admin' })).toString('base64url')}.${signature}`;
    verify(token); // the genuine one is known; the edited text is another token
    expect(() => verify(edited)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_TOKEN' }));
  });
});
