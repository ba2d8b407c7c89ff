import { randomBytes } from 'node:crypto';
import {
  AppError,
  ask,
  hashPassword,
  validationError,
  mediaBase,
  mediaWhitelists,
  sniffType,
  type AuthUser,
  type PresenceAnswer,
  type CreateUserBody,
  type Emit,
  type ServiceContext,
  type UnitOfWork,
  type UpdateUserBody,
  type User,
} from '@atende/kit';
import { sessionsRepository } from '../db/sessions.repository.js';
import type { UserRow } from '../db/schema.js';
import { usersRepository, type AuthDb } from '../db/users.repository.js';
import { assertCanDelete, assertUserLimit, creationPlan, emailInUse, newUserRow, permittedChanges, toUser } from './user-rules.js';

export const USERS_PAGE_SIZE = 40;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** Users of a company: listing, creation within the plan, edits by the rules, avatars. */
export function createAccounts(deps: { ctx: ServiceContext; db: AuthDb; unitOfWork: UnitOfWork<AuthDb> }) {
  const { ctx, db, unitOfWork } = deps;
  const readUsers = usersRepository(db);
  const present = (row: UserRow): User => toUser(row, (key) => ctx.media.url(mediaBase('auth'), key));

  /**
   * A user's queues (tickets') and default connection (channels') must be the company's: each id new to the
   * user is asked of its owner. An owner that does not answer lets the save go on (reads are scoped to the
   * company anyway, and a queue or connection deleted later leaves its users, see forgetQueue).
   */
  const assertReferences = async (companyId: number, fields: { queueIds?: readonly number[]; whatsappId?: number | null }, before?: UserRow) => {
    const known = (check: Promise<boolean>) => check.catch((err: unknown) => {
      ctx.logger.warn({ err, companyId }, 'could not check a user\'s queue or connection; saved unchecked');
      return true;
    });
    const newQueues = (fields.queueIds ?? []).filter((id) => !before?.queueIds.includes(id));
    for (const queueId of newQueues) {
      if (!(await known(ask(ctx.bus, 'tickets.queue.get', { companyId, queueId }).then((a) => a !== null)))) throw validationError('queueIds', 'must be queues of the company');
    }
    const connectionId = fields.whatsappId;
    if (connectionId && connectionId !== before?.whatsappId) {
      if (!(await known(ask(ctx.bus, 'channels.connection.get', { companyId, connectionId }).then((a) => a !== null)))) throw validationError('whatsappId', 'must be a connection of the company');
    }
  };

  const findInScope = async (actor: AuthUser, id: number): Promise<UserRow> => {
    const row = await readUsers.findById(id, actor.super ? undefined : actor.companyId);
    if (!row) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
    return row;
  };

  /** The user's sessions end for `reason` (all but `keep`), announced so every service drops their tokens. */
  const endSessions = async (tx: AuthDb, emit: Emit, companyId: number, userId: number, reason: string, keep?: string): Promise<void> => {
    const revoked = await sessionsRepository(tx).revokeUser(userId, reason, keep);
    if (revoked.length) await emit('auth.session.revoked', companyId, { userId, sessionIds: revoked });
  };

  const insertUser = async (tx: AuthDb, emit: Emit, values: Parameters<ReturnType<typeof usersRepository>['insert']>[0]): Promise<User> => {
    try {
      const row = await usersRepository(tx).insert(values);
      const user = present(row);
      await emit('auth.user.created', row.companyId, { user });
      return user;
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse();
      throw err;
    }
  };

  return {
    present,

    async page(actor: AuthUser, search: string | undefined, pageNumber: number) {
      const { rows, count } = await readUsers.page(actor.companyId, search, pageNumber, USERS_PAGE_SIZE);
      return { users: rows.map(present), count, hasMore: count > pageNumber * USERS_PAGE_SIZE };
    },

    async list(actor: AuthUser, companyId?: number): Promise<User[]> {
      return (await readUsers.allOfCompany(actor.super && companyId ? companyId : actor.companyId)).map(present);
    },

    async show(actor: AuthUser, id: number): Promise<User> {
      if (actor.userId !== id && actor.profile !== 'admin' && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'No permission');
      return present(await findInScope(actor, id));
    },

    async create(actor: AuthUser, input: CreateUserBody): Promise<User> {
      const { companyId } = creationPlan(actor, input);
      const company = await ctx.companies.get(companyId);
      if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
      await assertReferences(companyId, input);
      // Without a password, one nobody knows: the account exists but cannot sign in until an admin sets one.
      const passwordHash = await hashPassword(input.password || randomBytes(32).toString('base64url'));
      return unitOfWork(async (tx, emit) => {
        const users = usersRepository(tx);
        await users.lockCompany(companyId);
        assertUserLimit(company.plan?.users, await users.countOfCompany(companyId));
        return insertUser(tx, emit, newUserRow(input, companyId, passwordHash));
      });
    },

    /** The admin created with a company (admin service, signup). No plan check: it is the first user. */
    async createCompanyAdmin(input: { companyId: number; name: string; email: string; passwordHash: string }): Promise<User> {
      return unitOfWork((tx, emit) =>
        insertUser(tx, emit, { companyId: input.companyId, name: input.name.slice(0, 50), email: input.email, passwordHash: input.passwordHash, profile: 'admin' }),
      );
    },

    /**
     * The company form's password (admin service): its admin's, the company's user with the company's
     * e-mail (as it was before the save, else as it is now; every session of theirs ends); without one,
     * the company gets that admin now.
     */
    async setCompanyAdminPassword(input: { companyId: number; name: string; email: string; previousEmail: string; passwordHash: string }): Promise<User> {
      return unitOfWork(async (tx, emit) => {
        const users = usersRepository(tx);
        const previous = await users.findByEmail(input.previousEmail);
        const found = previous?.companyId === input.companyId ? previous : await users.findByEmail(input.email);
        if (!found) return insertUser(tx, emit, { companyId: input.companyId, name: input.name.slice(0, 50), email: input.email, passwordHash: input.passwordHash, profile: 'admin' });
        if (found.companyId !== input.companyId) throw emailInUse();
        const row = (await users.update(found.id, { passwordHash: input.passwordHash }))!;
        await endSessions(tx, emit, row.companyId, found.id, 'password');
        const user = present(row);
        await emit('auth.user.updated', row.companyId, { user });
        return user;
      });
    },

    async update(actor: AuthUser, id: number, input: UpdateUserBody): Promise<User> {
      const target = await findInScope(actor, id);
      const changes = permittedChanges(actor, target, input);
      // A super user moves a user to another company: it must exist and have room for them in its plan, and
      // the user's queues and connection become that company's (those given, else none).
      const moving = changes.companyId !== undefined && changes.companyId !== null && changes.companyId !== target.companyId ? changes.companyId : null;
      const destination = moving === null ? null : await ctx.companies.get(moving);
      if (moving !== null && !destination) throw new AppError('ERR_NO_COMPANY_FOUND', 'Company not found', { fields: [{ field: 'companyId', message: 'not found' }] });
      if (moving !== null) Object.assign(changes, { queueIds: changes.queueIds ?? [], whatsappId: changes.whatsappId ?? null });
      await assertReferences(moving ?? target.companyId, changes, moving === null ? target : undefined);
      const { password, ...fields } = changes;
      const passwordHash = password ? await hashPassword(password) : undefined;
      return unitOfWork(async (tx, emit) => {
        if (moving !== null) {
          const users = usersRepository(tx);
          await users.lockCompany(moving);
          assertUserLimit(destination?.plan?.users, await users.countOfCompany(moving));
        }
        let row: UserRow | undefined;
        try {
          row = await usersRepository(tx).update(id, { ...fields, ...(passwordHash ? { passwordHash } : {}) });
        } catch (err) {
          if (isUniqueViolation(err)) throw emailInUse();
          throw err;
        }
        if (!row) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
        if (moving !== null) {
          // The user left the company: its sessions end (their tokens name it), the other services drop the
          // user there (its tickets go back to their queues) and meet it in the company it joined.
          await endSessions(tx, emit, target.companyId, id, 'company');
          await emit('auth.user.deleted', target.companyId, { userId: id });
          const user = present(row);
          await emit('auth.user.created', row.companyId, { user });
          return user;
        }
        if (passwordHash) {
          // A new password ends every other session (the editor's own stays when editing themself).
          await endSessions(tx, emit, row.companyId, id, 'password', actor.userId === id ? actor.sessionId : undefined);
        }
        const user = present(row);
        await emit('auth.user.updated', row.companyId, { user });
        return user;
      });
    },

    async remove(actor: AuthUser, id: number): Promise<void> {
      const target = await findInScope(actor, id);
      assertCanDelete(actor, target);
      await unitOfWork(async (tx, emit) => {
        const revoked = await sessionsRepository(tx).revokeUser(id, 'deleted');
        if (!(await usersRepository(tx).remove(id, target.companyId))) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
        if (revoked.length) await emit('auth.session.revoked', target.companyId, { userId: id, sessionIds: revoked });
        await emit('auth.user.deleted', target.companyId, { userId: id });
      });
      if (target.profileImage) await ctx.storage.remove(target.profileImage).catch(() => undefined);
    },

    /** GET /presence: the company's users online now (spec 002 §7 answers onlineUsers). */
    async presence(actor: AuthUser): Promise<PresenceAnswer> {
      const online = (await readUsers.allOfCompany(actor.companyId)).filter((u) => u.online);
      return {
        onlineUsers: online.map((u) => ({ id: u.id, userId: u.id, name: u.name, online: true as const, lastSeenAt: u.lastSeenAt?.toISOString() ?? null })),
      };
    },

    async findForSession(userId: number): Promise<User | null> {
      const row = await readUsers.findById(userId);
      return row ? present(row) : null;
    },

    async setWidth(actor: AuthUser, id: number, width: number): Promise<User> {
      return this.update(actor, id, { defaultTicketsManagerWidth: width });
    },

    async uploadAvatar(actor: AuthUser, id: number, data: Buffer): Promise<User> {
      const target = await findInScope(actor, id);
      if (actor.userId !== id && actor.profile !== 'admin' && !actor.super) throw new AppError('ERR_NO_PERMISSION', 'No permission');
      const type = await sniffType(data, mediaWhitelists.image);
      const stored = await ctx.storage.save(target.companyId, 'avatars', data, type);
      const user = await unitOfWork(async (tx, emit) => {
        const row = await usersRepository(tx).update(id, { profileImage: stored.key });
        if (!row) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
        const presented = present(row);
        await emit('auth.user.updated', row.companyId, { user: presented });
        return presented;
      });
      if (target.profileImage) await ctx.storage.remove(target.profileImage).catch(() => undefined);
      return user;
    },

    /** Presence from realtime; only a change of the online flag is announced. */
    async setPresence(tx: AuthDb, emit: Emit, userId: number, online: boolean, at: Date): Promise<void> {
      const users = usersRepository(tx);
      const row = await users.findById(userId);
      if (!row) return;
      if (row.lastSeenAt && row.lastSeenAt > at) return; // an older beat arriving late
      const updated = await users.update(userId, { online, lastSeenAt: at });
      if (updated && row.online !== online) await emit('auth.user.updated', updated.companyId, { user: present(updated) });
    },

    /** A queue or a connection was deleted (tickets, channels): no user keeps pointing at it. */
    async forgetQueue(tx: AuthDb, emit: Emit, companyId: number, queueId: number): Promise<void> {
      for (const row of await usersRepository(tx).leaveQueue(companyId, queueId)) await emit('auth.user.updated', companyId, { user: present(row) });
    },
    async forgetConnection(tx: AuthDb, emit: Emit, companyId: number, connectionId: number): Promise<void> {
      for (const row of await usersRepository(tx).dropConnection(companyId, connectionId)) await emit('auth.user.updated', companyId, { user: present(row) });
    },

    async removeCompany(tx: AuthDb, emit: Emit, companyId: number): Promise<void> {
      const ids = await usersRepository(tx).removeCompany(companyId);
      for (const userId of ids) await emit('auth.user.deleted', companyId, { userId });
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
