import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  AppError,
  ask,
  decoyHash,
  hashPassword,
  retryAfterSeconds,
  verifyPassword,
  type AccessClaims,
  type AuthUser,
  type ServiceContext,
  type SessionAnswer,
  type SessionUser,
  type UnitOfWork,
} from '@atende/kit';
import type { AuthConfig } from '../config.js';
import { sessionsRepository } from '../db/sessions.repository.js';
import type { UserRow } from '../db/schema.js';
import { usersRepository, type AuthDb } from '../db/users.repository.js';
import type { Accounts } from './accounts.js';
import { MAIN_COMPANY_ID, subscriptionState } from './subscription.js';
import { emailInUse } from './user-rules.js';
import { assertWithinWorkHours, outOfHours, withinWorkHours } from './work-hours.js';

export type ClientInfo = { ip: string; userAgent?: string };
export type IssuedSession = SessionAnswer & { refreshToken: string; refreshExpiresAt: Date };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

/** Login, rotation with reuse detection, logout, signup (spec 000 §4, §7; issue "security rules"). */
export function createSessions(deps: {
  ctx: ServiceContext;
  config: AuthConfig;
  db: AuthDb;
  unitOfWork: UnitOfWork<AuthDb>;
  accounts: Accounts;
  sign: (claims: AccessClaims) => string;
}) {
  const { ctx, config, db, unitOfWork, accounts, sign } = deps;
  const limits = ctx.rateLimits;
  const refreshTtlMs = config.REFRESH_TOKEN_DAYS * 86_400_000;

  const sessionUser = async (row: UserRow): Promise<{ user: SessionUser; subscription: SessionAnswer['subscription'] }> => {
    const entry = await ctx.companies.get(row.companyId);
    const company = entry?.company;
    const user: SessionUser = {
      ...accounts.present(row),
      company: {
        id: row.companyId,
        name: company?.name ?? '',
        dueDate: row.companyId === MAIN_COMPANY_ID ? '2999-12-31' : (company?.dueDate ?? null),
        status: company?.status ?? true,
        planId: company?.planId ?? null,
        companieSettings: entry?.settings ?? [],
        timeZone: config.TICKETS_TIME_ZONE,
      },
    };
    return { user, subscription: subscriptionState(row.companyId, company?.dueDate ?? null, config.TICKETS_TIME_ZONE) };
  };

  const claimsOf = (row: UserRow, sessionId: string): AccessClaims => ({
    sub: String(row.id),
    companyId: row.companyId,
    profile: row.profile as AccessClaims['profile'],
    super: row.super,
    sid: sessionId,
  });

  /** Refuse while either counter is over its limit, even for the right password. */
  const assertNotBlocked = async (ipKey: string, emailKey: string) => {
    const [ip, email] = await Promise.all([limits.peek(ipKey), limits.peek(emailKey)]);
    const blocked = [ip.count >= config.LOGIN_IP_MAX_FAILURES ? ip : null, email.count >= config.LOGIN_EMAIL_MAX_FAILURES ? email : null].filter(Boolean);
    if (blocked.length) {
      const retry = Math.max(...blocked.map((s) => retryAfterSeconds(s!)));
      throw new AppError('ERR_TOO_MANY_REQUESTS', 'Too many failed login attempts; try again later', { headers: { 'retry-after': String(retry) } });
    }
  };

  return {
    async login(email: string, password: string, client: ClientInfo): Promise<IssuedSession> {
      const ipKey = `login-ip:${client.ip}`;
      const emailKey = `login-email:${email}`;
      await assertNotBlocked(ipKey, emailKey);
      const row = await usersRepository(db).findByEmail(email);
      // Unknown email and wrong password: same answer, same time.
      const ok = row ? await verifyPassword(row.passwordHash, password) : (await verifyPassword(await decoyHash(), password), false);
      if (!row || !ok) {
        await Promise.all([limits.hit(ipKey, config.LOGIN_IP_WINDOW_SECONDS * 1000), limits.hit(emailKey, config.LOGIN_EMAIL_WINDOW_SECONDS * 1000)]);
        throw new AppError('ERR_INVALID_CREDENTIALS', 'Invalid credentials');
      }
      const entry = await ctx.companies.get(row.companyId);
      if (entry && !entry.company.status && !row.super) throw new AppError('ERR_COMPANY_INACTIVE', 'This company is inactive');
      // Checked after the password, so only the account's owner learns the hours.
      assertWithinWorkHours(row, new Date(), config.TICKETS_TIME_ZONE);
      await limits.reset(emailKey);
      const sessionId = randomUUID();
      const refreshToken = newRefreshToken();
      const refreshExpiresAt = new Date(Date.now() + refreshTtlMs);
      await unitOfWork(async (tx, emit) => {
        const sessions = sessionsRepository(tx);
        // One session per user: logging in again ends the others (company-{id}-auth).
        const revoked = await sessions.revokeUser(row.id, 'replaced');
        await sessions.create({ id: sessionId, userId: row.id, companyId: row.companyId, expiresAt: refreshExpiresAt, ip: client.ip, userAgent: client.userAgent?.slice(0, 300) });
        await sessions.addToken(hashToken(refreshToken), sessionId);
        if (revoked.length) await emit('auth.session.revoked', row.companyId, { userId: row.id, sessionIds: revoked });
        await emit('auth.session.started', row.companyId, { userId: row.id, sessionId });
      });
      const { user, subscription } = await sessionUser(row);
      return { token: sign(claimsOf(row, sessionId)), user, subscription, refreshToken, refreshExpiresAt };
    },

    /** Rotate: the presented token is spent; presenting a spent one revokes the whole session. */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED', 'Session expired');
      const hash = hashToken(refreshToken);
      const next = newRefreshToken();
      const outcome = await unitOfWork(async (tx, emit) => {
        const sessions = sessionsRepository(tx);
        const found = await sessions.findToken(hash);
        if (!found || found.session.revokedAt || found.session.expiresAt < new Date()) return { kind: 'expired' as const };
        if (found.token.rotatedAt) {
          const revoked = await sessions.revoke([found.session.id], 'reuse');
          if (revoked.length) await emit('auth.session.revoked', found.session.companyId, { userId: found.session.userId, sessionIds: revoked });
          return { kind: 'reused' as const };
        }
        // The company is read as at login: deleted, the session is over; inactive, refused like a login (the
        // token is not spent). A super user's company is never inactive, but a super user is let in anyway, as at login.
        const entry = await ctx.companies.get(found.session.companyId);
        if (entry === null) return { kind: 'expired' as const };
        const user = await usersRepository(tx).findById(found.session.userId);
        if (!user) return { kind: 'expired' as const };
        if (entry.company.status === false && !user.super) return { kind: 'inactive' as const };
        // Outside the user's work hours a session is not renewed either, as a login is refused (the token is
        // not spent: the same session goes on when the hours come back).
        if (!user.super && !withinWorkHours(user, new Date(), config.TICKETS_TIME_ZONE)) return { kind: 'outOfHours' as const, user };
        await sessions.markRotated(hash);
        await sessions.addToken(hashToken(next), found.session.id);
        await sessions.touch(found.session.id);
        return { kind: 'rotated' as const, session: found.session };
      });
      if (outcome.kind === 'inactive') throw new AppError('ERR_COMPANY_INACTIVE', 'This company is inactive');
      if (outcome.kind === 'outOfHours') throw outOfHours(outcome.user);
      if (outcome.kind !== 'rotated') throw new AppError('ERR_SESSION_EXPIRED', outcome.kind === 'reused' ? 'Refresh token reused; session revoked' : 'Session expired');
      const row = await usersRepository(db).findById(outcome.session.userId);
      if (!row) throw new AppError('ERR_SESSION_EXPIRED', 'Session expired');
      const { user, subscription } = await sessionUser(row);
      return { token: sign(claimsOf(row, outcome.session.id)), user, subscription, refreshToken: next, refreshExpiresAt: outcome.session.expiresAt };
    },

    /** Ends the session of the refresh cookie, or of the access token when the cookie is gone. */
    async logout(refreshToken: string | undefined, auth: AuthUser | undefined): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const sessions = sessionsRepository(tx);
        const found = refreshToken ? await sessions.findToken(hashToken(refreshToken)) : undefined;
        const session = found?.session ?? (auth ? await sessions.findById(auth.sessionId) : undefined);
        if (!session) return;
        const revoked = await sessions.revoke([session.id], 'logout');
        if (revoked.length) await emit('auth.session.revoked', session.companyId, { userId: session.userId, sessionIds: revoked });
      });
    },

    async me(auth: AuthUser): Promise<SessionUser> {
      const row = await usersRepository(db).findById(auth.userId, auth.companyId);
      if (!row) throw new AppError('ERR_SESSION_EXPIRED', 'Session expired');
      return (await sessionUser(row)).user;
    },

    /** Public signup (setting userCreation): a company on a public plan with its first admin. */
    async signup(input: { name: string; email: string; password: string; phone?: string; companyName: string; planId: number }, client: ClientInfo) {
      const state = await limits.hit(`signup-ip:${client.ip}`, config.SIGNUP_IP_WINDOW_SECONDS * 1000);
      if (state.count > config.SIGNUP_IP_MAX) {
        throw new AppError('ERR_TOO_MANY_REQUESTS', 'Too many signups from this address', { headers: { 'retry-after': String(retryAfterSeconds(state)) } });
      }
      const setting = await ask(ctx.bus, 'admin.setting.get', { companyId: MAIN_COMPANY_ID, key: 'userCreation' });
      if (setting.value !== 'enabled') throw new AppError('ERR_USER_CREATION_DISABLED', 'User creation is disabled by the administrator');
      if (await usersRepository(db).findByEmail(input.email)) {
        throw emailInUse();
      }
      const passwordHash = await hashPassword(input.password);
      const { company } = await ask(ctx.bus, 'admin.company.create', { name: input.companyName, email: input.email, phone: input.phone ?? null, planId: input.planId }).catch((err: unknown) => {
        // The company's name is the signup's companyName (its `name` is the person's).
        if (err instanceof AppError && err.fields?.some((f) => f.field === 'name')) {
          throw new AppError(err.code, err.message, { fields: err.fields.map((f) => (f.field === 'name' ? { ...f, field: 'companyName' } : f)) });
        }
        throw err;
      });
      try {
        const user = await accounts.createCompanyAdmin({ companyId: company.id, name: input.name, email: input.email, passwordHash });
        return { user, company: { id: company.id, name: company.name } };
      } catch (err) {
        // Compensate: no company without its admin.
        await ask(ctx.bus, 'admin.company.remove', { companyId: company.id }).catch((e) => ctx.logger.error({ err: e }, 'signup rollback failed'));
        throw err;
      }
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
