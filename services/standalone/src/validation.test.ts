import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPlatform, type TestPlatform } from './testing/index.js';

/**
 * Table-driven: every JSON POST/PUT/PATCH route in the OpenAPI document is sent missing, wrong-type
 * and oversized fields. Each must answer 400 naming the field (never a 500, never a stack trace).
 */
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; enum?: unknown[]; const?: unknown; maxLength?: number; format?: string; pattern?: string };
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string }[] };

let platform: TestPlatform;
let token: string;
/** The integrators' POST /api/messages/send takes a connection's token, not a user's. */
let connectionToken: string;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  // No WhatsApp to reach here: the connection below needs no session.
  platform = await startTestPlatform({ env: { CHANNELS_RUN_SESSIONS: 'false' } });
  token = (await platform.login()).token;
  const connection = await platform.request('POST', '/api/whatsapp', { token, body: { name: 'Validação' } });
  expect(connection.status).toBe(201);
  connectionToken = connection.body.token;
  doc = await eventually(async () => {
    const answer = await platform.request('GET', '/api/docs/json');
    return answer.status === 200 && Object.keys(answer.body?.paths ?? {}).length > 5 ? answer.body : undefined;
  }, 15_000);
});
afterAll(async () => platform.stop());

const typesOf = (schema: JsonSchema): Set<string> | null => {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const all = new Set<string>();
    for (const v of variants) {
      const t = typesOf(v);
      if (!t) return null;
      t.forEach((x) => all.add(x));
    }
    return all;
  }
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  if (!schema.type) return null;
  const list = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(list.map((t) => (t === 'integer' ? 'number' : t)));
};

const candidates: [string, unknown][] = [['object', { nested: { deep: true } }], ['number', 12345], ['boolean', true], ['array', [1, 2]], ['string', 'text']];
const wrongValue = (schema: JsonSchema): unknown => {
  const allowed = typesOf(schema);
  if (!allowed) return undefined;
  return candidates.find(([type]) => !allowed.has(type))?.[1];
};
const acceptsString = (schema: JsonSchema) => typesOf(schema)?.has('string') && !schema.enum && !schema.anyOf && !schema.oneOf;

const routes = () => {
  const list: { method: string; path: string; schema: JsonSchema }[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema?.properties) continue;
      list.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1'), schema });
    }
  }
  return list;
};

const send = (method: string, path: string, body: unknown) => platform.request(method, path, { token: path === '/api/messages/send' ? connectionToken : token, body });

describe('every JSON write route validates its body', () => {
  it('found the routes to walk', () => {
    expect(routes().length).toBeGreaterThan(5);
  });

  it('answers 400 naming each required field when the body is empty', async () => {
    for (const route of routes()) {
      const answer = await send(route.method, route.path, {});
      expect(answer.status, `${route.method} ${route.path}`).not.toBeGreaterThanOrEqual(500);
      const required = route.schema.required ?? [];
      if (required.length === 0) continue;
      expect(answer.status, `${route.method} ${route.path}`).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
      const named = answer.body.fields.map((f: { field: string }) => f.field);
      for (const field of required) expect(named, `${route.method} ${route.path} ${field}`).toContain(field);
    }
  });

  it('answers 400 naming the field for a value of the wrong type', async () => {
    for (const route of routes()) {
      for (const [field, schema] of Object.entries(route.schema.properties ?? {})) {
        const wrong = wrongValue(schema);
        if (wrong === undefined) continue;
        const answer = await send(route.method, route.path, { [field]: wrong });
        const where = `${route.method} ${route.path} ${field}=${JSON.stringify(wrong)}`;
        expect(answer.status, where).toBe(400);
        expect(answer.body.fields.map((f: { field: string }) => f.field.split('.')[0]), where).toContain(field);
      }
    }
  });

  it('answers 400 naming the field for an oversized text', async () => {
    const huge = 'x'.repeat(70_000);
    for (const route of routes()) {
      for (const [field, schema] of Object.entries(route.schema.properties ?? {})) {
        if (!acceptsString(schema)) continue;
        const answer = await send(route.method, route.path, { [field]: huge });
        const where = `${route.method} ${route.path} ${field}`;
        expect(answer.status, where).toBe(400);
        expect(answer.body.fields.map((f: { field: string }) => f.field.split('.')[0]), where).toContain(field);
      }
    }
  });

  it('answers 413 for a body over the limit and 400 for broken JSON, with the catalogue shape', async () => {
    const big = await send('POST', '/api/users', { name: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
    const broken = await platform.request('POST', '/api/users', { token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('ERR_VALIDATION');
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers 400 for ids that are not positive integers (never a database error)', async () => {
    for (const id of ['abc', '-1', '0', '99999999999', '1.5']) {
      const answer = await platform.request('GET', `/api/users/${id}`, { token });
      expect(answer.status, id).toBe(400);
      expect(answer.body.fields[0].field).toBe('id');
    }
  });
});

describe('the OpenAPI document spells out each upload form', () => {
  const binary = (schema: JsonSchema & { items?: JsonSchema }) => schema.format === 'binary' || schema.items?.format === 'binary';
  const forms = () =>
    Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        const form = content['multipart/form-data']?.schema;
        return form ? [{ id: `${method.toUpperCase()} ${path}`, form, alsoJson: 'application/json' in content }] : [];
      }),
    );

  it('names the file fields of every multipart-only route as binary', () => {
    const uploads = forms().filter((f) => !f.alsoJson);
    expect(uploads.length).toBeGreaterThan(10);
    for (const { id, form } of uploads) expect(Object.values(form.properties ?? {}).some(binary), id).toBe(true);
  });

  it('documents the integrators’ files (medias, several) next to the JSON fields of POST /api/messages/send', () => {
    const operation = doc.paths['/api/messages/send']!.post!;
    const form = operation.requestBody!.content!['multipart/form-data']!.schema!;
    expect(form.properties?.medias).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(Object.keys(form.properties ?? {})).toEqual(expect.arrayContaining(['number', 'body', 'userId', 'queueId', 'sendSignature', 'closeTicket']));
    expect(form.required).toEqual(['number']);
    // The JSON body stays as it was: no file field there.
    expect(operation.requestBody!.content!['application/json']!.schema!.properties).not.toHaveProperty('medias');
    expect(doc.paths['/api/messages/{ticketId}']!.post!.requestBody!.content!['multipart/form-data']!.schema!.properties?.medias).toMatchObject({ type: 'array' });
  });

  it('documents userId and queueId of POST /api/messages/send as ids (an integer, or empty / null for none)', () => {
    const json = doc.paths['/api/messages/send']!.post!.requestBody!.content!['application/json']!.schema!;
    for (const field of ['userId', 'queueId']) expect([...(typesOf(json.properties![field]!) ?? [])], field).toEqual(expect.arrayContaining(['number', 'string']));
  });
});
