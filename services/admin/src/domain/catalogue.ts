import {
  AppError,
  ask,
  hashPassword,
  planDefaults,
  type AuthUser,
  type Company,
  type CompanyWithPlan,
  type Emit,
  type Plan,
  type ServiceContext,
  type UnitOfWork,
  type WeekdaySchedule,
  companyMessages,
  createCompanyBody,
  createPlanBody,
  updateCompanyBody,
  updatePlanBody,
} from '@atende/kit';
import type { z } from 'zod';
import { companiesRepository, isUniqueViolation, plansRepository, settingsRepository, type AdminDb, type CompanyWithPlanRow } from '../db/repositories.js';
import { presentCompany, presentPlan } from './presenters.js';
import { MAIN_COMPANY_ID, effectiveSettings, isSecret } from './setting-rules.js';

type CreateCompany = z.output<typeof createCompanyBody>;
type UpdateCompany = z.output<typeof updateCompanyBody>;
type CreatePlan = z.output<typeof createPlanBody>;
type UpdatePlan = z.output<typeof updatePlanBody>;

const PAGE_SIZE = 20;

const duplicatedName = (what: string) =>
  new AppError('ERR_DUPLICATED_NAME', `A ${what} with this name already exists`, { fields: [{ field: 'name', message: 'already in use' }] });
const noCompany = () => new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
const noPlan = (field?: string) => new AppError('ERR_NO_PLAN_FOUND', 'Plan not found', field ? { fields: [{ field, message: 'no such plan' }] } : {});

