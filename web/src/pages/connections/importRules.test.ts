import { describe, expect, it } from 'vitest';
import {
  applyImportEvent,
  importBadge,
  importNeedsNewPairing,
  importRenewsPairing,
  importStartedAt,
  importUnderWay,
  preparingEndsAt,
  progressFigures,
} from './importRules';

const NOW = Date.parse('2025-03-10T12:00:00Z');

describe('import progress events (spec 001 §4)', () => {
  it('update sets a connection’s progress, leaving the others', () => {
    const one = applyImportEvent({}, { action: 'update', connectionId: 3, status: { this: -1, all: 0, date: null } });
    const two = applyImportEvent(one, { action: 'update', connectionId: 4, status: { this: 5, all: 10, date: '2024-01-02T08:00:00.000Z' } });
    expect(two).toEqual({ 3: { this: -1, all: 0, date: null }, 4: { this: 5, all: 10, date: '2024-01-02T08:00:00.000Z' } });
    expect(applyImportEvent(two, { action: 'update', connectionId: 3, status: { this: 1, all: 8, date: null } })[3]).toEqual({ this: 1, all: 8, date: null });
  });

  it('refresh clears that connection’s progress', () => {
    const map = { 3: { this: 8, all: 8, date: null }, 4: { this: 1, all: 2, date: null } };
    expect(applyImportEvent(map, { action: 'refresh', connectionId: 3 })).toEqual({ 4: { this: 1, all: 2, date: null } });
    expect(applyImportEvent(map, { action: 'refresh', connectionId: 9 })).toBe(map);
  });

  it('ignores what is not an import event', () => {
    const map = { 3: { this: 1, all: 2, date: null } };
    expect(applyImportEvent(map, null)).toBe(map);
    expect(applyImportEvent(map, { action: 'update' } as never)).toBe(map);
  });
});

describe('the session column’s import badge (spec 001 §2, §9)', () => {
  const started = (msAgo: number) => String(NOW - msAgo);

  it('offers to close the imported tickets when the import says so', () => {
    expect(importBadge({ statusImportMessages: 'renderButtonCloseTickets' }, undefined, NOW)).toBe('closeTickets');
  });

  it('shows preparing for 35 seconds after the import started', () => {
    expect(importBadge({ statusImportMessages: started(10_000) }, undefined, NOW)).toBe('preparing');
    expect(importBadge({ statusImportMessages: started(34_999) }, undefined, NOW)).toBe('preparing');
    expect(importBadge({ statusImportMessages: started(35_000) }, undefined, NOW)).toBeNull();
  });

  it('keeps preparing while the live progress says -1, even past 35 seconds, and stops once messages are handed on', () => {
    expect(importBadge({ statusImportMessages: started(60_000) }, { this: -1, all: 12, date: null }, NOW)).toBe('preparing');
    expect(importBadge({ statusImportMessages: started(5_000) }, { this: 3, all: 12, date: null }, NOW)).toBeNull();
  });

  it('shows nothing for a finished, running or absent import', () => {
    for (const status of [null, 'Finished', 'Running']) expect(importBadge({ statusImportMessages: status }, undefined, NOW)).toBeNull();
  });

  it('reads the start time only from a time in milliseconds', () => {
    expect(importStartedAt('1741608000000')).toBe(1741608000000);
    expect(importStartedAt('Running')).toBeNull();
    expect(importStartedAt('12')).toBeNull();
    expect(importStartedAt(null)).toBeNull();
  });

  it('knows when the preparing indicator ends by itself', () => {
    expect(preparingEndsAt({ statusImportMessages: started(5_000) }, NOW)).toBe(NOW + 30_000);
    expect(preparingEndsAt({ statusImportMessages: started(40_000) }, NOW)).toBeNull();
    expect(preparingEndsAt({ statusImportMessages: 'renderButtonCloseTickets' }, NOW)).toBeNull();
  });
});

describe('the progress card', () => {
  it('shows percent done and the latest message’s time as dd/MM/yy HH:mm', () => {
    const { percent, date } = progressFigures({ this: 25, all: 200, date: '2024-01-02T08:05:00' });
    expect(percent).toBe(12);
    expect(date).toBe('02/01/24 08:05');
  });

  it('has no percent while preparing, and 100 % for an empty import', () => {
    expect(progressFigures({ this: -1, all: 40, date: null })).toEqual({ percent: null, date: '' });
    expect(progressFigures({ this: 0, all: 0, date: null }).percent).toBe(100);
  });
});

describe('saving a connection with the import on (spec 001 §4)', () => {
  const on = { importOldMessages: '2024-01-01T00:00:00.000Z' };

  it('a connected one is paired anew first (warning, qrcode, session deleted)', () => {
    expect(importNeedsNewPairing({ status: 'CONNECTED', statusImportMessages: null }, on, NOW)).toBe(true);
    expect(importNeedsNewPairing({ status: 'CONNECTED', statusImportMessages: 'renderButtonCloseTickets' }, on, NOW)).toBe(true);
  });

  it('not while its import is gathering or handing messages on, nor with the import off, nor when not connected', () => {
    expect(importNeedsNewPairing({ status: 'CONNECTED', statusImportMessages: String(NOW - 60_000) }, on, NOW)).toBe(false);
    expect(importNeedsNewPairing({ status: 'CONNECTED', statusImportMessages: 'Running' }, on, NOW)).toBe(false);
    expect(importNeedsNewPairing({ status: 'CONNECTED', statusImportMessages: null }, { importOldMessages: null }, NOW)).toBe(false);
    expect(importNeedsNewPairing({ status: 'DISCONNECTED', statusImportMessages: null }, on, NOW)).toBe(false);
    expect(importNeedsNewPairing(null, on, NOW)).toBe(false);
  });

  it('an import left behind by a crash long ago no longer counts as under way', () => {
    expect(importUnderWay(String(NOW - 2 * 3_600_000), NOW)).toBe(false);
    expect(importNeedsNewPairing({ status: 'CONNECTED', statusImportMessages: String(NOW - 2 * 3_600_000) }, on, NOW)).toBe(true);
  });

  it('a session showing its QR code gets a new one when the import is turned on', () => {
    expect(importRenewsPairing({ status: 'qrcode', importOldMessages: null }, on)).toBe(true);
    expect(importRenewsPairing({ status: 'qrcode', importOldMessages: '2024-01-01T00:00:00.000Z' }, on)).toBe(false);
    expect(importRenewsPairing({ status: 'DISCONNECTED', importOldMessages: null }, on)).toBe(false);
  });
});
