import { z } from 'zod';
import { loadConfig, type Service, type ServiceContext } from '@atende/kit';
import { authConfigShape, createAuthService } from '@atende/auth';
import { adminConfigShape, createAdminService } from '@atende/admin';
import { createRealtimeService, realtimeConfigShape } from '@atende/realtime';
import { createTicketsService, ticketsConfigShape } from '@atende/tickets';
import { channelsConfigShape, createChannelsService } from '@atende/channels';
import { campaignsConfigShape, createCampaignsService } from '@atende/campaigns';

type Env = Record<string, string | undefined>;

/** The services standalone runs, in start order. Adding a service is one entry. */
export const serviceRegistry: { name: string; create: (ctx: ServiceContext, env: Env) => Service | Promise<Service> }[] = [
  { name: 'auth', create: (ctx, env) => createAuthService(ctx, loadConfig(z.object(authConfigShape), env)) },
  { name: 'admin', create: (ctx, env) => createAdminService(ctx, loadConfig(z.object(adminConfigShape), env)) },
  { name: 'tickets', create: (ctx, env) => createTicketsService(ctx, loadConfig(z.object(ticketsConfigShape), env)) },
  { name: 'channels', create: (ctx, env) => createChannelsService(ctx, loadConfig(z.object(channelsConfigShape), env)) },
  { name: 'campaigns', create: (ctx, env) => createCampaignsService(ctx, loadConfig(z.object(campaignsConfigShape), env)) },
  { name: 'realtime', create: (ctx, env) => createRealtimeService(ctx, loadConfig(z.object(realtimeConfigShape), env)) },
];
