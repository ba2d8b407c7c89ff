import { randomBytes } from 'node:crypto';
import type { Queue } from '@atende/kit';
import { fullPlan, makeUser, startServiceHarness, type ServiceHarness } from '@atende/kit/testing';
import type { ChannelsConfig } from '../config.js';
import type { ChannelDriver, DriverContext, DriverFactory } from '../drivers/types.js';
import type { SessionAction, SessionManager } from '../domain/sessions.js';
import { createChannelsService } from '../index.js';

/**
 * The channels service alone on a throwaway PostgreSQL database and an in-process bus, for route,
 * consumer and session tests without the other services: auth's user lookups are answered from
 * `users`, the company directory from `plans`/`companyFields`, access tokens are signed here, and
 * sessions run on fake drivers (or a recording session manager) so nothing reaches WhatsApp.
 */
export type Harness = ServiceHarness & {
  /** The commands asked of the session manager, when the harness runs with `recordSessions`. */
  commands: SessionCommand[];
  /** The sessions the fake drivers were started for, when the harness runs the real session manager. */
  drivers: FakeDrivers;
  /** A queue created in tickets, announced so the channels projection has it; answers its id. */
  addQueue(companyId: number, name: string, fields?: Partial<Queue>): Promise<number>;
};

/** Until `probe` answers something truthy, letting the bus deliver between tries (10 ms apart, `tries` times). */
export async function waitFor<T>(h: Pick<Harness, 'flush'>, probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, tries = 300): Promise<T> {
  for (let i = 0; i < tries; i++) {
    await h.flush();
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export type SessionCommand = { companyId: number; connectionId: number; action: SessionAction };

export const testConfig: ChannelsConfig = {
  CONNECTION_MEDIA_MAX_BYTES: 64 * 1024,
  CHANNELS_RUN_SESSIONS: true,
  SESSION_LEASE_MS: 30_000,
  // History imports start this long after the last piece of history a fake session sent.
  HISTORY_IMPORT_QUIET_MS: 200,
  // Auto-response windows are read on this wall clock.
  TICKETS_TIME_ZONE: 'America/Sao_Paulo',
  // Facebook and Instagram: not configured unless a test gives an app and a fake Graph server (testing/fake-graph.ts).
  FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9',
  FACEBOOK_GRAPH_VERSION: 'v18.0',
  FACEBOOK_LOGIN_VERSION: 'v9.0',
  FACEBOOK_BUSINESS_SCOPE: false,
  // AI providers: tests that call one start a fake OpenAI-compatible server and point these at it.
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  GROQ_BASE_URL: 'http://127.0.0.1:9/groq/v1',
  GEMINI_BASE_URL: 'http://127.0.0.1:9/gemini/v1',
  AI_TIMEOUT_MS: 20_000,
  TRANSCRIPTION_TIMEOUT_MS: 60_000,
  // Nothing leaves the machine: tests that need Google start their own fakes and point these at them.
  GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9/token',
  DIALOGFLOW_API_URL: 'http://127.0.0.1:9',
  INTEGRATION_TEST_TIMEOUT_MS: 10_000,
  // Bot runtime: tests point integrations and OPENAI_BASE_URL at local fakes.
  BOT_TIMEOUT_MS: 2_000,
  PROMPT_MODEL: 'gpt-4o-mini',
  // AI prompts with a voice: tests that speak start a fake Azure text-to-speech server and point this at it.
  AZURE_TTS_URL: 'http://127.0.0.1:9/{region}/cognitiveservices/v1',
};

/** A session manager that runs nothing and records what it was asked. */
export function recordingSessions(commands: SessionCommand[]): SessionManager {
  return {
    async start() {},
    async stop() {},
    async command(companyId, connectionId, action) {
      commands.push({ companyId, connectionId, action });
    },
    connected: () => undefined,
  };
}

export type FakeDrivers = {
  /** The context each started session was given (report status through `events`). */
  started: DriverContext[];
  sent: { connectionId: number; command: Parameters<ChannelDriver['send']>[0] }[];
  loggedOut: number[];
  closed: number[];
  factory: DriverFactory;
};

/** Drivers that connect to nothing: they record what the session manager does and let tests report. */
export function fakeDrivers(): FakeDrivers {
  const drivers: FakeDrivers = {
    started: [],
    sent: [],
    loggedOut: [],
    closed: [],
    factory: async (context) => {
      drivers.started.push(context);
      return {
        async send(command) {
          drivers.sent.push({ connectionId: context.connectionId, command });
          return { wid: `fake-${randomBytes(6).toString('hex')}` };
        },
        async logout() {
          drivers.loggedOut.push(context.connectionId);
        },
        async close() {
          drivers.closed.push(context.connectionId);
        },
      };
    },
  };
  return drivers;
}

export { fullPlan, makeUser };

export type HarnessOptions = {
  config?: Partial<ChannelsConfig>;
  /** Record session commands instead of running the real session manager. */
  recordSessions?: boolean;
  /** Drivers for the real session manager (default: fakeDrivers() for whatsapp and whatsappapi). */
  drivers?: Partial<Record<string, DriverFactory>>;
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const commands: SessionCommand[] = [];
  const drivers = fakeDrivers();
  // Queue ids as tickets would give them (the projection's primary key).
  let nextQueueId = 1000;
  const base = await startServiceHarness({
    schema: 'channels',
    create: (ctx) =>
      createChannelsService(
        ctx,
        { ...testConfig, ...options.config },
        options.recordSessions
          ? { sessions: recordingSessions(commands) }
          : { drivers: options.drivers ?? { whatsapp: drivers.factory, whatsappapi: drivers.factory } },
      ),
  });
  const harness: Harness = Object.assign(base, {
    commands,
    drivers,
    async addQueue(companyId: number, name: string, fields: Partial<Queue> = {}) {
      const id = nextQueueId++;
      const now = new Date().toISOString();
      const queue: Queue = {
        id, companyId, name, color: `#${randomBytes(3).toString('hex')}`, greetingMessage: '', outOfHoursMessage: '', orderQueue: null,
        tempoRoteador: 0, ativarRoteador: false, integrationId: null, fileListId: null, closeTicket: false, schedules: [], createdAt: now, updatedAt: now,
        ...fields,
      };
      await base.publish('tickets.queue.created', companyId, { queue });
      return queue.id;
    },
  });
  return harness;
}
