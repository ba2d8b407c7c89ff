import { pgSchema } from 'drizzle-orm/pg-core';

export const campaignsSchema = pgSchema('campaigns');
