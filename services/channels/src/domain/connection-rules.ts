import { randomInt } from 'node:crypto';
import {
  AppError,
  CONNECTION_TOKEN_LENGTH,
  isVacationDateAllowed,
  VACATION_TOO_OLD_MESSAGE,
  validationError,
  type Channel,
  type PlanFlag,
  type SessionStatus,
} from '@atende/kit';

/**
 * Connections (spec 001 §3, §5, §9), pure: which plan flag a channel needs, the plan's limit, the
 * editor's cross-field rules, the greeting rule and the token.
 */

/** A connection that is not there (or not the caller's company's): one answer from every connection route. */
export const connectionNotFound = (): AppError => new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');

/** The plan flag that lets a company add a connection of `channel` ('whatsappapi' is WhatsApp too). */
export function channelPlanFlag(channel: Channel): PlanFlag {
  if (channel === 'facebook') return 'useFacebook';
  if (channel === 'instagram') return 'useInstagram';
  return 'useWhatsapp';
}

/** Plan fields these rules read (no plan: every flag off, no limit — as the plan guards and the queue limit read it). */
export type ConnectionPlan = Partial<Record<PlanFlag, boolean>> & { connections?: number | null };

export function assertChannelAllowed(plan: ConnectionPlan | null, channel: Channel): void {
  if (!plan?.[channelPlanFlag(channel)]) {
    throw new AppError('ERR_NO_PERMISSION', `The company's plan does not include ${channel} connections`, { extra: { feature: channelPlanFlag(channel) } });
  }
}

/** The plan's connection count (0 or no plan: unlimited). */
export function assertConnectionLimit(plan: ConnectionPlan | null, current: number): void {
  const limit = plan?.connections;
  if (limit && limit > 0 && current >= limit) throw new AppError('ERR_CONNECTION_LIMIT', `The plan allows ${limit} connections`);
}

/**
 * The company a connection is added to: the caller's own; a super user may name another that exists (the
 * all-connections page's company dialog, spec 001 §2).
 */
export async function connectionCompany(
  auth: { companyId: number; super: boolean },
  requested: number | undefined,
  exists: (companyId: number) => Promise<boolean>,
): Promise<number> {
  if (requested === undefined || requested === auth.companyId) return auth.companyId;
  if (!auth.super) throw new AppError('ERR_NO_PERMISSION', "Only super users add connections to another company's");
  if (!(await exists(requested))) throw new AppError('ERR_NO_COMPANY_FOUND', 'Company not found');
  return requested;
}

/** Channels whose session this service runs (Baileys); Facebook and Instagram are served through Meta's webhook. */
export const runsSession = (channel: Channel): boolean => channel === 'whatsapp' || channel === 'whatsappapi';

/** Status a new connection starts in: connecting when a session starts for it, else disconnected. */
export const initialStatus = (channel: Channel): SessionStatus => (runsSession(channel) ? 'OPENING' : 'DISCONNECTED');

/** With more than one queue the bot shows a menu, so a greeting must introduce it (same rule as queues). */
export function assertGreeting(greetingMessage: string, queueCount: number): void {
  if (queueCount > 1 && greetingMessage.trim() === '') {
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', 'A greeting message is required when the connection has more than one queue', {
      fields: [{ field: 'greetingMessage', message: 'Required' }],
    });
  }
}

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The integrators' bearer token: 30 random alphanumerics from the CSPRNG (spec 001 §9). */
export function newConnectionToken(): string {
  let token = '';
  for (let i = 0; i < CONNECTION_TOKEN_LENGTH; i++) token += ALPHANUMERICS[randomInt(ALPHANUMERICS.length)];
  return token;
}

/** The fields the editor's cross-field rules read, as the connection will be once saved. */
export type ConnectionRuleFields = {
  importOldMessages: Date | null;
  importRecentMessages: Date | null;
  queueIdImportMessages: number | null;
  timeSendQueue: number;
  sendIdQueue: number | null;
  collectiveVacationMessage: string;
  collectiveVacationStart: Date | null;
  collectiveVacationEnd: Date | null;
  timeInactiveMessage: number;
  expiresTicket: number;
  ratingMessage: string;
  expiresTicketNPS: number;
};

const DAY_MS = 24 * 3600 * 1000;
/** Old messages are imported from at most two years back (spec 001 §9). */
const IMPORT_WINDOW_MS = 2 * 365 * DAY_MS;
/** Pickers send the current minute: a little clock skew between browser and server is not "in the future". */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Spec 001 §5 on the merged connection; the first failing field is named (400 ERR_VALIDATION).
 * Date windows are checked only for the dates this request sets (`changed`), so a connection saved
 * long ago stays editable. Vacation dates are judged by calendar day on the companies' wall clock
 * (`timeZone`, TICKETS_TIME_ZONE), with the web's own rule (kit isVacationDateAllowed).
 */
export function checkConnectionRules(c: ConnectionRuleFields, changed: ReadonlySet<string>, timeZone: string, now = new Date()): void {
  const t = now.getTime();
  if (c.importOldMessages) {
    if (!c.queueIdImportMessages) throw validationError('queueIdImportMessages', 'Required when importing old messages');
    if (changed.has('importOldMessages') && (c.importOldMessages.getTime() < t - IMPORT_WINDOW_MS || c.importOldMessages.getTime() > t + CLOCK_SKEW_MS)) {
      throw validationError('importOldMessages', 'Must be within the last two years');
    }
    if (c.importRecentMessages) {
      if (c.importRecentMessages.getTime() < c.importOldMessages.getTime()) throw validationError('importRecentMessages', 'Must not be before the start');
      if (changed.has('importRecentMessages') && c.importRecentMessages.getTime() > t + CLOCK_SKEW_MS) throw validationError('importRecentMessages', 'Must not be in the future');
    }
  }
  if (c.timeSendQueue > 0 && !c.sendIdQueue) throw validationError('sendIdQueue', 'Required when a redirect time is set');
  if (c.collectiveVacationMessage.trim() !== '') {
    if (!c.collectiveVacationStart) throw validationError('collectiveVacationStart', 'Required with a vacation message');
    if (!c.collectiveVacationEnd) throw validationError('collectiveVacationEnd', 'Required with a vacation message');
  }
  for (const field of ['collectiveVacationStart', 'collectiveVacationEnd'] as const) {
    const date = c[field];
    if (date && changed.has(field) && !isVacationDateAllowed(date, now, timeZone)) throw validationError(field, VACATION_TOO_OLD_MESSAGE);
  }
  if (c.collectiveVacationStart && c.collectiveVacationEnd && c.collectiveVacationEnd.getTime() < c.collectiveVacationStart.getTime()) {
    throw validationError('collectiveVacationEnd', 'Must not be before the start');
  }
  if (c.timeInactiveMessage > 0 && !(c.expiresTicket > 0)) throw validationError('expiresTicket', 'Required when an inactivity time is set');
  if (c.ratingMessage.trim() !== '' && !(c.expiresTicketNPS > 0)) throw validationError('expiresTicketNPS', 'Required when a rating message is set');
}
