import dayjs, { type Dayjs } from 'dayjs';
import type { ConnectionBody, WeekdaySchedule, WhatsappConnection } from '@atende/kit/contracts';
import { CONNECTION_TOKEN_LENGTH, defaultConnectionSchedules, isVacationDateAllowed, VACATION_TOO_OLD_MESSAGE } from '@atende/kit/contracts';
import { errorBodyOf, errorCodeOf } from '../../errors/errorMessage';

/**
 * The connection editor's values, checks and body (spec 001 §2 editor, §5 "Connection", §9 limits).
 * Pure: `now` is passed in. Unit-tested in connectionForm.test.ts.
 */
export type ConnectionFormValues = {
  name: string;
  isDefault: boolean;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled' | null;
  /** The import-old-messages switch: on when a start date is stored. */
  importEnabled: boolean;
  importOldMessages: Dayjs | null;
  importRecentMessages: Dayjs | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  token: string;
  sendIdQueue: number | null;
  timeSendQueue: number | null;
  queueIds: number[];
  integrationId: number | null;
  promptId: number | null;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  collectiveVacationMessage: string;
  collectiveVacationStart: Dayjs | null;
  collectiveVacationEnd: Dayjs | null;
  timeCreateNewTicket: number | null;
  maxUseBotQueues: number | null;
  timeUseBotQueues: number | null;
  expiresTicket: number | null;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string;
  timeInactiveMessage: number | null;
  inactiveMessage: string;
  ratingMessage: string;
  maxUseBotQueuesNPS: number | null;
  expiresTicketNPS: number | null;
};
export type ConnectionField = keyof ConnectionFormValues;

export type EditorTab = 'general' | 'integrations' | 'messages' | 'chatbot' | 'nps' | 'schedules';

/** The tab each field sits on (a refused save opens the tab of its first failing field). */
const FIELD_TABS: Partial<Record<string, EditorTab>> = {
  queueIds: 'integrations',
  integrationId: 'integrations',
  promptId: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  collectiveVacationMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  timeCreateNewTicket: 'chatbot',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  ratingMessage: 'nps',
  maxUseBotQueuesNPS: 'nps',
  expiresTicketNPS: 'nps',
};

export function tabOfField(field: string): EditorTab {
  if (field === 'schedules' || field.startsWith('schedules.')) return 'schedules';
  return FIELD_TABS[field] ?? 'general';
}

const day = (value: string | null | undefined): Dayjs | null => {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
};

/** The editor's values for a connection, or a new one's defaults (spec 001 §9: bot uses 3, rating uses 3). */
export function connectionFormValues(c: WhatsappConnection | null): ConnectionFormValues {
  return {
    name: c?.name ?? '',
    isDefault: c?.isDefault ?? false,
    allowGroup: c?.allowGroup ?? false,
    groupAsTicket: c?.groupAsTicket ?? 'disabled',
    importEnabled: !!c?.importOldMessages,
    importOldMessages: day(c?.importOldMessages),
    importRecentMessages: day(c?.importRecentMessages),
    importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
    closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
    queueIdImportMessages: c?.queueIdImportMessages ?? null,
    token: c?.token ?? '',
    sendIdQueue: c?.sendIdQueue ?? null,
    timeSendQueue: c?.timeSendQueue ?? 0,
    queueIds: c?.queueIds ?? c?.queues?.map((q) => q.id) ?? [],
    integrationId: c?.integrationId ?? null,
    promptId: c?.promptId ?? null,
    greetingMessage: c?.greetingMessage ?? '',
    complationMessage: c?.complationMessage ?? '',
    outOfHoursMessage: c?.outOfHoursMessage ?? '',
    collectiveVacationMessage: c?.collectiveVacationMessage ?? '',
    collectiveVacationStart: day(c?.collectiveVacationStart),
    collectiveVacationEnd: day(c?.collectiveVacationEnd),
    timeCreateNewTicket: c?.timeCreateNewTicket ?? 0,
    maxUseBotQueues: c?.maxUseBotQueues ?? 3,
    timeUseBotQueues: c?.timeUseBotQueues ?? 0,
    expiresTicket: c?.expiresTicket ?? 0,
    whenExpiresTicket: c?.whenExpiresTicket ?? '0',
    expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
    timeInactiveMessage: c?.timeInactiveMessage ?? 0,
    inactiveMessage: c?.inactiveMessage ?? '',
    ratingMessage: c?.ratingMessage ?? '',
    maxUseBotQueuesNPS: c?.maxUseBotQueuesNPS ?? 3,
    expiresTicketNPS: c?.expiresTicketNPS ?? 0,
  };
}

