import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler, type HttpApp } from '@atende/kit';

export const defaultWebDir = (): string => fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The built web app at / (static files). */
export async function registerWeb(app: HttpApp, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  if (!existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, { root, index: false, maxAge: '1h' });
  // With `index: false` the static plugin refuses the root folder itself; the app's page is index.html.
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root));
}

/** The SPA fallback: unknown page paths get index.html (client-side routes); the rest the catalogue 404. */
export function webFallback(webDir: string) {
  const root = path.resolve(webDir);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/socket.io') && !path.extname(url);
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return notFoundHandler(request, reply);
  };
}
