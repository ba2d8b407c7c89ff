import { campaignSettingsBody, campaignSettingsList } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createCampaignSettingsDesk } from '../domain/campaign-settings.js';

/** Campaign settings (spec 002 §7): admins of companies whose plan has campaigns. */
export const campaignSettingsRoutes: RouteModule = (app, deps) => {
  const desk = createCampaignSettingsDesk(deps);
  const preHandler = deps.guards.adminWithPlan('useCampaigns');
  const tags = ['campaigns'];

  app.get('/api/campaign-settings', { preHandler, schema: { tags, response: { 200: campaignSettingsList } } }, (request) => desk.list(request.auth));

  app.post('/api/campaign-settings', { preHandler, schema: { tags, body: campaignSettingsBody, response: { 200: campaignSettingsList } } }, (request) =>
    desk.save(request.auth, request.body),
  );
};
