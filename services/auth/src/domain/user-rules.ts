import { AppError, userDefaults, type AuthUser, type CreateUserBody, type UpdateUserBody, type User } from '@atende/kit';
import type { UserRow } from '../db/schema.js';
import type { NewUserRow } from '../db/users.repository.js';

/** 409: the e-mail is another user's (e-mails are unique across companies). */
export const emailInUse = () => new AppError('ERR_DUPLICATED_EMAIL', 'An user with this email already exists', { fields: [{ field: 'email', message: 'already in use' }] });

/** The row as every answer and event shows it; the avatar key becomes a signed link. */
export function toUser(row: UserRow, avatarUrl: (key: string) => string): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile as User['profile'],
    super: row.super,
    online: row.online,
    status: row.online ? 'online' : 'offline',
    startWork: row.startWork,
    endWork: row.endWork,
    farewellMessage: row.farewellMessage,
    allTicket: row.allTicket as User['allTicket'],
    allowGroup: row.allowGroup,
    defaultTheme: row.defaultTheme as User['defaultTheme'],
    defaultMenu: row.defaultMenu as User['defaultMenu'],
    allHistoric: row.allHistoric as User['allHistoric'],
    allUserChat: row.allUserChat as User['allUserChat'],
    userClosePendingTicket: row.userClosePendingTicket as User['userClosePendingTicket'],
    showDashboard: row.showDashboard as User['showDashboard'],
    allowRealTime: row.allowRealTime as User['allowRealTime'],
    allowConnections: row.allowConnections as User['allowConnections'],
    whatsappId: row.whatsappId,
    queueIds: row.queueIds,
    profileImage: row.profileImage ? avatarUrl(row.profileImage) : null,
    companyId: row.companyId,
    defaultTicketsManagerWidth: row.defaultTicketsManagerWidth,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isManager = (actor: AuthUser) => actor.profile === 'admin' || actor.super;

/** Who may create users, in which company, with which powers. */
export function creationPlan(actor: AuthUser, input: CreateUserBody): { companyId: number } {
  if (!isManager(actor)) throw new AppError('ERR_NO_PERMISSION', 'Only admins create users');
  if (input.super && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'Only a super user grants the super flag');
  return { companyId: actor.super && input.companyId ? input.companyId : actor.companyId };
}

export function newUserRow(input: CreateUserBody, companyId: number, passwordHash: string): NewUserRow {
  const { password: _password, companyId: _companyId, ...fields } = input;
  return { ...userDefaults, ...fields, queueIds: [...(fields.queueIds ?? userDefaults.queueIds)], companyId, passwordHash };
}

/** Fields a plain user may change on themself (the profile dialog). */
const selfEditable = new Set<keyof UpdateUserBody>(['name', 'email', 'password', 'defaultTheme', 'defaultMenu', 'farewellMessage', 'defaultTicketsManagerWidth']);
/** Never changed by a user on themself, whatever their profile. */
const neverOnSelf = new Set<keyof UpdateUserBody>(['profile', 'super', 'companyId']);

/**
 * The changes `actor` may apply to `target`. Unchanged values are dropped (the web sends the whole
 * form back); a real attempt at a forbidden change is refused, never silently applied.
 */
export function permittedChanges(actor: AuthUser, target: UserRow, input: UpdateUserBody): Partial<UpdateUserBody> {
  const self = actor.userId === target.id;
  if (!self && !isManager(actor)) throw new AppError('ERR_NO_PERMISSION', 'You can only edit your own user');
  if (!self && target.super && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'Only a super user edits a super user');
  const changes: Partial<Record<keyof UpdateUserBody, unknown>> = {};
  for (const [key, value] of Object.entries(input) as [keyof UpdateUserBody, unknown][]) {
    if (value === undefined) continue;
    if (key === 'password') {
      if (value !== '') changes.password = value;
      continue;
    }
    const current = key === 'queueIds' ? undefined : (target as Record<string, unknown>)[key];
    const unchanged = key === 'queueIds' ? sameIds(target.queueIds, value as number[]) : current === value;
    if (unchanged) continue;
    const refused =
      (self && neverOnSelf.has(key)) ||
      (self && !isManager(actor) && !selfEditable.has(key)) ||
      ((key === 'super' || key === 'companyId') && !actor.super);
    if (refused) throw new AppError('ERR_NO_PERMISSION', `You may not change ${key}`, { fields: [{ field: key, message: 'not allowed' }] });
    changes[key] = value;
  }
  return changes as Partial<UpdateUserBody>;
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

export function assertCanDelete(actor: AuthUser, target: UserRow): void {
  if (!isManager(actor)) throw new AppError('ERR_NO_PERMISSION', 'Only admins delete users');
  if (actor.userId === target.id) throw new AppError('ERR_CANNOT_DELETE_SELF', 'You cannot delete yourself');
  if (target.super && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'Only a super user deletes a super user');
}

/** 0 means the plan does not limit users. */
export function assertUserLimit(planUsers: number | undefined, current: number): void {
  if (planUsers && planUsers > 0 && current >= planUsers) {
    throw new AppError('ERR_USER_LIMIT_USER_CREATION', `The plan allows ${planUsers} users`);
  }
}
