import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFoundHandler, type HttpApp } from '@atende/kit';

export const defaultWebDir = (): string => fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Files of the built web app that must never be kept by a browser or a proxy without asking again (each
 * answer still carries its ETag, so a revalidation costs a 304): the page, whose asset names change with
 * each build; the service worker, which would otherwise pin an old console; the manifest, which carries
 * the frontend version. Their content types are set here (send would give the manifest plain JSON).
 */
const revalidated: Record<string, string | undefined> = {
  'index.html': undefined,
  'service-worker.js': 'text/javascript; charset=utf-8',
  'manifest.json': 'application/manifest+json; charset=utf-8',
};

/** One of the files above, with `Cache-Control: no-cache` (the static plugin's max-age would win over a header set before it). */
function sendRevalidated(reply: FastifyReply, root: string, file: string): FastifyReply {
  const type = revalidated[file];
  reply.header('cache-control', 'no-cache');
  if (type) reply.header('content-type', type);
  return reply.sendFile(file, root, { cacheControl: false, contentType: !type });
}

/** The built web app at / (static files). */
export async function registerWeb(app: HttpApp, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  if (!existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, { root, index: false, maxAge: '1h' });
  // With `index: false` the static plugin refuses the root folder itself; the app's page is index.html.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendRevalidated(reply, root, 'index.html'));
  // A build without one of them answers the catalogue 404 (the fallback never gives a path with an extension the page).
  for (const file of ['service-worker.js', 'manifest.json']) {
    app.get(`/${file}`, { schema: { hide: true } }, (_request, reply) => sendRevalidated(reply, root, file));
  }
}

/** The SPA fallback: unknown page paths get index.html (client-side routes); the rest the catalogue 404. */
export function webFallback(webDir: string) {
  const root = path.resolve(webDir);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/socket.io') && !path.extname(url);
    if (hasWeb && isPage) {
      return sendRevalidated(reply, root, 'index.html');
    }
    return notFoundHandler(request, reply);
  };
}
