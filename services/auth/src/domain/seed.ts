import { hashPassword, type Logger } from '@atende/kit';
import { usersRepository, type AuthDb } from '../db/users.repository.js';
import { MAIN_COMPANY_ID } from './subscription.js';

/** First start: the super user of company 1. Never twice (the email is unique; a super user is looked for first). */
export async function seedSuperUser(db: AuthDb, options: { email: string; password: string; logger: Logger }): Promise<boolean> {
  const users = usersRepository(db);
  if ((await users.superExists()) || (await users.findByEmail(options.email))) return false;
  try {
    await users.insert({ companyId: MAIN_COMPANY_ID, name: 'Admin', email: options.email, passwordHash: await hashPassword(options.password), profile: 'admin', super: true });
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return false; // a replica won the race
    throw err;
  }
  options.logger.info({ email: options.email }, 'super user created');
  return true;
}