function addDays(days: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/** Companies and plans: the super user's catalogue, and what other services ask about a company. */
export function createCatalogue(deps: { ctx: ServiceContext; db: AdminDb; unitOfWork: UnitOfWork<AdminDb>; signupTrialDays: number }) {
  const { ctx, db, unitOfWork } = deps;

  const loadCompany = async (tx: AdminDb, id: number): Promise<Company> => {
    const row = await companiesRepository(tx).findById(id);
    if (!row) throw noCompany();
    return presentCompany(row);
  };

  /** A company is read by the super user, or by its own members. */
  const assertCanRead = (actor: AuthUser, companyId: number) => {
    if (!actor.super && actor.companyId !== companyId) throw noCompany();
  };

  async function insertCompany(tx: AdminDb, emit: Emit, values: Parameters<ReturnType<typeof companiesRepository>['insert']>[0]): Promise<Company> {
    if (values.planId && !(await plansRepository(tx).findById(values.planId))) throw noPlan('planId');
    let id: number;
    try {
      id = (await companiesRepository(tx).insert(values)).id;
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicatedName('company');
      throw err;
    }
    const company = await loadCompany(tx, id);
    await emit('admin.company.created', company.id, { company });
    return company;
  }

  return {
    /** Every company for a super user; an admin's own company only (GET /companiesPlan, spec 002 §6). */
    async page(search: string | undefined, pageNumber: number, actor?: AuthUser) {
      const { rows, count } = await companiesRepository(db).page(search, pageNumber, PAGE_SIZE, actor && !actor.super ? actor.companyId : undefined);
      return { companies: rows.map(presentCompany), count, hasMore: count > pageNumber * PAGE_SIZE };
    },
    all: async (): Promise<Company[]> => (await companiesRepository(db).all()).map(presentCompany),
    async show(actor: AuthUser, id: number): Promise<Company> {
      assertCanRead(actor, id);
      return loadCompany(db, id);
    },
    async planOf(actor: AuthUser, companyId: number): Promise<Plan> {
      assertCanRead(actor, companyId);
      const row = await companiesRepository(db).findById(companyId);
      if (!row) throw noCompany();
      if (!row.plan) throw noPlan();
      return presentPlan(row.plan);
    },

    /** Super user: a company, and its admin user when a password is given (so it can log in). */
    async createCompany(input: CreateCompany): Promise<Company> {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return unitOfWork(async (tx, emit) => {
        const company = await insertCompany(tx, emit, {
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          document: input.document ?? null,
          address: input.address ?? null,
          city: input.city ?? null,
          state: input.state ?? null,
          numberAttendants: input.numberAttendants ?? null,
          numberConections: input.numberConections ?? null,
          planId: input.planId,
          status: input.status ?? true,
          dueDate: input.dueDate ? input.dueDate.slice(0, 10) : null,
          recurrence: input.recurrence ?? null,
          paymentMethod: input.paymentMethod ?? null,
        });
        // Inside the transaction: if auth refuses the admin (e-mail in use), no company is left behind.
        if (passwordHash) {
          await ask(ctx.bus, 'auth.user.createCompanyAdmin', { companyId: company.id, name: input.adminName ?? input.name, email: input.email, passwordHash });
        }
        return company;
      });
    },

    /** Public signup (asked by auth): a company on a public plan with a trial period. */
    async createForSignup(input: { name: string; email: string; phone: string | null; planId: number }): Promise<Company> {
      const plan = await plansRepository(db).findById(input.planId);
      if (!plan || !plan.isPublic) throw noPlan('planId');
      return unitOfWork((tx, emit) =>
        insertCompany(tx, emit, {
          name: input.name.slice(0, 50),
          email: input.email,
          phone: input.phone,
          planId: input.planId,
          status: true,
          dueDate: addDays(deps.signupTrialDays),
          recurrence: 'MENSAL',
        }),
      );
    },

    /** Super user; a password sets the company admin's (see auth.user.setCompanyAdminPassword). */
    async updateCompany(id: number, input: UpdateCompany): Promise<Company> {
      const { password, dueDate, ...fields } = input;
      const passwordHash = password ? await hashPassword(password) : undefined;
      return unitOfWork(async (tx, emit) => {
        if (fields.planId && !(await plansRepository(tx).findById(fields.planId))) throw noPlan('planId');
        const previousEmail = passwordHash ? (await companiesRepository(tx).findById(id))?.company.email : undefined;
        if (id === MAIN_COMPANY_ID && fields.status === false) {
          throw new AppError('ERR_NO_PERMISSION', 'The main company cannot be deactivated', { fields: [{ field: 'status', message: 'company 1 stays active' }] });
        }
        try {
          const row = await companiesRepository(tx).update(id, { ...fields, ...(dueDate !== undefined ? { dueDate: dueDate ? dueDate.slice(0, 10) : null } : {}) });
          if (!row) throw noCompany();
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicatedName('company');
          throw err;
        }
        const company = await loadCompany(tx, id);
        // Inside the transaction: if auth refuses (the e-mail is another company's user's), nothing changes.
        if (passwordHash) {
          // Its admin is known by the company's e-mail: without one there is nobody to give the password to.
          if (!company.email) throw new AppError('ERR_VALIDATION', 'The company has no e-mail for its admin', { fields: [{ field: 'email', message: companyMessages.emailRequired }] });
          await ask(ctx.bus, 'auth.user.setCompanyAdminPassword', { companyId: id, name: company.name, email: company.email, previousEmail: previousEmail ?? company.email, passwordHash });
        }
        await emit('admin.company.updated', id, { company });
        return company;
      });
    },

    /** Company-wide working hours: the super user, or an admin of that company. */
    async updateSchedules(actor: AuthUser, id: number, schedules: WeekdaySchedule[]): Promise<Company> {
      if (!actor.super && (actor.companyId !== id || actor.profile !== 'admin')) throw noCompany();
      return unitOfWork(async (tx, emit) => {
        if (!(await companiesRepository(tx).update(id, { schedules }))) throw noCompany();
        const company = await loadCompany(tx, id);
        await emit('admin.company.updated', id, { company });
        return company;
      });
    },

    async removeCompany(id: number): Promise<void> {
      if (id === MAIN_COMPANY_ID) throw new AppError('ERR_CANNOT_DELETE_MAIN_COMPANY', 'The main company cannot be deleted');
      await unitOfWork(async (tx, emit) => {
        if (!(await companiesRepository(tx).remove(id))) throw noCompany();
        await emit('admin.company.deleted', id, { companyId: id });
      });
    },

    /** Shown on the super user's companies page; no other service depends on it, so no event. */
    async touchLogin(tx: AdminDb, companyId: number, at: Date): Promise<void> {
      await companiesRepository(tx).touchLogin(companyId, at);
    },

    /** What sessions and guards of every service need: the company, its plan and its settings. */
    async forDirectory(companyId: number): Promise<CompanyWithPlan | null> {
      const row: CompanyWithPlanRow | undefined = await companiesRepository(db).findById(companyId);
      if (!row) return null;
      const settings = settingsRepository(db);
      const [own, platform] = await Promise.all([settings.ofCompany(companyId), companyId === MAIN_COMPANY_ID ? Promise.resolve(null) : settings.ofCompany(MAIN_COMPANY_ID)]);
      const values = effectiveSettings(companyId, own, platform ?? own, { includeSuperOnly: true, reveal: true })
        .filter((s) => !isSecret(s.key as never))
        .map(({ key, value }) => ({ key, value }));
      return { company: presentCompany(row), plan: row.plan ? presentPlan(row.plan) : null, settings: values };
    },

    // ---------- plans ----------
    listPublicPlans: async (): Promise<Plan[]> => (await plansRepository(db).all(true)).map(presentPlan),
    allPlans: async (): Promise<Plan[]> => (await plansRepository(db).all()).map(presentPlan),

    async createPlan(input: CreatePlan): Promise<Plan> {
      return unitOfWork(async (tx, emit) => {
        try {
          const plan = presentPlan(await plansRepository(tx).insert({ ...planDefaults, ...input }));
          await emit('admin.plan.created', null, { plan });
          return plan;
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicatedName('plan');
          throw err;
        }
      });
    },

    async updatePlan(id: number, input: UpdatePlan): Promise<Plan> {
      return unitOfWork(async (tx, emit) => {
        let row;
        try {
          row = await plansRepository(tx).update(id, input);
        } catch (err) {
          if (isUniqueViolation(err)) throw duplicatedName('plan');
          throw err;
        }
        if (!row) throw noPlan();
        const plan = presentPlan(row);
        await emit('admin.plan.updated', null, { plan });
        return plan;
      });
    },

    async removePlan(id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const plans = plansRepository(tx);
        if (!(await plans.findById(id))) throw noPlan();
        if (await plans.inUse(id)) throw new AppError('ERR_PLAN_IN_USE', 'Plan is used by a company');
        await plans.remove(id);
        await emit('admin.plan.deleted', null, { planId: id });
      });
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
