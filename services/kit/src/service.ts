import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { TokenVerifier } from './auth/tokens.js';
import type { Bus } from './bus/types.js';
import type { Sql } from './db/client.js';
import type { CompanyWithPlan, Directory } from './directory.js';
import type { HttpApp } from './http/app.js';
import type { RateLimitStore } from './rate-limit.js';
import type { MediaSigner, Storage } from './storage.js';

/** What a service is given, identical in its own process and in standalone. */
export type ServiceContext = {
  mode: 'standalone' | 'cluster';
  logger: Logger;
  sql: Sql;
  bus: Bus;
  verify: TokenVerifier;
  rateLimits: RateLimitStore;
  storage: Storage;
  media: MediaSigner;
  companies: Directory<number, CompanyWithPlan | null>;
  version: string;
};

/**
 * A bounded context. `register` adds its routes (under /api, with their own guards) to the app it is
 * given: its own Fastify in the cluster, the gateway's in standalone. `start` migrates its schema,
 * subscribes its consumers and starts its outbox relay.
 */
export type Service = {
  name: string;
  register(app: HttpApp): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  ready(): Promise<boolean>;
  /** Services that speak websockets (realtime) attach to the HTTP server that carries them. */
  attach?(server: Server): void;
};

/** `config` is the service's own parsed settings (its config.ts schema). */
export type ServiceFactory<C> = (ctx: ServiceContext, config: C) => Service | Promise<Service>;
