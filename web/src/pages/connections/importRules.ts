import dayjs from 'dayjs';
import { IMPORT_PREPARING_MS, importStatus, type ImportMessagesEvent, type ImportProgress, type WhatsappConnection } from '@atende/kit/contracts';

/**
 * Pure rules of a connection's history import on the connections screen (spec 001 §2 progress card and
 * close-imported button, §4 import progress events and editing a connected connection, §9 preparing 35 s).
 * Unit-tested in importRules.test.ts.
 */

/** The progress each connection's import told last (importMessages-{companyId}), by connection id. */
export type ImportProgressMap = Readonly<Record<number, ImportProgress>>;

/** `update` sets the connection's progress; `refresh` clears it (the list reloads). Anything else changes nothing. */
export function applyImportEvent(map: ImportProgressMap, event: ImportMessagesEvent | null | undefined): ImportProgressMap {
  if (!event || typeof event.connectionId !== 'number') return map;
  if (event.action === 'refresh') {
    if (!(event.connectionId in map)) return map;
    const next = { ...map };
    delete next[event.connectionId];
    return next;
  }
  if (event.action === 'update' && event.status && typeof event.status.this === 'number') return { ...map, [event.connectionId]: event.status };
  return map;
}

/** When an import that is gathering the history started (statusImportMessages holds its time in ms), else null. */
export function importStartedAt(statusImportMessages: string | null | undefined): number | null {
  if (!statusImportMessages || !/^\d{10,16}$/.test(statusImportMessages)) return null;
  const ms = Number(statusImportMessages);
  return Number.isFinite(ms) ? ms : null;
}

/** What the session column shows about the import: the close-imported button, the disabled 'preparing' spinner, or nothing. */
export type ImportBadge = 'closeTickets' | 'preparing' | null;

/**
 * Spec 001 §2: the close-imported button when the import says so; 'preparing' while the live progress says
 * so (this = -1) or, without it, for 35 seconds after the import started.
 */
export function importBadge(
  connection: Pick<WhatsappConnection, 'statusImportMessages'>,
  progress: ImportProgress | undefined,
  now: number,
): ImportBadge {
  if (connection.statusImportMessages === importStatus.closeTickets) return 'closeTickets';
  if (progress && progress.this === -1) return 'preparing';
  const started = importStartedAt(connection.statusImportMessages);
  if (started !== null && now < started + IMPORT_PREPARING_MS && !(progress && progress.this >= 0)) return 'preparing';
  return null;
}

/** When the 'preparing' indicator of a connection ends by itself (its start plus 35 s), if that is still ahead. */
export function preparingEndsAt(connection: Pick<WhatsappConnection, 'statusImportMessages'>, now: number): number | null {
  const started = importStartedAt(connection.statusImportMessages);
  return started !== null && started + IMPORT_PREPARING_MS > now ? started + IMPORT_PREPARING_MS : null;
}

/** The progress card's figures: percent done (null while preparing), and the last message's time as dd/MM/yy HH:mm. */
export function progressFigures(progress: ImportProgress): { percent: number | null; date: string } {
  const percent = progress.this < 0 ? null : progress.all > 0 ? Math.min(100, Math.floor((progress.this / progress.all) * 100)) : 100;
  const d = progress.date ? dayjs(progress.date) : null;
  return { percent, date: d && d.isValid() ? d.format('DD/MM/YY HH:mm') : '' };
}

/** How long an import's gathering or handing-on counts as under way (a crash may leave its state behind). */
const UNDER_WAY_MS = 30 * 60_000;

/** Whether an import of the connection is gathering or handing messages on now. */
export function importUnderWay(statusImportMessages: string | null | undefined, now: number): boolean {
  if (statusImportMessages === importStatus.running) return true;
  const started = importStartedAt(statusImportMessages);
  return started !== null && now - started < UNDER_WAY_MS;
}

/**
 * Spec 001 §4: saving a connected connection with the import on restarts its session first (after a
 * warning): WhatsApp sends the history only to a newly paired device. Not while its import is under way.
 */
export function importNeedsNewPairing(
  stored: Pick<WhatsappConnection, 'status' | 'statusImportMessages'> | null,
  body: { importOldMessages?: string | null },
  now: number,
): boolean {
  return !!stored && stored.status === 'CONNECTED' && !!body.importOldMessages && !importUnderWay(stored.statusImportMessages, now);
}

/**
 * A session still pairing (QR code shown) when the import is turned on starts again after the save, so the
 * device it pairs as asks WhatsApp for the whole history.
 */
export function importRenewsPairing(
  stored: Pick<WhatsappConnection, 'status' | 'importOldMessages'> | null,
  body: { importOldMessages?: string | null },
): boolean {
  return !!stored && !!body.importOldMessages && !stored.importOldMessages && (stored.status === 'qrcode' || stored.status === 'PAIRING');
}
