import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isPublicPath } from '../services.js';
import type { HttpApp } from './app.js';

/** How a call proves who makes it (every service's document and the gateway's merged one). */
export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A user's access token (POST /api/auth/login, /api/auth/refresh_token), 15 minutes" },
  connectionToken: { type: 'http', scheme: 'bearer', description: "A connection's token (30 characters, shown on its form): the integrators' messages API" },
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'jrt', description: 'The refresh token login sets (httpOnly, on /api/auth), rotated at every refresh' },
} satisfies Record<string, { type: 'http' | 'apiKey'; scheme?: string; bearerFormat?: string; in?: 'cookie'; name?: string; description: string }>;

/** Every error answer's body (the catalogue's code, a message, the failing fields for a 400). */
export const errorSchema: { type: 'object'; required: string[]; properties: Record<string, object>; additionalProperties: boolean } = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'A code of the error catalogue (ERR_…)', example: 'ERR_VALIDATION' },
    message: { type: 'string' },
    fields: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
  },
  additionalProperties: true,
};

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/**
 * The form of a multipart route, for its OpenAPI only: the handler reads the parts itself (files are not
 * validated by a body schema). Its text fields are the body schema's, when the route has one, plus `fields`.
 */
export type MultipartForm = {
  files: Record<string, { description: string; many?: boolean; optional?: boolean }>;
  /** Text fields beyond the body schema's: name → what it means. */
  fields?: Record<string, string>;
};

declare module 'fastify' {
  interface FastifySchema {
    multipart?: MultipartForm;
  }
}

type JsonObjectSchema = { type?: unknown; properties?: Record<string, unknown>; required?: string[]; anyOf?: JsonObjectSchema[]; oneOf?: JsonObjectSchema[] };

/** The object variant of a (possibly nullable) body schema. */
function objectOf(schema: JsonObjectSchema | undefined): JsonObjectSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf)?.find((variant) => variant.properties);
}

/**
 * A route schema (zod already turned into JSON schema) whose `multipart` form is spelled out: the
 * multipart/form-data body lists the text fields and the files (binary strings), any other content type
 * keeps the body schema as it is.
 */
export function documentMultipart(schema: Record<string, unknown>): Record<string, unknown> {
  const { multipart, ...rest } = schema as { multipart?: MultipartForm; body?: JsonObjectSchema; consumes?: string[] };
  if (!multipart) return schema;
  const body = objectOf(rest.body);
  const files = Object.entries(multipart.files);
  const binary = { type: 'string', format: 'binary' };
  const form = {
    type: 'object',
    properties: {
      ...body?.properties,
      ...Object.fromEntries(Object.entries(multipart.fields ?? {}).map(([name, description]) => [name, { type: 'string', description }])),
      ...Object.fromEntries(files.map(([name, file]) => [name, file.many ? { type: 'array', items: binary, description: file.description } : { ...binary, description: file.description }])),
    },
    required: [...(body?.required ?? []), ...files.filter(([, file]) => !file.optional).map(([name]) => name)],
  };
  const consumes = rest.consumes ?? ['multipart/form-data'];
  const content = Object.fromEntries(
    consumes.map((type) => [type, { schema: type === 'multipart/form-data' ? form : (rest.body ?? { type: 'object' }) }]),
  );
  return { ...rest, consumes, body: { content } };
}

type RouteDoc = { schema: Record<string, unknown>; url: string; method: string; zodBody?: unknown; /** Operation ids given so far in this document. */ takenIds?: Set<string> };

/**
 * The keys a body must have, as the route itself reads them: those its schema names when it parses an empty
 * body (zod's input view of a preprocessed field, or of one a preprocess fills in, does not tell).
 */
function requiredKeys(zodBody: unknown): string[] | null {
  const schema = zodBody as { safeParse?: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } } | undefined;
  if (typeof schema?.safeParse !== 'function') return null;
  const parsed = schema.safeParse({});
  if (parsed.success) return [];
  return [...new Set((parsed.error?.issues ?? []).map((issue) => issue.path[0]).filter((key): key is string => typeof key === 'string'))];
}

/**
 * What an integrator needs beyond the zod schemas: an operationId, who may call (public paths need no token,
 * the messages API takes a connection's token, refresh a cookie), the fields a body must have (zod's input
 * view of a preprocessed field does not say so) and the error answers, all in the catalogue's shape.
 */
export function documentOperation(route: RouteDoc): Record<string, unknown> {
  const schema = { ...route.schema };
  if (schema.hide) return schema;
  const method = route.method.toUpperCase();
  const words = route.url.replace(/^\/api\//, '').split(/[/-]/).filter(Boolean).map((w) => (w.startsWith(':') ? `by ${w.slice(1)}` : w));
  schema.operationId ??= [method.toLowerCase(), ...words.flatMap((w) => w.split(' '))].map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  if (route.takenIds) {
    let id = String(schema.operationId);
    // Two paths can read alike (/contacts/import and /contactsImport): the later one is numbered.
    for (let n = 2; route.takenIds.has(id); n++) id = `${String(schema.operationId)}${n}`;
    route.takenIds.add(id);
    schema.operationId = id;
  }
  const open = isPublicPath(method, route.url.replace(/:[^/]+/g, 'x'));
  if (route.url === '/api/messages/send') schema.security = [{ connectionToken: [] }];
  else if (route.url === '/api/auth/refresh_token') schema.security = [{ refreshCookie: [] }];
  else if (schema.security === undefined && open) schema.security = [];
  const body = schema.body as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const required = requiredKeys(route.zodBody);
  if (body?.properties && required?.length) {
    schema.body = { ...body, required: [...new Set([...(body.required ?? []), ...required.filter((key) => key in body.properties!)])] };
  }
  const errors: Record<string, unknown> = {
    400: errorAnswer('ERR_VALIDATION (the failing fields named) or a rule of the call refused'),
    ...(schema.security === undefined || (Array.isArray(schema.security) && schema.security.length > 0)
      ? { 401: errorAnswer('ERR_SESSION_EXPIRED: no token, or its session ended'), 403: errorAnswer('ERR_INVALID_TOKEN, ERR_NO_PERMISSION (profile, plan flag or super user)') }
      : {}),
    ...(/:[^/]+/.test(route.url) ? { 404: errorAnswer('ERR_NO_…_FOUND: not found in the caller’s company') } : {}),
    429: errorAnswer('ERR_TOO_MANY_REQUESTS (Retry-After says when to try again)'),
  };
  schema.response = { ...errors, ...(schema.response as Record<string, unknown> | undefined) };
  return schema;
}

/** OpenAPI from the zod schemas of every route registered after this; UI at /api/docs, JSON at /api/docs/json. */
export async function registerDocs(app: HttpApp, options: { title: string; version: string; ui?: boolean }): Promise<void> {
  const takenIds = new Set<string>();
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, version: options.version },
      components: { securitySchemes, schemas: { Error: errorSchema } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method) ? String(input.route.method[0]) : String(input.route.method);
      const schema = documentOperation({ schema: documentMultipart(out.schema as Record<string, unknown>), url: out.url, method, zodBody: input.schema?.body, takenIds });
      return { ...out, schema: schema as typeof out.schema };
    },
  });
  if (options.ui !== false) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  else app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
