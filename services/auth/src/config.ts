import { z } from 'zod';
import { companiesTimeZone, secretPem } from '@atende/kit';

/** The auth service's own variables (on top of the kit's cluster ones when it runs alone). */
export const authConfigShape = {
  /** ES256 private key that signs access tokens (PEM; or JWT_PRIVATE_KEY_FILE). */
  JWT_PRIVATE_KEY: secretPem,
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@admin.com'),
  /** The seeded super user's password (first start only). */
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  // Per address: an office's attendants share one, and their typing slips must not lock them all out; one
  // account's guessing is held by the per-email limit below.
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  LOGIN_IP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  LOGIN_EMAIL_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_EMAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SIGNUP_IP_MAX: z.coerce.number().int().min(1).default(20),
  SIGNUP_IP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  AVATAR_MAX_BYTES: z.coerce.number().int().min(1024).default(2 * 1024 * 1024),
  /** The companies' wall clock (shared with tickets and channels): users' work hours (startWork/endWork) are read in it at login. */
  TICKETS_TIME_ZONE: companiesTimeZone,
};

export type AuthConfig = z.output<z.ZodObject<typeof authConfigShape>>;
