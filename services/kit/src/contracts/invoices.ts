import { z } from 'zod';
import { id, numberFromText, pageNumber } from './common.js';

// ---------- invoices (spec 001 §3 "Invoice", §7 GET /invoices) ----------

/** 'Pago' is the spec's literal for a paid invoice; anything else is still to be paid. */
export const invoiceStatus = z.enum(['open', 'Pago']);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;
export const INVOICE_PAID: InvoiceStatus = 'Pago';

export const INVOICES_PAGE_SIZE = 20;

export const invoice = z.object({
  id: z.number().int(),
  /** What is billed: the plan's name. */
  detail: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  /** YYYY-MM-DD: the company due date this invoice pays. */
  dueDate: z.string(),
  /** Decimal text with two places ('49.00'). */
  value: z.string(),
  status: invoiceStatus,
  /** An outside payment page, when a provider gives one (opened in a new tab). */
  linkInvoice: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoicesQuery = z.object({ pageNumber });
export const invoicesPage = z.object({ invoices: z.array(invoice), count: z.number().int(), hasMore: z.boolean() });
export type InvoicesPage = z.infer<typeof invoicesPage>;

// ---------- the custom plan of the checkout (spec 001 §9) ----------

/** 49 for 3 users and 3 connections, +11 per extra user, +20 per extra connection, monthly, in R$. */
export const CUSTOM_PLAN = { basePrice: 49, userPrice: 11, connectionPrice: 20, minUsers: 3, minConnections: 3, maxUsers: 1000, maxConnections: 1000 } as const;

/** The monthly price of a custom plan, in reais. */
export function customPlanPrice(users: number, connections: number): number {
  return CUSTOM_PLAN.basePrice + CUSTOM_PLAN.userPrice * (users - CUSTOM_PLAN.minUsers) + CUSTOM_PLAN.connectionPrice * (connections - CUSTOM_PLAN.minConnections);
}

/** A price as the API and Pix write it: '49.00'. */
export const formatAmount = (value: number): string => value.toFixed(2);

// ---------- CPF / CNPJ (the checkout's "zipcode" field holds the payer's document) ----------

const checkDigit = (digits: string, weights: number[]): number => {
  const sum = weights.reduce((acc, w, i) => acc + Number(digits[i]) * w, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/** True for a CPF (11 digits) or CNPJ (14 digits) whose check digits hold; punctuation is ignored. */
export function isValidCpfCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (/^(\d)\1*$/.test(digits)) return false;
  if (digits.length === 11) {
    const first = ((): number => {
      const sum = [...digits.slice(0, 9)].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    })();
    const second = ((): number => {
      const sum = [...digits.slice(0, 10)].reduce((acc, d, i) => acc + Number(d) * (11 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    })();
    return first === Number(digits[9]) && second === Number(digits[10]);
  }
  if (digits.length === 14) {
    const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    return first === Number(digits[12]) && second === Number(digits[13]);
  }
  return false;
}

// ---------- POST /subscription (spec 001 §3 "Subscription payload", §5 checkout step 1) ----------

export const subscriptionMessages = {
  firstName: 'O nome completo é obrigatório',
  document: 'CPF/CNPJ é obrigatório',
  invalidDocument: 'CPF/CNPJ inválido',
  minUsers: `Mínimo de ${CUSTOM_PLAN.minUsers} usuários`,
  minConnections: `Mínimo de ${CUSTOM_PLAN.minConnections} conexões`,
} as const;

const optionalText = (max: number) => z.string().trim().max(max, 'Too Long!').optional().nullable();
const count = (min: number, max: number, message: string) =>
  z.preprocess(numberFromText, z.number({ error: 'must be a number' }).int('must be a whole number').min(min, message).max(max, 'Too Long!'));
/** Prices travel as numbers or decimal text ('49', '49.00', '49,00'). */
const price = z
  .union([z.number(), z.string().max(20)])
  .transform((v) => Number(String(v).trim().replace(',', '.')))
  .pipe(z.number({ error: 'must be an amount' }).finite('must be an amount').min(0).max(10_000_000));

export const subscriptionBody = z.object({
  firstName: z.string({ error: subscriptionMessages.firstName }).trim().min(1, subscriptionMessages.firstName).max(100, 'Too Long!'),
  lastName: optionalText(100),
  address: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  /** Holds the payer's CPF or CNPJ (the spec's name for the field). */
  zipcode: z
    .string({ error: subscriptionMessages.document })
    .trim()
    .min(1, subscriptionMessages.document)
    .max(30, 'Too Long!')
    .refine(isValidCpfCnpj, subscriptionMessages.invalidDocument),
  country: optionalText(60),
  useAddressForPaymentDetails: z.boolean().optional().nullable(),
  /** Card fields are part of the form's shape; payment is by Pix, so they are accepted and never stored. */
  nameOnCard: optionalText(100),
  cardNumber: optionalText(30),
  cvv: optionalText(10),
  /** The plan as the checkout shows it (text holding price, users and connections). */
  plan: optionalText(1000),
  /** What the customer was shown; the server computes the price and refuses a different one. */
  price: price.optional().nullable(),
  users: count(CUSTOM_PLAN.minUsers, CUSTOM_PLAN.maxUsers, subscriptionMessages.minUsers),
  connections: count(CUSTOM_PLAN.minConnections, CUSTOM_PLAN.maxConnections, subscriptionMessages.minConnections),
  /** Pays this open invoice of the company; without it, the invoice of the company's current due date. */
  invoiceId: id.optional().nullable(),
});
export type SubscriptionBody = z.input<typeof subscriptionBody>;

/** What POST /subscription answers: the Pix charge (spec 001 §3 "Pix payment": qrcode text, valor.original). */
export const pixCharge = z.object({
  txid: z.string(),
  valor: z.object({ original: z.string() }),
  qrcode: z.object({ qrcode: z.string(), imagemQrcode: z.string().optional() }),
  invoice,
});
export type PixCharge = z.infer<typeof pixCharge>;

// ---------- Pix notification (POST /subscription/webhook, the shape Brazilian PSPs send) ----------

export const pixNotification = z.object({
  txid: z.string().trim().min(1).max(35),
  valor: z.string().trim().regex(/^\d{1,10}\.\d{2}$/, 'must be an amount like 49.00'),
  horario: z.iso.datetime({ offset: true }).optional(),
  endToEndId: z.string().trim().max(40).optional(),
});
export const pixWebhookBody = z.object({
  /** Absent in a PSP's registration test call. */
  pix: z.array(pixNotification).max(100).optional(),
  evento: z.string().max(100).optional(),
});
export const pixWebhookAnswer = z.object({ received: z.number().int(), paid: z.number().int() });

/** company-{companyId}-payment (spec 001 §7). */
export type PaymentSocketPayload = { action: 'CONCLUIDA'; company: { id: number; dueDate: string | null }; invoiceId: number };
