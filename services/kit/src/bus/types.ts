import type { FieldError } from '../contracts/errors.js';
/** What travels on the bus: `type` is the subject, `data` is validated against the contract of that subject. */
export type Envelope<T = unknown> = {
  id: string;
  companyId: number | null;
  type: string;
  occurredAt: string;
  requestId?: string;
  data: T;
};

export type Subscription = { unsubscribe(): Promise<void> };

export type DurableOptions = {
  /** Consumer name; replicas sharing it split the work (each message handled once per name). */
  durable: string;
  /** Deliveries before a message is given up (logged); default 10. */
  maxDeliver?: number;
  /** How long an unacknowledged delivery waits before it is redelivered; default 30 s. */
  ackWaitMs?: number;
  /**
   * Up to this many events handled at once by this subscriber (default 1: one after the other).
   * Events with the same `orderingKey` are still handled one after the other, in stream order.
   */
  concurrency?: number;
  /** The ordering key of an event (e.g. the conversation it belongs to); null: no ordering constraint. Only with `concurrency` > 1. */
  orderingKey?: (envelope: Envelope) => string | null;
};

export type EnvelopeHandler = (envelope: Envelope) => Promise<void>;

/**
 * One interface, two implementations (NATS JetStream for the cluster, in-process for standalone).
 * Events are at-least-once; consumers are idempotent (see consume()).
 */
export interface Bus {
  readonly kind: 'nats' | 'memory';
  publish(envelope: Envelope): Promise<void>;
  /** Publish an envelope already serialized as JSON (the outbox relay hands over the stored text as is). */
  publishSerialized(event: { id: string; type: string }, json: string): Promise<void>;
  /** Durable, load-balanced across replicas with the same durable name; ack after the handler resolves. */
  subscribe(subject: string, options: DurableOptions, handler: EnvelopeHandler): Promise<Subscription>;
  /** Every subscribing process receives every matching event (realtime fan-out, cache invalidation). */
  fanout(subject: string, handler: (envelope: Envelope) => void | Promise<void>): Promise<Subscription>;
  /** Like fanout, with only the company each event is about (null: none), read without decoding the whole event; repeats are not dropped. */
  companiesOf(subject: string, handler: (companyId: number | null) => void): Promise<Subscription>;
  request<Res = unknown>(subject: string, data: unknown, options?: { timeoutMs?: number; requestId?: string }): Promise<Res>;
  /** Answer requests on `subject`; one replica answers each request. */
  reply(subject: string, handler: (data: unknown, meta: { requestId?: string }) => Promise<unknown>): Promise<Subscription>;
  isConnected(): boolean;
  close(): Promise<void>;
}

/** An error answered over request/reply travels as `{ error: { code, message, extra } }`. */
export type ReplyError = { error: { code: string; message: string; extra?: Record<string, unknown>; fields?: FieldError[] } };
