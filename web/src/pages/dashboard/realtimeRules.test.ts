import { describe, expect, it } from 'vitest';
import type { Ticket } from '@atende/kit/contracts';
import { applyPresence, formatWait, liveQueue, realtimeAlerts, refreshDelay, REFRESH_DEBOUNCE_MS, REFRESH_MAX_WAIT_MS } from './realtimeRules';
import { attendant } from './testData';

type Row = Pick<Ticket, 'id' | 'status' | 'queueId' | 'queue' | 'createdAt'>;
const now = new Date('2026-03-05T12:00:00Z');
const ticket = (id: number, status: Ticket['status'], queue: { id: number; name: string } | null, secondsAgo = 60): Row => ({
  id,
  status,
  queueId: queue?.id ?? null,
  queue: queue ? ({ id: queue.id, name: queue.name, color: '#000' } as Row['queue']) : null,
  createdAt: new Date(now.getTime() - secondsAgo * 1000).toISOString(),
});
const sales = { id: 1, name: 'Vendas' };
const support = { id: 2, name: 'Suporte' };

describe('the queue now', () => {
  it('counts the waiting and in-service tickets, the waiting per queue, and the longest wait', () => {
    const live = liveQueue(
      [
        ticket(1, 'pending', sales, 30),
        ticket(2, 'pending', support, 400),
        ticket(3, 'pending', sales, 10),
        ticket(4, 'open', sales, 900),
        ticket(5, 'pending', null, 5),
      ],
      now,
    );
    expect(live.pending).toBe(4);
    expect(live.open).toBe(1);
    expect(live.byQueue.map((q) => [q.name, q.pending])).toEqual([
      ['Vendas', 2],
      [null, 1],
      ['Suporte', 1],
    ]);
    // The open ticket's age is no wait.
    expect(live.longestWaitSeconds).toBe(400);
  });

  it('nothing waiting: no longest wait', () => {
    expect(liveQueue([ticket(1, 'open', sales)], now)).toEqual({ pending: 0, open: 1, byQueue: [], longestWaitSeconds: null });
  });

  it('alerts for a queue over 10 waiting and a wait over 300 s', () => {
    const many = Array.from({ length: 11 }, (_, i) => ticket(i + 1, 'pending', sales, 100));
    const ten = Array.from({ length: 10 }, (_, i) => ticket(i + 20, 'pending', support, 300));
    const alerts = realtimeAlerts(liveQueue([...many, ...ten], now));
    expect(alerts.map((a) => a.id)).toEqual(['queue-q1']);
    const late = realtimeAlerts(liveQueue([ticket(1, 'pending', sales, 301)], now));
    expect(late).toEqual([{ id: 'wait', kind: 'wait', seconds: 301 }]);
  });
});

describe('live refresh', () => {
  it('waits for a pause, but no longer than the burst allows', () => {
    expect(refreshDelay(1000, 1000)).toBe(REFRESH_DEBOUNCE_MS);
    expect(refreshDelay(1000, 1000 + REFRESH_MAX_WAIT_MS - 300)).toBe(300);
    expect(refreshDelay(1000, 1000 + REFRESH_MAX_WAIT_MS + 50)).toBe(0);
  });

  it('a presence event flips one attendant (the same list when nothing changes)', () => {
    const team = [attendant(1, { online: true }), attendant(2, { online: false })];
    const next = applyPresence(team, 2, true);
    expect(next.map((a) => a.online)).toEqual([true, true]);
    expect(applyPresence(team, 1, true)).toBe(team);
    expect(applyPresence(team, 9, false)).toBe(team);
  });

  it('waits read as seconds, minutes, hours or days', () => {
    expect(formatWait(45)).toBe('45s');
    expect(formatWait(320)).toBe('5m 20s');
    expect(formatWait(7500)).toBe('2h 05m');
    expect(formatWait(90000)).toBe('1d 01h');
  });
});
