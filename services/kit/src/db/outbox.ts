import { sql as dsql } from 'drizzle-orm';
import type { PgDatabase, PgSchema } from 'drizzle-orm/pg-core';
import { bigserial, json, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type { Logger } from 'pino';
import type { EventData, EventSubject } from '../contracts/events.js';
import { makeEnvelope } from '../bus/envelope.js';
import type { Bus, Envelope } from '../bus/types.js';
import { quoteIdentifier, type Sql } from './client.js';

export type AnyDb = PgDatabase<PostgresJsQueryResultHKT, any, any>;

/** The outbox and processed-event tables every service includes in its own schema. */
export function outboxTables(schema: PgSchema) {
  const outbox = schema.table('outbox', {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique(),
    subject: text('subject').notNull(),
    // json, not jsonb: the row is written once and read back whole by the relay; jsonb would parse every
    // envelope into its binary form on insert and print it back out on read, for nothing.
    envelope: json('envelope').notNull(),
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

/** The postgres.js client under a drizzle (postgres-js) database or transaction; undefined for any other driver. */
export function clientOf(db: AnyDb): Sql | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return typeof client === 'function' && typeof (client as Partial<Sql>).unsafe === 'function' ? (client as Sql) : undefined;
}

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

  /**
   * An emitter whose events are written together by `flush()` (one multi-row insert, in emit order),
   * which the unit of work calls just before commit: same transaction, same atomicity, one round trip
   * instead of one per event. Do not emit inside a savepoint that may roll back on its own.
   */
  batch(tx: AnyDb): { emit: Emit; flush: () => Promise<void>; /** flush() hands its insert to the connection before it returns (see Outbox.batch). */ sentAtOnce: boolean } {
    const pending: Envelope[] = [];
    const emit: Emit = async (subject, companyId, data) => {
      const envelope = makeEnvelope(subject, companyId, data);
      pending.push(envelope);
      return envelope;
    };
    const client = clientOf(tx);
    const flush = async () => {
      if (!client) {
        while (pending.length > 0) {
          const rows = pending.splice(0, BATCH);
          const values = dsql.join(
            rows.map((e) => dsql`(${e.id}, ${e.type}, ${JSON.stringify(e)}::json)`),
            dsql`, `,
          );
          await tx.execute(dsql`insert into ${dsql.identifier(this.schema)}.outbox (id, subject, envelope) values ${values}`);
        }
        return;
      }
      // Handed to the connection at once (postgres.js sends queries in the order they are executed), so
      // whatever the caller sends next (the unit of work's COMMIT) goes in the same round trip.
      const sent: Promise<unknown>[] = [];
      while (pending.length > 0) {
        const rows = pending.splice(0, BATCH);
        const values = rows.map((_, i) => `($${3 * i + 1}, $${3 * i + 2}, ($${3 * i + 3}::text)::json)`).join(', ');
        const params = rows.flatMap((e) => [e.id, e.type, JSON.stringify(e)]);
        sent.push(client.unsafe(`insert into ${this.table} (id, subject, envelope) values ${values}`, params, { prepare: true }).execute());
      }
      await Promise.all(sent);
    };
    return { emit, flush, sentAtOnce: client !== undefined };
  }

  /** "schema".outbox */
  private get table(): string {
    return `${quoteIdentifier(this.schema)}.outbox`;
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
      // Taken and deleted in one statement; the deletion only commits once the bus has acknowledged
      // every event (a failed publish rolls it back and the rows are published again). The envelope is
      // read back as the text it was written as and published as is: no parse and serialize again.
      const rows = await tx<{ seq: number; id: string; subject: string; json: string }[]>`
        delete from ${tx(this.schema)}.outbox
        where seq in (select seq from ${tx(this.schema)}.outbox order by seq limit ${BATCH} for update skip locked)
        returning seq, id, subject, envelope::text as json`;
      rows.sort((a, b) => a.seq - b.seq);
      // Sent in order on one connection; awaited together (one acknowledgement round trip per batch, not per event).
      await Promise.all(rows.map((row) => this.bus.publishSerialized({ id: row.id, type: row.subject }, row.json)));
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
