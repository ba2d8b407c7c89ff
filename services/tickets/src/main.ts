import { platformVersion, runService } from '@atende/kit';
import { createTicketsService, ticketsConfigShape } from './index.js';

await runService(
  { ...process.env, PORT: process.env.PORT ?? '3003' },
  { name: 'tickets', version: platformVersion, configShape: ticketsConfigShape, factory: createTicketsService },
);
