import { z } from 'zod';
import { createPlanBody, idParams, okAnswer, plan, publicPlan, updatePlanBody, type Guards, type HttpApp } from '@atende/kit';
import type { Catalogue } from '../domain/catalogue.js';

/** Plans: the public list feeds the signup page; everything else is the super user's. */
export function plansRoutes(app: HttpApp, deps: { catalogue: Catalogue; guards: Guards }): void {
  const { catalogue, guards } = deps;
  const tags = ['plans'];

  app.get('/api/plans/list', { schema: { tags, response: { 200: z.array(publicPlan) } } }, async () =>
    (await catalogue.listPublicPlans()).map(({ createdAt: _c, updatedAt: _u, ...rest }) => rest),
  );
  app.get('/api/plans/all', { preHandler: guards.super, schema: { tags, response: { 200: z.array(plan) } } }, () => catalogue.allPlans());
  app.post('/api/plans', { preHandler: guards.super, schema: { tags, body: createPlanBody, response: { 201: plan } } }, async (request, reply) =>
    reply.status(201).send(await catalogue.createPlan(request.body)),
  );
  app.put('/api/plans/:id', { preHandler: guards.super, schema: { tags, params: idParams, body: updatePlanBody, response: { 200: plan } } }, (request) =>
    catalogue.updatePlan(request.params.id, request.body),
  );
  app.delete('/api/plans/:id', { preHandler: guards.super, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await catalogue.removePlan(request.params.id);
    return { message: 'Plan deleted' };
  });
}
