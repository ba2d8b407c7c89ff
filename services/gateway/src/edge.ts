import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, authenticate, isPublicPath, retryAfterSeconds, type HttpApp, type RateLimitStore, type TokenVerifier } from '@atende/kit';

export type EdgeOptions = {
  verify: TokenVerifier;
  limits: RateLimitStore;
  ipPerMinute: number;
  userPerMinute: number;
  authPerMinute: number;
  /** Ceiling of a JSON (non-multipart) body; the services have the same default. */
  maxJsonBytes?: number;
  /** Ceiling of a multipart upload at the edge; each service applies its own tighter limits. */
  maxUploadBytes?: number;
};

const AUTH_ATTEMPT = /^\/api\/auth\/(login|signup|refresh_token)$/;

function limited(state: { count: number; resetInMs: number }, limit: number, reply: FastifyReply): void {
  reply.header('x-ratelimit-limit', limit);
  reply.header('x-ratelimit-remaining', Math.max(0, limit - state.count));
  if (state.count > limit) {
    throw new AppError('ERR_TOO_MANY_REQUESTS', 'Too many requests', { headers: { 'retry-after': String(retryAfterSeconds(state)) } });
  }
}

/**
 * What the edge does for every /api call before it reaches a service: limits per IP (and per user
 * once known), the tight limit on login/signup/refresh, and the access token on every private route.
 */
export function registerEdge(app: HttpApp, options: EdgeOptions): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/')) return;
    limited(await options.limits.hit(`ip:${request.ip}`, 60_000), options.ipPerMinute, reply);
    if (request.method === 'POST' && AUTH_ATTEMPT.test(path)) {
      limited(await options.limits.hit(`auth:${request.ip}`, 60_000), options.authPerMinute, reply);
    }
    // Refused here, before a proxied upstream would cut the connection mid-body.
    const length = Number(request.headers['content-length'] ?? 0);
    const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/');
    if (length > (multipart ? (options.maxUploadBytes ?? 64 * 1024 * 1024) : (options.maxJsonBytes ?? 1024 * 1024))) {
      throw new AppError('ERR_PAYLOAD_TOO_LARGE', 'Request body is too large');
    }
    if (isPublicPath(request.method, request.url)) return;
    const auth = authenticate(options.verify, request);
    limited(await options.limits.hit(`user:${auth.userId}`, 60_000), options.userPerMinute, reply);
  });
}
