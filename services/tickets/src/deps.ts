import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { CompanyReadCache, Directory, Guards, HttpApp, ServiceContext, UnitOfWork, User } from '@atende/kit';
import type { TicketsConfig } from './config.js';
import type { schema } from './db/schema.js';
import type { MediaUrl } from './domain/presenters.js';

export type TicketsDb = PostgresJsDatabase<typeof schema>;

/** What every route module and event handler of the tickets service is given. */
export type TicketsDeps = {
  ctx: ServiceContext;
  config: TicketsConfig;
  db: TicketsDb;
  unitOfWork: UnitOfWork<TicketsDb>;
  guards: Guards;
  /** Users of the company as auth knows them (names, flags, queues), cached. */
  users: Directory<number, User | null>;
  mediaUrl: MediaUrl;
  /** Serialized answers of the hot reads (ticket list, message pages), dropped on any change of their company. */
  readCache: CompanyReadCache;
};

/** A group of routes: registered in index.ts's `routeModules`, one line each. */
export type RouteModule = (app: HttpApp, deps: TicketsDeps) => void | Promise<void>;
