import { describe, expect, it } from 'vitest';
import type { PermissionSubject } from '@atende/kit/contracts';
import { canSee, hasPermission, isAdmin, isAdminLike, planAllows } from './permissions';

const user = (over: Partial<PermissionSubject> = {}): PermissionSubject => ({
  profile: 'user',
  super: false,
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  ...over,
});

describe('permissions', () => {
  it('nobody signed in sees nothing', () => {
    expect(canSee(null, 'management')).toBe(false);
    expect(isAdminLike(undefined)).toBe(false);
  });

  it('admins see every admin area but not super-only ones', () => {
    const admin = user({ profile: 'admin' });
    expect(isAdmin(admin)).toBe(true);
    expect(canSee(admin, 'adminOnly')).toBe(true);
    expect(canSee(admin, 'administration')).toBe(true);
    expect(canSee(admin, 'superOnly')).toBe(false);
    expect(hasPermission(admin, 'drawer-admin-items:view')).toBe(true);
  });

  it('super users pass admin rules and super-only areas', () => {
    const superUser = user({ super: true });
    expect(isAdminLike(superUser)).toBe(true);
    expect(canSee(superUser, 'superOnly')).toBe(true);
    expect(hasPermission(superUser, 'user-modal:editProfile')).toBe(true);
  });

  it('a plain user is treated as admin only through its flags', () => {
    const plain = user();
    expect(isAdminLike(plain)).toBe(false);
    expect(canSee(plain, 'management')).toBe(false);
    expect(hasPermission(plain, 'dashboard:view')).toBe(false);

    expect(canSee(user({ showDashboard: 'enabled' }), 'management')).toBe(true);
    expect(canSee(user({ showDashboard: 'enabled' }), 'dashboard')).toBe(true);
    expect(canSee(user({ showDashboard: 'enabled' }), 'realTimePanel')).toBe(false);
    expect(canSee(user({ allowRealTime: 'enabled' }), 'management')).toBe(true);
    expect(canSee(user({ allowRealTime: 'enabled' }), 'realTimePanel')).toBe(true);
    expect(canSee(user({ allowConnections: 'enabled' }), 'administration')).toBe(true);
    expect(isAdminLike(user({ allowConnections: 'enabled' }), 'connections')).toBe(true);
    expect(isAdminLike(user({ allowConnections: 'enabled' }))).toBe(false);
    expect(canSee(user({ allUserChat: 'enabled' }), 'showAllTickets')).toBe(true);
  });

  it('plan flags are off while the plan is unknown', () => {
    expect(planAllows(null, 'useKanban')).toBe(false);
    expect(planAllows({ useKanban: true } as never, 'useKanban')).toBe(true);
  });
});
