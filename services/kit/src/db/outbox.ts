import { sql as dsql } from 'drizzle-orm';
import type { PgDatabase, PgSchema } from 'drizzle-orm/pg-core';
import { bigserial, jsonb, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type { Logger } from 'pino';
import type { EventData, EventSubject } from '../contracts/events.js';
import { makeEnvelope } from '../bus/envelope.js';
import type { Bus, Envelope } from '../bus/types.js';
import type { Sql } from './client.js';

export type AnyDb = PgDatabase<PostgresJsQueryResultHKT, any, any>;

/** The outbox and processed-event tables every service includes in its own schema. */
export function outboxTables(schema: PgSchema) {
  const outbox = schema.table('outbox', {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique(),
    subject: text('subject').notNull(),
    envelope: jsonb('envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  });
  const processedEvents = schema.table(
    'processed_events',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
  return { outbox, processedEvents };
}

export type Emit = <S extends EventSubject>(subject: S, companyId: number | null, data: EventData<S>) => Promise<Envelope<EventData<S>>>;

const BATCH = 200;

/**
 * Transactional outbox: `emit` writes the event in the caller's transaction; the relay publishes
 * committed rows to the bus (Nats-Msg-Id = envelope id) and deletes them. Kicked after each
 * commit for low latency, polled every second for rows another replica left behind.
 */
export class Outbox {
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private lastCleanup = 0;

  constructor(
    private readonly sql: Sql,
    private readonly schema: string,
    private readonly bus: Bus,
    private readonly logger?: Logger,
    private readonly pollMs = 1000,
  ) {}

  emitter(tx: AnyDb): Emit {
    return async (subject, companyId, data) => {
      const envelope = makeEnvelope(subject, companyId, data);
      await tx.execute(
        dsql`insert into ${dsql.identifier(this.schema)}.outbox (id, subject, envelope) values (${envelope.id}, ${subject}, ${JSON.stringify(envelope)}::jsonb)`,
      );
      return envelope;
    };
  }

  /**
   * An emitter whose events are written together by `flush()` (one multi-row insert, in emit order),
   * which the unit of work calls just before commit: same transaction, same atomicity, one round trip
   * instead of one per event. Do not emit inside a savepoint that may roll back on its own.
   */
  batch(tx: AnyDb): { emit: Emit; flush: () => Promise<void> } {
    const pending: Envelope[] = [];
    const emit: Emit = async (subject, companyId, data) => {
      const envelope = makeEnvelope(subject, companyId, data);
      pending.push(envelope);
      return envelope;
    };
    const flush = async () => {
      while (pending.length > 0) {
        const rows = pending.splice(0, BATCH);
        const values = dsql.join(
          rows.map((e) => dsql`(${e.id}, ${e.type}, ${JSON.stringify(e)}::jsonb)`),
          dsql`, `,
        );
        await tx.execute(dsql`insert into ${dsql.identifier(this.schema)}.outbox (id, subject, envelope) values ${values}`);
      }
    };
    return { emit, flush };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.drain();
  }

  /** Publish everything committed so far (also used by tests). */
  async drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const published = await this.publishBatch();
        if (published === BATCH) this.again = true;
      } while (this.again && !this.stopped);
      await this.cleanup();
    } catch (err) {
      this.logger?.warn({ err, schema: this.schema }, 'outbox relay failed; will retry');
    } finally {
      this.running = false;
    }
  }

  private async publishBatch(): Promise<number> {
    return this.sql.begin(async (tx) => {
      const rows = await tx<{ seq: number; envelope: Envelope }[]>`
        select seq, envelope from ${tx(this.schema)}.outbox order by seq limit ${BATCH} for update skip locked`;
      // Sent in order on one connection; awaited together (one acknowledgement round trip per batch, not per event).
      await Promise.all(rows.map((row) => this.bus.publish(row.envelope)));
      if (rows.length > 0) await tx`delete from ${tx(this.schema)}.outbox where seq in ${tx(rows.map((r) => r.seq))}`;
      return rows.length;
    });
  }

  /** Processed-event ids only need to outlive the stream's retention (7 days). */
  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = Date.now();
    await this.sql`delete from ${this.sql(this.schema)}.processed_events where processed_at < now() - interval '8 days'`;
  }
}
