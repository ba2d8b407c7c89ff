import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Directory, Guards, HttpApp, ServiceContext, UnitOfWork, User } from '@atende/kit';
import type { CampaignsConfig } from './config.js';
import type { schema } from './db/schema.js';

export type CampaignsDb = PostgresJsDatabase<typeof schema>;

/** What every route module and event handler of the campaigns service is given. */
export type CampaignsDeps = {
  ctx: ServiceContext;
  config: CampaignsConfig;
  db: CampaignsDb;
  unitOfWork: UnitOfWork<CampaignsDb>;
  guards: Guards;
  /** Users as auth knows them (names, profiles, queues), cached. */
  users: Directory<number, User | null>;
};

/** A group of routes: registered in index.ts's `routeModules`, one line each. */
export type RouteModule = (app: HttpApp, deps: CampaignsDeps) => void | Promise<void>;

/** Background work (due schedules, campaign shipments): started with the service, stopped with it. */
export type Worker = { start(): void; stop(): Promise<void> };
