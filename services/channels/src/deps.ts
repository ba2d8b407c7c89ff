import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Guards, HttpApp, ServiceContext, UnitOfWork } from '@atende/kit';
import type { ChannelsConfig } from './config.js';
import type { schema } from './db/schema.js';
import type { SessionManager } from './domain/sessions.js';

export type ChannelsDb = PostgresJsDatabase<typeof schema>;

/** What every route module and event handler of the channels service is given. */
export type ChannelsDeps = {
  ctx: ServiceContext;
  config: ChannelsConfig;
  db: ChannelsDb;
  unitOfWork: UnitOfWork<ChannelsDb>;
  guards: Guards;
  /** The sessions this process runs (or asks the worker that runs them to act on). */
  sessions: SessionManager;
};

/** A group of routes: registered in index.ts's `routeModules`, one line each. */
export type RouteModule = (app: HttpApp, deps: ChannelsDeps) => void | Promise<void>;
