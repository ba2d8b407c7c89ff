import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emissionsFor, type Envelope } from '@atende/kit';
import { fullPlan, startHarness, type Harness } from '../testing/harness.js';

/** Queue integrations (spec 002 §2, §3, §5, §6, §7, §9): /api/queueIntegration and its testSession. */
let h: Harness;
const tokens: Record<string, string> = {};

// ---- fakes of the outside world, on 127.0.0.1 ----

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
type Handler = (req: Received, res: ServerResponse) => void;

async function fakeServer(handler: Handler): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      handler(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

// The service account the "Google" below knows: its public key verifies the JWT the service signs.
const known = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof known) => k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const CLIENT_EMAIL = 'atende-bot@clinica-sorriso.iam.gserviceaccount.com';
const serviceAccount = (keys = known, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'clinica-sorriso',
    private_key_id: 'abc123',
    private_key: pem(keys),
    client_email: CLIENT_EMAIL,
    token_uri: 'https://oauth2.googleapis.com/token',
    ...extra,
  });
const ACCESS_TOKEN = 'ya29.fake-access-token';

let google: Awaited<ReturnType<typeof fakeServer>>;
let dialogflow: Awaited<ReturnType<typeof fakeServer>>;
let hook: Awaited<ReturnType<typeof fakeServer>>;
let silent: Server;
let silentUrl: string;

