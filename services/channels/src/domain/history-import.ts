import type { Logger } from 'pino';
import { importStatus, type Emit, type EventData, type SendCommand, type UnitOfWork } from '@atende/kit';
import type { ChannelsDb } from '../deps.js';
import type { HistoryBatch, HistoryMessage, InboundMessage } from '../drivers/types.js';
import { sessionsRepository, type SessionConnectionRow } from '../db/sessions.repository.js';

/**
 * Importing a connection's old messages (spec 001 §3 importOldMessages … statusImportMessages, §4 import
 * progress, §9 import window): WhatsApp sends a newly paired device its chat history in pieces; the
 * messages of the window the connection asks for are gathered until no piece came for a while (or the
 * channel said it sent the last one), then handed to tickets oldest first as channels.message.received
 * marked `imported`, with progress on importMessages-{companyId}.
 */

/** The part of the history a connection imports. Bounds inclusive. */
export type ImportWindow = { from: Date; to: Date; groups: boolean };

/** Most messages one import keeps in memory (two years of a busy phone stay well below). */
export const HISTORY_IMPORT_MAX = 200_000;

type ImportSettings = Pick<SessionConnectionRow, 'importOldMessages' | 'importRecentMessages' | 'importOldMessagesGroups'>;

/** The window a connection asks for: importOldMessages to importRecentMessages (or now), groups only with importOldMessagesGroups; null: no import waiting. */
export function importWindow(row: ImportSettings, now: Date): ImportWindow | null {
  if (!row.importOldMessages) return null;
  const to = row.importRecentMessages && row.importRecentMessages.getTime() < now.getTime() ? row.importRecentMessages : now;
  return { from: row.importOldMessages, to, groups: row.importOldMessagesGroups };
}

/**
 * The messages of the window, oldest first (the history comes newest first): within [from, to], group
 * messages only when the window takes groups, each wid once.
 */
export function selectHistory<T extends Pick<InboundMessage, 'wid' | 'timestamp' | 'isGroup'>>(messages: readonly T[], window: ImportWindow): T[] {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const message of messages) {
    const at = message.timestamp * 1000;
    if (!(at >= from && at <= to)) continue;
    if (message.isGroup && !window.groups) continue;
    if (seen.has(message.wid)) continue;
    seen.add(message.wid);
    kept.push(message);
  }
  // Array sort is stable: messages of the same second keep the channel's order.
  return kept.sort((a, b) => a.timestamp - b.timestamp);
}

/** Progress is told every this many messages (about a hundred updates per import, and the last one). */
export const progressEvery = (total: number): number => Math.max(1, Math.ceil(total / 100));

/** What statusImportMessages says once the import handed everything on: the close-imported button shows unless its tickets were created closed (or there were none). */
export const finishedStatus = (closedTicketsPostImported: boolean, imported: number): string =>
  closedTicketsPostImported || imported === 0 ? importStatus.finished : importStatus.closeTickets;

/** The session a piece of history came from. `current`: this process still runs that session. */
export type ImportSession = { connectionId: number; companyId: number; channel: SendCommand['channel']; current(): boolean };

export type HistoryImporterDeps = {
  db: ChannelsDb;
  unitOfWork: UnitOfWork<ChannelsDb>;
  logger: Logger;
  /** How long after the last piece of history the import starts (HISTORY_IMPORT_QUIET_MS). */
  quietMs: number;
  /** The connection's events once its import state changed (channels.connection.updated and the session's). */
  announce(tx: ChannelsDb, emit: Emit, row: SessionConnectionRow): Promise<void>;
  now?: () => Date;
};

type Run = {
  session: ImportSession;
  window: ImportWindow;
  kept: Map<string, HistoryMessage>;
  timer: NodeJS.Timeout | undefined;
  state: 'gathering' | 'running' | 'ended';
};

type Progress = EventData<'channels.import.progress'>;

