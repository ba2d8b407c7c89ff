import type { HttpApp } from './app.js';

/** Liveness answers while the process runs; readiness only when every dependency answers. */
export function registerHealth(app: HttpApp, ready: () => Promise<boolean>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ok = await ready().catch(() => false);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready' });
  });
}
