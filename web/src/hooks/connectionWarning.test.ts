import { describe, expect, it } from 'vitest';
import { applyStatusEvent, needsAttention, statusesOf } from './connectionWarning';

describe('menu connection warning (spec 000 §2)', () => {
  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'])('is lit while a connection is %s', (status) => {
    expect(needsAttention(statusesOf([{ id: 1, status: 'CONNECTED' }, { id: 2, status }]))).toBe(true);
  });
  it('is off when every connection is connected, or there is none', () => {
    expect(needsAttention(statusesOf([{ id: 1, status: 'CONNECTED' }]))).toBe(false);
    expect(needsAttention(statusesOf([]))).toBe(false);
  });
  it('follows session updates, connection updates and deletions', () => {
    let statuses = statusesOf([{ id: 1, status: 'CONNECTED' }]);
    statuses = applyStatusEvent(statuses, { action: 'update', session: { id: 1, status: 'DISCONNECTED' } });
    expect(needsAttention(statuses)).toBe(true);
    statuses = applyStatusEvent(statuses, { action: 'update', whatsapp: { id: 1, status: 'CONNECTED' } });
    expect(needsAttention(statuses)).toBe(false);
    statuses = applyStatusEvent(statuses, { action: 'update', whatsapp: { id: 2, status: 'qrcode' } });
    expect(needsAttention(statuses)).toBe(true);
    statuses = applyStatusEvent(statuses, { action: 'delete', whatsappId: 2 });
    expect(needsAttention(statuses)).toBe(false);
  });
});
