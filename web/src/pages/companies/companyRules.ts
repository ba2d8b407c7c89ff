import dayjs, { type Dayjs } from 'dayjs';
import { createCompanyBody, recurrenceMonths, type Company, type Recurrence } from '@atende/kit/contracts';
import type { CreateCompanyInput, UpdateCompanyInput } from '../../api/admin';

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** The calendar day of a due date ('YYYY-MM-DD' or an ISO timestamp), or null. */
export function dueDay(dueDate: string | null | undefined): Dayjs | null {
  const m = dueDate ? DAY.exec(dueDate) : null;
  if (!m) return null;
  const d = dayjs(`${m[1]}-${m[2]}-${m[3]}`);
  return d.isValid() ? d : null;
}

/** Whole days from today to the due date (negative when past). */
export function daysLeft(dueDate: string | null | undefined, today: Date = new Date()): number | null {
  const due = dueDay(dueDate);
  if (!due) return null;
  return due.diff(dayjs(today).startOf('day'), 'day');
}

export type DueTone = 'danger' | 'warning' | null;

/** Due-date colour (spec 001 §4): 1 to 5 days left yellow, 0 or fewer red. */
export function dueDateTone(dueDate: string | null | undefined, today: Date = new Date()): DueTone {
  const left = daysLeft(dueDate, today);
  if (left === null) return null;
  if (left <= 0) return 'danger';
  if (left <= 5) return 'warning';
  return null;
}

/**
 * The due date after a renewal: the recurrence period added (MENSAL 1 month … ANUAL 12).
 * Null when there is nothing to renew (no due date, or no recurrence).
 */
export function renewDueDate(dueDate: string | null | undefined, recurrence: Recurrence | null | undefined): string | null {
  const due = dueDay(dueDate);
  if (!due || !recurrence) return null;
  return due.add(recurrenceMonths[recurrence], 'month').format('YYYY-MM-DD');
}

/** A date picker value as the API wants it: 'YYYY-MM-DD', or null when empty. */
export function toApiDate(value: Dayjs | null | undefined): string | null {
  return value && value.isValid() ? value.format('YYYY-MM-DD') : null;
}

export type CompanyFormValues = {
  name: string;
  email: string;
  password: string;
  phone: string;
  document: string;
  planId: number | null;
  status: boolean;
  dueDate: Dayjs | null;
  recurrence: Recurrence | null;
  paymentMethod: string;
  /** Spec 001 §3; empty (null) is no value. */
  numberAttendants: number | null;
  numberConections: number | null;
};

/** A new company's form. */
export const emptyCompanyValues: CompanyFormValues = {
  name: '',
  email: '',
  password: '',
  phone: '',
  document: '',
  planId: null,
  status: true,
  dueDate: null,
  recurrence: 'MENSAL',
  paymentMethod: '',
  numberAttendants: null,
  numberConections: null,
};

/** The form's values for a company being edited (its current values), or the new-company values. */
export function toCompanyFormValues(c: Company | null): CompanyFormValues {
  if (!c) return emptyCompanyValues;
  return {
    name: c.name,
    email: c.email ?? '',
    password: '',
    phone: c.phone ?? '',
    document: c.document ?? '',
    planId: c.planId,
    status: c.status,
    dueDate: dueDay(c.dueDate),
    recurrence: c.recurrence,
    paymentMethod: c.paymentMethod ?? '',
    numberAttendants: c.numberAttendants,
    numberConections: c.numberConections,
  };
}

const shape = createCompanyBody.shape;

/**
 * The form's field rules, the server's own schemas (spec 001 §5): 'Nome é obrigatório', 'E-mail é
 * obrigatório', 'Email é inválido'. The password stays optional: when given, 5 to 50 characters.
 */
export const companyFieldSchemas = {
  name: shape.name,
  email: shape.email,
  password: shape.password,
  numberAttendants: shape.numberAttendants,
  numberConections: shape.numberConections,
};

/** A count's bounds read from the contract (never copied here), for its InputNumber's min and max. */
function countBounds(schema: typeof shape.numberAttendants): { min?: number; max?: number } {
  const n = schema.unwrap().out.unwrap();
  return { min: n.minValue ?? undefined, max: n.maxValue ?? undefined };
}

export const companyCountBounds = {
  numberAttendants: countBounds(shape.numberAttendants),
  numberConections: countBounds(shape.numberConections),
};

/** An empty count is no value: null (the contract's "none"; on an edit it clears the stored number). */
const countOrNull = (v: number | null | undefined) => (typeof v === 'number' ? v : null);

const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** PUT /companies/{id}: the edited fields, blanks (and empty counts) as null. */
/** PUT /companies/:id: a password typed sets the company admin's (the server creates that admin when the company has none); blank keeps it. */
export function companyUpdateBody(v: CompanyFormValues): UpdateCompanyInput {
  const body: UpdateCompanyInput = {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: orNull(v.phone),
    document: orNull(v.document),
    planId: v.planId ?? undefined,
    status: v.status,
    dueDate: toApiDate(v.dueDate),
    recurrence: v.recurrence ?? null,
    paymentMethod: orNull(v.paymentMethod),
    numberAttendants: countOrNull(v.numberAttendants),
    numberConections: countOrNull(v.numberConections),
  };
  if (v.password) body.password = v.password;
  return body;
}

/** POST /companies: an empty password is left out: the company is then created without its admin user (users are added later). */
export function companyCreateBody(v: CompanyFormValues): CreateCompanyInput {
  return { ...companyUpdateBody(v), name: v.name.trim(), email: v.email.trim(), planId: v.planId ?? 0 };
}
