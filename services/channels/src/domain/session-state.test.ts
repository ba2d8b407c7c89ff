import { describe, expect, it } from 'vitest';
import { RETRY_BASE_MS, RETRY_MAX_MS, afterClose, nextSessionState, retryDelayMs, shouldResume, undeliveredSend } from './session-state.js';

const state = { status: 'OPENING' as const, qrcode: '', retries: 0, number: '' };

describe('retry back-off', () => {
  it('doubles per failure from the base', () => {
    const noJitter = () => 0.5;
    expect(retryDelayMs(0, noJitter)).toBe(RETRY_BASE_MS);
    expect(retryDelayMs(1, noJitter)).toBe(RETRY_BASE_MS * 2);
    expect(retryDelayMs(3, noJitter)).toBe(RETRY_BASE_MS * 8);
  });

  it('never waits longer than the cap, however many failures', () => {
    expect(retryDelayMs(50, () => 1)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1_000_000, () => 0.99)).toBeLessThanOrEqual(RETRY_MAX_MS);
  });

  it('spreads reconnections by up to a fifth either way', () => {
    expect(retryDelayMs(2, () => 0)).toBe(RETRY_BASE_MS * 4 * 0.8);
    expect(retryDelayMs(2, () => 1)).toBe(RETRY_BASE_MS * 4 * 1.2);
  });
});

describe('after the socket closed', () => {
  it('a logout from the phone ends the session', () => {
    expect(afterClose('loggedOut', 3)).toEqual({ kind: 'loggedOut' });
  });

  it('a restart request reconnects at once', () => {
    expect(afterClose('restartRequired', 4)).toEqual({ kind: 'reconnect', delayMs: 0 });
  });

  it('network trouble reconnects after the back-off of its failures', () => {
    expect(afterClose('lost', 2, () => 0.5)).toEqual({ kind: 'reconnect', delayMs: RETRY_BASE_MS * 4 });
  });

  it('an unscanned QR code or a takeover stays down until someone asks', () => {
    expect(afterClose('qrTimeout', 0)).toEqual({ kind: 'idle' });
    expect(afterClose('replaced', 0)).toEqual({ kind: 'idle' });
  });
});

describe('session state after a report', () => {
  it('keeps the QR text only while showing one', () => {
    expect(nextSessionState(state, { status: 'qrcode', qrcode: 'QR1' })).toMatchObject({ status: 'qrcode', qrcode: 'QR1' });
    expect(nextSessionState({ ...state, status: 'qrcode', qrcode: 'QR1' }, { status: 'CONNECTED', number: '5511' })).toMatchObject({ qrcode: '', number: '5511' });
  });

  it('counts failed connections and starts over once connected', () => {
    const failed = nextSessionState(state, { status: 'DISCONNECTED' })!;
    const again = nextSessionState(failed, { status: 'DISCONNECTED' })!;
    expect(again.retries).toBe(2);
    expect(nextSessionState(again, { status: 'CONNECTED', number: '5511' })!.retries).toBe(0);
  });

  it('keeps the known number when a report carries none', () => {
    expect(nextSessionState({ ...state, number: '5511' }, { status: 'DISCONNECTED' })!.number).toBe('5511');
  });

  it('writes nothing when nothing changed', () => {
    expect(nextSessionState({ ...state, status: 'OPENING' }, { status: 'OPENING' })).toBeNull();
  });
});

describe('which sessions a worker resumes', () => {
  it('resumes paired connections and those being paired', () => {
    expect(shouldResume({ channel: 'whatsapp', status: 'DISCONNECTED' }, true)).toBe(true);
    expect(shouldResume({ channel: 'whatsapp', status: 'qrcode' }, false)).toBe(true);
    expect(shouldResume({ channel: 'whatsapp', status: 'OPENING' }, false)).toBe(true);
  });

  it('leaves logged-out connections and channels it does not run', () => {
    expect(shouldResume({ channel: 'whatsapp', status: 'DISCONNECTED' }, false)).toBe(false);
    expect(shouldResume({ channel: 'facebook', status: 'DISCONNECTED' }, false)).toBe(false);
    expect(shouldResume({ channel: 'telegram', status: 'CONNECTED' }, true)).toBe(false);
  });

  it('resumes Facebook and Instagram connections that hold a page token', () => {
    expect(shouldResume({ channel: 'facebook', status: 'CONNECTED' }, true)).toBe(true);
    expect(shouldResume({ channel: 'instagram', status: 'DISCONNECTED' }, true)).toBe(true);
  });
});

describe('a send no session can deliver now', () => {
  it('fails only on a logged-out connection', () => {
    expect(undeliveredSend({ status: 'DISCONNECTED' }, false)).toBe('fail');
  });

  it('waits while the connection is paired or being paired', () => {
    expect(undeliveredSend({ status: 'DISCONNECTED' }, true)).toBe('wait');
    expect(undeliveredSend({ status: 'qrcode' }, false)).toBe('wait');
    expect(undeliveredSend({ status: 'OPENING' }, true)).toBe('wait');
  });
});
