import { areas, can, type Area, type Permission, type PermissionSubject, type Plan, type PlanFlag } from '@atende/kit/contracts';

/**
 * The web's permission helpers (spec 000 §6), built on kit's single permissions module so the
 * menu, the routes and the server guards agree. A super user passes every admin rule, as on the
 * server (guards.admin and guards.area let super users through).
 */
export type Subject = PermissionSubject | null | undefined;

/** Profile admin, or the super flag. */
export function isAdmin(user: Subject): boolean {
  return !!user && (user.profile === 'admin' || user.super === true);
}

export function isSuper(user: Subject): boolean {
  return !!user && user.super === true;
}

/**
 * Whether the user is treated as admin for an area: admins (and super users) always; a profile
 * user through its flags (showDashboard → management, dashboard, reports; allowRealTime →
 * management, real-time panel; allowConnections → administration block, connections;
 * allUserChat → show all tickets; userClosePendingTicket → ignore pending).
 * Without an area: admin-only screens (users, queues, settings…), i.e. profile admin or super.
 */
export function isAdminLike(user: Subject, area: Area = 'adminOnly'): boolean {
  return canSee(user, area);
}

/** Whether the user reaches an area of kit's `areas` table ('superOnly' needs the super flag). */
export function canSee(user: Subject, area: Area): boolean {
  if (!user) return false;
  if (area === 'superOnly') return isSuper(user);
  if (isAdmin(user)) return true;
  return areas[area](user);
}

/** The static permission table (profile admin; super users count as admin). */
export function hasPermission(user: Subject, permission: Permission): boolean {
  if (!user) return false;
  return can(isAdmin(user) ? { ...user, profile: 'admin' } : user, permission);
}

/** A plan flag of the company plan; false while the plan is unknown. */
export function planAllows(plan: Pick<Plan, PlanFlag> | null | undefined, flag: PlanFlag): boolean {
  return !!plan?.[flag];
}
