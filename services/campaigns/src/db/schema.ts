import { outboxTables } from '@atende/kit';
import { campaignsSchema } from './pg-schema.js';
import * as campaignTables from './campaigns.schema.js';
import * as contactListTables from './contact-lists.schema.js';
import * as scheduleTables from './schedules.schema.js';

export { campaignsSchema };
export * from './campaigns.schema.js';
export * from './contact-lists.schema.js';
export * from './schedules.schema.js';

export const { outbox, processedEvents } = outboxTables(campaignsSchema);

export const schema = { ...contactListTables, ...scheduleTables, ...campaignTables, outbox, processedEvents };
