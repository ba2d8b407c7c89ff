import type { ContactListItem, ContactListItemBody, ContactListUploadResult } from '../../api/campaigns';

/** Keys of common:validation.* / campaigns:validation.* per failing field (spec 002 §5). */
export type FieldProblem = 'required' | 'tooShort' | 'tooLong' | 'invalidEmail' | 'numberTooShort' | 'numberTooLong';

function lengthProblem(text: string, min: number, max: number): FieldProblem | undefined {
  const value = text.trim();
  if (!value) return 'required';
  if (value.length < min) return 'tooShort';
  if (value.length > max) return 'tooLong';
  return undefined;
}

/** Contact list: name required, 2 to 50. */
export function contactListNameProblem(name: string): FieldProblem | undefined {
  return lengthProblem(name ?? '', 2, 50);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ItemFormValues = { name: string; number: string; email: string };
export type ItemProblems = Partial<Record<keyof ItemFormValues, FieldProblem>>;

/** List item: name 2..50 required, number 8..50 required, email optional but valid. */
export function itemProblems(values: ItemFormValues): ItemProblems {
  const problems: ItemProblems = {};
  const name = lengthProblem(values.name ?? '', 2, 50);
  if (name) problems.name = name;
  const number = (values.number ?? '').trim();
  if (!number) problems.number = 'required';
  else if (number.length < 8) problems.number = 'numberTooShort';
  else if (number.length > 50) problems.number = 'numberTooLong';
  const email = (values.email ?? '').trim();
  if (email && !EMAIL.test(email)) problems.email = 'invalidEmail';
  return problems;
}

export function itemFormValues(item: ContactListItem | null): ItemFormValues {
  return { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' };
}

/** Empty email is sent as null. */
export function toItemBody(values: ItemFormValues, contactListId: number): ContactListItemBody {
  const email = (values.email ?? '').trim();
  return { name: values.name.trim(), number: values.number.trim(), email: email || null, contactListId };
}

/** The spreadsheet import accepts .xls and .xlsx (spec 002 §5). */
export const SHEET_ACCEPT = '.xls,.xlsx';
export function isSpreadsheet(fileName: string): boolean {
  return /\.(xlsx?)$/i.test(fileName.trim());
}

/** The counts an import answers (rows read, added, ignored), in that order. */
export function uploadCounts(result: ContactListUploadResult | null | undefined): { key: 'total' | 'created' | 'ignored'; value: number }[] {
  if (!result) return [];
  return (['total', 'created', 'ignored'] as const).filter((key) => typeof result[key] === 'number').map((key) => ({ key, value: result[key] }));
}
