import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Logger } from 'pino';
import { eventSchemas, isSettingOn, makeEnvelope, mediaBase, settingValue, type Emit, type Envelope, type EventData, type SendCommand, type ServiceContext, type SessionStatus, type Subscription, type UnitOfWork } from '@atende/kit';
import type { ChannelsConfig } from '../config.js';
import type { ChannelsDb } from '../deps.js';
import type { ChannelDriver, DriverContext, DriverEvents, DriverFactory, IncomingCall, KeyStore } from '../drivers/types.js';
import { phoneContactsRepository } from '../db/phone-contacts.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { sessionsRepository, type SessionConnectionRow } from '../db/sessions.repository.js';
import { createHistoryImporter, importWindow } from './history-import.js';
import { toConnectionProjection, toWhatsappConnection } from './presenters.js';
import { SessionNotConnectedError, nextSessionState, sessionChannels, shouldResume, type SessionState } from './session-state.js';

export type SessionAction = 'start' | 'renew' | 'logout' | 'stop';

/** What the conversation shows of a call the company refused (settings acceptCallWhatsapp disabled). */
export const CALL_RECORD = { voice: '📞 Chamada de voz recusada', video: '📹 Chamada de vídeo recusada' } as const;

export type SessionManager = {
  /** Runs on service start: resumes the sessions this worker may hold (when CHANNELS_RUN_SESSIONS). */
  start(): Promise<void>;
  /** Closes every session this process runs (credentials kept) and gives up its leases. */
  stop(): Promise<void>;
  /** Ask whichever worker runs (or will run) the connection's session to act; resolves once asked. */
  command(companyId: number, connectionId: number, action: SessionAction): Promise<void>;
  /** The driver of a session this process runs and that is CONNECTED (delivery goes straight to it), else undefined. */
  connected(connectionId: number): ChannelDriver | undefined;
};

export type SessionManagerDeps = {
  ctx: ServiceContext;
  config: ChannelsConfig;
  db: ChannelsDb;
  unitOfWork: UnitOfWork<ChannelsDb>;
  drivers: Partial<Record<string, DriverFactory>>;
  logger?: Logger;
  /** This worker's name in the leases (default: random per process). */
  workerId?: string;
};

/** A session this process runs. `generation` tells a stale driver's late reports from the current one's. */
type RunningSession = {
  connectionId: number;
  companyId: number;
  channel: string;
  driver: ChannelDriver | null;
  status: SessionStatus;
  generation: number;
  /** Reports and commands of one session are applied one after the other, in order. */
  queue: Promise<void>;
  /** The session's messages, acks and changes, published one after the other. */
  publishing: Promise<void>;
  draining: boolean;
  drainAgain: boolean;
};

/**
 * Sessions across workers. Each connection's session runs in the one process holding its lease in
 * channels.session_leases (renewed every third of SESSION_LEASE_MS; taken over once expired). Commands
 * travel as the fan-out 'channels.session.command': every session-running process hears them, the holder
 * (or whoever takes the free lease) acts. On start a worker resumes the connections that were paired or
 * being paired (see shouldResume). Sends that no local connected session can deliver wait in
 * channels.pending_sends and are drained, in order, by the holder once connected. What the phone knows
 * (address book, chats) is stored in channels.phone_contacts, so any worker answers channels.contacts.fetch.
 */
