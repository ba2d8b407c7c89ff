/**
 * The Pix "copia e cola" text (BR Code): EMV QRCPS-MPM fields as the Banco Central's Pix manual sets them
 * for a static charge. Each field is ID (2 digits) + length (2 digits) + value; the last one (63) is the
 * CRC16-CCITT-FALSE of everything before its value, in four upper-case hex digits.
 */

export type PixCodeInput = {
  /** The receiver's Pix key (e-mail, +55 phone, CPF/CNPJ digits or random key). */
  key: string;
  /** The receiver's name (at most 25 characters once accents and symbols are dropped). */
  merchantName: string;
  /** The receiver's city (at most 15 characters, likewise). */
  merchantCity: string;
  /** Decimal text with two places ('49.00'); absent: the payer types the amount. */
  amount?: string;
  /** Up to 25 letters and digits; '***' when absent (no id). */
  txid?: string;
};

export const PIX_GUI = 'br.gov.bcb.pix';
export const TXID_MAX = 25;
const NAME_MAX = 25;
const CITY_MAX = 15;
const KEY_MAX = 77;

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the text's bytes. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMV field: ID, two-digit length, value. */
export function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`Pix field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Plain ASCII letters, digits and spaces (banks' apps show these; accents are dropped, not mangled). */
export function plainText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

export function isValidTxid(txid: string): boolean {
  return /^[A-Za-z0-9]{1,25}$/.test(txid);
}

/** The BR Code text of a static Pix charge. Throws on a key, name, city, amount or txid it cannot write. */
export function buildPixCode(input: PixCodeInput): string {
  const key = input.key.trim();
  if (!key || key.length > KEY_MAX) throw new Error('The Pix key must have 1 to 77 characters');
  const name = plainText(input.merchantName, NAME_MAX);
  const city = plainText(input.merchantCity, CITY_MAX);
  if (!name) throw new Error('The Pix merchant name is empty once accents and symbols are dropped');
  if (!city) throw new Error('The Pix merchant city is empty once accents and symbols are dropped');
  if (input.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(input.amount)) throw new Error(`Invalid Pix amount ${input.amount}`);
  if (input.txid !== undefined && !isValidTxid(input.txid)) throw new Error('A Pix txid has 1 to 25 letters and digits');

  const payload = [
    field('00', '01'),
    field('26', field('00', PIX_GUI) + field('01', key)),
    field('52', '0000'),
    field('53', '986'),
    input.amount !== undefined ? field('54', input.amount) : '',
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', input.txid ?? '***')),
    '6304',
  ].join('');
  return payload + crc16(payload);
}

/** Reads a BR Code back into its top-level fields (ID → value); throws when a length or the CRC is wrong. */
export function parsePixCode(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > code.length) throw new Error(`Malformed field at ${at}`);
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  const crc = fields.get('63');
  if (!crc || crc !== crc16(code.slice(0, -4))) throw new Error('Wrong CRC');
  return fields;
}
