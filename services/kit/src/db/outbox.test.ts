import { randomUUID } from 'node:crypto';
import { sql as dsql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { pgSchema } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus.js';
import { NatsBus } from '../bus/nats-bus.js';
import { makeEnvelope } from '../bus/envelope.js';
import type { Bus, Envelope, EnvelopeHandler } from '../bus/types.js';
import { createTestDatabase } from '../testing/database.js';
import { createSql, type Sql } from './client.js';
import { Outbox, outboxTables } from './outbox.js';
import { eventHandlingLatency } from '../metrics.js';
import { consume, createUnitOfWork } from './transactor.js';

const schemaName = 'obtest';
const tables = outboxTables(pgSchema(schemaName));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

let database: { url: string; drop(): Promise<void> };
let sql: Sql;
let bus: Bus;

beforeAll(async () => {
  database = await createTestDatabase();
  sql = createSql(database.url);
  await sql.unsafe(`
    create schema ${schemaName};
    create table ${schemaName}.outbox (seq bigserial primary key, id uuid not null unique, subject text not null, envelope json not null, created_at timestamptz not null default now());
    create table ${schemaName}.processed_events (consumer text not null, event_id uuid not null, processed_at timestamptz not null default now(), primary key (consumer, event_id));
    create table ${schemaName}.effects (event_id uuid not null, user_id int not null, txid bigint not null default txid_current());
  `);
  bus = process.env.NATS_URL
    ? await NatsBus.connect({ url: process.env.NATS_URL, prefix: `t_${randomUUID().slice(0, 8).replace(/-/g, '')}` })
    : new MemoryBus(undefined, 5);
});

afterAll(async () => {
  if (bus instanceof NatsBus) await bus.destroyStream();
  await bus.close();
  await sql.end();
  await database.drop();
});

/**
 * A consumer fed by the test itself: the bus hands each subscription's handler over (events are delivered by
 * calling it, as JetStream would), and the unit of work writes to the test schema.
 */
function directDelivery(): { handlers: EnvelopeHandler[]; bus: Bus; unitOfWork: ReturnType<typeof createUnitOfWork> } {
  const handlers: EnvelopeHandler[] = [];
  const direct = { ...bus, kind: 'memory', subscribe: async (_s, _o, handler) => (handlers.push(handler), { unsubscribe: async () => undefined }) } as Bus;
  return { handlers, bus: direct, unitOfWork: createUnitOfWork(drizzle(sql, { schema: tables }), new Outbox(sql, schemaName, bus)) };
}

/** The user ids of auth.user.deleted events in [from, to) as the bus delivers them, in order. */
async function deletedUsersSeen(from: number, to: number): Promise<{ seen: number[]; subscription: { unsubscribe(): Promise<void> } }> {
  const seen: number[] = [];
  const subscription = await bus.fanout('auth.user.deleted', (envelope) => {
    const userId = (envelope.data as { userId: number }).userId;
    if (userId >= from && userId < to) seen.push(userId);
  });
  return { seen, subscription };
}

describe('transactional outbox', () => {
  it('writes nothing to the outbox when the transaction rolls back', async () => {
    const db = drizzle(sql, { schema: tables });
    const outbox = new Outbox(sql, schemaName, bus);
    const unitOfWork = createUnitOfWork(db, outbox);
    await expect(
      unitOfWork(async (_tx, emit) => {
        await emit('auth.user.deleted', 1, { userId: 1 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.outbox`)[0]!.n).toBe(0);
  });

  it('commits neither the work nor its events when the events cannot be written (they go with the commit)', async () => {
    const db = drizzle(sql, { schema: tables });
    const outbox = new Outbox(sql, schemaName, bus);
    const unitOfWork = createUnitOfWork(db, outbox);
    const eventId = randomUUID();
    await expect(
      unitOfWork(async (tx, emit) => {
        await tx.execute(dsql`insert into ${dsql.identifier(schemaName)}.effects (event_id, user_id) values (${eventId}, 7)`);
        // The events' insert (sent with the commit) then fails: no such table any more in this transaction.
        await tx.execute(dsql`alter table ${dsql.identifier(schemaName)}.outbox rename to outbox_gone`);
        await emit('auth.user.deleted', 1, { userId: 7 });
        return 'done';
      }),
    ).rejects.toThrow();
    expect(await sql`select 1 from ${sql(schemaName)}.effects where event_id = ${eventId}`).toHaveLength(0);
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.outbox`)[0]!.n).toBe(0);
    // And the next unit of work commits normally on the same pool.
    await unitOfWork(async (tx) => tx.execute(dsql`insert into ${dsql.identifier(schemaName)}.effects (event_id, user_id) values (${eventId}, 8)`));
    expect(await sql`select user_id from ${sql(schemaName)}.effects where event_id = ${eventId}`).toEqual([{ user_id: 8 }]);
    await sql`delete from ${sql(schemaName)}.effects where event_id = ${eventId}`;
  });

  it('delivers each event once to an idempotent consumer across a restart of the relay', async () => {
    const db = drizzle(sql, { schema: tables });
    const first = new Outbox(sql, schemaName, bus, undefined, 50);
    const unitOfWork = createUnitOfWork(db, first);
    await consume({ bus, unitOfWork, schema: schemaName }, 'auth.user.deleted', 'effects', async (tx, data, envelope) => {
      await tx.execute(dsql`insert into ${dsql.identifier(schemaName)}.effects (event_id, user_id) values (${envelope.id}, ${data.userId})`);
    });

    first.start();
    for (let i = 1; i <= 10; i++) await unitOfWork((_tx, emit) => emit('auth.user.deleted', 1, { userId: i }));
    await first.stop();

    // While no relay runs, more events are committed…
    for (let i = 11; i <= 20; i++) await unitOfWork((_tx, emit) => emit('auth.user.deleted', 1, { userId: i }));
    // …and a crash between publish and delete is simulated: two rows already went out once.
    const pending = await sql<{ envelope: Envelope }[]>`select envelope from ${sql(schemaName)}.outbox order by seq limit 2`;
    for (const row of pending) await bus.publish(row.envelope);

    const second = new Outbox(sql, schemaName, bus, undefined, 50);
    second.start();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [{ n }] = (await sql`select count(distinct user_id)::int as n from ${sql(schemaName)}.effects`) as unknown as [{ n: number }];
      if (n === 20) break;
      await wait(20);
    }
    await wait(300);
    await second.stop();
    const effects = await sql<{ user_id: number }[]>`select user_id from ${sql(schemaName)}.effects order by user_id`;
    expect(effects.map((r) => r.user_id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.outbox`)[0]!.n).toBe(0);
  });

  it('publishes a commit’s events right after it, in order, without waiting for the relay, and then deletes their rows', async () => {
    const outbox = new Outbox(sql, schemaName, bus, undefined, 60_000); // the relay's first pass only
    const unitOfWork = createUnitOfWork(drizzle(sql, { schema: tables }), outbox);
    const { seen, subscription } = await deletedUsersSeen(500, 600);
    outbox.start();
    await wait(50);
    await unitOfWork(async (_tx, emit) => {
      for (const userId of [501, 502, 503]) await emit('auth.user.deleted', 1, { userId });
    });
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (seen.length < 3 || (await sql`select 1 from ${sql(schemaName)}.outbox limit 1`).length > 0)) await wait(10);
    expect(seen).toEqual([501, 502, 503]);
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.outbox`)[0]!.n).toBe(0);
    await outbox.stop();
    await subscription.unsubscribe();
  });

  it('leaves the events it could not publish after the commit to the relay, which publishes them once they are a second old', async () => {
    let refusals = 1;
    const flaky = Object.create(bus) as Bus;
    flaky.publishSerialized = async (event, json) => {
      if (refusals-- > 0) throw new Error('bus unreachable');
      return bus.publishSerialized(event, json);
    };
    const outbox = new Outbox(sql, schemaName, flaky, undefined, 100);
    const unitOfWork = createUnitOfWork(drizzle(sql, { schema: tables }), outbox);
    const { seen, subscription } = await deletedUsersSeen(600, 700);
    outbox.start();
    await wait(50);
    const committedAt = Date.now();
    await unitOfWork((_tx, emit) => emit('auth.user.deleted', 1, { userId: 601 }));
    await wait(300);
    expect(seen).toEqual([]);
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.outbox`)[0]!.n).toBe(1);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && seen.length === 0) await wait(20);
    expect(seen).toEqual([601]);
    expect(Date.now() - committedAt).toBeGreaterThanOrEqual(900);
    await outbox.stop();
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.outbox`)[0]!.n).toBe(0);
    await subscription.unsubscribe();
  });

  it('applies a redelivered event only once (the processed id commits with the effects)', async () => {
    const { handlers, bus: twice, unitOfWork } = directDelivery();
    let runs = 0;
    await consume({ bus: twice, unitOfWork, schema: schemaName }, 'auth.user.deleted', 'twice', async () => {
      runs++;
    });
    const envelope = makeEnvelope('auth.user.deleted', 1, { userId: 99 });
    await handlers[0]!(envelope);
    await handlers[0]!(envelope);
    expect(runs).toBe(1);
  });

  it('leaves recognising a redelivered event to an idempotent handler: it runs each time, no processed id is written', async () => {
    const { handlers, bus: twice, unitOfWork } = directDelivery();
    let runs = 0;
    await consume({ bus: twice, unitOfWork, schema: schemaName }, 'auth.user.deleted', 'self-deduplicating', async () => {
      runs++;
    }, { idempotent: true });
    const envelope = makeEnvelope('auth.user.deleted', 1, { userId: 98 });
    await handlers[0]!(envelope);
    await handlers[0]!(envelope);
    expect(runs).toBe(2);
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.processed_events where consumer like 'self-deduplicating%'`)[0]!.n).toBe(0);
  });

  it('handles events that arrive together in one transaction; a failing one runs alone and the others still commit', async () => {
    const { handlers, bus: together, unitOfWork } = directDelivery();
    await consume({ bus: together, unitOfWork, schema: schemaName }, 'auth.user.deleted', 'batched', async (tx, data, envelope, emit) => {
      if (data.userId === 203) throw new Error('poison');
      await tx.execute(dsql`insert into ${dsql.identifier(schemaName)}.effects (event_id, user_id) values (${envelope.id}, ${data.userId})`);
      await emit('auth.user.deleted', 1, { userId: data.userId + 1000 });
    }, { batch: 8, concurrency: 8 });
    const deliver = (ids: number[]) => Promise.allSettled(ids.map((userId) => handlers[0]!(makeEnvelope('auth.user.deleted', 1, { userId }))));
    const txids = async (ids: number[]) =>
      (await sql<{ txid: string }[]>`select distinct txid::text from ${sql(schemaName)}.effects where user_id = any(${ids})`).map((r) => r.txid);

    const calm = await deliver([101, 102, 103, 104, 105]);
    expect(calm.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await txids([101, 102, 103, 104, 105])).toHaveLength(1);

    const stormy = await deliver([201, 202, 203, 204]);
    expect(stormy.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const kept = await sql<{ user_id: number }[]>`select user_id from ${sql(schemaName)}.effects where user_id between 200 and 299 order by user_id`;
    expect(kept.map((r) => r.user_id)).toEqual([201, 202, 204]);
    // Each survivor's event went out once, after its own commit.
    const events = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(schemaName)}.outbox where envelope->'data'->>'userId' in ('1201', '1202', '1203', '1204')`;
    expect(events[0]!.n).toBe(3);
    expect((await sql`select count(*)::int as n from ${sql(schemaName)}.processed_events where consumer like 'batched%'`)[0]!.n).toBe(8);
  });

  it('measures each consumed event from its handover until the events it caused were published, in a batch or alone', async () => {
    const { handlers, bus: direct, unitOfWork } = directDelivery();
    const subject = 'auth.session.revoked';
    await consume({ bus: direct, unitOfWork, schema: schemaName }, subject, 'measured', async (_tx, data, _envelope, emit) => {
      await wait(5);
      await emit('auth.user.deleted', 1, { userId: 5000 + data.userId });
    }, { batch: 4, concurrency: 4 });
    const series = (le: string) => {
      const line = eventHandlingLatency.render().split('\n').find((l) => l.startsWith(`atende_event_handled_seconds_bucket{subject="${subject}",le="${le}"} `));
      return Number(line?.split(' ')[1] ?? 0);
    };
    await Promise.all([1, 2, 3].map((userId) => handlers[0]!(makeEnvelope(subject, 1, { userId, sessionIds: [`s${userId}`] }))));
    await handlers[0]!(makeEnvelope(subject, 1, { userId: 4, sessionIds: ['s4'] }));
    for (let i = 0; i < 100 && series('+Inf') < 4; i++) await wait(20);
    expect(series('+Inf')).toBe(4);
    // Not one was done before its handler's 5 ms.
    expect(series('0.003')).toBe(0);
  });

  it('runs the handlers of a batch side by side: each one’s statements go out before the others have finished', async () => {
    const { handlers, bus: together, unitOfWork } = directDelivery();
    const steps: string[] = [];
    await consume({ bus: together, unitOfWork, schema: schemaName }, 'auth.user.deleted', 'side-by-side', async (tx, data, envelope) => {
      steps.push(`start ${data.userId}`);
      await tx.execute(dsql`insert into ${dsql.identifier(schemaName)}.effects (event_id, user_id) values (${envelope.id}, ${data.userId})`);
      steps.push(`end ${data.userId}`);
    }, { batch: 4, concurrency: 4, idempotent: true });
    await Promise.all([301, 302, 303, 304].map((userId) => handlers[0]!(makeEnvelope('auth.user.deleted', 1, { userId }))));
    expect(steps.slice(0, 4).sort()).toEqual(['start 301', 'start 302', 'start 303', 'start 304']);
    const txids = await sql<{ txid: string }[]>`select distinct txid::text from ${sql(schemaName)}.effects where user_id between 301 and 304`;
    expect(txids).toHaveLength(1);
  });
});
