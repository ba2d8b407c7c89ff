import { z } from 'zod';
import { forCompany, msg, pageNumber, wholeNumber } from './common.js';
import { sizedText } from './contacts.js';

/**
 * Queue integrations (spec 002 §2, §3, §5, §7, §9): the bots a queue, a chatbot option or a connection
 * hands a conversation to — Dialogflow, n8n, a webhook or Typebot. The answers, bodies and queries of
 * /api/queueIntegration, and the rules both the server and the web dialog apply.
 */

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export const queueIntegrationType = z.enum(QUEUE_INTEGRATION_TYPES, {
  error: (issue) => (issue.input === undefined ? msg.required : 'must be dialogflow, n8n, webhook or typebot'),
});
export type QueueIntegrationType = z.infer<typeof queueIntegrationType>;

/** Dialogflow agent languages offered (spec 002 §3). */
export const INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export const integrationLanguage = z.enum(INTEGRATION_LANGUAGES, { error: (issue) => (issue.input === undefined ? msg.required : 'must be pt-BR, en or es') });
export type IntegrationLanguage = z.infer<typeof integrationLanguage>;

export const QUEUE_INTEGRATIONS_PAGE_SIZE = 20;

/** Spec 002 §9: a Typebot session expires after 1 minute of silence and messages go out 1000 ms apart, unless set. */
export const TYPEBOT_DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 } as const;
/** Longest Typebot session expiry (minutes, one year) and delay between its messages (ms, one minute). */
export const TYPEBOT_EXPIRES_MAX = 525_600;
export const TYPEBOT_DELAY_MAX = 60_000;
/** A Google service-account key is about 2.4 KB; this leaves room for anything Google adds. */
export const INTEGRATION_JSON_MAX = 20_000;

/** n8n, webhook and typebot carry a URL; typebot also a slug; dialogflow a project, a language and a key. */
export const integrationUsesUrl = (type: QueueIntegrationType): boolean => type !== 'dialogflow';

// ---- the record ----

export const queueIntegration = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  type: queueIntegrationType,
  name: z.string(),
  /** Dialogflow: the agent's Google Cloud project id; other types: the name (spec 002 §5). */
  projectName: z.string(),
  /**
   * Dialogflow: the service-account key (JSON). A secret: only GET /queueIntegration/{id} and the
   * create/update answers carry it; lists and live events carry ''.
   */
  jsonContent: z.string(),
  language: integrationLanguage,
  /** n8n, webhook: where messages are posted; typebot: the Typebot server's base URL. */
  urlN8N: z.string(),
  typebotSlug: z.string(),
  /** Minutes of silence after which a Typebot session starts over. */
  typebotExpires: z.number().int(),
  /** Milliseconds between two Typebot messages. */
  typebotDelayMessage: z.number().int(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QueueIntegration = z.infer<typeof queueIntegration>;

export const queueIntegrationsQuery = z.object({
  searchParam: z.string().trim().max(200, msg.tooLong).optional(),
  pageNumber,
}).extend(forCompany.shape);
export type QueueIntegrationsQuery = z.infer<typeof queueIntegrationsQuery>;
export const queueIntegrationsPage = z.object({ queueIntegrations: z.array(queueIntegration), count: z.number().int(), hasMore: z.boolean() });
export type QueueIntegrationsPage = z.infer<typeof queueIntegrationsPage>;

// ---- the service-account key ----

/** What a Dialogflow test (and the runtime) reads of a Google service-account key. */
export type ServiceAccount = { projectId: string; privateKey: string; clientEmail: string; privateKeyId: string | null };

/** What is wrong with a key file: `key` names the JSON property for 'missing'. */
export type ServiceAccountProblem = { ok: false; problem: string; code: 'json' | 'object' | 'type' | 'missing' | 'pem' | 'email'; key?: string };

/**
 * The key as Google's console downloads it (type service_account, project_id, private_key, client_email),
 * or the first problem with it, worded for the jsonContent field (and coded, for the web's translation).
 */
export function readServiceAccount(jsonContent: string): { ok: true; account: ServiceAccount } | ServiceAccountProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonContent);
  } catch {
    return { ok: false, code: 'json', problem: 'must be valid JSON (the key file downloaded from Google Cloud)' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, code: 'object', problem: 'must be a JSON object' };
  const key = parsed as Record<string, unknown>;
  if (key.type !== 'service_account') return { ok: false, code: 'type', problem: 'type must be "service_account"' };
  for (const field of ['project_id', 'private_key', 'client_email'] as const) {
    if (typeof key[field] !== 'string' || !(key[field] as string).trim()) return { ok: false, code: 'missing', key: field, problem: `${field} is missing` };
  }
  const privateKey = (key.private_key as string).replace(/\\n/g, '\n');
  if (!/-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----/.test(privateKey)) {
    return { ok: false, code: 'pem', problem: 'private_key is not a PEM private key' };
  }
  const clientEmail = (key.client_email as string).trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(clientEmail)) return { ok: false, code: 'email', problem: 'client_email is not an e-mail address' };
  return {
    ok: true,
    account: {
      projectId: (key.project_id as string).trim(),
      privateKey,
      clientEmail,
      privateKeyId: typeof key.private_key_id === 'string' && key.private_key_id ? key.private_key_id : null,
    },
  };
}

