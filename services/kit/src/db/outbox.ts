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
/** Rows younger than this are left to the process that committed them (it publishes them itself). */
const STALE_MS = 1000;

/** The postgres.js client under a drizzle (postgres-js) database or transaction; undefined for any other driver. */
export function clientOf(db: AnyDb): Sql | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return typeof client === 'function' && typeof (client as Partial<Sql>).unsafe === 'function' ? (client as Sql) : undefined;
}

/** An event as written to the outbox: its id (the bus's Nats-Msg-Id), subject and serialized envelope. */
export type OutboxRow = { id: string; subject: string; json: string };

/**
 * Transactional outbox: `emit` writes the event in the caller's transaction. Once that commits, the
 * committing process publishes the transaction's events itself (Nats-Msg-Id = envelope id) and deletes
 * their rows after the bus has acknowledged them; the relay, polling every second, publishes whatever
 * is left older than a second: events whose publisher crashed or could not reach the bus. A row may so
 * be published twice (by the relay racing a slow publisher, or after a crash between publish and
 * delete); the bus drops the repeat by its id, and consumers are idempotent anyway.
 */
export class Outbox {
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private lastCleanup = 0;
  /** Direct publishes not yet acknowledged (stop() waits for them). */
  private readonly publishing = new Set<Promise<void>>();
  /** Ids of published rows waiting to be deleted (one statement for all of them). */
  private published: string[] = [];
  private deleting: Promise<void> | undefined;

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
  batch(tx: AnyDb): {
    emit: Emit;
    flush: () => Promise<void>;
    /** flush() hands its insert to the connection before it returns (see Outbox.batch). */
    sentAtOnce: boolean;
    /** What flush() wrote, in emit order (for publishCommitted once the transaction has committed). */
    written: OutboxRow[];
  } {
    const pending: Envelope[] = [];
    const written: OutboxRow[] = [];
    const emit: Emit = async (subject, companyId, data) => {
      const envelope = makeEnvelope(subject, companyId, data);
      pending.push(envelope);
      return envelope;
    };
    const client = clientOf(tx);
    const flush = async () => {
      const sent: Promise<unknown>[] = [];
      while (pending.length > 0) {
        const rows = pending.splice(0, BATCH).map((e): OutboxRow => ({ id: e.id, subject: e.type, json: JSON.stringify(e) }));
        written.push(...rows);
        if (!client) {
          const values = dsql.join(
            rows.map((r) => dsql`(${r.id}, ${r.subject}, ${r.json}::json)`),
            dsql`, `,
          );
          await tx.execute(dsql`insert into ${dsql.identifier(this.schema)}.outbox (id, subject, envelope) values ${values}`);
          continue;
        }
        // Handed to the connection at once (postgres.js sends queries in the order they are executed), so
        // whatever the caller sends next (the unit of work's COMMIT) goes in the same round trip.
        const values = rows.map((_, i) => `($${3 * i + 1}, $${3 * i + 2}, ($${3 * i + 3}::text)::json)`).join(', ');
        const params = rows.flatMap((r) => [r.id, r.subject, r.json]);
        sent.push(client.unsafe(`insert into ${this.table} (id, subject, envelope) values ${values}`, params, { prepare: true }).execute());
      }
      await Promise.all(sent);
    };
    return { emit, flush, sentAtOnce: client !== undefined, written };
  }

  /** "schema".outbox */
  private get table(): string {
    return `${quoteIdentifier(this.schema)}.outbox`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // The first pass takes every row, however new: a process starting has nothing of its own in flight.
    let minAgeMs = 0;
    const tick = () => {
      void this.relay(minAgeMs);
      minAgeMs = STALE_MS;
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running || this.publishing.size > 0 || this.deleting) {
      await Promise.allSettled([...this.publishing, this.deleting]);
      if (this.running) await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * After a commit: its events published at once, in commit order (the bus sends them in the order
   * published), and their rows deleted once acknowledged. Should the bus fail, the rows stay for the relay.
   * Settles (never rejects) once the bus took them or failed.
   */
  publishCommitted(rows: readonly OutboxRow[]): Promise<void> {
    if (this.stopped || rows.length === 0) return Promise.resolve();
    const publish: Promise<void> = Promise.all(rows.map((row) => this.bus.publishSerialized({ id: row.id, type: row.subject }, row.json))).then(
      () => {
        for (const row of rows) this.published.push(row.id);
        this.deletePublished();
      },
      (err: unknown) => this.logger?.warn({ err, schema: this.schema, events: rows.length }, 'publish after commit failed; the relay will retry'),
    );
    this.publishing.add(publish);
    void publish.finally(() => this.publishing.delete(publish));
    return publish;
  }

  /** One delete for every row published since the last one (several commits' rows under load). */
  private deletePublished(): void {
    if (this.deleting || this.published.length === 0) return;
    const ids = this.published;
    this.published = [];
    this.deleting = this.sql
      .unsafe(`delete from ${this.table} where id = any($1::uuid[])`, [ids], { prepare: true })
      .then(
        () => undefined,
        // Published already: at worst the relay publishes them again, and the bus drops the repeats.
        (err: unknown) => this.logger?.warn({ err, schema: this.schema }, 'outbox rows published but not deleted'),
      )
      .finally(() => {
        this.deleting = undefined;
        this.deletePublished();
      });
  }

  /** Publish and delete committed rows at least `minAgeMs` old (younger ones are their publisher's), batch after batch. */
  private async relay(minAgeMs: number): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      while (!this.stopped && (await this.publishBatch(minAgeMs)) === BATCH);
      await this.cleanup();
    } catch (err) {
      this.logger?.warn({ err, schema: this.schema }, 'outbox relay failed; will retry');
    } finally {
      this.running = false;
    }
  }

  private async publishBatch(minAgeMs: number): Promise<number> {
    return this.sql.begin(async (tx) => {
      // Taken and deleted in one statement; the deletion only commits once the bus has acknowledged
      // every event (a failed publish rolls it back and the rows are published again). The envelope is
      // read back as the text it was written as and published as is: no parse and serialize again.
      const rows = await tx<{ seq: number; id: string; subject: string; json: string }[]>`
        delete from ${tx(this.schema)}.outbox
        where seq in (
          select seq from ${tx(this.schema)}.outbox
          where created_at <= now() - make_interval(secs => ${minAgeMs / 1000})
          order by seq limit ${BATCH} for update skip locked)
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
