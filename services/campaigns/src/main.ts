import { platformVersion, runService } from '@atende/kit';
import { campaignsConfigShape, createCampaignsService } from './index.js';

await runService(
  { ...process.env, PORT: process.env.PORT ?? '3005' },
  { name: 'campaigns', version: platformVersion, configShape: campaignsConfigShape, factory: createCampaignsService },
);