export function isIntegrationUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// ---- bodies ----

/** Optional text of at most `max` characters, trimmed; null reads as ''. */
const text = (max: number) =>
  z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'must be text' }).trim().max(max, msg.tooLong));
const url = text(2000).refine((v) => v === '' || isIntegrationUrl(v), 'must be an http(s) URL');

const fields = {
  type: queueIntegrationType,
  name: sizedText(2, 50),
  projectName: text(100),
  jsonContent: text(INTEGRATION_JSON_MAX),
  language: integrationLanguage,
  urlN8N: url,
  typebotSlug: text(255),
  typebotExpires: wholeNumber(0, TYPEBOT_EXPIRES_MAX),
  typebotDelayMessage: wholeNumber(0, TYPEBOT_DELAY_MAX),
  typebotKeywordFinish: text(255),
  typebotKeywordRestart: text(255),
  typebotUnknownMessage: text(2000),
  typebotRestartMessage: text(2000),
};

type RuleInput = { type: QueueIntegrationType; projectName?: string | undefined; jsonContent?: string | undefined; urlN8N?: string | undefined; typebotSlug?: string | undefined };

/**
 * Spec 002 §5 by type: n8n, webhook and typebot need a URL, typebot a slug; dialogflow a project and a
 * valid service-account key. Adds one issue per failing field.
 */
function typeRules(v: RuleInput, ctx: z.RefinementCtx): void {
  const missing = (field: string) => ctx.addIssue({ code: 'custom', path: [field], message: msg.required });
  if (integrationUsesUrl(v.type)) {
    if (!v.urlN8N) missing('urlN8N');
    if (v.type === 'typebot' && !v.typebotSlug) missing('typebotSlug');
    return;
  }
  if (!v.projectName) missing('projectName');
  if (!v.jsonContent) missing('jsonContent');
  else {
    const key = readServiceAccount(v.jsonContent);
    if (!key.ok) ctx.addIssue({ code: 'custom', path: ['jsonContent'], message: key.problem });
  }
}

/** POST /queueIntegration (and an update once merged with the stored record): spec 002 §3 defaults. */
export const queueIntegrationBody = z
  .object({
    ...fields,
    projectName: fields.projectName.default(''),
    jsonContent: fields.jsonContent.default(''),
    language: fields.language.default('pt-BR'),
    urlN8N: fields.urlN8N.default(''),
    typebotSlug: fields.typebotSlug.default(''),
    typebotExpires: fields.typebotExpires.default(TYPEBOT_DEFAULTS.typebotExpires),
    typebotDelayMessage: fields.typebotDelayMessage.default(TYPEBOT_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: fields.typebotKeywordFinish.default(''),
    typebotKeywordRestart: fields.typebotKeywordRestart.default(''),
    typebotUnknownMessage: fields.typebotUnknownMessage.default(''),
    typebotRestartMessage: fields.typebotRestartMessage.default(''),
  })
  .superRefine(typeRules);
export type QueueIntegrationBody = z.output<typeof queueIntegrationBody>;
export type QueueIntegrationInput = z.input<typeof queueIntegrationBody>;

/** PUT /queueIntegration/{id}: the fields to change; the result is checked whole (queueIntegrationBody). */
export const updateQueueIntegrationBody = z.object(fields).partial();
export type UpdateQueueIntegrationBody = z.output<typeof updateQueueIntegrationBody>;

/**
 * POST /queueIntegration/testSession: a Dialogflow key (projectName, jsonContent, language), or the URL
 * of an n8n/webhook integration (urlN8N), or a Typebot (urlN8N and typebotSlug). Without `type`, a
 * body with a key is Dialogflow, one with only a URL a webhook.
 */
export const queueIntegrationTestBody = z
  .object({
    type: fields.type.optional(),
    projectName: fields.projectName.optional(),
    jsonContent: fields.jsonContent.optional(),
    language: fields.language.default('pt-BR'),
    urlN8N: fields.urlN8N.optional(),
    typebotSlug: fields.typebotSlug.optional(),
  })
  .transform((v) => ({ ...v, type: v.type ?? (!v.jsonContent && v.urlN8N ? 'webhook' : 'dialogflow') }))
  .superRefine(typeRules);
export type QueueIntegrationTestBody = z.output<typeof queueIntegrationTestBody>;

/** A test that passed: what answered. Failures are 4xx errors (ERR_INTEGRATION_*). */
export const queueIntegrationTestResult = z.object({
  ok: z.literal(true),
  type: queueIntegrationType,
  /** HTTP status of the URL (n8n, webhook, typebot) or of detectIntent (dialogflow). */
  status: z.number().int(),
  /** Dialogflow: the agent's answer to the test text and the intent it matched. */
  reply: z.string().nullable(),
  intent: z.string().nullable(),
  elapsedMs: z.number().int(),
});
export type QueueIntegrationTestResult = z.infer<typeof queueIntegrationTestResult>;
