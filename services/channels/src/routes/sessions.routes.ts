import { idParams, okAnswer } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createSessionActions } from '../domain/session-actions.js';

/** A connection's session (spec 000 §7): POST retry, PUT new QR code, DELETE disconnect. */
export const sessionsRoutes: RouteModule = (app, deps) => {
  const actions = createSessionActions(deps);
  const guard = deps.guards.area('connections');
  const schema = { tags: ['connections'], params: idParams, response: { 200: okAnswer } };

  app.post('/api/whatsappsession/:id', { preHandler: guard, schema }, async (request) => {
    await actions.retry(request.auth, request.params.id);
    return { message: 'Starting session.' };
  });

  app.put('/api/whatsappsession/:id', { preHandler: guard, schema }, async (request) => {
    await actions.newQrCode(request.auth, request.params.id);
    return { message: 'Starting session.' };
  });

  app.delete('/api/whatsappsession/:id', { preHandler: guard, schema }, async (request) => {
    await actions.disconnect(request.auth, request.params.id);
    return { message: 'Session disconnected.' };
  });
};
