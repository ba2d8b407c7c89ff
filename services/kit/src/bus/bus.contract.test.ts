import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryBus } from './memory-bus.js';
import { NatsBus } from './nats-bus.js';
import { answer, ask, makeEnvelope } from './envelope.js';
import type { Bus, Envelope } from './types.js';
import { AppError } from '../errors.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await wait(10);
  }
}

type Factory = { name: string; make: () => Promise<Bus>; enabled: boolean };
const created: Bus[] = [];
const factories: Factory[] = [
  { name: 'in-process', enabled: true, make: async () => new MemoryBus(undefined, 5) },
  {
    name: 'NATS JetStream',
    enabled: Boolean(process.env.NATS_URL),
    make: async () => NatsBus.connect({ url: process.env.NATS_URL!, prefix: `t_${randomUUID().slice(0, 8).replace(/-/g, '')}` }),
  },
];

afterAll(async () => {
  for (const bus of created) {
    if (bus instanceof NatsBus) await bus.destroyStream();
    await bus.close();
  }
});

const envelope = (companyId = 1, userId = 7): Envelope => makeEnvelope('auth.user.deleted', companyId, { userId });

/** The same contract holds for both implementations. */
for (const factory of factories) {
  describe.runIf(factory.enabled)(`bus contract: ${factory.name}`, () => {
    const fresh = async () => {
      const bus = await factory.make();
      created.push(bus);
      return bus;
    };

    it('delivers a published event to a durable subscriber with its envelope intact', async () => {
      const bus = await fresh();
      const seen: Envelope[] = [];
      await bus.subscribe('auth.user.deleted', { durable: 'c1' }, async (e) => void seen.push(e));
      const sent = envelope(3, 42);
      await bus.publish(sent);
      await until(() => seen.length === 1);
      expect(seen[0]).toEqual(sent);
    });

    it('drops a second publish with the same envelope id (dedup by message id)', async () => {
      const bus = await fresh();
      const seen: Envelope[] = [];
      await bus.subscribe('auth.user.deleted', { durable: 'c2' }, async (e) => void seen.push(e));
      const sent = envelope();
      await bus.publish(sent);
      await bus.publish(sent);
      await bus.publish(envelope());
      await until(() => seen.length === 2);
      await wait(200);
      expect(seen.map((e) => e.id).filter((id) => id === sent.id)).toHaveLength(1);
    });

    it('delivers an envelope published as its JSON text (the outbox relay) like any other, deduplicated by id', async () => {
      const bus = await fresh();
      const seen: Envelope[] = [];
      const fanned: Envelope[] = [];
      await bus.subscribe('auth.user.deleted', { durable: 'c-serialized' }, async (e) => void seen.push(e));
      await bus.fanout('auth.user.deleted', (e) => void fanned.push(e));
      const sent = envelope(4, 43);
      await bus.publishSerialized(sent, JSON.stringify(sent));
      await bus.publish(sent);
      await until(() => seen.length === 1 && fanned.length === 1);
      await wait(200);
      expect(seen).toEqual([sent]);
      expect(fanned).toEqual([sent]);
    });

    it('tells every subscribing process which company each event is about', async () => {
      const bus = await fresh();
      const companies: (number | null)[] = [];
      await bus.companiesOf('auth.user.*', (companyId) => void companies.push(companyId));
      await bus.publish(envelope(5, 1));
      await bus.publish(makeEnvelope('auth.user.deleted', null, { userId: 2 }));
      const foreign = envelope(6, 3);
      // Another writer's key order: read by decoding the whole event.
      await bus.publishSerialized(foreign, JSON.stringify({ type: foreign.type, data: foreign.data, occurredAt: foreign.occurredAt, companyId: 6, id: foreign.id }));
      await until(() => companies.length === 3);
      expect(companies).toEqual([5, null, 6]);
    });

    it('load-balances one durable name across replicas: each event handled once', async () => {
      const bus = await fresh();
      const handled: string[] = [];
      await bus.subscribe('auth.user.deleted', { durable: 'shared' }, async (e) => void handled.push(`a:${e.id}`));
      await bus.subscribe('auth.user.deleted', { durable: 'shared' }, async (e) => void handled.push(`b:${e.id}`));
      const sent = Array.from({ length: 10 }, () => envelope());
      for (const e of sent) await bus.publish(e);
      await until(() => handled.length >= 10);
      await wait(200);
      expect(handled).toHaveLength(10);
      expect(new Set(handled.map((h) => h.slice(2)))).toEqual(new Set(sent.map((e) => e.id)));
    });

    it('redelivers an event whose handler failed (not acknowledged)', async () => {
      const bus = await fresh();
      let attempts = 0;
      await bus.subscribe('auth.user.deleted', { durable: 'flaky', ackWaitMs: 1000 }, async () => {
        attempts++;
        if (attempts < 3) throw new Error('not yet');
      });
      await bus.publish(envelope());
      await until(() => attempts === 3, 10_000);
      await wait(300);
      expect(attempts).toBe(3);
    });

    it('keeps the order of events sharing an ordering key while handling others side by side', async () => {
      const bus = await fresh();
      const handled: Record<string, number[]> = { a: [], b: [], c: [] };
      let running = 0;
      let mostAtOnce = 0;
      const keyOf = (e: Envelope) => ['a', 'b', 'c'][(e.data as { userId: number }).userId % 3]!;
      await bus.subscribe('auth.user.deleted', { durable: 'ordered', concurrency: 4, orderingKey: keyOf }, async (e) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Later events finish sooner: only the ordering key keeps them in order.
        const userId = (e.data as { userId: number }).userId;
        await wait(40 - userId);
        handled[keyOf(e)]!.push(userId);
        running--;
      });
      for (let userId = 0; userId < 30; userId++) await bus.publish(envelope(1, userId));
      await until(() => Object.values(handled).flat().length === 30, 10_000);
      for (const [key, ids] of Object.entries(handled)) {
        expect(ids, key).toEqual([...ids].sort((x, y) => x - y));
        expect(ids, key).toHaveLength(10);
      }
      // JetStream consumers honour the concurrency; the in-process bus handles one at a time.
      if (bus.kind === 'nats') expect(mostAtOnce).toBeGreaterThan(1);
    });

    it('fans out to every subscriber and matches wildcards', async () => {
      const bus = await fresh();
      const a: string[] = [];
      const b: string[] = [];
      await bus.fanout('auth.>', (e) => void a.push(e.type));
      await bus.fanout('auth.user.*', (e) => void b.push(e.type));
      await bus.fanout('admin.>', () => {
        throw new Error('must not receive auth events');
      });
      await bus.publish(envelope());
      await until(() => a.length === 1 && b.length === 1);
    });

    it('answers requests and carries catalogue errors back to the caller', async () => {
      const bus = await fresh();
      await answer(bus, 'admin.setting.get', async ({ key }) => {
        if (key === 'missing') throw new AppError('ERR_NO_SETTING_FOUND', 'no such setting');
        return { value: `value of ${key}` };
      });
      expect(await ask(bus, 'admin.setting.get', { companyId: 1, key: 'userRating' })).toEqual({ value: 'value of userRating' });
      await expect(ask(bus, 'admin.setting.get', { companyId: 1, key: 'missing' })).rejects.toMatchObject({ code: 'ERR_NO_SETTING_FOUND' });
    });

    it('fails a request nobody answers with ERR_SERVICE_UNAVAILABLE', async () => {
      const bus = await fresh();
      await expect(bus.request('nobody.home', {}, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE' });
    });
  });
}
