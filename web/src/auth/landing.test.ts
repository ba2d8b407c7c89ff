import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './landing';

describe('the page after login (spec 000 §4 Session)', () => {
  it('is /tickets when the user came to the login page by themself', () => {
    expect(afterLoginPath(null)).toBe('/tickets');
    expect(afterLoginPath(undefined)).toBe('/tickets');
    expect(afterLoginPath({})).toBe('/tickets');
  });
  it('is /tickets when the origin was the app root or a public page', () => {
    expect(afterLoginPath({ from: { pathname: '/' } })).toBe('/tickets');
    expect(afterLoginPath({ from: { pathname: '/login' } })).toBe('/tickets');
    expect(afterLoginPath({ from: { pathname: '/signup', search: '?companyId=2' } })).toBe('/tickets');
  });
  it('returns to the private page that sent the user to /login, with its query and hash', () => {
    expect(afterLoginPath({ from: { pathname: '/users' } })).toBe('/users');
    expect(afterLoginPath({ from: { pathname: '/tickets/4b1c', search: '?x=1', hash: '#m' } })).toBe('/tickets/4b1c?x=1#m');
  });
});
