import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { HttpApp } from './app.js';

/** OpenAPI from the zod schemas of every route registered after this; UI at /api/docs, JSON at /api/docs/json. */
export async function registerDocs(app: HttpApp, options: { title: string; version: string; ui?: boolean }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, version: options.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  if (options.ui !== false) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  else app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
