import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  RetentionPolicy,
  StorageType,
  connect,
  headers as natsHeaders,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { isErrorCode } from '../contracts/errors.js';
import { RecentIds } from './dedupe.js';
import type { Bus, DurableOptions, Envelope, EnvelopeHandler, ReplyError, Subscription } from './types.js';

const codec = JSONCodec<unknown>();
const utf8 = new TextEncoder();
const latin1 = new TextDecoder('latin1');

/**
 * The companyId of an encoded envelope. makeEnvelope writes `{"id":"<uuid>","companyId":…` first, so it is
 * read from the first bytes; anything else (another writer's key order) is decoded whole.
 */
export function companyOfEncoded(data: Uint8Array): number | null {
  const head = /^\{"id":"[0-9a-f-]{36}","companyId":(null|\d{1,15})[,}]/.exec(latin1.decode(data.subarray(0, 80)));
  if (head) return head[1] === 'null' ? null : Number(head[1]);
  const envelope = codec.decode(data) as Partial<Envelope>;
  return typeof envelope.companyId === 'number' ? envelope.companyId : null;
}

/**
 * NATS implementation. Events go to a JetStream stream `<PREFIX>` on subjects `<prefix>.ev.<type>`
 * with Nats-Msg-Id = envelope id (the stream drops duplicates inside its window); request/reply
 * uses core NATS on `<prefix>.rpc.<subject>`, outside the stream so JetStream never answers a request.
 */
