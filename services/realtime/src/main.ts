import { runService, platformVersion } from '@atende/kit';
import { createRealtimeService, realtimeConfigShape } from './index.js';

await runService(
  { ...process.env, PORT: process.env.PORT ?? '3006' },
  { name: 'realtime', version: platformVersion, configShape: realtimeConfigShape, factory: createRealtimeService },
);
