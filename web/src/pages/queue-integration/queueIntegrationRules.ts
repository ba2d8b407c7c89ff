import {
  INTEGRATION_LANGUAGES,
  QUEUE_INTEGRATION_TYPES,
  TYPEBOT_DEFAULTS,
  msg,
  queueIntegrationBody,
  readServiceAccount,
  type IntegrationLanguage,
  type QueueIntegration,
  type QueueIntegrationType,
} from '@atende/kit/contracts';
import type { QueueIntegrationBody, QueueIntegrationTestBody } from '../../api/queueIntegrations';
import { toRecordEvent, type RecordEvent } from '../campaigns/liveRecords';

/** The add/edit dialog of /queue-integration (spec 002 §2, §3, §5): its values, what each type shows, and its checks. */

export { INTEGRATION_LANGUAGES, QUEUE_INTEGRATION_TYPES };

export type IntegrationFormValues = {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: IntegrationLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number | null;
  typebotDelayMessage: number | null;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
};
export type IntegrationField = keyof IntegrationFormValues;

/** The fields the dialog shows for a type, in order (name and type always come first). */
export function fieldsOfType(type: QueueIntegrationType): IntegrationField[] {
  if (type === 'dialogflow') return ['projectName', 'language', 'jsonContent'];
  if (type === 'typebot') {
    return ['urlN8N', 'typebotSlug', 'typebotExpires', 'typebotDelayMessage', 'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage'];
  }
  return ['urlN8N'];
}

/** A new integration starts as a typebot with the spec 002 §9 defaults; an existing one shows its values. */
export function integrationFormValues(record: QueueIntegration | null, type: QueueIntegrationType = 'typebot'): IntegrationFormValues {
  return {
    type: record?.type ?? type,
    name: record?.name ?? '',
    projectName: record?.type === 'dialogflow' ? record.projectName : '',
    jsonContent: record?.jsonContent ?? '',
    language: record?.language ?? 'pt-BR',
    urlN8N: record?.urlN8N ?? '',
    typebotSlug: record?.typebotSlug ?? '',
    typebotExpires: record?.typebotExpires ?? TYPEBOT_DEFAULTS.typebotExpires,
    typebotDelayMessage: record?.typebotDelayMessage ?? TYPEBOT_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: record?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: record?.typebotKeywordRestart ?? '',
    typebotUnknownMessage: record?.typebotUnknownMessage ?? '',
    typebotRestartMessage: record?.typebotRestartMessage ?? '',
  };
}

const trimmed = (v: string | null | undefined) => (v ?? '').trim();

/** What the dialog sends: the type, the name and the type's own fields (the server fills and clears the rest). */
export function toIntegrationBody(v: IntegrationFormValues): QueueIntegrationBody {
  const values: Omit<IntegrationFormValues, 'type' | 'name'> = {
    projectName: trimmed(v.projectName),
    jsonContent: trimmed(v.jsonContent),
    language: v.language,
    urlN8N: trimmed(v.urlN8N),
    typebotSlug: trimmed(v.typebotSlug),
    typebotExpires: v.typebotExpires ?? TYPEBOT_DEFAULTS.typebotExpires,
    typebotDelayMessage: v.typebotDelayMessage ?? TYPEBOT_DEFAULTS.typebotDelayMessage,
    typebotKeywordFinish: trimmed(v.typebotKeywordFinish),
    typebotKeywordRestart: trimmed(v.typebotKeywordRestart),
    typebotUnknownMessage: trimmed(v.typebotUnknownMessage),
    typebotRestartMessage: trimmed(v.typebotRestartMessage),
  };
  const body: Record<string, unknown> = { type: v.type, name: trimmed(v.name) };
  for (const field of fieldsOfType(v.type)) body[field] = values[field as keyof typeof values];
  return body as QueueIntegrationBody;
}

/** The Test button's body: a Dialogflow key, a Typebot, or the URL of an n8n/webhook integration. */
export function toTestBody(v: IntegrationFormValues): QueueIntegrationTestBody {
  if (v.type === 'dialogflow') return { type: 'dialogflow', projectName: trimmed(v.projectName), jsonContent: trimmed(v.jsonContent), language: v.language };
  if (v.type === 'typebot') return { type: 'typebot', urlN8N: trimmed(v.urlN8N), typebotSlug: trimmed(v.typebotSlug) };
  return { type: v.type, urlN8N: trimmed(v.urlN8N) };
}

/** A field's problem as a key of the queueIntegrations namespace (with values), or the schema's own text. */
export type FieldProblem = { key: string; values?: Record<string, string> } | { text: string };

const MESSAGE_KEYS: Record<string, string> = {
  [msg.required]: 'validation.required',
  [msg.tooShort]: 'validation.tooShort',
  [msg.tooLong]: 'validation.tooLong',
  'must be an http(s) URL': 'validation.url',
  'must be 0 or more': 'validation.notNegative',
  'is too large': 'validation.tooLarge',
  'must be a whole number': 'validation.whole',
  'must be a number': 'validation.whole',
};

/**
 * Spec 002 §5 on the whole form, with the server's own schema (kit): name 2–50; n8n, webhook and typebot
 * need a URL, typebot a slug; dialogflow a project and a Google service-account key. One problem per field.
 */
export function integrationProblems(v: IntegrationFormValues): Partial<Record<IntegrationField, FieldProblem>> {
  const result = queueIntegrationBody.safeParse(toIntegrationBody(v));
  if (result.success) return {};
  const problems: Partial<Record<IntegrationField, FieldProblem>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name') as IntegrationField;
    if (problems[field]) continue;
    if (field === 'jsonContent' && trimmed(v.jsonContent)) {
      const key = readServiceAccount(trimmed(v.jsonContent));
      if (!key.ok) {
        problems[field] = { key: `validation.key.${key.code}`, values: { key: key.key ?? '' } };
        continue;
      }
    }
    const known = MESSAGE_KEYS[issue.message];
    problems[field] = known ? { key: known } : { text: issue.message };
  }
  return problems;
}

/** company-{companyId}-queueIntegration: { action, queueIntegration } or { action: 'delete', integrationId }. */
export function toIntegrationEvent(payload: unknown): RecordEvent<QueueIntegration> | null {
  return toRecordEvent<QueueIntegration>(payload, { record: 'queueIntegration', id: 'integrationId' });
}

/** A key file picked in the dialog: its text when it is small enough to be a service-account key. */
export const KEY_FILE_MAX_BYTES = 20_000;
