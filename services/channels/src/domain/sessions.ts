// Implemented by the sessions work: see the brief. This file's exported names are the contract.
import type { Logger } from 'pino';
import type { ServiceContext, UnitOfWork } from '@atende/kit';
import type { ChannelsConfig } from '../config.js';
import type { ChannelsDb } from '../deps.js';
import type { DriverFactory } from '../drivers/types.js';

export type SessionAction = 'start' | 'renew' | 'logout' | 'stop';

export type SessionManager = {
  /** Runs on service start: resumes the sessions this worker may hold (when CHANNELS_RUN_SESSIONS). */
  start(): Promise<void>;
  /** Closes every session this process runs (credentials kept) and gives up its leases. */
  stop(): Promise<void>;
  /** Ask whichever worker runs (or will run) the connection's session to act; resolves once asked. */
  command(companyId: number, connectionId: number, action: SessionAction): Promise<void>;
};

export type SessionManagerDeps = {
  ctx: ServiceContext;
  config: ChannelsConfig;
  db: ChannelsDb;
  unitOfWork: UnitOfWork<ChannelsDb>;
  drivers: Partial<Record<string, DriverFactory>>;
  logger?: Logger;
};

export declare function createSessionManager(deps: SessionManagerDeps): SessionManager;