export function createSessionManager(deps: SessionManagerDeps): SessionManager {
  const { ctx, config, db, unitOfWork } = deps;
  const logger = (deps.logger ?? ctx.logger).child({ module: 'sessions' });
  const workerId = deps.workerId ?? `${process.pid}-${randomUUID()}`;
  const repo = sessionsRepository(db);
  const phoneContacts = phoneContactsRepository(db);
  const sessions = new Map<number, RunningSession>();
  const subscriptions: Subscription[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let generations = 0;

  const factoryFor = async (channel: string): Promise<DriverFactory> => {
    const given = deps.drivers[channel];
    if (given) return given;
    // Loaded only when a session starts: the service runs (and answers the API) without Baileys in memory.
    const { createBaileysDriver } = await import('../drivers/baileys.js');
    return createBaileysDriver;
  };

  /** The connection's events after a state change: session update and the connection as others see it. */
  const announce = async (tx: ChannelsDb, emit: Emit, row: SessionConnectionRow): Promise<void> => {
    const queues = new Map((await queuesRepository(tx).byIds(row.companyId, row.queueIds)).map((q) => [q.id, q]));
    const session = { id: row.id, status: row.status as SessionStatus, qrcode: row.qrcode, retries: row.retries, updatedAt: row.updatedAt.toISOString() };
    await emit('channels.session.updated', row.companyId, { session });
    await emit('channels.connection.updated', row.companyId, {
      connection: toConnectionProjection(row),
      // The socket event reaches the whole company: the token (admins' secret) stays out of it.
      whatsapp: toWhatsappConnection(row, queues, { showToken: false, withQrcode: true, mediaUrl: (key) => ctx.media.url(mediaBase('channels'), key) }),
    });
  };

  /** History imports (spec 001 §3): what the sessions' drivers receive on pairing, handed to tickets. */
  const importer = createHistoryImporter({ db, unitOfWork, logger, quietMs: config.HISTORY_IMPORT_QUIET_MS, announce });

  /** Stores a state and announces it (one commit); null update rule result: nothing written. */
  const writeState = async (connectionId: number, decide: (current: SessionState) => SessionState | null): Promise<SessionConnectionRow | undefined> =>
    unitOfWork(async (tx, emit) => {
      const r = sessionsRepository(tx);
      const row = await r.connection(connectionId);
      if (!row) return undefined;
      const next = decide({ status: row.status as SessionStatus, qrcode: row.qrcode, retries: row.retries, number: row.number });
      if (!next) return row;
      const updated = await r.setState(connectionId, next);
      if (updated) await announce(tx, emit, updated);
      return updated;
    });

  /** Sends waiting for a connection that will never deliver them fail (ack -1), telling tickets. */
  const failPending = async (connectionId: number, error: string): Promise<void> => {
    await unitOfWork(async (tx, emit) => {
      for (const pending of await sessionsRepository(tx).takePendingSends(connectionId)) {
        await emit('channels.message.ack', pending.companyId, { messageId: pending.command.messageId, wid: null, ack: -1, error });
      }
    });
  };

  const enqueue = (session: RunningSession, work: () => Promise<void>): Promise<void> => {
    const next = session.queue.then(work).catch((err) => logger.error({ err, connectionId: session.connectionId }, 'session work failed'));
    session.queue = next;
    return next;
  };

  const keyStore = (connectionId: number): KeyStore => ({
    get: (keys) => repo.getKeys(connectionId, keys),
    set: (entries) => repo.setKeys(connectionId, entries),
    clear: () => repo.clearKeys(connectionId),
  });

  /** Delivers the connection's waiting sends, oldest first, while its session here is connected. */
  const drain = async (session: RunningSession): Promise<void> => {
    if (session.draining) {
      session.drainAgain = true;
      return;
    }
    session.draining = true;
    try {
      do {
        session.drainAgain = false;
        for (;;) {
          const driver = session.status === 'CONNECTED' ? session.driver : null;
          if (!driver || sessions.get(session.connectionId) !== session) return;
          const sent = await unitOfWork(async (tx, emit) => {
            const r = sessionsRepository(tx);
            const pending = await r.nextPendingSend(session.connectionId);
            if (!pending) return false;
            await emit('channels.message.ack', pending.companyId, await sendAndAck(driver, pending.command));
            await r.removePendingSend(pending.id);
            return true;
          });
          if (!sent) break;
        }
      } while (session.drainAgain);
    } catch (err) {
      logger.warn({ err, connectionId: session.connectionId }, 'delivering waiting sends failed; they wait for the next connection');
    } finally {
      session.draining = false;
    }
  };

  const driverEvents = (session: RunningSession, generation: number): DriverEvents => {
    const current = () => sessions.get(session.connectionId) === session && session.generation === generation;
    /** `admit`: read in the publishing transaction, false drops the event (nothing is published). */
    const publish = <S extends 'channels.message.received' | 'channels.message.ack' | 'channels.message.changed'>(
      subject: S,
      data: EventData<S>,
      admit?: (tx: ChannelsDb) => Promise<boolean>,
    ) => {
      if (!current()) return;
      // Chained: tickets receives a session's messages and acks in the order the channel gave them.
      session.publishing = session.publishing
        .then(() =>
          unitOfWork(async (tx, emit) => {
            if (admit && !(await admit(tx))) return;
            await emit(subject, session.companyId, data);
          }),
        )
        .catch((err) => logger.error({ err, subject, connectionId: session.connectionId }, 'publishing a session event failed'));
    };
    return {
      status: (update) => {
        void enqueue(session, async () => {
          if (!current()) return;
          session.status = update.status;
          await writeState(session.connectionId, (state) => nextSessionState(state, update));
          if (update.status === 'CONNECTED') void drain(session);
        });
      },
      // A group's messages only on a connection that allows groups (allowGroup, read as it is now): else
      // tickets never hears of them (no contact, ticket or message), as in the Whaticket family.
      message: (message) =>
        publish(
          'channels.message.received',
          { ...message, connectionId: session.connectionId, channel: session.channel as SendCommand['channel'] },
          message.isGroup ? (tx) => sessionsRepository(tx).allowsGroups(session.connectionId) : undefined,
        ),
      history: (batch) => {
        if (!current()) return;
        // The import outlives a reconnect of the same session here (not a logout, a takeover or a stop).
        void importer.history(
          { connectionId: session.connectionId, companyId: session.companyId, channel: session.channel as SendCommand['channel'], current: () => sessions.get(session.connectionId) === session },
          batch,
        );
      },
      ack: (update) => publish('channels.message.ack', update),
      changed: (update) => publish('channels.message.changed', { ...update, connectionId: session.connectionId }),
      loggedOut: () => {
        void enqueue(session, async () => {
          if (!current()) return;
          await endLoggedOut(session, false);
        });
      },
      call: (call) => {
        void enqueue(session, async () => {
          if (!current()) return;
          await refuseCall(session, call, (data) => publish('channels.message.received', data));
        });
      },
      contacts: (list) => {
        // In the session's order: a logout (which forgets them) is not overtaken by a late report.
        void enqueue(session, async () => {
          if (!current()) return;
          await phoneContacts.upsert(session.connectionId, list);
        });
      },
    };
  };

  /**
   * A call while the company does not take calls (setting acceptCallWhatsapp disabled): refused, its
   * AcceptCallWhatsappMessage sent to the caller, and both kept in the conversation (the call as the
   * contact's message, so attendants see who called; the answer as ours). Taking calls: the phone rings.
   */
  const refuseCall = async (session: RunningSession, call: IncomingCall, report: (data: EventData<'channels.message.received'>) => void): Promise<void> => {
    const driver = session.driver;
    if (!driver?.rejectCall) return;
    const settings = (await ctx.companies.get(session.companyId).catch(() => null))?.settings;
    if (isSettingOn(settingValue(settings, 'acceptCallWhatsapp'))) return;
    await driver.rejectCall(call);
    const channel = session.channel as SendCommand['channel'];
    const common = { connectionId: session.connectionId, channel, contact: call.contact, isGroup: false, group: null, media: null, quotedWid: null };
    const at = Date.now() / 1000;
    report({ ...common, wid: `call-${call.id}`.slice(0, 200), fromMe: false, body: call.isVideo ? CALL_RECORD.video : CALL_RECORD.voice, timestamp: at });
    const text = settingValue(settings, 'AcceptCallWhatsappMessage').trim();
    if (!text) return;
    const to = { number: call.contact.number, remoteJid: call.contact.remoteJid ?? call.fromJid, isGroup: false };
    // Not a message of tickets yet (no id): it becomes one when reported below, as a message sent from the phone.
    const { wid } = await driver.send({ messageId: 0, ticketId: 0, connectionId: session.connectionId, channel, to, body: text, media: null, quotedWid: null, kind: 'text', targetWid: null });
    report({ ...common, wid: wid ?? `call-answer-${call.id}`.slice(0, 200), fromMe: true, body: text, timestamp: at + 0.001 });
  };

  /** Starts (or restarts) the session's driver: status OPENING, then whatever the driver reports. */
  const launch = async (session: RunningSession, options: { resetRetries: boolean }): Promise<void> => {
    const previous = session.driver;
    session.driver = null;
    session.generation = ++generations;
    if (previous) await previous.close().catch((err) => logger.warn({ err }, 'closing the previous driver failed'));
    session.status = 'OPENING';
    const row = await writeState(session.connectionId, (state) => ({ ...state, status: 'OPENING', qrcode: '', retries: options.resetRetries ? 0 : state.retries }));
    const generation = session.generation;
    const context: DriverContext = {
      connectionId: session.connectionId,
      companyId: session.companyId,
      keys: keyStore(session.connectionId),
      events: driverEvents(session, generation),
      importHistory: !!row && importWindow(row, new Date()) !== null,
      logger: logger.child({ connectionId: session.connectionId }),
      readMedia: async (key) => {
        const file = await ctx.storage.open(key);
        if (!file) throw new Error(`media ${key} not found`);
        return buffer(file.stream);
      },
      storeMedia: async (data, filename, mimetype) => {
        const ext = (filename.includes('.') ? filename.split('.').pop()! : mimetype.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/gi, '').slice(0, 10) || 'bin';
        return (await ctx.storage.save(session.companyId, 'inbound', data, { mime: mimetype, ext })).key;
      },
    };
    try {
      const driver = await (await factoryFor(session.channel))(context);
      if (session.generation !== generation || sessions.get(session.connectionId) !== session) {
        await driver.close().catch(() => undefined);
        return;
      }
      session.driver = driver;
    } catch (err) {
      logger.error({ err, connectionId: session.connectionId }, 'session driver could not start');
      session.status = 'DISCONNECTED';
      await writeState(session.connectionId, (state) => nextSessionState(state, { status: 'DISCONNECTED' }));
    }
  };

  /** Logged out (by a person here, from the phone, or a page token Facebook revoked): keys and token dropped, DISCONNECTED, waiting sends fail, lease given up. */
  const endLoggedOut = async (session: RunningSession, tellPhone: boolean): Promise<void> => {
    const driver = session.driver;
    session.driver = null;
    session.generation = ++generations;
    sessions.delete(session.connectionId);
    if (driver) await (tellPhone ? driver.logout() : driver.close()).catch((err) => logger.warn({ err }, 'driver logout failed'));
    await repo.forgetCredentials(session.connectionId);
    await phoneContacts.clear(session.connectionId);
    await writeState(session.connectionId, (state) => ({ ...state, status: 'DISCONNECTED', qrcode: '', retries: 0 }));
    await failPending(session.connectionId, 'ERR_WAPP_NOT_INITIALIZED');
    await repo.releaseLease(session.connectionId, workerId);
  };

  /** Closes the session here, credentials kept; `release`: give up the lease (false: it was already lost). */
  const shutDown = async (session: RunningSession, release: boolean): Promise<void> => {
    const driver = session.driver;
    session.driver = null;
    session.generation = ++generations;
    sessions.delete(session.connectionId);
    if (driver) await driver.close().catch((err) => logger.warn({ err }, 'driver close failed'));
    if (release) await repo.releaseLease(session.connectionId, workerId);
  };

  /** The session of this connection here, taking its lease if free; undefined when another worker holds it. */
  const claim = async (connectionId: number): Promise<RunningSession | undefined> => {
    const existing = sessions.get(connectionId);
    if (existing) return existing;
    const row = await repo.connection(connectionId);
    if (!row || !sessionChannels.includes(row.channel as SendCommand['channel'])) return undefined;
    if (!(await repo.acquireLease(connectionId, workerId, config.SESSION_LEASE_MS))) return undefined;
    if (stopped) {
      await repo.releaseLease(connectionId, workerId);
      return undefined;
    }
    const session: RunningSession = {
      connectionId,
      companyId: row.companyId,
      channel: row.channel,
      driver: null,
      status: row.status as SessionStatus,
      generation: 0,
      queue: Promise.resolve(),
      publishing: Promise.resolve(),
      draining: false,
      drainAgain: false,
    };
    sessions.set(connectionId, session);
    return session;
  };

  const act = async (connectionId: number, action: EventData<'channels.session.command'>['action']): Promise<void> => {
    if (stopped) return;
    if (action === 'stop' || action === 'deliver') {
      // Only the holder acts: nobody starts a session to stop it or to deliver (delivery waits for a start).
      const session = sessions.get(connectionId);
      if (!session) return;
      await enqueue(session, async () => {
        if (action === 'stop') await shutDown(session, true);
        else void drain(session);
      });
      return;
    }
    const session = await claim(connectionId);
    if (!session) return;
    await enqueue(session, async () => {
      if (sessions.get(connectionId) !== session) return;
      if (action === 'logout') return endLoggedOut(session, true);
      if (action === 'renew') {
        // A new QR code: the old pairing is forgotten before the driver starts without credentials.
        if (session.driver) {
          const driver = session.driver;
          session.driver = null;
          session.generation = ++generations;
          await driver.close().catch(() => undefined);
        }
        await repo.clearKeys(connectionId);
        await phoneContacts.clear(connectionId);
        return launch(session, { resetRetries: true });
      }
      // start: a person asks to try again; a connected session is left as it is.
      if (session.status === 'CONNECTED' && session.driver) return;
      return launch(session, { resetRetries: true });
    });
  };

  /** Keeps this worker's leases alive, drops sessions whose lease was lost, takes over those of dead workers. */
  const sweep = async (): Promise<void> => {
    const held = [...sessions.keys()];
    const kept = new Set(await repo.renewLeases(held, workerId, config.SESSION_LEASE_MS));
    for (const id of held) {
      const session = sessions.get(id);
      if (session && !kept.has(id)) {
        logger.warn({ connectionId: id }, 'session lease lost to another worker; closing it here');
        await enqueue(session, () => shutDown(session, false));
      }
    }
    await resumeUnheld();
  };

  /**
   * Takes up the sessions no worker runs (see shouldResume): on start, and on every sweep, so a session
   * moves when its worker died (lease expired) or shut down (lease given up).
   */
  const resumeUnheld = async (): Promise<void> => {
    for (const row of await repo.unheldSessions(sessionChannels)) {
      if (stopped || sessions.has(row.id) || !shouldResume(row, row.hasCredentials)) continue;
      const session = await claim(row.id);
      if (session) {
        logger.info({ connectionId: row.id }, 'resuming a session no worker runs');
        void enqueue(session, () => launch(session, { resetRetries: false }));
      }
    }
  };

  return {
    async start() {
      if (!config.CHANNELS_RUN_SESSIONS) return;
      stopped = false;
      importer.start();
      subscriptions.push(
        await ctx.bus.fanout('channels.session.command', async (raw: Envelope) => {
          // Fan-out has no redelivery: a malformed command is dropped.
          const parsed = eventSchemas['channels.session.command'].safeParse(raw.data);
          if (parsed.success) await act(parsed.data.connectionId, parsed.data.action);
        }),
        await ctx.bus.fanout('channels.connection.deleted', async (raw: Envelope) => {
          const id = (raw.data as { connectionId?: unknown })?.connectionId;
          if (typeof id !== 'number') return;
          const session = sessions.get(id);
          if (session) await enqueue(session, () => shutDown(session, true));
          // Its waiting sends are dropped without an ack: tickets keeps them (ack 0) and hands them to the
          // connection its tickets are attached to next.
          await repo.takePendingSends(id);
        }),
      );
      await resumeUnheld();
      const every = Math.max(250, Math.floor(config.SESSION_LEASE_MS / 3));
      timer = setInterval(() => {
        sweep().catch((err) => logger.error({ err }, 'session sweep failed'));
      }, every);
      timer.unref();
    },

    async stop() {
      stopped = true;
      importer.stop();
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const s of subscriptions.splice(0)) await s.unsubscribe().catch(() => undefined);
      await Promise.all([...sessions.values()].map((session) => enqueue(session, () => shutDown(session, true))));
    },

    async command(companyId, connectionId, action) {
      await ctx.bus.publish(makeEnvelope('channels.session.command', companyId, { connectionId, action }));
    },

    connected(connectionId) {
      const session = sessions.get(connectionId);
      return session?.status === 'CONNECTED' && session.driver ? session.driver : undefined;
    },
  };
}

/** Delivers one command through a connected driver; the ack tickets records (1 sent, -1 refused). */
export async function sendAndAck(driver: ChannelDriver, command: SendCommand): Promise<EventData<'channels.message.ack'>> {
  try {
    const { wid } = await driver.send(command);
    return { messageId: command.messageId, wid, ack: 1, error: null };
  } catch (err) {
    if (err instanceof SessionNotConnectedError) throw err;
    const code = (err as { code?: unknown }).code;
    return { messageId: command.messageId, wid: null, ack: -1, error: typeof code === 'string' && code.startsWith('ERR_') ? code : 'ERR_SENDING_WAPP_MSG' };
  }
}
