import type { Company, Help, Plan, Recurrence } from '@atende/kit';
import type { CompanyWithPlanRow } from '../db/repositories.js';
import type { HelpRow, PlanRow } from '../db/schema.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function presentPlan(row: PlanRow): Plan {
  const { createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

export function presentCompany({ company, plan }: CompanyWithPlanRow): Company {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    document: company.document,
    address: company.address,
    city: company.city,
    state: company.state,
    numberAttendants: company.numberAttendants,
    numberConections: company.numberConections,
    planId: company.planId,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: (company.recurrence as Recurrence | null) ?? null,
    paymentMethod: company.paymentMethod,
    schedules: company.schedules,
    lastLogin: iso(company.lastLogin),
    folderSize: company.folderSize,
    numberFileFolder: company.numberFileFolder,
    updatedAtFolder: iso(company.updatedAtFolder),
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
    plan: plan ? { id: plan.id, name: plan.name, amount: plan.amount } : null,
  };
}

export function presentHelp(row: HelpRow): Help {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
