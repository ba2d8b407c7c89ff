/**
 * Brazil numbers of 12 or 13 digits (country code 55) get the phone mask (spec 000 §5): +55 (11) 9876-5432 or
 * +55 (11) 98765-4321. Anything else (groups, other countries, odd lengths, a number the server already hid
 * for LGPD such as 5511987****21) is shown as stored.
 */
export function formatPhone(number: string | null | undefined): string {
  const raw = (number ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  if (digits !== raw.replace(/^\+/, '') || !digits.startsWith('55')) return raw;
  if (digits.length === 13) return `+55 (${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`;
  if (digits.length === 12) return `+55 (${digits.slice(2, 4)}) ${digits.slice(4, 8)}-${digits.slice(8)}`;
  return raw;
}