/** A connection's schedules, or the default shifts (08:00-12:00, 13:00-18:00) for each weekday missing. */
export function connectionSchedules(stored: readonly WeekdaySchedule[] | null | undefined): WeekdaySchedule[] {
  const defaults = defaultConnectionSchedules();
  if (!stored?.length) return defaults;
  return defaults.map((d) => stored.find((s) => s.weekdayEn === d.weekdayEn) ?? d);
}

/** Keys of the 'connections' namespace's validation texts. */
export type Problem =
  | 'required'
  | 'nameShort'
  | 'nameLong'
  | 'importQueueRequired'
  | 'importStartRequired'
  | 'importStartRange'
  | 'importEndRange'
  | 'redirectQueueRequired'
  | 'vacationDatesRequired'
  | 'vacationTooOld'
  | 'vacationOrder'
  | 'expiresTicketRequired'
  | 'expiresTicketNPSRequired';

/** How far back an import may start (spec 001 §9: up to 2 years). */
export const IMPORT_YEARS_BACK = 2;
/**
 * Whether a vacation date is too old (spec 001 §5, §9: no earlier than 10 days ago): its day, on the
 * browser's clock, is before the day 10 days before today, whatever its time of day. The rule is the
 * server's (kit isVacationDateAllowed), which reads the days on the companies' clock instead.
 */
export const isVacationDayTooOld = (d: Dayjs, now: Dayjs): boolean => !isVacationDateAllowed(d.toDate(), now.toDate());

const positive = (n: number | null | undefined) => typeof n === 'number' && n > 0;

/** Every failing field of the editor with its problem (spec 001 §5 "Connection"). */
export function formProblems(v: ConnectionFormValues, now: Dayjs): Partial<Record<ConnectionField, Problem>> {
  const out: Partial<Record<ConnectionField, Problem>> = {};
  const name = (v.name ?? '').trim();
  if (!name) out.name = 'required';
  else if (name.length < 2) out.name = 'nameShort';
  else if (name.length > 50) out.name = 'nameLong';
  if (!v.groupAsTicket) out.groupAsTicket = 'required';

  if (v.importEnabled) {
    const earliest = now.subtract(IMPORT_YEARS_BACK, 'year');
    if (!v.importOldMessages) out.importOldMessages = 'importStartRequired';
    else if (v.importOldMessages.isBefore(earliest) || v.importOldMessages.isAfter(now)) out.importOldMessages = 'importStartRange';
    if (v.importRecentMessages && (v.importRecentMessages.isAfter(now) || (v.importOldMessages && v.importRecentMessages.isBefore(v.importOldMessages)))) {
      out.importRecentMessages = 'importEndRange';
    }
    if (!v.queueIdImportMessages) out.queueIdImportMessages = 'importQueueRequired';
  }

  // A redirection needs its queue once it has a wait time (spec 001 §5, two readings of one rule).
  if (positive(v.timeSendQueue) && !v.sendIdQueue) out.sendIdQueue = 'redirectQueueRequired';

  if ((v.collectiveVacationMessage ?? '').trim()) {
    if (!v.collectiveVacationStart) out.collectiveVacationStart = 'vacationDatesRequired';
    else if (isVacationDayTooOld(v.collectiveVacationStart, now)) out.collectiveVacationStart = 'vacationTooOld';
    if (!v.collectiveVacationEnd) out.collectiveVacationEnd = 'vacationDatesRequired';
    else if (isVacationDayTooOld(v.collectiveVacationEnd, now)) out.collectiveVacationEnd = 'vacationTooOld';
    else if (v.collectiveVacationStart && v.collectiveVacationEnd.isBefore(v.collectiveVacationStart)) out.collectiveVacationEnd = 'vacationOrder';
  }

  if (positive(v.timeInactiveMessage) && !positive(v.expiresTicket)) out.expiresTicket = 'expiresTicketRequired';
  if ((v.ratingMessage ?? '').trim() && !positive(v.expiresTicketNPS)) out.expiresTicketNPS = 'expiresTicketNPSRequired';
  return out;
}

const iso = (d: Dayjs | null | undefined): string | null => (d && d.isValid() ? d.toISOString() : null);
const num = (n: number | null | undefined, fallback: number): number => (typeof n === 'number' && Number.isFinite(n) ? n : fallback);

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new connection token (spec 001 §3: 30 random alphanumeric characters), drawn by the editor's
 * regenerate button so it can be copied at once; saved with the connection. Unbiased: bytes past the
 * last whole multiple of the alphabet are drawn again.
 */
