import { AppError, facebookLinkAnswer, facebookLinkBody, facebookLoginConfig, facebookWebhookQuery } from '@atende/kit';
import { z } from 'zod';
import type { RouteModule } from '../deps.js';
import { createFacebookDesk } from '../domain/facebook.js';
import { graphFromConfig } from '../drivers/graph.js';

/**
 * Facebook and Instagram connections (spec 001 §2, §7): the web's login config, POST /facebook after
 * the login (admins and users whose allowConnections treats them as admins, like POST /whatsapp), and
 * Meta's webhook (public: the subscription check presents the verify token, deliveries are signed with
 * the app secret).
 */
export const facebookRoutes: RouteModule = async (app, deps) => {
  const desk = createFacebookDesk(deps, graphFromConfig(deps.config));
  const tags = ['facebook'];

  app.get('/api/facebook/config', { preHandler: deps.guards.authenticated, schema: { tags, response: { 200: facebookLoginConfig } } }, () => desk.loginConfig());

  app.post(
    '/api/facebook',
    { preHandler: deps.guards.area('connections'), schema: { tags, body: facebookLinkBody, response: { 200: facebookLinkAnswer } } },
    async (request) => ({ connections: await desk.link(request.auth, request.body) }),
  );

  app.get('/api/facebook/webhook', { schema: { tags, querystring: facebookWebhookQuery, response: { 200: z.string() } } }, async (request, reply) => {
    const challenge = desk.verify(request.query['hub.mode'], request.query['hub.verify_token'], request.query['hub.challenge']);
    if (challenge === null) throw new AppError('ERR_NO_PERMISSION', 'Wrong verify token');
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  // The signature covers the exact bytes Meta sent: this route reads its JSON body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/api/facebook/webhook', { schema: { tags, response: { 200: z.string() } } }, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!(await desk.receive(body, typeof signature === 'string' ? signature : undefined))) {
        throw new AppError('ERR_INVALID_SIGNATURE', 'X-Hub-Signature-256 is missing or not the app secret’s');
      }
      return reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
    });
  });
};
