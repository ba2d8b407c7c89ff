import { sql as dsql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { readEnvelope } from '../bus/envelope.js';
import type { Bus, Subscription } from '../bus/types.js';
import type { EventData, EventSubject } from '../contracts/events.js';
import { requestContext } from '../logger.js';
import type { Envelope } from '../bus/types.js';
import { eventHandlingLatency } from '../metrics.js';
import { clientOf, type AnyDb, type Emit, type Outbox, type OutboxRow } from './outbox.js';
import { quoteIdentifier } from './client.js';

export type UnitOfWork<Db extends AnyDb> = <T>(
  work: (tx: Db, emit: Emit) => Promise<T>,
  /** `published`: after the commit, once its events were handed to the bus (or failed to be; the relay retries). */
  options?: { published?: () => void },
) => Promise<T>;

export type UnitOfWorkOptions = {
  /** After each commit, with the companies its events were about (null: an event of no company). */
  afterCommit?: (companyIds: ReadonlySet<number | null>) => void;
};

/**
 * A transaction whose events go to the outbox in the same commit and are published once it has committed.
 * Every write path of a service goes through this.
 */
export function createUnitOfWork<Db extends AnyDb>(db: Db, outbox: Outbox, options: UnitOfWorkOptions = {}): UnitOfWork<Db> {
  return async (work, when) => {
    let flushed: Promise<void> | undefined;
    let written: readonly OutboxRow[] = [];
    const companies = new Set<number | null>();
    const result = await db.transaction(async (tx) => {
      // Events are written together just before commit (one insert for all of them), sent and not
      // awaited here: the insert and the COMMIT go to PostgreSQL in one round trip, in that order.
      // Should the insert fail, the transaction is aborted and its COMMIT only rolls it back: the
      // error is thrown below, and nothing of the work (nor its events) was committed.
      const events = outbox.batch(tx as unknown as AnyDb);
      written = events.written;
      const emit: Emit = (subject, companyId, data) => {
        companies.add(companyId);
        return events.emit(subject, companyId, data);
      };
      const value = await work(tx as unknown as Db, emit);
      if (!events.sentAtOnce) {
        await events.flush();
        return value;
      }
      flushed = events.flush();
      flushed.catch(() => undefined); // awaited after the commit
      return value;
    });
    await flushed;
    const publishing = outbox.publishCommitted(written);
    if (when?.published) void publishing.then(when.published);
    if (companies.size > 0) options.afterCommit?.(companies);
    return result;
  };
}

/** NATS durable names cannot hold '.', '*' or '>'. */
export function durableName(consumer: string, subject: string): string {
  return `${consumer}__${subject.replace(/\./g, '_').replace(/\*/g, 'any').replace(/>/g, 'all')}`;
}

/**
 * Durable, idempotent consumption: the processed-event id is recorded in the same transaction
 * as the handler's effects, so a redelivered event changes nothing. Ack happens after commit.
 * With `concurrency` > 1 several events run at once; give an `orderingKey` so events of one
 * conversation keep their order. With `batch` > 1, events that arrive together share one transaction
 * (one BEGIN, one outbox write, one COMMIT for all of them) and are handled side by side in it, their
 * statements pipelined on its one connection; should it fail, each event is run again alone, so one bad
 * event never holds back the others. Handlers of a batch must not open savepoints (nested transactions):
 * rolling one back would undo the other handlers' statements sent meanwhile.
 */
export function consume<S extends EventSubject, Db extends AnyDb>(
  deps: {
    bus: Bus;
    unitOfWork: UnitOfWork<Db>;
    schema: string;
    logger?: Logger;
    /** After the handler's transaction committed, with the event's company (read caches drop what it may have changed). */
    afterCommit?: (companyId: number | null) => void;
  },
  subject: S,
  consumer: string,
  handler: (tx: Db, data: EventData<S>, envelope: Envelope<EventData<S>>, emit: Emit) => Promise<void>,
  options: {
    /** Events handled at once (default 1); see DurableOptions.concurrency. */
    concurrency?: number;
    /** Events with the same key are handled one after the other, in order (e.g. one conversation); read from the raw, unvalidated event. */
    orderingKey?: (envelope: Envelope) => string | null;
    /**
     * The handler recognises an event it already handled by its own data (e.g. a message's unique channel
     * id) and then changes nothing: the processed-event record, one more write per event, is skipped.
     */
    idempotent?: boolean;
    /** Most events handled side by side in one transaction (default 1; no savepoints then); at most `concurrency` are ever waiting together. */
    batch?: number;
  } = {},
): Promise<Subscription> {
  const durable = durableName(consumer, subject);
  const processedEvents = `${quoteIdentifier(deps.schema)}.processed_events`;

  /** One event inside a transaction: recorded as processed (unless idempotent), then handled, under its request id. */
  const handleIn = async (tx: Db, emit: Emit, envelope: Envelope<EventData<S>>): Promise<void> => {
    await requestContext.run({ requestId: envelope.requestId ?? randomUUID() }, async () => {
      if (!options.idempotent) {
        const client = clientOf(tx);
        const fresh = client
          ? await client.unsafe(`insert into ${processedEvents} (consumer, event_id) values ($1, $2) on conflict do nothing returning event_id`, [durable, envelope.id], { prepare: true })
          : await tx.execute(
              dsql`insert into ${dsql.identifier(deps.schema)}.processed_events (consumer, event_id) values (${durable}, ${envelope.id}) on conflict do nothing returning event_id`,
            );
        if (fresh.length === 0) return;
      }
      deps.logger?.debug({ subject, eventId: envelope.id, requestId: envelope.requestId }, 'event consumed');
      await handler(tx, envelope.data, envelope, emit);
    });
  };

  /** Events handed over by the bus at these times (performance.now()), each measured until their effects were published. */
  const measured = (...since: number[]) => ({
    published: () => {
      const now = performance.now();
      for (const at of since) eventHandlingLatency.observe(subject, now - at);
    },
  });

  const runAlone = async (envelope: Envelope<EventData<S>>, since: number): Promise<void> => {
    await deps.unitOfWork((tx, emit) => handleIn(tx, emit, envelope), measured(since));
    deps.afterCommit?.(envelope.companyId);
  };

  const size = Math.max(1, Math.floor(options.batch ?? 1));
  type Waiting = { envelope: Envelope<EventData<S>>; since: number; done: () => void; failed: (err: unknown) => void };
  let waiting: Waiting[] = [];
  let scheduled = false;

  const runBatch = async (items: Waiting[]): Promise<void> => {
    try {
      await deps.unitOfWork(
        async (tx, emit) => {
          // Every handler settles before the transaction ends, so none sends a statement after its ROLLBACK.
          const outcomes = await Promise.allSettled(items.map((item) => handleIn(tx, emit, item.envelope)));
          const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
          if (failure) throw failure.reason;
        },
        measured(...items.map((item) => item.since)),
      );
    } catch (err) {
      deps.logger?.debug({ err, subject, events: items.length }, 'batch failed; each event runs alone');
      for (const item of items) runAlone(item.envelope, item.since).then(item.done, item.failed);
      return;
    }
    for (const item of items) {
      deps.afterCommit?.(item.envelope.companyId);
      item.done();
    }
  };

  const flush = () => {
    scheduled = false;
    while (waiting.length > 0) {
      const items = waiting.slice(0, size);
      waiting = waiting.slice(size);
      void (items.length === 1 ? runAlone(items[0]!.envelope, items[0]!.since).then(items[0]!.done, items[0]!.failed) : runBatch(items));
    }
  };

  return deps.bus.subscribe(subject, { durable, concurrency: options.concurrency, orderingKey: options.orderingKey }, async (raw) => {
    const since = performance.now();
    const envelope = readEnvelope(subject, raw);
    if (size === 1) return runAlone(envelope, since);
    // Events handed over in the same turn of the event loop go together (the bus keeps one conversation's
    // events apart: the next one is only handed over once this one is done).
    return new Promise<void>((done, failed) => {
      waiting.push({ envelope, since, done, failed });
      if (waiting.length >= size) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
  });
}
