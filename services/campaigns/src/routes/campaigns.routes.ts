import { AppError, campaign, campaignBody, campaignDetail, campaignListAnswer, campaignListQuery, idParams, okAnswer } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createCampaignsDesk } from '../domain/campaign-desk.js';

const fileRequired = () => new AppError('ERR_VALIDATION', 'file: Required', { fields: [{ field: 'file', message: 'Required' }] });

/** Campaigns (spec 002 §2, §4, §5, §7): admins of a company whose plan has useCampaigns. */
export const campaignsRoutes: RouteModule = (app, deps) => {
  const desk = createCampaignsDesk(deps);
  const guard = deps.guards.adminWithPlan('useCampaigns');
  const tags = ['campaigns'];
  const one = { 200: campaign };

  app.get('/api/campaigns', { preHandler: guard, schema: { tags, querystring: campaignListQuery, response: { 200: campaignListAnswer } } }, (request) =>
    desk.list(request.auth, request.query),
  );
  app.get('/api/campaigns/:id', { preHandler: guard, schema: { tags, params: idParams, response: { 200: campaignDetail } } }, (request) =>
    desk.show(request.auth, request.params.id),
  );
  app.post('/api/campaigns', { preHandler: guard, schema: { tags, body: campaignBody, response: { 201: campaign } } }, async (request, reply) =>
    reply.status(201).send(await desk.create(request.auth, request.body)),
  );
  app.put('/api/campaigns/:id', { preHandler: guard, schema: { tags, params: idParams, body: campaignBody, response: one } }, (request) =>
    desk.update(request.auth, request.params.id, request.body),
  );
  app.delete('/api/campaigns/:id', { preHandler: guard, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await desk.remove(request.auth, request.params.id);
    return { message: 'Campaign deleted' };
  });
  app.post('/api/campaigns/:id/cancel', { preHandler: guard, schema: { tags, params: idParams, response: one } }, (request) =>
    desk.cancel(request.auth, request.params.id),
  );
  app.post('/api/campaigns/:id/restart', { preHandler: guard, schema: { tags, params: idParams, response: one } }, (request) =>
    desk.restart(request.auth, request.params.id),
  );
  app.post(
    '/api/campaigns/:id/media-upload',
    { preHandler: guard, schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipart: { files: { file: { description: 'The attachment sent with the campaign; replaces the previous one' } } }, response: one } },
    async (request) => {
      if (!request.isMultipart()) throw fileRequired();
      // The first non-empty file is the attachment; other parts are read and ignored.
      let file: { data: Buffer; name: string | undefined } | undefined;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (!file && data.length > 0) file = { data, name: part.filename };
      }
      if (!file) throw fileRequired();
      return desk.attachMedia(request.auth, request.params.id, file.data, file.name);
    },
  );
  app.delete('/api/campaigns/:id/media-upload', { preHandler: guard, schema: { tags, params: idParams, response: one } }, (request) =>
    desk.detachMedia(request.auth, request.params.id),
  );
};
