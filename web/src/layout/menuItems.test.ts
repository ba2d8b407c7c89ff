import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@atende/kit/contracts';
import { entryOfPath, homeRoute, visibleMenu, type MenuContext } from './menuItems';

const user = (over: Partial<SessionUser> = {}): SessionUser =>
  ({
    id: 2,
    name: 'Ana',
    profile: 'user',
    super: false,
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    allUserChat: 'disabled',
    userClosePendingTicket: 'enabled',
    companyId: 2,
    ...over,
  }) as SessionUser;

const ctx = (over: Partial<SessionUser> = {}, hasHelps = false): MenuContext => ({ user: user(over), plan: null, hasHelps });
const keys = (c: MenuContext) => visibleMenu(c).flatMap((s) => s.entries.map((e) => e.key));

describe('menu', () => {
  it('admins see users and settings, not companies', () => {
    expect(keys(ctx({ profile: 'admin' }))).toEqual(['users', 'settings']);
    expect(homeRoute(ctx({ profile: 'admin' }, true))).toBe('/users');
  });
  it('super users also see companies', () => {
    expect(keys(ctx({ profile: 'admin', super: true }))).toEqual(['users', 'settings', 'companies']);
  });
  it('helps shows only when the help list is not empty', () => {
    expect(keys(ctx({}, false))).toEqual([]);
    expect(keys(ctx({}, true))).toEqual(['helps']);
    expect(keys(ctx({ profile: 'admin' }, true))).toEqual(['helps', 'users', 'settings']);
  });
  it('plain users land on helps or the profile landing', () => {
    expect(homeRoute(ctx({}, true))).toBe('/helps');
    expect(homeRoute(ctx({}, false))).toBeNull();
  });
  it('a user with allowConnections sees the administration block but not admin-only items', () => {
    const sections = visibleMenu(ctx({ allowConnections: 'enabled' }));
    expect(sections.map((s) => s.key)).toEqual([]);
  });
  it('finds the entry of a path', () => {
    expect(entryOfPath('/users')?.key).toBe('users');
    expect(entryOfPath('/settings/x')?.key).toBe('settings');
    expect(entryOfPath('/usersx')).toBeUndefined();
  });
});
