import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { HttpApp } from './app.js';

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

/** OpenAPI from the zod schemas of every route registered after this; UI at /api/docs, JSON at /api/docs/json. */
export async function registerDocs(app: HttpApp, options: { title: string; version: string; ui?: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, version: options.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return { ...out, schema: documentMultipart(out.schema as Record<string, unknown>) as typeof out.schema };
    },
  });
  if (options.ui !== false) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  else app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
