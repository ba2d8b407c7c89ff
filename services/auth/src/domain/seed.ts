import { hashPassword, type Logger, type UnitOfWork, type User } from '@atende/kit';
import type { UserRow } from '../db/schema.js';
import { usersRepository, type AuthDb } from '../db/users.repository.js';
import { MAIN_COMPANY_ID } from './subscription.js';

/**
 * First start: the super user of company 1, announced like any new user (the other services' projections,
 * e.g. internal chats and the dashboard's attendants, know it by name). Never twice (the email is unique;
 * a super user is looked for first).
 */
export async function seedSuperUser(
  deps: { db: AuthDb; unitOfWork: UnitOfWork<AuthDb>; present: (row: UserRow) => User },
  options: { email: string; password: string; logger: Logger },
): Promise<boolean> {
  const users = usersRepository(deps.db);
  if ((await users.superExists()) || (await users.findByEmail(options.email))) return false;
  const passwordHash = await hashPassword(options.password);
  try {
    await deps.unitOfWork(async (tx, emit) => {
      const row = await usersRepository(tx).insert({ companyId: MAIN_COMPANY_ID, name: 'Admin', email: options.email, passwordHash, profile: 'admin', super: true });
      await emit('auth.user.created', row.companyId, { user: deps.present(row) });
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return false; // a replica won the race
    throw err;
  }
  options.logger.info({ email: options.email }, 'super user created');
  return true;
}
