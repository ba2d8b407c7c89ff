import type { z } from 'zod';
import type {
  Company,
  companiesPage,
  createCompanyBody,
  createHelpBody,
  createPlanBody,
  Help,
  Plan,
  Setting,
  SettingKey,
  updateCompanyBody,
  updateHelpBody,
  updatePlanBody,
  WeekdaySchedule,
} from '@atende/kit/contracts';
import { http } from './http';

/** Request bodies are what the server's schemas accept (their input side). */
export type CreateCompanyInput = z.input<typeof createCompanyBody>;
export type UpdateCompanyInput = z.input<typeof updateCompanyBody>;
export type CreatePlanInput = z.input<typeof createPlanBody>;
export type UpdatePlanInput = z.input<typeof updatePlanBody>;
export type CreateHelpInput = z.input<typeof createHelpBody>;
export type UpdateHelpInput = z.input<typeof updateHelpBody>;
export type CompaniesPage = z.infer<typeof companiesPage>;

// ---------- companies (super user) ----------
export async function listCompanies(): Promise<Company[]> {
  const { data } = await http.get<Company[]>('/companies/list');
  return data;
}

export async function getCompany(id: number): Promise<Company> {
  const { data } = await http.get<Company>(`/companies/${id}`);
  return data;
}

export async function createCompany(body: CreateCompanyInput): Promise<Company> {
  const { data } = await http.post<Company>('/companies', body);
  return data;
}

export async function updateCompany(id: number, body: UpdateCompanyInput): Promise<Company> {
  const { data } = await http.put<Company>(`/companies/${id}`, body);
  return data;
}

export async function deleteCompany(id: number): Promise<void> {
  await http.delete(`/companies/${id}`);
}

/** PUT /api/companies/:id/schedules: the company-wide working hours (admin of that company). */
export async function updateCompanySchedules(id: number, schedules: WeekdaySchedule[]): Promise<Company> {
  const { data } = await http.put<Company>(`/companies/${id}/schedules`, { id, schedules });
  return data;
}

// ---------- plans (super user) ----------
export async function listPlans(): Promise<Plan[]> {
  const { data } = await http.get<Plan[]>('/plans/all');
  return data;
}

export async function createPlan(body: CreatePlanInput): Promise<Plan> {
  const { data } = await http.post<Plan>('/plans', body);
  return data;
}

export async function updatePlan(id: number, body: UpdatePlanInput): Promise<Plan> {
  const { data } = await http.put<Plan>(`/plans/${id}`, body);
  return data;
}

export async function deletePlan(id: number): Promise<void> {
  await http.delete(`/plans/${id}`);
}

// ---------- settings (admin) ----------
export async function listSettings(): Promise<Setting[]> {
  const { data } = await http.get<Setting[]>('/settings');
  return data;
}

export async function updateSetting(key: SettingKey, value: string): Promise<Setting> {
  const { data } = await http.put<Setting>(`/settings/${encodeURIComponent(key)}`, { value });
  return data;
}

/** Whitelabel image slots (spec 001 §7): logos by mode, and the login and signup backgrounds. */
export type WhitelabelUpload = { kind: 'logo'; mode: 'Light' | 'Dark' | 'Favicon' } | { kind: 'login'; mode: 'Enter' | 'Register' };

/** POST /api/settings-whitelabel/logo|login (super user): stores the image, points its setting at it; answers the stored name. */
export async function uploadWhitelabelImage(slot: WhitelabelUpload, file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('typeArch', slot.kind);
  form.append('mode', slot.mode);
  form.append('file', file, fileName);
  const { data } = await http.post<string>(`/settings-whitelabel/${slot.kind}`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

// ---------- helps ----------
/** GET /api/helps/list: every help entry (any signed-in user). */
export async function listHelps(): Promise<Help[]> {
  const { data } = await http.get<Help[]>('/helps/list');
  return data;
}

export async function createHelp(body: CreateHelpInput): Promise<Help> {
  const { data } = await http.post<Help>('/helps', body);
  return data;
}

export async function updateHelp(id: number, body: UpdateHelpInput): Promise<Help> {
  const { data } = await http.put<Help>(`/helps/${id}`, body);
  return data;
}

export async function deleteHelp(id: number): Promise<void> {
  await http.delete(`/helps/${id}`);
}
