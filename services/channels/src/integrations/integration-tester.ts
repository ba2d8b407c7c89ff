import { randomUUID } from 'node:crypto';
import {
  AppError,
  readServiceAccount,
  validationError,
  type IntegrationLanguage,
  type QueueIntegrationTestBody,
  type QueueIntegrationTestResult,
  type ServiceAccount,
} from '@atende/kit';
import { exchangeServiceAccountToken, googleError } from './google-auth.js';

/**
 * POST /queueIntegration/testSession: really reaches what the integration names. Dialogflow: the
 * service-account key is exchanged for a token at Google's OAuth endpoint and a test text goes to the
 * agent's detectIntent; n8n and webhook: a small test JSON is posted to the URL; Typebot: a chat is
 * started on the bot. A pass answers `{ ok: true, … }`; every failure is a 4xx ERR_INTEGRATION_* (or
 * ERR_VALIDATION naming the field), never a 500.
 */
export type IntegrationTesterOptions = {
  tokenUrl: string;
  dialogflowUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** The text sent to the agent, in the integration's language. */
export const TEST_TEXT: Record<IntegrationLanguage, string> = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' };

type Reached = { response: Response; elapsedMs: number };

const timedOutError = (err: unknown) => ['TimeoutError', 'AbortError'].includes((err as { name?: string } | null)?.name ?? '');
const unreachable = (what: string, timedOut: boolean) =>
  new AppError('ERR_INTEGRATION_UNREACHABLE', timedOut ? `${what} did not answer in time` : `${what} could not be reached`);
const failed = (message: string, status: number) => new AppError('ERR_INTEGRATION_TEST_FAILED', message, { extra: { status } });

/** The answer's body is not wanted: released so the connection is freed. */
const discard = async (response: Response) => {
  await response.body?.cancel().catch(() => undefined);
};

export function createIntegrationTester(options: IntegrationTesterOptions) {
  const doFetch = options.fetch ?? fetch;

  const reach = async (what: string, url: string, init: RequestInit): Promise<Reached> => {
    const started = Date.now();
    try {
      // Redirects are not followed: the test reports what the URL itself answers.
      const response = await doFetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
      return { response, elapsedMs: Date.now() - started };
    } catch (err) {
      throw unreachable(what, timedOutError(err));
    }
  };

  /** An access token for the service account, or why Google refused the key. */
  const accessToken = async (account: ServiceAccount): Promise<string> => {
    const exchange = await exchangeServiceAccountToken(account, { tokenUrl: options.tokenUrl, timeoutMs: options.timeoutMs, fetch: doFetch });
    if (exchange.ok) return exchange.token;
    switch (exchange.problem) {
      case 'unreadable-key':
        throw validationError('jsonContent', 'private_key could not be read');
      case 'unreachable':
        throw unreachable("Google's token endpoint", exchange.timedOut);
      case 'refused':
        throw new AppError('ERR_INTEGRATION_CREDENTIALS_REFUSED', `Google refused the service-account key${exchange.reason ? `: ${exchange.reason}` : ''}`, {
          fields: [{ field: 'jsonContent', message: 'Key refused by Google' }],
        });
      case 'failed':
        throw failed(`Google's token endpoint answered HTTP ${exchange.status}${exchange.reason ? `: ${exchange.reason}` : ''}`, exchange.status);
    }
  };

  const dialogflow = async (body: QueueIntegrationTestBody): Promise<QueueIntegrationTestResult> => {
    const key = readServiceAccount(body.jsonContent ?? '');
    if (!key.ok) throw validationError('jsonContent', key.problem);
    const token = await accessToken(key.account);
    const projectId = body.projectName ?? key.account.projectId;
    const base = options.dialogflowUrl.replace(/\/+$/, '');
    const url = `${base}/v2/projects/${encodeURIComponent(projectId)}/agent/sessions/${randomUUID()}:detectIntent`;
    const { response, elapsedMs } = await reach('Dialogflow', url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ queryInput: { text: { text: TEST_TEXT[body.language], languageCode: body.language } } }),
    });
    if (response.status === 401) {
      throw new AppError('ERR_INTEGRATION_CREDENTIALS_REFUSED', `Dialogflow refused the token: ${await googleError(response)}`, {
        fields: [{ field: 'jsonContent', message: 'Key refused by Google' }],
      });
    }
    if (response.status === 403 || response.status === 404) {
      const reason = await googleError(response);
      throw new AppError('ERR_INTEGRATION_PROJECT_NOT_FOUND', `The Dialogflow project "${projectId}" was not found or this key has no access to it${reason ? `: ${reason}` : ''}`, {
        fields: [{ field: 'projectName', message: 'Project not found' }],
      });
    }
    if (!response.ok) {
      const reason = await googleError(response);
      throw failed(`Dialogflow answered HTTP ${response.status}${reason ? `: ${reason}` : ''}`, response.status);
    }
    const answer = (await response.json().catch(() => null)) as { queryResult?: { fulfillmentText?: unknown; intent?: { displayName?: unknown } } } | null;
    const result = answer?.queryResult;
    return {
      ok: true,
      type: 'dialogflow',
      status: response.status,
      reply: typeof result?.fulfillmentText === 'string' ? result.fulfillmentText : null,
      intent: typeof result?.intent?.displayName === 'string' ? result.intent.displayName : null,
      elapsedMs,
    };
  };

  /** n8n and webhook: the URL must take a POSTed JSON with a 2xx. */
  const webhook = async (body: QueueIntegrationTestBody): Promise<QueueIntegrationTestResult> => {
    const url = body.urlN8N ?? '';
    const { response, elapsedMs } = await reach('The URL', url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Atende-Integration-Test' },
      body: JSON.stringify({ test: true, source: 'atende', type: body.type, message: TEST_TEXT[body.language], sentAt: new Date().toISOString() }),
    });
    await discard(response);
    if (response.status >= 300) throw failed(`The URL answered HTTP ${response.status}`, response.status);
    return { ok: true, type: body.type, status: response.status, reply: null, intent: null, elapsedMs };
  };

  /** Typebot: a chat started on the published bot (POST {url}/api/v1/typebots/{slug}/startChat). */
  const typebot = async (body: QueueIntegrationTestBody): Promise<QueueIntegrationTestResult> => {
    const base = (body.urlN8N ?? '').replace(/\/+$/, '');
    const url = `${base}/api/v1/typebots/${encodeURIComponent(body.typebotSlug ?? '')}/startChat`;
    const { response, elapsedMs } = await reach('Typebot', url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({}),
    });
    await discard(response);
    if (response.status === 404) throw failed(`No published Typebot "${body.typebotSlug}" at this URL`, 404);
    if (response.status >= 300) throw failed(`Typebot answered HTTP ${response.status}`, response.status);
    return { ok: true, type: 'typebot', status: response.status, reply: null, intent: null, elapsedMs };
  };

  return {
    test(body: QueueIntegrationTestBody): Promise<QueueIntegrationTestResult> {
      if (body.type === 'dialogflow') return dialogflow(body);
      if (body.type === 'typebot') return typebot(body);
      return webhook(body);
    },
  };
}

export type IntegrationTester = ReturnType<typeof createIntegrationTester>;