/** Google's token endpoint: a JWT-bearer grant whose RS256 signature the known key verifies, for the dialogflow scope. */
const tokenEndpoint: Handler = (req, res) => {
  const form = new URLSearchParams(req.body);
  if (req.url !== '/token' || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(res, 400, { error: 'unsupported_grant_type' });
  const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
  const verified = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(known.publicKey, Buffer.from(signature ?? '', 'base64url'));
  const head = JSON.parse(Buffer.from(header ?? '', 'base64url').toString()) as { alg?: string; kid?: string };
  const c = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const valid =
    verified &&
    head.alg === 'RS256' &&
    c.iss === CLIENT_EMAIL &&
    c.aud === `${google.url}/token` &&
    c.scope === 'https://www.googleapis.com/auth/dialogflow' &&
    typeof c.iat === 'number' &&
    typeof c.exp === 'number' &&
    c.iat <= now + 5 &&
    c.exp > now;
  if (!valid) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
  json(res, 200, { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
};

/** Dialogflow ES detectIntent for one agent (project clinica-sorriso). */
const detectIntent: Handler = (req, res) => {
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
  const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([0-9a-f-]{36}):detectIntent$/.exec(req.url);
  if (!match || req.method !== 'POST') return json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
  if (match[1] !== 'clinica-sorriso') return json(res, 403, { error: { code: 403, message: `Permission denied on resource project ${match[1]}.`, status: 'PERMISSION_DENIED' } });
  const body = JSON.parse(req.body) as { queryInput: { text: { text: string; languageCode: string } } };
  json(res, 200, {
    responseId: 'r-1',
    queryResult: {
      queryText: body.queryInput.text.text,
      languageCode: body.queryInput.text.languageCode,
      fulfillmentText: body.queryInput.text.languageCode === 'en' ? 'Hi! How can I help?' : 'Olá! Como posso ajudar?',
      intent: { displayName: 'Default Welcome Intent' },
    },
  });
};

/** n8n / webhook / Typebot: /ok answers 200, /broken 500, Typebot's startChat for slug "agenda". */
const hookEndpoint: Handler = (req, res) => {
  if (req.url === '/ok' || req.url === '/webhook/atende') return json(res, 200, { received: true });
  if (req.url === '/moved') {
    res.writeHead(302, { location: `${hook.url}/ok` });
    return res.end();
  }
  if (req.url === '/api/v1/typebots/agenda/startChat') return json(res, 200, { sessionId: 's-1', messages: [] });
  if (req.url.startsWith('/api/v1/typebots/')) return json(res, 404, { message: 'Typebot not found' });
  json(res, 500, { message: 'boom' });
};

const api = async <T = any>(who: string | undefined, method: string, url: string, body?: unknown) => {
  const res = await h.request<T>(method, url, { token: who ? tokens[who] : undefined, body });
  await h.flush();
  return res;
};
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];
const create = async (who: string, body: Record<string, unknown>) => {
  const res = await api(who, 'POST', '/api/queueIntegration', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const webhook = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'webhook', name, urlN8N: 'https://hooks.example.com/atende', ...extra });
const test = (who: string, body: Record<string, unknown>) => api(who, 'POST', '/api/queueIntegration/testSession', body);

beforeAll(async () => {
  google = await fakeServer(tokenEndpoint);
  dialogflow = await fakeServer(detectIntent);
  hook = await fakeServer(hookEndpoint);
  // Accepts the connection and never answers (the test's timeout).
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  h = await startHarness({
    recordSessions: true,
    config: { GOOGLE_OAUTH_TOKEN_URL: `${google.url}/token`, DIALOGFLOW_API_URL: `${dialogflow.url}/`, INTEGRATION_TEST_TIMEOUT_MS: 1000 },
  });
  for (let c = 1; c <= 6; c++) h.plans.set(c, fullPlan());
  h.plans.set(9, { ...fullPlan(), useIntegrations: false });
  tokens.admin1 = h.signIn({ id: 1, companyId: 1, profile: 'admin' }).token;
  tokens.user1 = h.signIn({ id: 11, companyId: 1, profile: 'user', allowConnections: 'enabled' }).token;
  tokens.super1 = h.signIn({ id: 12, companyId: 1, profile: 'user', super: true }).token;
  for (let c = 2; c <= 6; c++) tokens[`admin${c}`] = h.signIn({ id: c, companyId: c, profile: 'admin' }).token;
  tokens.admin9 = h.signIn({ id: 9, companyId: 9, profile: 'admin' }).token;
});
afterAll(async () => {
  await h?.stop();
  for (const s of [google?.server, dialogflow?.server, hook?.server, silent]) {
    s?.closeAllConnections();
    s?.close();
  }
});

describe('POST/GET/PUT/DELETE /api/queueIntegration', () => {
  it('creates a webhook integration with the spec defaults (projectName = name), shows, edits and deletes it, announcing each change to admins', async () => {
    const before = h.published.length;
    const created = await create('admin1', webhook('  Webhook CRM ', { projectName: 'ignored', jsonContent: 'ignored' }));
    expect(created).toMatchObject({
      type: 'webhook',
      name: 'Webhook CRM',
      projectName: 'Webhook CRM',
      jsonContent: '',
      language: 'pt-BR',
      urlN8N: 'https://hooks.example.com/atende',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      companyId: 1,
    });
    expect(eventsSince(before, 'channels.queueIntegration.created').map((e) => [e.companyId, e.data.queueIntegration.id])).toEqual([[1, created.id]]);
    expect((await api('admin1', 'GET', `/api/queueIntegration/${created.id}`)).body).toMatchObject({ id: created.id, name: 'Webhook CRM' });

    const edited = await api('admin1', 'PUT', `/api/queueIntegration/${created.id}`, { name: 'Webhook ERP', urlN8N: 'http://10.0.0.5:5678/webhook/erp' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Webhook ERP', projectName: 'Webhook ERP', urlN8N: 'http://10.0.0.5:5678/webhook/erp', type: 'webhook' });
    expect(eventsSince(before, 'channels.queueIntegration.updated').at(-1)?.data.queueIntegration).toMatchObject({ id: created.id, name: 'Webhook ERP' });

    expect((await api('admin1', 'DELETE', `/api/queueIntegration/${created.id}`)).status).toBe(200);
    expect(eventsSince(before, 'channels.queueIntegration.deleted').map((e) => [e.companyId, e.data])).toEqual([[1, { integrationId: created.id }]]);
    const gone = await api('admin1', 'GET', `/api/queueIntegration/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_QUEUE_INTEGRATION_FOUND');

    // Browsers hear company-{id}-queueIntegration, admins only, without the key.
    const [createdEvent] = eventsSince(before, 'channels.queueIntegration.created');
    expect(emissionsFor('channels.queueIntegration.created', createdEvent!)).toEqual([
      { event: 'company-{companyId}-queueIntegration', payload: { action: 'create', queueIntegration: createdEvent!.data.queueIntegration }, audience: { to: 'admins' } },
    ]);
    const [deletedEvent] = eventsSince(before, 'channels.queueIntegration.deleted');
    expect(emissionsFor('channels.queueIntegration.deleted', deletedEvent!)).toEqual([
      { event: 'company-{companyId}-queueIntegration', payload: { action: 'delete', integrationId: created.id }, audience: { to: 'admins' } },
    ]);
  });

  it('stores a Typebot with its slug, timings and texts, and a Dialogflow agent whose key only the record itself shows', async () => {
    const typebot = await create('admin2', {
      type: 'typebot',
      name: 'Agendamento',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'agenda',
      typebotExpires: 30,
      typebotDelayMessage: '1500',
      typebotKeywordFinish: 'sair',
      typebotKeywordRestart: 'reiniciar',
      typebotUnknownMessage: 'Não entendi',
      typebotRestartMessage: 'Vamos recomeçar',
    });
    expect(typebot).toMatchObject({ projectName: 'Agendamento', typebotSlug: 'agenda', typebotExpires: 30, typebotDelayMessage: 1500, typebotKeywordFinish: 'sair', typebotUnknownMessage: 'Não entendi' });

    const before = h.published.length;
    const key = serviceAccount();
    const agent = await create('admin2', { type: 'dialogflow', name: 'Agente', projectName: 'clinica-sorriso', language: 'es', jsonContent: key, urlN8N: 'https://x.example.com' });
    expect(agent).toMatchObject({ projectName: 'clinica-sorriso', language: 'es', jsonContent: key, urlN8N: '' });
    expect(eventsSince(before, 'channels.queueIntegration.created')[0]?.data.queueIntegration.jsonContent).toBe('');
    expect((await api('admin2', 'GET', `/api/queueIntegration/${agent.id}`)).body.jsonContent).toBe(key);
    const listed = (await api('admin2', 'GET', '/api/queueIntegration')).body.queueIntegrations.find((i: any) => i.id === agent.id);
    expect(listed.jsonContent).toBe('');

    // An update keeps what it does not name; turning it into a webhook drops the key.
    expect((await api('admin2', 'PUT', `/api/queueIntegration/${agent.id}`, { language: 'en' })).body).toMatchObject({ language: 'en', jsonContent: key, projectName: 'clinica-sorriso' });
    const switched = await api('admin2', 'PUT', `/api/queueIntegration/${agent.id}`, { type: 'n8n', urlN8N: 'https://n8n.example.com/webhook/1' });
    expect(switched.body).toMatchObject({ type: 'n8n', jsonContent: '', projectName: 'Agente', urlN8N: 'https://n8n.example.com/webhook/1' });
  });

  it('validates name 2–50, the type, and each type\'s fields, naming the failing field', async () => {
    const empty = await api('admin1', 'POST', '/api/queueIntegration', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual(expect.arrayContaining([{ field: 'type', message: 'Required' }, { field: 'name', message: 'Required' }]));
    const fields = async (body: Record<string, unknown>) => {
      const res = await api('admin1', 'POST', '/api/queueIntegration', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      return res.body.fields;
    };
    expect(await fields(webhook('A'))).toEqual([{ field: 'name', message: 'Too Short!' }]);
    expect(await fields(webhook('x'.repeat(51)))).toEqual([{ field: 'name', message: 'Too Long!' }]);
    expect(await fields(webhook('Tipo', { type: 'zapier' }))).toEqual([{ field: 'type', message: 'must be dialogflow, n8n, webhook or typebot' }]);
    expect(await fields({ type: 'n8n', name: 'Sem URL' })).toEqual([{ field: 'urlN8N', message: 'Required' }]);
    expect(await fields(webhook('URL ruim', { urlN8N: 'ftp://files.example.com' }))).toEqual([{ field: 'urlN8N', message: 'must be an http(s) URL' }]);
    expect(await fields({ type: 'typebot', name: 'Sem slug', urlN8N: 'https://typebot.example.com' })).toEqual([{ field: 'typebotSlug', message: 'Required' }]);
    expect(await fields({ type: 'typebot', name: 'Demora', urlN8N: 'https://t.example.com', typebotSlug: 's', typebotDelayMessage: -1 })).toEqual([
      { field: 'typebotDelayMessage', message: 'must be 0 or more' },
    ]);
    expect(await fields({ type: 'dialogflow', name: 'Sem nada' })).toEqual([
      { field: 'projectName', message: 'Required' },
      { field: 'jsonContent', message: 'Required' },
    ]);
    const dialogflow = (jsonContent: string, extra: Record<string, unknown> = {}) => ({ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent, ...extra });
    expect(await fields(dialogflow('{not json'))).toEqual([{ field: 'jsonContent', message: 'must be valid JSON (the key file downloaded from Google Cloud)' }]);
    expect(await fields(dialogflow(serviceAccount(known, { type: 'authorized_user' })))).toEqual([{ field: 'jsonContent', message: 'type must be "service_account"' }]);
    expect(await fields(dialogflow(serviceAccount(known, { private_key: undefined })))).toEqual([{ field: 'jsonContent', message: 'private_key is missing' }]);
    expect(await fields(dialogflow(serviceAccount(known, { private_key: 'abc' })))).toEqual([{ field: 'jsonContent', message: 'private_key is not a PEM private key' }]);
    expect(await fields(dialogflow(serviceAccount(), { language: 'fr' }))).toEqual([{ field: 'language', message: 'must be pt-BR, en or es' }]);
    // An update is checked whole: a webhook cannot lose its URL.
    const hooked = await create('admin1', webhook('Validar update'));
    const cleared = await api('admin1', 'PUT', `/api/queueIntegration/${hooked.id}`, { urlN8N: '' });
    expect(cleared.body.fields).toEqual([{ field: 'urlN8N', message: 'Required' }]);
  });

  it('refuses a name the company already uses, whatever its case (409), but another company may use it', async () => {
    const first = await create('admin3', webhook('Atendimento IA'));
    const again = await api('admin3', 'POST', '/api/queueIntegration', webhook('atendimento ia'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_QUEUE_INTEGRATION_NAME_IN_USE', fields: [{ field: 'name', message: 'Nome já utilizado' }] });
    const second = await create('admin3', webhook('Outro'));
    expect((await api('admin3', 'PUT', `/api/queueIntegration/${second.id}`, { name: 'ATENDIMENTO IA' })).body.error).toBe('ERR_QUEUE_INTEGRATION_NAME_IN_USE');
    // Its own name in another case is fine.
    expect((await api('admin3', 'PUT', `/api/queueIntegration/${first.id}`, { name: 'ATENDIMENTO IA' })).body.name).toBe('ATENDIMENTO IA');
    await create('admin4', webhook('Atendimento IA'));
  });

  it('pages 20 by name with count and hasMore, and searches by name or type', async () => {
    for (let i = 0; i < 22; i++) await create('admin5', webhook(`Hook ${String(i).padStart(2, '0')}`));
    await create('admin5', { type: 'typebot', name: 'Zeta bot', urlN8N: 'https://t.example.com', typebotSlug: 'z' });
    const first = await api('admin5', 'GET', '/api/queueIntegration');
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.queueIntegrations).toHaveLength(20);
    expect(first.body.queueIntegrations[0].name).toBe('Hook 00');
    const second = await api('admin5', 'GET', '/api/queueIntegration?pageNumber=2');
    expect(second.body).toMatchObject({ count: 23, hasMore: false });
    expect(second.body.queueIntegrations.map((i: any) => i.name)).toEqual(['Hook 20', 'Hook 21', 'Zeta bot']);
    expect((await api('admin5', 'GET', '/api/queueIntegration?searchParam=hook 1')).body.count).toBe(10);
    expect((await api('admin5', 'GET', '/api/queueIntegration?searchParam=typebot')).body.queueIntegrations.map((i: any) => i.name)).toEqual(['Zeta bot']);
    expect((await api('admin5', 'GET', '/api/queueIntegration?searchParam=100%')).body.count).toBe(0);
    expect((await api('admin5', 'GET', '/api/queueIntegration?pageNumber=0')).body.fields[0].field).toBe('pageNumber');
  });

  it("never shows, changes or deletes another company's integration (404)", async () => {
    const theirs = await create('admin4', webhook('Deles'));
    for (const [method, body] of [['GET'], ['PUT', { name: 'Minha' }], ['DELETE']] as const) {
      const res = await api('admin1', method, `/api/queueIntegration/${theirs.id}`, body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('ERR_NO_QUEUE_INTEGRATION_FOUND');
    }
    expect((await api('admin1', 'GET', '/api/queueIntegration?searchParam=Deles')).body.count).toBe(0);
    expect((await api('admin4', 'GET', `/api/queueIntegration/${theirs.id}`)).body.name).toBe('Deles');
  });

  it("lists another company's integrations only to a super user (its connection editor), under that company's plan", async () => {
    await create('admin6', webhook('Da empresa seis'));
    const listed = await api('super1', 'GET', '/api/queueIntegration?companyId=6');
    expect(listed.status).toBe(200);
    expect(listed.body.queueIntegrations.map((i: any) => [i.name, i.companyId])).toEqual([['Da empresa seis', 6]]);
    // Anyone else's companyId is ignored: the caller's own list.
    expect((await api('admin1', 'GET', '/api/queueIntegration?companyId=6&searchParam=seis')).body.count).toBe(0);
    const noFlag = await api('super1', 'GET', '/api/queueIntegration?companyId=9');
    expect(noFlag.status).toBe(403);
    expect(noFlag.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useIntegrations' });
    expect((await api('super1', 'GET', '/api/queueIntegration?companyId=seis')).body.fields[0].field).toBe('companyId');
  });

  it('is for admins of a plan with useIntegrations: profile user 403, plan flag off refused, no token 401', async () => {
    const mine = await create('admin1', webhook('Permissões'));
    for (const [method, url, body] of [
      ['GET', '/api/queueIntegration'],
      ['GET', `/api/queueIntegration/${mine.id}`],
      ['POST', '/api/queueIntegration', webhook('Do usuário')],
      ['PUT', `/api/queueIntegration/${mine.id}`, { name: 'Do usuário' }],
      ['DELETE', `/api/queueIntegration/${mine.id}`],
      ['POST', '/api/queueIntegration/testSession', { urlN8N: `${hook.url}/ok` }],
    ] as const) {
      const asUser = await api('user1', method, url, body);
      expect(asUser.status, `${method} ${url}`).toBe(403);
      expect(asUser.body.error).toBe('ERR_NO_PERMISSION');
      const noPlan = await api('admin9', method, url, body);
      expect(noPlan.status, `${method} ${url}`).toBe(403);
      expect(noPlan.body.error).toBe('ERR_NO_PERMISSION');
      expect((await api(undefined, method, url, body)).status).toBe(401);
    }
    // A super user of the company acts like its admins.
    expect((await api('super1', 'GET', `/api/queueIntegration/${mine.id}`)).status).toBe(200);
    expect((await api('admin1', 'GET', `/api/queueIntegration/${mine.id}`)).body.name).toBe('Permissões');
  });
});

describe('connections and queue integrations', () => {
  it("takes only the company's own integration, and loses it when the integration is deleted (announced)", async () => {
    const mine = await create('admin6', webhook('Da conexão'));
    const theirs = await create('admin4', webhook('Da outra empresa'));
    const refused = await api('admin6', 'POST', '/api/whatsapp', { name: 'Recepção', integrationId: theirs.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'integrationId', message: 'Unknown integration' }]);
    const connection = await api('admin6', 'POST', '/api/whatsapp', { name: 'Recepção', integrationId: mine.id });
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);
    expect(connection.body.integrationId).toBe(mine.id);
    const other = await api('admin6', 'POST', '/api/whatsapp', { name: 'Vendas' });
    expect((await api('admin6', 'PUT', `/api/whatsapp/${other.body.id}`, { integrationId: theirs.id })).body.fields).toEqual([
      { field: 'integrationId', message: 'Unknown integration' },
    ]);
    expect((await api('admin6', 'PUT', `/api/whatsapp/${other.body.id}`, { integrationId: 2_000_000 })).body.error).toBe('ERR_VALIDATION');

    const before = h.published.length;
    expect((await api('admin6', 'DELETE', `/api/queueIntegration/${mine.id}`)).status).toBe(200);
    expect((await api('admin6', 'GET', `/api/whatsapp/${connection.body.id}`)).body.integrationId).toBeNull();
    const updated = eventsSince(before, 'channels.connection.updated');
    expect(updated.map((e) => [e.data.whatsapp.id, e.data.whatsapp.integrationId])).toEqual([[connection.body.id, null]]);
    expect(eventsSince(before, 'channels.queueIntegration.deleted')).toHaveLength(1);
  });

  it('naming an integration on a connection needs useIntegrations (403 naming it)', async () => {
    const mine = await create('admin6', webhook('Antes do plano mudar'));
    const connection = await api('admin6', 'POST', '/api/whatsapp', { name: 'Portaria' });
    h.plans.set(6, { ...fullPlan(), useIntegrations: false });
    try {
      const refused = await api('admin6', 'PUT', `/api/whatsapp/${connection.body.id}`, { integrationId: mine.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'ERR_NO_PERMISSION', feature: 'useIntegrations' });
      expect((await api('admin6', 'GET', `/api/whatsapp/${connection.body.id}`)).body.integrationId).toBeNull();
    } finally {
      h.plans.set(6, fullPlan());
    }
  });
});

describe('POST /api/queueIntegration/testSession', () => {
  it('Dialogflow: exchanges a signed JWT for a token and asks the agent in the chosen language', async () => {
    const before = dialogflow.received.length;
    const res = await test('admin1', { projectName: 'clinica-sorriso', jsonContent: serviceAccount(), language: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ok: true, type: 'dialogflow', status: 200, reply: 'Hi! How can I help?', intent: 'Default Welcome Intent' });
    const [asked] = dialogflow.received.slice(before);
    expect(JSON.parse(asked!.body)).toEqual({ queryInput: { text: { text: 'Hello', languageCode: 'en' } } });
    expect(google.received.at(-1)?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('Dialogflow: a key Google does not know is refused; an unknown project is named; a bad key file names jsonContent', async () => {
    const refused = await test('admin1', { projectName: 'clinica-sorriso', jsonContent: serviceAccount(stranger), language: 'pt-BR' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_INTEGRATION_CREDENTIALS_REFUSED');
    expect(refused.body.message).toContain('Invalid JWT Signature');
    const project = await test('admin1', { type: 'dialogflow', projectName: 'outro-projeto', jsonContent: serviceAccount(), language: 'pt-BR' });
    expect(project.status).toBe(400);
    expect(project.body).toMatchObject({ error: 'ERR_INTEGRATION_PROJECT_NOT_FOUND', fields: [{ field: 'projectName', message: 'Project not found' }] });
    expect(project.body.message).toContain('outro-projeto');
    const broken = await test('admin1', { projectName: 'clinica-sorriso', jsonContent: '{"type":"service_account"}', language: 'pt-BR' });
    expect(broken.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'jsonContent', message: 'project_id is missing' }] });
    const unreadable = await test('admin1', {
      projectName: 'clinica-sorriso',
      jsonContent: serviceAccount(known, { private_key: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n' }),
    });
    expect(unreadable.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'jsonContent', message: 'private_key could not be read' }] });
    const empty = await test('admin1', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields.map((f: any) => f.field)).toEqual(['projectName', 'jsonContent']);
  });

  it('n8n and webhook: posts a test JSON to the URL and reports its status', async () => {
    const before = hook.received.length;
    const ok = await test('admin1', { urlN8N: `${hook.url}/webhook/atende` });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, type: 'webhook', status: 200, reply: null });
    const [posted] = hook.received.slice(before);
    expect(posted?.method).toBe('POST');
    expect(JSON.parse(posted!.body)).toMatchObject({ test: true, source: 'atende', type: 'webhook', message: 'Olá' });
    expect((await test('admin1', { type: 'n8n', urlN8N: `${hook.url}/ok` })).body).toMatchObject({ ok: true, type: 'n8n' });

    const broken = await test('admin1', { type: 'n8n', urlN8N: `${hook.url}/broken` });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: 'ERR_INTEGRATION_TEST_FAILED', status: 500 });
    const moved = await test('admin1', { type: 'webhook', urlN8N: `${hook.url}/moved` });
    expect(moved.body).toMatchObject({ error: 'ERR_INTEGRATION_TEST_FAILED', status: 302 });
    expect((await test('admin1', { type: 'webhook', urlN8N: 'ftp://x.example.com' })).body.fields).toEqual([{ field: 'urlN8N', message: 'must be an http(s) URL' }]);
    expect((await test('admin1', { type: 'webhook' })).body.fields).toEqual([{ field: 'urlN8N', message: 'Required' }]);
  });

  it('answers a clear 400 when the URL cannot be reached or does not answer in time', async () => {
    const closedPort = await fakeServer(() => undefined);
    const url = closedPort.url;
    await new Promise((resolve) => closedPort.server.close(resolve));
    const refused = await test('admin1', { urlN8N: `${url}/hook` });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_INTEGRATION_UNREACHABLE', message: 'The URL could not be reached' });
    const started = Date.now();
    const slow = await test('admin1', { urlN8N: `${silentUrl}/hook` });
    expect(slow.body).toMatchObject({ error: 'ERR_INTEGRATION_UNREACHABLE', message: 'The URL did not answer in time' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('Typebot: starts a chat on the published bot; an unknown slug is named', async () => {
    const ok = await test('admin1', { type: 'typebot', urlN8N: `${hook.url}/`, typebotSlug: 'agenda' });
    expect(ok.body).toMatchObject({ ok: true, type: 'typebot', status: 200 });
    const unknown = await test('admin1', { type: 'typebot', urlN8N: hook.url, typebotSlug: 'nada' });
    expect(unknown.body).toMatchObject({ error: 'ERR_INTEGRATION_TEST_FAILED', status: 404 });
    expect(unknown.body.message).toContain('nada');
    expect((await test('admin1', { type: 'typebot', urlN8N: hook.url })).body.fields).toEqual([{ field: 'typebotSlug', message: 'Required' }]);
  });
});
