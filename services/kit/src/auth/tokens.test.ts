import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionChanges } from './session-changes.js';
import { tokenLifetime } from '../contracts/users.js';
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
    const sessions = new SessionChanges();
    const verify = createTokenVerifier(keys.publicKey, { sessions });
    const sign = createTokenSigner(keys.privateKey);
    const token = sign(claims);
    const other = sign({ ...claims, sid: 'session-2' });
    expect(verify(token).sessionId).toBe('session-1');
    sessions.revoke(['session-1']);
    expect(() => verify(token)).toThrow(expect.objectContaining({ code: 'ERR_SESSION_EXPIRED', status: 401 }));
    expect(verify(other).sessionId).toBe('session-2');
  });

  it('reads a token with the profile and super flag its user has now', () => {
    const sessions = new SessionChanges();
    const verify = createTokenVerifier(keys.publicKey, { sessions });
    const token = createTokenSigner(keys.privateKey)({ ...claims, profile: 'admin' });
    expect(verify(token).profile).toBe('admin');
    sessions.userChanged({ id: 7, profile: 'user', super: false });
    expect(verify(token)).toMatchObject({ userId: 7, profile: 'user', super: false });
    sessions.userChanged({ id: 8, profile: 'admin', super: true });
    expect(verify(token).profile).toBe('user');
  });

  it('forgets a change once the tokens signed before it would have expired anyway', () => {
    const sessions = new SessionChanges(60_000);
    sessions.revoke(['a'], 1_000);
    sessions.revoke(['b'], 30_000);
    expect(sessions.isRevoked('a', 60_999)).toBe(true);
    expect(sessions.isRevoked('a', 61_000)).toBe(false);
    sessions.revoke(['c'], 61_000);
    expect([sessions.isRevoked('a', 61_000), sessions.isRevoked('b', 61_000), sessions.isRevoked('c', 61_000)]).toEqual([false, true, true]);
    const auth = { userId: 7, companyId: 3, profile: 'admin' as const, super: false, sessionId: 's' };
    sessions.userChanged({ id: 7, profile: 'user', super: false }, 1_000);
    expect(sessions.current(auth, 60_999).profile).toBe('user');
    expect(sessions.current(auth, 61_000).profile).toBe('admin');
  });

  it('catches up with the changes made before the process listened, each kept from when it happened, never shortening a later one', () => {
    const sessions = new SessionChanges(60_000);
    const at = (ms: number) => new Date(ms).toISOString();
    sessions.revoke(['live'], 50_000);
    sessions.catchUp(
      {
        revoked: [
          { sessionId: 'old', at: at(10_000) },
          { sessionId: 'gone', at: at(-60_000) },
          { sessionId: 'live', at: at(20_000) },
        ],
        users: [{ id: 7, profile: 'user', super: false, at: at(10_000) }],
      },
      40_000,
    );
    expect(sessions.isRevoked('old', 69_999)).toBe(true);
    expect(sessions.isRevoked('old', 70_000)).toBe(false);
    expect(sessions.isRevoked('gone', 40_000)).toBe(false);
    // The announcement heard at 50 s keeps it until 110 s.
    expect(sessions.isRevoked('live', 100_000)).toBe(true);
    const auth = { userId: 7, companyId: 3, profile: 'admin' as const, super: false, sessionId: 's' };
    expect(sessions.current(auth, 69_999).profile).toBe('user');
    expect(sessions.current(auth, 70_000).profile).toBe('admin');
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

  it('tells when a token expires (its exp claim), and null for text that is no token', () => {
    const before = Date.now();
    const expiresAt = tokenLifetime(createTokenSigner(keys.privateKey, 60_000)(claims))?.expiresAt ?? null;
    expect(expiresAt).not.toBeNull();
    expect(expiresAt!).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 59_000);
    expect(expiresAt!).toBeLessThanOrEqual(Date.now() + 61_000);
    expect(tokenLifetime('not-a-token')).toBeNull();
    expect(tokenLifetime('a.eyJzdWIiOiIxIn0.b')).toBeNull();
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
