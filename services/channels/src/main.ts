import { platformVersion, runService } from '@atende/kit';
import { channelsConfigShape, createChannelsService } from './index.js';

await runService(
  { ...process.env, PORT: process.env.PORT ?? '3004' },
  { name: 'channels', version: platformVersion, configShape: channelsConfigShape, factory: createChannelsService },
);