export function createHistoryImporter(deps: HistoryImporterDeps) {
  const { db, unitOfWork, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const runs = new Map<number, Run>();
  /** One connection's pieces are handled one after the other (the first one decides whether there is an import). */
  const chains = new Map<number, Promise<void>>();
  let stopped = false;

  /** Stores the import state and tells the screens (one commit). */
  const setState = async (connectionId: number, changes: Parameters<ReturnType<typeof sessionsRepository>['setImportState']>[1], progress: Progress | null) =>
    unitOfWork(async (tx, emit) => {
      const row = await sessionsRepository(tx).setImportState(connectionId, changes);
      if (!row) return;
      await deps.announce(tx, emit, row);
      if (progress) await emit('channels.import.progress', row.companyId, progress);
    });

  const tell = async (companyId: number, progress: Progress) =>
    unitOfWork(async (_tx, emit) => {
      await emit('channels.import.progress', companyId, progress);
    });

  /** The session went away (or the import failed): nothing more is handed on; the import waits for the next pairing's history. */
  const abandon = async (run: Run, why: string): Promise<void> => {
    if (run.state === 'ended') return;
    run.state = 'ended';
    if (run.timer) clearTimeout(run.timer);
    run.kept.clear();
    if (runs.get(run.session.connectionId) === run) runs.delete(run.session.connectionId);
    logger.warn({ connectionId: run.session.connectionId, why }, 'history import abandoned');
    if (stopped) return;
    await setState(run.session.connectionId, { statusImportMessages: null }, { action: 'refresh', connectionId: run.session.connectionId }).catch((err) =>
      logger.error({ err, connectionId: run.session.connectionId }, 'resetting the import state failed'),
    );
  };

  /** Hands the gathered messages to tickets, oldest first, telling the progress; then marks the import finished. */
  const start = async (run: Run): Promise<void> => {
    if (run.state !== 'gathering') return;
    run.state = 'running';
    if (run.timer) clearTimeout(run.timer);
    const { connectionId, companyId, channel } = run.session;
    try {
      const row = await sessionsRepository(db).connection(connectionId);
      if (stopped) return;
      if (!run.session.current()) return await abandon(run, 'session closed');
      if (!row?.importOldMessages) {
        // The import was switched off meanwhile.
        run.state = 'ended';
        runs.delete(connectionId);
        await setState(connectionId, { statusImportMessages: null }, { action: 'refresh', connectionId });
        return;
      }
      const imported = { queueId: row.queueIdImportMessages, closed: row.closedTicketsPostImported };
      const messages = selectHistory([...run.kept.values()], run.window);
      run.kept.clear();
      const total = messages.length;
      await setState(connectionId, { statusImportMessages: importStatus.running }, { action: 'update', connectionId, status: { this: 0, all: total, date: null } });
      const step = progressEvery(total);
      for (let i = 0; i < total; i++) {
        if (stopped) return;
        if (!run.session.current()) return await abandon(run, 'session closed');
        const { loadMedia, ...message } = messages[i]!;
        const media = loadMedia ? await loadMedia().catch(() => message.media) : message.media;
        const done = i + 1;
        await unitOfWork(async (_tx, emit) => {
          await emit('channels.message.received', companyId, { ...message, media, connectionId, channel, imported });
          if (done % step === 0 || done === total) {
            await emit('channels.import.progress', companyId, {
              action: 'update',
              connectionId,
              status: { this: done, all: total, date: new Date(message.timestamp * 1000).toISOString() },
            });
          }
        });
      }
      run.state = 'ended';
      runs.delete(connectionId);
      // Done: the dates are cleared (the editor's switch is off again; a new import is a new choice).
      await setState(
        connectionId,
        { statusImportMessages: finishedStatus(imported.closed, total), importOldMessages: null, importRecentMessages: null },
        { action: 'refresh', connectionId },
      );
      logger.info({ connectionId, imported: total }, 'history import finished');
    } catch (err) {
      logger.error({ err, connectionId }, 'history import failed');
      await abandon(run, 'failed');
    }
  };

  const receive = async (session: ImportSession, batch: HistoryBatch): Promise<void> => {
    if (stopped || !session.current()) return;
    const { connectionId } = session;
    let run = runs.get(connectionId);
    if (run && !run.session.current()) {
      await abandon(run, 'session replaced');
      run = undefined;
    }
    // Pieces arriving once the messages are being handed on are not part of this import.
    if (run && run.state !== 'gathering') return;
    const first = !run;
    if (!run) {
      const row = await sessionsRepository(db).connection(connectionId);
      const window = row ? importWindow(row, now()) : null;
      if (!window) return;
      run = { session, window, kept: new Map(), timer: undefined, state: 'gathering' };
      runs.set(connectionId, run);
    }
    for (const message of selectHistory(batch.messages, run.window)) {
      if (run.kept.size >= HISTORY_IMPORT_MAX) {
        logger.warn({ connectionId, max: HISTORY_IMPORT_MAX }, 'history import keeps only the first messages it was sent');
        break;
      }
      if (!run.kept.has(message.wid)) run.kept.set(message.wid, message);
    }
    const preparing: Progress = { action: 'update', connectionId, status: { this: -1, all: run.kept.size, date: null } };
    // The import's start time (the screen's 'preparing' indicator counts from it).
    if (first) await setState(connectionId, { statusImportMessages: String(now().getTime()) }, preparing);
    else await tell(session.companyId, preparing);
    if (run.timer) clearTimeout(run.timer);
    const current = run;
    if (batch.final) void start(current);
    else {
      current.timer = setTimeout(() => void start(current), deps.quietMs);
      current.timer.unref?.();
    }
  };

  return {
    /** A piece of history a session received: gathered when its connection waits for an import, else dropped. */
    history(session: ImportSession, batch: HistoryBatch): Promise<void> {
      const previous = chains.get(session.connectionId) ?? Promise.resolve();
      const next = previous
        .then(() => receive(session, batch))
        .catch((err) => logger.error({ err, connectionId: session.connectionId }, 'history piece not handled'));
      chains.set(session.connectionId, next);
      void next.finally(() => {
        if (chains.get(session.connectionId) === next) chains.delete(session.connectionId);
      });
      return next;
    },
    /** Whether an import of this connection is gathering or handing messages on here. */
    busy: (connectionId: number): boolean => runs.has(connectionId),
    /** The process (re)starts its sessions. */
    start(): void {
      stopped = false;
    },
    /** The process stops: timers end, running imports stop between two messages (they run again on the next pairing). */
    stop(): void {
      stopped = true;
      for (const run of runs.values()) {
        run.state = 'ended';
        if (run.timer) clearTimeout(run.timer);
      }
      runs.clear();
    },
  };
}
export type HistoryImporter = ReturnType<typeof createHistoryImporter>;
