import type { Help, Plan, SessionAnswer } from '@atende/kit/contracts';
import { http } from './http';
import { publicHttp } from './public';

export type PublicPlan = Omit<Plan, 'createdAt' | 'updatedAt'>;

export type SignupInput = {
  name: string;
  email: string;
  password: string;
  phone?: string;
  companyName: string;
  planId: number;
};

/** POST /api/auth/signup (public; only while userCreation is enabled). */
export async function signup(input: SignupInput): Promise<void> {
  await publicHttp.post('/auth/signup', input);
}

/** GET /api/plans/list: the public plans offered at signup. */
export async function listPublicPlans(): Promise<PublicPlan[]> {
  const { data } = await publicHttp.get<PublicPlan[]>('/plans/list');
  return Array.isArray(data) ? data : [];
}

/** GET /api/companies/listPlan/:companyId: the company plan with its feature flags. */
export async function getCompanyPlan(companyId: number): Promise<Plan> {
  return (await http.get<Plan>(`/companies/listPlan/${companyId}`)).data;
}

/** GET /api/helps/list. */
export async function listHelps(): Promise<Help[]> {
  const { data } = await http.get<Help[]>('/helps/list');
  return Array.isArray(data) ? data : [];
}

export type { SessionAnswer };
