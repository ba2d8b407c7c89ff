import { z } from 'zod';
import { companySettingOneQuery, id, setting, updateCompanySettingBody, updateSettingBody, versionAnswer, type Guards, type HttpApp } from '@atende/kit';
import type { Settings } from '../domain/settings.js';

const keyParams = z.object({ key: z.string().min(1).max(60) });
const keyValue = z.object({ key: z.string(), value: z.string() });

/** Settings of the caller's company, the public whitelabel keys and the platform version. */
export function settingsRoutes(app: HttpApp, deps: { settings: Settings; guards: Guards; version: string }): void {
  const { settings, guards } = deps;
  const tags = ['settings'];

  app.get('/api/settings', { preHandler: guards.admin, schema: { tags, response: { 200: z.array(setting) } } }, (request) => settings.list(request.auth));
  app.get('/api/setting/:key', { preHandler: guards.authenticated, schema: { tags, params: keyParams, response: { 200: keyValue } } }, (request) =>
    settings.get(request.auth, request.params.key),
  );
  app.put('/api/settings/:key', { preHandler: guards.admin, schema: { tags, params: keyParams, body: updateSettingBody, response: { 200: setting } } }, (request) =>
    settings.update(request.auth, request.params.key, request.body.value),
  );
  app.get('/api/public-settings/:key', { schema: { tags, params: keyParams, response: { 200: z.string() } } }, (request) =>
    settings.publicValue(request.params.key),
  );
  app.get(
    '/api/companySettings/:id',
    { preHandler: guards.authenticated, schema: { tags, params: z.object({ id }), response: { 200: z.record(z.string(), z.union([z.string(), z.number()])) } } },
    (request) => settings.ofCompany(request.auth, request.params.id),
  );
  app.get(
    '/api/companySettingOne',
    { preHandler: guards.authenticated, schema: { tags, querystring: companySettingOneQuery, response: { 200: z.record(z.string(), z.string()) } } },
    (request) => settings.one(request.auth, request.query.column),
  );
  app.put('/api/companySettings', { preHandler: guards.admin, schema: { tags, body: updateCompanySettingBody, response: { 200: setting } } }, (request) =>
    settings.update(request.auth, request.body.column, request.body.data),
  );
  app.get('/api/version', { schema: { tags: ['platform'], response: { 200: versionAnswer } } }, () => ({ version: deps.version }));
}
