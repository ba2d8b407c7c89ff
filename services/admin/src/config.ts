import { z } from 'zod';

/** The admin service's own variables (on top of the kit's cluster ones when it runs alone). */
export const adminConfigShape = {
  /** Name of company 1, the platform's own, on first start. */
  MAIN_COMPANY_NAME: z.string().trim().min(2).max(50).default('Empresa 1'),
  /** Days of trial a company created by public signup gets before its first due date. */
  SIGNUP_TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Largest image attached to an announcement. */
  ANNOUNCEMENT_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  /** The platform's Pix key (e-mail, phone, CPF/CNPJ or random key) that receives subscription payments; unset: no checkout. */
  PIX_KEY: z.string().trim().max(77).optional().transform((v) => v || undefined),
  /** The receiver's name and city written into the Pix code (the key holder's; at most 25 and 15 characters, accents dropped). */
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(100).default('Atende'),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(100).default('Sao Paulo'),
  /** Shared secret the payment provider sends in the X-Webhook-Secret header of Pix notifications; unset: every notification is refused. */
  /** How often every company's media folder is measured for the companies table (0: never). */
  FOLDER_USAGE_SWEEP_MS: z.coerce.number().int().min(0).default(60 * 60_000),
  PAYMENT_WEBHOOK_SECRET: z.union([z.literal('').transform(() => undefined), z.string().trim().min(16).max(200)]).optional(),
};

export type AdminConfig = z.output<z.ZodObject<typeof adminConfigShape>>;
