import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { notFoundHandler, type HttpApp } from '@atende/kit';

export const defaultWebDir = (): string => fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The built web app at /, with the SPA fallback for its client-side routes. */
export async function registerWeb(app: HttpApp, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/socket.io') && !path.extname(url);
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return notFoundHandler(request, reply);
  });
}
