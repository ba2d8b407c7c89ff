import { describe, expect, it } from 'vitest';
import type { WhatsappConnection } from '@atende/kit/contracts';
import { applyConnectionEvent, applySessionEvent, closesQrDialog, formatUpdatedAt, grandTotal, sessionActions, supportLink } from './connectionRules';

const conn = (over: Partial<WhatsappConnection> = {}): WhatsappConnection =>
  ({ id: 1, companyId: 1, name: 'Main', channel: 'whatsapp', number: '', status: 'qrcode', qrcode: 'QR-1', retries: 0, isDefault: true, token: 'tok', updatedAt: '2026-01-02T10:00:00.000Z', ...over }) as WhatsappConnection;

describe('session actions per status (spec 001 §2)', () => {
  it('offers the QR button while the session waits for a scan', () => {
    expect(sessionActions('qrcode')).toEqual(['showQr']);
  });
  it('offers try again and new QR to a disconnected session', () => {
    expect(sessionActions('DISCONNECTED')).toEqual(['retry', 'newQr']);
  });
  it.each(['CONNECTED', 'PAIRING', 'TIMEOUT'])('offers disconnect while %s', (status) => {
    expect(sessionActions(status)).toEqual(['disconnect']);
  });
  it('shows only the disabled connecting button while opening', () => {
    expect(sessionActions('OPENING')).toEqual(['connecting']);
  });
  it('offers nothing for an unknown status', () => {
    expect(sessionActions('SOMETHING')).toEqual([]);
  });
});

describe('live connection list', () => {
  it('replaces an updated connection and keeps the token the socket does not carry', () => {
    const next = applyConnectionEvent([conn()], { action: 'update', whatsapp: conn({ name: 'Renamed', token: '' }) });
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ name: 'Renamed', token: 'tok' });
  });
  it('adds a connection created elsewhere and removes a deleted one', () => {
    const added = applyConnectionEvent([conn()], { action: 'update', whatsapp: conn({ id: 2, name: 'Second' }) });
    expect(added.map((c) => c.id)).toEqual([1, 2]);
    expect(applyConnectionEvent(added, { action: 'delete', whatsappId: 1 }).map((c) => c.id)).toEqual([2]);
  });
  it('a session update changes only its connection status, QR code and last update', () => {
    const list = [conn(), conn({ id: 2, status: 'CONNECTED', qrcode: '' })];
    const next = applySessionEvent(list, { action: 'update', session: { id: 1, status: 'CONNECTED', qrcode: '', retries: 0, updatedAt: '2026-01-03T11:00:00.000Z' } });
    expect(next[0]).toMatchObject({ status: 'CONNECTED', qrcode: '', updatedAt: '2026-01-03T11:00:00.000Z' });
    expect(next[1]).toBe(list[1]);
  });
  it('closes the QR dialog only for its own session when the QR code is empty', () => {
    const update = (id: number, qrcode: string) => ({ action: 'update' as const, session: { id, status: 'qrcode' as const, qrcode, retries: 0, updatedAt: '' } });
    expect(closesQrDialog(1, update(1, ''))).toBe(true);
    expect(closesQrDialog(1, update(1, 'NEW-QR'))).toBe(false);
    expect(closesQrDialog(1, update(2, ''))).toBe(false);
    expect(closesQrDialog(null, update(1, ''))).toBe(false);
  });
});

describe('tables', () => {
  it('formats the last update as dd/MM/yy HH:mm', () => {
    const local = new Date(2026, 0, 2, 9, 5).toISOString();
    expect(formatUpdatedAt(local)).toBe('02/01/26 09:05');
    expect(formatUpdatedAt(null)).toBe('');
  });
  it('sums every company into the grand total row', () => {
    expect(
      grandTotal([
        { companyId: 1, companyName: 'A', connected: 2, disconnected: 1, total: 3 },
        { companyId: 2, companyName: 'B', connected: 0, disconnected: 4, total: 4 },
      ]),
    ).toEqual({ connected: 2, disconnected: 5, total: 7 });
  });
});

describe("the connections page's call-support button (spec 001 §2)", () => {
  it('opens a WhatsApp chat with the support number, digits only', () => {
    expect(supportLink('+55 (11) 99999-0000')).toBe('https://wa.me/5511999990000');
    expect(supportLink('5511999990000')).toBe('https://wa.me/5511999990000');
  });
  it('has no link without a number', () => {
    expect(supportLink(undefined)).toBeNull();
    expect(supportLink('')).toBeNull();
    expect(supportLink('123')).toBeNull();
  });
});
