import { z } from 'zod';

/** The admin service's own variables (on top of the kit's cluster ones when it runs alone). */
export const adminConfigShape = {
  /** Name of company 1, the platform's own, on first start. */
  MAIN_COMPANY_NAME: z.string().trim().min(2).max(50).default('Empresa 1'),
  /** Days of trial a company created by public signup gets before its first due date. */
  SIGNUP_TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Largest image attached to an announcement. */
  ANNOUNCEMENT_MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
};

export type AdminConfig = z.output<z.ZodObject<typeof adminConfigShape>>;
