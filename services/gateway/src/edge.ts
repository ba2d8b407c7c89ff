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
    const ipHit = options.limits.hit(`ip:${request.ip}`, 60_000);
    ipHit.catch(() => undefined); // awaited below on every path that goes on; never an unhandled rejection
    if (request.method === 'POST' && AUTH_ATTEMPT.test(path)) {
      limited(await ipHit, options.ipPerMinute, reply);
      limited(await options.limits.hit(`auth:${request.ip}`, 60_000), options.authPerMinute, reply);
    }
    // Refused here, before a proxied upstream would cut the connection mid-body.
    const length = Number(request.headers['content-length'] ?? 0);
    const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/');
    if (length > (multipart ? (options.maxUploadBytes ?? 64 * 1024 * 1024) : (options.maxJsonBytes ?? 1024 * 1024))) {
      throw new AppError('ERR_PAYLOAD_TOO_LARGE', 'Request body is too large');
    }
    if (isPublicPath(request.method, request.url)) {
      limited(await ipHit, options.ipPerMinute, reply);
      return;
    }
    let auth;
    try {
      auth = authenticate(options.verify, request);
    } catch (err) {
      // A flood of bad tokens still counts against the address, and its limit answers first.
      limited(await ipHit, options.ipPerMinute, reply);
      throw err;
    }
    // Both counters in one round trip (the store pipelines concurrent hits).
    const [ip, user] = await Promise.all([ipHit, options.limits.hit(`user:${auth.userId}`, 60_000)]);
    limited(ip, options.ipPerMinute, reply);
    limited(user, options.userPerMinute, reply);
  });
}
