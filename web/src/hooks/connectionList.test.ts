import { describe, expect, it } from 'vitest';
import type { ConnectionOption } from '../api/channels';
import { applyConnectionEvent, defaultConnectionId } from './connectionList';

const connection = (id: number, over: Partial<ConnectionOption> = {}): ConnectionOption => ({
  id,
  name: `C${id}`,
  channel: 'whatsapp',
  status: 'CONNECTED',
  isDefault: false,
  ...over,
});

describe('connection list', () => {
  it('follows live updates and deletions', () => {
    const list = [connection(1), connection(2)];
    expect(applyConnectionEvent(list, { action: 'update', whatsapp: connection(2, { status: 'DISCONNECTED' }) })[1]!.status).toBe('DISCONNECTED');
    expect(applyConnectionEvent(list, { action: 'update', whatsapp: connection(3) }).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(applyConnectionEvent(list, { action: 'delete', whatsappId: 1 }).map((c) => c.id)).toEqual([2]);
    expect(applyConnectionEvent(list, { action: 'delete', whatsappId: 9 })).toBe(list);
    expect(applyConnectionEvent(list, null)).toBe(list);
  });

  it("starts a new ticket on the user's connection, else the company default, else the only one", () => {
    const list = [connection(1), connection(2, { isDefault: true }), connection(3)];
    expect(defaultConnectionId(list, 3)).toBe(3);
    expect(defaultConnectionId(list, 9)).toBe(2);
    expect(defaultConnectionId(list, null)).toBe(2);
    expect(defaultConnectionId([connection(4)], null)).toBe(4);
    expect(defaultConnectionId([connection(4), connection(5)], null)).toBeUndefined();
    expect(defaultConnectionId([], 1)).toBeUndefined();
  });
});