export function newConnectionToken(randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  const limit = 256 - (256 % TOKEN_ALPHABET.length);
  let token = '';
  while (token.length < CONNECTION_TOKEN_LENGTH) {
    for (const byte of randomBytes(CONNECTION_TOKEN_LENGTH)) {
      if (byte < limit && token.length < CONNECTION_TOKEN_LENGTH) token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
    }
  }
  return token;
}

/** The POST/PUT /whatsapp body (kit connectionBody). With the import switch off, the import fields are cleared. */
export function toConnectionBody(
  v: ConnectionFormValues,
  opts: { channel: ConnectionBody['channel']; schedules?: WeekdaySchedule[]; /** A token the regenerate button drew. */ token?: string | null },
): ConnectionBody {
  const importing = v.importEnabled;
  return {
    name: v.name.trim(),
    channel: opts.channel,
    isDefault: !!v.isDefault,
    allowGroup: !!v.allowGroup,
    groupAsTicket: v.groupAsTicket ?? 'disabled',
    importOldMessages: importing ? iso(v.importOldMessages) : null,
    importRecentMessages: importing ? iso(v.importRecentMessages) : null,
    importOldMessagesGroups: importing && !!v.importOldMessagesGroups,
    closedTicketsPostImported: importing && !!v.closedTicketsPostImported,
    queueIdImportMessages: importing ? (v.queueIdImportMessages ?? null) : null,
    queueIds: v.queueIds ?? [],
    integrationId: v.integrationId ?? null,
    promptId: v.promptId ?? null,
    sendIdQueue: v.sendIdQueue ?? null,
    timeSendQueue: num(v.timeSendQueue, 0),
    greetingMessage: v.greetingMessage ?? '',
    complationMessage: v.complationMessage ?? '',
    outOfHoursMessage: v.outOfHoursMessage ?? '',
    collectiveVacationMessage: v.collectiveVacationMessage ?? '',
    collectiveVacationStart: iso(v.collectiveVacationStart),
    collectiveVacationEnd: iso(v.collectiveVacationEnd),
    timeCreateNewTicket: num(v.timeCreateNewTicket, 0),
    maxUseBotQueues: num(v.maxUseBotQueues, 3),
    timeUseBotQueues: num(v.timeUseBotQueues, 0),
    provider: 'beta',
    expiresTicket: num(v.expiresTicket, 0),
    whenExpiresTicket: v.whenExpiresTicket ?? '0',
    expiresInactiveMessage: v.expiresInactiveMessage ?? '',
    timeInactiveMessage: num(v.timeInactiveMessage, 0),
    inactiveMessage: v.inactiveMessage ?? '',
    ratingMessage: v.ratingMessage ?? '',
    maxUseBotQueuesNPS: num(v.maxUseBotQueuesNPS, 3),
    expiresTicketNPS: num(v.expiresTicketNPS, 0),
    ...(opts.schedules ? { schedules: opts.schedules } : {}),
    ...(opts.token ? { token: opts.token } : {}),
  };
}

/** A refused save's field: its problem when known (shown translated), else the server's own text. */
export type FieldIssue = { field: string; problem: Problem | null; code: string | null; text: string };

/** The kit's connectionBody messages, so a server answer reads like the client's own check. */
const SERVER_MESSAGES: Record<string, Problem> = { 'Nome muito curto': 'nameShort', 'Nome muito longo': 'nameLong', [VACATION_TOO_OLD_MESSAGE]: 'vacationTooOld' };
/** Codes the server answers about one field. */
const CODE_FIELDS: Record<string, string> = { ERR_NO_OTHER_WHATSAPP: 'isDefault', ERR_WAPP_GREETING_REQUIRED: 'greetingMessage' };

/** The fields a failed save names (`{ error, fields: [{ field, message }] }`, or a code tied to one field). */
export function serverIssues(err: unknown): FieldIssue[] {
  const code = errorCodeOf(err) ?? null;
  if (code && CODE_FIELDS[code]) return [{ field: CODE_FIELDS[code], problem: null, code, text: '' }];
  const body = errorBodyOf(err);
  const fields = body && typeof body === 'object' && Array.isArray(body.fields) ? (body.fields as { field?: unknown; message?: unknown }[]) : [];
  return fields
    .filter((f) => typeof f?.field === 'string')
    .map((f) => {
      const text = typeof f.message === 'string' ? f.message : '';
      return { field: f.field as string, problem: SERVER_MESSAGES[text] ?? null, code: null, text };
    });
}

/** The file name of a stored media link (a signed /api/media path): its last segment, without the query. */
export const mediaFileName = (link: string): string => link.split('?')[0]!.split('/').pop() ?? link;
