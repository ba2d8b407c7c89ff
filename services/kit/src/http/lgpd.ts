import type { AuthUser } from '../auth/tokens.js';
import { isSettingOn, settingValue } from '../contracts/admin.js';
import type { CompanyWithPlan, Directory } from '../directory.js';
import { companyHidesNumbers, maskContactNumbers } from '../visibility.js';

/**
 * Whether a company hides contact numbers from its profile users (LGPD: enableLGPD and lgpdHideNumber), read
 * from the company directory; while admin cannot be reached its defaults apply (nothing hidden), as elsewhere.
 */
export async function companyHidesNumbersIn(companies: Directory<number, CompanyWithPlan | null>, companyId: number | null): Promise<boolean> {
  if (companyId === null) return false;
  const entry = await companies.get(companyId).catch(() => null);
  return companyHidesNumbers((key) => isSettingOn(settingValue(entry?.settings, key)));
}

/** An answer as `auth` may see it: every contact's number masked for a profile user of a company that hides them. */
export async function shownWithNumbersTo<T>(companies: Directory<number, CompanyWithPlan | null>, auth: Pick<AuthUser, 'profile' | 'super' | 'companyId'>, answer: T): Promise<T> {
  // Admins and super users see numbers whole (kit visibility hidesNumbers).
  if (auth.profile !== 'user' || auth.super) return answer;
  return (await companyHidesNumbersIn(companies, auth.companyId)) ? maskContactNumbers(answer) : answer;
}
