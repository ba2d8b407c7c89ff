import dayjs, { type Dayjs } from 'dayjs';
import type {
  Campaign,
  CampaignBody,
  CampaignDetail,
  CampaignSetting,
  CampaignStatus,
  CampaignTicketStatus,
  MessageField,
  OpenTicket,
} from '../../api/campaigns';
import { effectiveSearch } from '../users/listRules';

/** Up to 5 message variants and 5 confirmation variants (spec 002 §2). */
export const VARIANTS = [1, 2, 3, 4, 5] as const;
export const messageField = (n: number): MessageField => `message${n}` as MessageField;
export const confirmationField = (n: number): MessageField => `confirmationMessage${n}` as MessageField;

export const CAMPAIGN_STATUSES: CampaignStatus[] = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'];

/** The format the API expects for scheduledAt (spec 002 §5). */
export const SCHEDULED_AT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * The moment picked, as scheduledAt's zone-less text on the companies' wall clock (the API reads it in
 * `timeZone`): the picker shows the browser's own clock, so an admin elsewhere keeps the time they chose.
 * Without a zone, the picker's text as it is.
 */
export function formatScheduledAt(value: Dayjs | null | undefined, timeZone?: string): string | null {
  if (!value || !value.isValid()) return null;
  if (!timeZone) return value.format(SCHEDULED_AT_FORMAT);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(value.toDate());
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Spec 002 §4: editable only when INATIVA, or PROGRAMADA with the schedule more than 1 hour
 * ahead; a new campaign is editable.
 */
export function isCampaignEditable(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null, now: Date = new Date()): boolean {
  if (!campaign) return true;
  if (campaign.status === 'INATIVA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  const at = dayjs(campaign.scheduledAt);
  return at.isValid() && at.valueOf() - now.getTime() > HOUR_MS;
}

/** A read-only dialog still saves a CANCELADA campaign (spec 002 §4). */
export function canSaveCampaign(campaign: Pick<Campaign, 'status' | 'scheduledAt'> | null, now: Date = new Date()): boolean {
  return isCampaignEditable(campaign, now) || campaign?.status === 'CANCELADA';
}

export type CampaignFormValues = {
  name: string;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  confirmation: boolean;
  scheduledAt: Dayjs | null;
  openTicket: OpenTicket;
  statusTicket: CampaignTicketStatus;
  userId: number | null;
  queueId: number | null;
} & Record<MessageField, string>;

/** The dialog's values for a campaign (defaults of spec 002 §4 for a new one). */
export function campaignFormValues(campaign: Campaign | null): CampaignFormValues {
  const values = {
    name: campaign?.name ?? '',
    whatsappId: campaign?.whatsappId ?? null,
    contactListId: campaign?.contactListId ?? null,
    tagListId: campaign?.tagListId ?? null,
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: campaign?.scheduledAt ? dayjs(campaign.scheduledAt) : null,
    openTicket: campaign?.openTicket ?? 'disabled',
    statusTicket: campaign?.statusTicket ?? 'closed',
    userId: campaign?.userId ?? null,
    queueId: campaign?.queueId ?? null,
  } as CampaignFormValues;
  for (const n of VARIANTS) {
    values[messageField(n)] = campaign?.[messageField(n)] ?? '';
    values[confirmationField(n)] = campaign?.[confirmationField(n)] ?? '';
  }
  return values;
}

const orNull = (text: string | null | undefined): string | null => {
  const trimmed = (text ?? '').trim();
  return trimmed ? (text as string) : null;
};

/** POST/PUT body: empty strings as null, scheduledAt as 'YYYY-MM-DD HH:mm:ss'; user and queue only when a ticket is opened. */
export function toCampaignBody(values: CampaignFormValues, timeZone?: string): CampaignBody {
  const opens = values.openTicket === 'enabled';
  const body = {
    name: values.name.trim(),
    whatsappId: values.whatsappId as number,
    contactListId: values.contactListId ?? null,
    tagListId: values.tagListId ?? null,
    confirmation: !!values.confirmation,
    scheduledAt: formatScheduledAt(values.scheduledAt, timeZone),
    openTicket: values.openTicket,
    statusTicket: values.statusTicket,
    userId: opens ? (values.userId ?? null) : null,
    queueId: opens ? (values.queueId ?? null) : null,
  } as CampaignBody;
  for (const n of VARIANTS) {
    body[messageField(n)] = orNull(values[messageField(n)]);
    body[confirmationField(n)] = orNull(values[confirmationField(n)]);
  }
  return body;
}

export type CampaignProblem = 'required' | 'tooShort' | 'tooLong' | 'queueRequired';
export type CampaignProblems = Partial<Record<'name' | 'whatsappId' | 'queueId', CampaignProblem>>;

/**
 * The text key of a problem: the spec's texts 'Required', 'Too Short!', 'Too Long!' (spec 002 §5) are the
 * shared common:formValidation ones; the queue rule has its own campaigns:validation text.
 */
export function campaignProblemKey(problem: CampaignProblem): string {
  return problem === 'queueRequired' ? 'campaigns:validation.queueRequired' : `common:formValidation.${problem}`;
}

/** Spec 002 §5: name required 2..50, connection required, queue required when a user is chosen. */
export function campaignProblems(values: Pick<CampaignFormValues, 'name' | 'whatsappId' | 'userId' | 'queueId' | 'openTicket'>): CampaignProblems {
  const problems: CampaignProblems = {};
  const name = (values.name ?? '').trim();
  if (!name) problems.name = 'required';
  else if (name.length < 2) problems.name = 'tooShort';
  else if (name.length > 50) problems.name = 'tooLong';
  if (!values.whatsappId) problems.whatsappId = 'required';
  if (values.openTicket === 'enabled' && values.userId && !values.queueId) problems.queueId = 'queueRequired';
  return problems;
}

// — report —

export type CampaignReport = CampaignDetail['report'] & { percent: number };

/** The report's figures (spec 002 §2) and the delivered share of the valid contacts. */
export function campaignReport(report: CampaignDetail['report'] | null | undefined): CampaignReport {
  const r = report ?? { validContacts: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 };
  const percent = r.validContacts > 0 ? Math.min(100, Math.round((r.delivered / r.validContacts) * 100)) : 0;
  return { ...r, percent };
}

/** The report refreshes 5 s after a FINALIZADA update arrives (spec 002 §4). */
export const REPORT_FINAL_REFRESH_MS = 5000;

// — settings —

export type SettingVariable = { key: string; value: string };
export type CampaignSettingsForm = {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  sabado: boolean;
  domingo: boolean;
  startHour: string;
  endHour: string;
  variables: SettingVariable[];
};

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettingsForm = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
  variables: [],
};

/**
 * The choices of the settings screen (spec 002 §9): the pause between messages in seconds (0: no pause),
 * after how many messages the longer pause comes (0: never) and that longer pause in seconds (0, or 40 to
 * 200 by 20).
 */
export const MESSAGE_INTERVAL_CHOICES = [0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const LONGER_INTERVAL_AFTER_CHOICES = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const GREATER_INTERVAL_CHOICES = [0, 40, 60, 80, 100, 120, 140, 160, 180, 200] as const;

/** The choices of a select, with a stored value that is not among them kept (so it shows, and saves unchanged). */
export function choicesWith(choices: readonly number[], current: number | null | undefined): number[] {
  if (current === null || current === undefined || !Number.isFinite(current) || choices.includes(current)) return [...choices];
  return [...choices, current].sort((a, b) => a - b);
}

/** A stored value may come as JSON text (the key/value table stores strings). */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const asNumber = (value: unknown, fallback: number): number => {
  const n = typeof value === 'number' ? value : Number(parsed(value));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};
const asBool = (value: unknown, fallback: boolean): boolean => {
  const v = parsed(value);
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'enabled') return true;
  if (v === 'false' || v === 'disabled') return false;
  return fallback;
};
const asHour = (value: unknown, fallback: string): string => {
  const v = parsed(value);
  return typeof v === 'string' && /^\d{2}:\d{2}$/.test(v) ? v : fallback;
};

/** GET /campaign-settings' key/value list → the form (defaults for what is missing). */
export function settingsToForm(list: readonly CampaignSetting[]): CampaignSettingsForm {
  const map = new Map(list.map((s) => [s.key, s.value]));
  const d = DEFAULT_CAMPAIGN_SETTINGS;
  const rawVariables = parsed(map.get('variables'));
  const variables = Array.isArray(rawVariables)
    ? rawVariables
        .filter((v): v is { key: unknown; value: unknown } => !!v && typeof v === 'object')
        .map((v) => ({ key: String(v.key ?? ''), value: String(v.value ?? '') }))
    : [];
  return {
    messageInterval: asNumber(map.get('messageInterval'), d.messageInterval),
    longerIntervalAfter: asNumber(map.get('longerIntervalAfter'), d.longerIntervalAfter),
    greaterInterval: asNumber(map.get('greaterInterval'), d.greaterInterval),
    sabado: asBool(map.get('sabado'), d.sabado),
    domingo: asBool(map.get('domingo'), d.domingo),
    startHour: asHour(map.get('startHour'), d.startHour),
    endHour: asHour(map.get('endHour'), d.endHour),
    variables,
  };
}

/** The form → POST /campaign-settings' settings object; blank variable rows are dropped. */
export function formToSettings(form: CampaignSettingsForm): CampaignSettingsForm {
  return {
    messageInterval: Number(form.messageInterval),
    longerIntervalAfter: Number(form.longerIntervalAfter),
    greaterInterval: Number(form.greaterInterval),
    sabado: !!form.sabado,
    domingo: !!form.domingo,
    startHour: form.startHour,
    endHour: form.endHour,
    variables: (form.variables ?? []).map((v) => ({ key: (v?.key ?? '').trim(), value: v?.value ?? '' })).filter((v) => v.key),
  };
}

/** The campaign's user search (spec 002 §5): from 3 characters, by name; shorter input lists everyone. */
export function matchesUserSearch(input: string, label: unknown): boolean {
  const term = effectiveSearch(input).toLocaleLowerCase();
  return term === '' || String(label ?? '').toLocaleLowerCase().includes(term);
}
