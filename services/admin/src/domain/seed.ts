import { sql } from 'drizzle-orm';
import { planDefaults, settingCatalogue, settingKeys, type Logger } from '@atende/kit';
import { companiesRepository, plansRepository, settingsRepository, type AdminDb } from '../db/repositories.js';
import { companies } from '../db/schema.js';
import { MAIN_COMPANY_ID } from './setting-rules.js';

/**
 * First start: a plan with every feature and no limits, company 1 (never expires) on it, and its
 * default settings. Runs under a transaction-scoped advisory lock so replicas starting together
 * seed once, and changes nothing on later starts.
 */
export async function seedCatalogue(db: AdminDb, options: { companyName: string; logger: Logger }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x61646d6e}, 1)`);
    const companiesRepo = companiesRepository(tx);
    if (await companiesRepo.exists(MAIN_COMPANY_ID)) return false;
    const plans = plansRepository(tx);
    const plan = (await plans.all())[0] ?? (await plans.insert({ ...planDefaults, name: 'Plano 1', isPublic: false }));
    await tx.insert(companies).values({ id: MAIN_COMPANY_ID, name: options.companyName, planId: plan.id, status: true, dueDate: '2999-12-31', recurrence: 'MENSAL' });
    await companiesRepo.syncSequence();
    await settingsRepository(tx).insertMissing(
      MAIN_COMPANY_ID,
      settingKeys.map((key) => ({ key, value: settingCatalogue[key].default })),
    );
    options.logger.info({ companyId: MAIN_COMPANY_ID, planId: plan.id }, 'main company seeded');
    return true;
  });
}
