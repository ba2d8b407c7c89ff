import { planDefaults, planFlags, type Plan, type PlanFlag } from '@atende/kit/contracts';
import type { CreatePlanInput } from '../../api/admin';

export type PlanFormValues = {
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  isPublic: boolean;
} & Record<PlanFlag, boolean>;

/** Form values for a plan, or the new-plan defaults (0 users, connections, queues, amount 0, every feature, public). */
export function toPlanFormValues(plan?: Plan | null): PlanFormValues {
  const src = plan ?? { ...planDefaults, name: '' };
  const flags = Object.fromEntries(planFlags.map((f) => [f, src[f]])) as Record<PlanFlag, boolean>;
  const amount = Number.parseFloat(String(src.amount).replace(',', '.'));
  return {
    name: src.name,
    users: src.users,
    connections: src.connections,
    queues: src.queues,
    amount: Number.isFinite(amount) ? amount : 0,
    isPublic: src.isPublic,
    ...flags,
  };
}

export function toPlanBody(v: PlanFormValues): CreatePlanInput {
  const flags = Object.fromEntries(planFlags.map((f) => [f, !!v[f]])) as Record<PlanFlag, boolean>;
  return {
    name: v.name.trim(),
    users: Math.max(0, Math.trunc(v.users ?? 0)),
    connections: Math.max(0, Math.trunc(v.connections ?? 0)),
    queues: Math.max(0, Math.trunc(v.queues ?? 0)),
    amount: (v.amount ?? 0).toFixed(2),
    isPublic: !!v.isPublic,
    ...flags,
  };
}

/** Amount as money in the plan tables (pt-BR, R$). */
export function formatAmount(amount: string | number, locale = 'pt-BR'): string {
  const n = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  if (!Number.isFinite(n)) return String(amount);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(n);
}