export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private readonly streamName: string;
  private readonly consumers = new Set<ConsumerMessages>();
  private streamReady: Promise<void> | undefined;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly prefix: string,
    private readonly logger?: Logger,
  ) {
    this.streamName = prefix.toUpperCase();
  }

  static async connect(options: { url: string; prefix?: string; name?: string; logger?: Logger }): Promise<NatsBus> {
    const nc = await connect({
      servers: options.url.split(','),
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      // Otherwise every request (each JetStream publish waits for its acknowledgement) captures two stack
      // traces up front, in case it fails: measurable CPU at hundreds of events a second.
      noAsyncTraces: true,
    });
    const jsm = await nc.jetstreamManager();
    const bus = new NatsBus(nc, nc.jetstream(), jsm, options.prefix ?? 'atende', options.logger);
    await bus.ensureStream();
    return bus;
  }

  private eventSubject(type: string): string {
    return `${this.prefix}.ev.${type}`;
  }

  private rpcSubject(subject: string): string {
    return `${this.prefix}.rpc.${subject}`;
  }

  private ensureStream(): Promise<void> {
    this.streamReady ??= (async () => {
      const config = {
        name: this.streamName,
        subjects: [`${this.prefix}.ev.>`],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: nanos(7 * 24 * 3600 * 1000),
        duplicate_window: nanos(120_000),
      };
      try {
        await this.jsm.streams.info(this.streamName);
        await this.jsm.streams.update(this.streamName, config);
      } catch {
        try {
          await this.jsm.streams.add(config);
        } catch (err) {
          // Another replica created it between our info() and add().
          await this.jsm.streams.info(this.streamName).catch(() => {
            throw err;
          });
        }
      }
    })();
    return this.streamReady;
  }

  async publish(envelope: Envelope): Promise<void> {
    await this.js.publish(this.eventSubject(envelope.type), codec.encode(envelope), { msgID: envelope.id });
  }

  async publishSerialized(event: { id: string; type: string }, json: string): Promise<void> {
    await this.js.publish(this.eventSubject(event.type), utf8.encode(json), { msgID: event.id });
  }

  async subscribe(subject: string, options: DurableOptions, handler: EnvelopeHandler): Promise<Subscription> {
    await this.ensureStream();
    const maxDeliver = options.maxDeliver ?? 10;
    const consumerConfig = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.eventSubject(subject),
      max_deliver: maxDeliver,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
    };
    try {
      await this.jsm.consumers.add(this.streamName, consumerConfig);
    } catch {
      await this.jsm.consumers.update(this.streamName, options.durable, {
        filter_subject: consumerConfig.filter_subject,
        max_deliver: consumerConfig.max_deliver,
        ack_wait: consumerConfig.ack_wait,
      });
    }
    const consumer = await this.js.consumers.get(this.streamName, options.durable);
    const messages = await consumer.consume({ max_messages: 64 });
    this.consumers.add(messages);
    const handle = async (message: JsMsg, envelope: Envelope): Promise<void> => {
      try {
        await handler(envelope);
        message.ack();
      } catch (err) {
        const delivery = message.info.deliveryCount;
        if (delivery >= maxDeliver) {
          this.logger?.error({ err, subject: envelope.type, id: envelope.id, durable: options.durable }, 'message given up after max deliveries');
          message.term('max deliveries');
        } else {
          this.logger?.warn({ err, subject: envelope.type, delivery, durable: options.durable }, 'handler failed; redelivering');
          message.nak(Math.min(100 * 2 ** (delivery - 1), 5000));
        }
      }
    };
    // Bounded concurrency; events sharing an ordering key run one after the other, in stream order.
    const limit = Math.max(1, Math.floor(options.concurrency ?? 1));
    const tails = new Map<string, Promise<void>>();
    let active = 0;
    let freed: (() => void) | undefined;
    const keyOf = (envelope: Envelope): string | null => {
      try {
        return options.orderingKey?.(envelope) ?? null;
      } catch {
        return null;
      }
    };
    void (async () => {
      for await (const message of messages) {
        let envelope: Envelope;
        try {
          envelope = codec.decode(message.data) as Envelope;
        } catch (err) {
          this.logger?.error({ err, subject: message.subject }, 'undecodable message dropped');
          message.term('undecodable');
          continue;
        }
        if (limit === 1) {
          await handle(message, envelope);
          continue;
        }
        while (active >= limit) await new Promise<void>((resolve) => (freed = resolve));
        active++;
        const key = keyOf(envelope);
        const before = key === null ? undefined : tails.get(key);
        const run: Promise<void> = (before ?? Promise.resolve())
          .then(() => handle(message, envelope))
          .finally(() => {
            active--;
            if (key !== null && tails.get(key) === run) tails.delete(key);
            const wake = freed;
            freed = undefined;
            wake?.();
          });
        if (key !== null) tails.set(key, run);
      }
    })();
    return {
      unsubscribe: async () => {
        this.consumers.delete(messages);
        await messages.close();
      },
    };
  }

  async fanout(subject: string, handler: (envelope: Envelope) => void | Promise<void>): Promise<Subscription> {
    const recent = new RecentIds();
    const sub = this.nc.subscribe(this.eventSubject(subject), {
      callback: (err, message) => {
        if (err) return;
        try {
          const envelope = codec.decode(message.data) as Envelope;
          // A relay retry republishes the same id: JetStream drops it, core subscribers would not.
          if (!recent.add(envelope.id)) return;
          Promise.resolve(handler(envelope)).catch((error) => this.logger?.error({ err: error, subject: envelope.type }, 'fan-out handler failed'));
        } catch (error) {
          this.logger?.error({ err: error }, 'undecodable fan-out message');
        }
      },
    });
    // The SUB must reach the server before anything published after this call.
    await this.nc.flush();
    return { unsubscribe: async () => sub.unsubscribe() };
  }

  async companiesOf(subject: string, handler: (companyId: number | null) => void): Promise<Subscription> {
    const sub = this.nc.subscribe(this.eventSubject(subject), {
      callback: (err, message) => {
        if (err) return;
        try {
          handler(companyOfEncoded(message.data));
        } catch (error) {
          this.logger?.error({ err: error, subject: message.subject }, 'undecodable fan-out message');
        }
      },
    });
    await this.nc.flush();
    return { unsubscribe: async () => sub.unsubscribe() };
  }

  async request<Res = unknown>(subject: string, data: unknown, options: { timeoutMs?: number; requestId?: string } = {}): Promise<Res> {
    const h = natsHeaders();
    if (options.requestId) h.set('x-request-id', options.requestId);
    let answer: unknown;
    try {
      const message = await this.nc.request(this.rpcSubject(subject), codec.encode(data ?? null), { timeout: options.timeoutMs ?? 5000, headers: h });
      answer = codec.decode(message.data);
    } catch (err) {
      throw new AppError('ERR_SERVICE_UNAVAILABLE', `request ${subject} failed: ${(err as Error).message}`);
    }
    if (answer && typeof answer === 'object' && 'error' in answer) {
      const { error } = answer as ReplyError;
      throw new AppError(isErrorCode(error.code) ? error.code : 'ERR_INTERNAL', error.message, { extra: error.extra, fields: error.fields });
    }
    return (answer as { result: Res }).result;
  }

  async reply(subject: string, handler: (data: unknown, meta: { requestId?: string }) => Promise<unknown>): Promise<Subscription> {
    const sub = this.nc.subscribe(this.rpcSubject(subject), {
      queue: `rpc.${subject}`,
      callback: (err, message) => {
        if (err) return;
        const requestId = message.headers?.get('x-request-id') || undefined;
        void (async () => {
          try {
            const result = await handler(codec.decode(message.data), { requestId });
            message.respond(codec.encode({ result: result ?? null }));
          } catch (error) {
            const appError = error instanceof AppError ? error : undefined;
            if (!appError) this.logger?.error({ err: error, subject }, 'request handler failed');
            const body: ReplyError = {
              error: { code: appError?.code ?? 'ERR_INTERNAL', message: appError?.message ?? 'internal error', extra: appError?.extra, fields: appError?.fields },
            };
            message.respond(codec.encode(body));
          }
        })();
      },
    });
    await this.nc.flush();
    return { unsubscribe: async () => sub.unsubscribe() };
  }

  isConnected(): boolean {
    return !this.nc.isClosed();
  }

  /** Remove this bus's stream (test teardown). */
  async destroyStream(): Promise<void> {
    await this.jsm.streams.delete(this.streamName).catch(() => undefined);
  }

  async close(): Promise<void> {
    for (const messages of this.consumers) await messages.close().catch(() => undefined);
    this.consumers.clear();
    await this.nc.drain().catch(() => undefined);
  }
}
