import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authenticate,
  bearerToken,
  loginBody,
  MEDIA_COOKIE_PATH,
  MEDIA_SESSION_COOKIE,
  okAnswer,
  sessionAnswer,
  sessionUser,
  signupBody,
  tokenLifetime,
  user,
  type HttpApp,
  type Guards,
  type TokenVerifier,
} from '@atende/kit';
import type { IssuedSession, Sessions } from '../domain/sessions.js';

const REFRESH_COOKIE = 'jrt';
const COOKIE_PATH = '/api/auth';

/**
 * The refresh token's cookie, and the access token's for media (kit registerMediaRoute: a browser's <img>
 * cannot send the Authorization header, its cookie goes instead), each living as long as its token.
 */
function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: IssuedSession) {
  const secure = request.protocol === 'https';
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH, expires: session.refreshExpiresAt });
  const expiresAt = tokenLifetime(session.token)?.expiresAt;
  reply.setCookie(MEDIA_SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'lax', secure, path: MEDIA_COOKIE_PATH, ...(expiresAt ? { expires: new Date(expiresAt) } : {}) });
}

function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
  reply.clearCookie(MEDIA_SESSION_COOKIE, { path: MEDIA_COOKIE_PATH });
}

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const answerOf = ({ token, user: u, subscription }: IssuedSession) => ({ token, user: u, subscription });

export function authRoutes(app: HttpApp, deps: { sessions: Sessions; guards: Guards; verify: TokenVerifier }): void {
  const { sessions, guards } = deps;

  app.post('/api/auth/login', { schema: { tags: ['auth'], security: [], body: loginBody, response: { 200: sessionAnswer } } }, async (request, reply) => {
    const session = await sessions.login(request.body.email, request.body.password, clientOf(request));
    setSessionCookies(request, reply, session);
    return answerOf(session);
  });

  app.post('/api/auth/refresh_token', { schema: { tags: ['auth'], security: [], response: { 200: sessionAnswer } } }, async (request, reply) => {
    try {
      const session = await sessions.refresh(request.cookies[REFRESH_COOKIE]);
      setSessionCookies(request, reply, session);
      return answerOf(session);
    } catch (err) {
      clearSessionCookies(reply);
      throw err;
    }
  });

  app.delete('/api/auth/logout', { schema: { tags: ['auth'], security: [], response: { 200: okAnswer } } }, async (request, reply) => {
    let auth;
    if (bearerToken(request)) {
      try {
        auth = authenticate(deps.verify, request);
      } catch {
        auth = undefined; // an expired access token still logs out through the cookie
      }
    }
    await sessions.logout(request.cookies[REFRESH_COOKIE], auth);
    clearSessionCookies(reply);
    return { message: 'Logged out' };
  });

  app.get('/api/auth/me', { preHandler: guards.authenticated, schema: { tags: ['auth'], response: { 200: sessionUser } } }, async (request) =>
    sessions.me(request.auth),
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        security: [],
        body: signupBody,
        response: { 201: z.object({ user, company: z.object({ id: z.number().int(), name: z.string() }) }) },
      },
    },
    async (request, reply) => reply.status(201).send(await sessions.signup(request.body, clientOf(request))),
  );
}
