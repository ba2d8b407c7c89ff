import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MemoryBus } from './bus/memory-bus.js';
import { makeEnvelope } from './bus/envelope.js';
import { createLogger, requestContext } from './logger.js';

describe('request id flow', () => {
  it('carries the request id into the envelope and into every log line of its consumer', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ name: 't', level: 'info', destination: new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }) });
    const bus = new MemoryBus();
    await bus.subscribe('auth.user.deleted', { durable: 'd' }, async (e) => {
      await requestContext.run({ requestId: e.requestId ?? 'none' }, async () => logger.info('consumed'));
    });
    await requestContext.run({ requestId: 'req-123' }, async () => {
      logger.info({ password: 'secret' }, 'publishing');
      await bus.publish(makeEnvelope('auth.user.deleted', 1, { userId: 1 }));
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([['publishing', 'req-123'], ['consumed', 'req-123']]);
    expect(lines[0]!.password).toBe('[redacted]');
  });
});
