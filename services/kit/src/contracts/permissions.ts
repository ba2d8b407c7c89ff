import type { EnabledDisabled } from './common.js';

/**
 * One permissions module (spec 000 §6): the web reads it for menus and routes,
 * the services for their guards. Pure, no I/O.
 */
export type PermissionSubject = {
  profile: 'admin' | 'user';
  super: boolean;
  showDashboard?: EnabledDisabled | null;
  allowRealTime?: EnabledDisabled | null;
  allowConnections?: EnabledDisabled | null;
  allUserChat?: EnabledDisabled | null;
  userClosePendingTicket?: EnabledDisabled | null;
};

/** The static table: profile admin gets these, profile user none. */
export const adminPermissions = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'tickets-manager:closeAll',
] as const;
export type Permission = (typeof adminPermissions)[number];

export const isAdmin = (s: PermissionSubject): boolean => s.profile === 'admin';
const on = (v: EnabledDisabled | null | undefined): boolean => v === 'enabled';

/** Static rule check. */
export function can(subject: PermissionSubject, permission: Permission): boolean {
  return isAdmin(subject) && (adminPermissions as readonly string[]).includes(permission);
}

/** The 'treated as admin' rules: areas a user profile reaches through its flags. */
export const areas = {
  /** Management group: Dashboard, Reports, real-time panel. */
  management: (s: PermissionSubject) => isAdmin(s) || on(s.showDashboard) || on(s.allowRealTime),
  dashboard: (s: PermissionSubject) => isAdmin(s) || on(s.showDashboard),
  reports: (s: PermissionSubject) => isAdmin(s) || on(s.showDashboard),
  realTimePanel: (s: PermissionSubject) => isAdmin(s) || on(s.allowRealTime),
  /** The administration block (menu section) and the connections entry. */
  administration: (s: PermissionSubject) => isAdmin(s) || on(s.allowConnections),
  connections: (s: PermissionSubject) => isAdmin(s) || on(s.allowConnections),
  showAllTickets: (s: PermissionSubject) => isAdmin(s) || on(s.allUserChat),
  closePending: (s: PermissionSubject) => isAdmin(s) || on(s.showDashboard),
  ignorePending: (s: PermissionSubject) => isAdmin(s) || on(s.userClosePendingTicket),
  /** Admin only: users, queues, prompts, auto-response, integrations, files, financeiro, settings, messages API, campaigns. */
  adminOnly: (s: PermissionSubject) => isAdmin(s),
  /** Super user only: announcements, all connections, companies, plans, helps, whitelabel. */
  superOnly: (s: PermissionSubject) => s.super === true,
} as const;
export type Area = keyof typeof areas;

/** Plan flags that gate features (spec 000 §6, 001 §3). */
export const planFlags = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof planFlags)[number];
