import { contactNumber, createContactListItemBody, optionalEmail } from '@atende/kit/contracts';
import type { ContactListItem, ContactListItemBody, ContactListUploadResult } from '../../api/campaigns';

/** Keys of campaigns:validation.* for the list name (spec 002 §5). */
export type FieldProblem = 'required' | 'tooShort' | 'tooLong';

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

export type ItemFormValues = { name: string; number: string; email: string };

/**
 * List item fields (spec 002 §5): the server's own schemas, as the contact form uses them: name required 2 to 50,
 * number 8 to 50 once the mask is dropped, email valid when given; their messages are 'Required', 'Too Short!',
 * 'Too Long!' and 'Invalid email' (zodRule shows them through common:formValidation).
 */
export const itemFieldSchemas = {
  name: createContactListItemBody.shape.name,
  number: contactNumber,
  email: optionalEmail,
};

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
