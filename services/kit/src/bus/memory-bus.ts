import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { isErrorCode } from '../contracts/errors.js';
import { RecentIds } from './dedupe.js';
import { subjectMatches } from './subject.js';
import type { Bus, DurableOptions, Envelope, EnvelopeHandler, Subscription } from './types.js';

type DurableGroup = {
  pattern: string;
  options: Required<Pick<DurableOptions, 'durable' | 'maxDeliver' | 'ackWaitMs'>>;
  handlers: EnvelopeHandler[];
  next: number;
  queue: Envelope[];
  running: boolean;
};

type Responder = (data: unknown, meta: { requestId?: string }) => Promise<unknown>;

/**
 * In-process bus with NATS subject semantics (standalone mode and fast tests).
 * Durable groups process their messages one at a time, in order, redelivering on failure
 * like a JetStream consumer would; publishes are deduplicated by envelope id.
 */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  private readonly groups = new Map<string, DurableGroup>();
  private readonly fanouts = new Set<{ pattern: string; handler: (e: Envelope) => void | Promise<void> }>();
  private readonly responders = new Map<string, { handlers: Responder[]; next: number }>();
  private readonly recent = new RecentIds();
  private held: Envelope[] | null = null;
  private closed = false;

  constructor(private readonly logger?: Logger, private readonly retryBaseMs = 50) {}

  /** Queue publishes until release(): lets every service subscribe before outbox relays start. */
  hold(): void {
    this.held ??= [];
  }

  async release(): Promise<void> {
    const pending = this.held ?? [];
    this.held = null;
    for (const envelope of pending) await this.publish(envelope);
  }

  async publish(envelope: Envelope): Promise<void> {
    if (this.closed) throw new AppError('ERR_SERVICE_UNAVAILABLE', 'bus closed');
    if (this.held) {
      this.held.push(envelope);
      return;
    }
    if (!this.recent.add(envelope.id)) return;
    // Copy through JSON so no subscriber shares (or mutates) the publisher's objects, as on a real wire.
    const copy = JSON.parse(JSON.stringify(envelope)) as Envelope;
    for (const group of this.groups.values()) {
      if (!subjectMatches(group.pattern, copy.type)) continue;
      group.queue.push(copy);
      void this.drain(group);
    }
    for (const fanout of this.fanouts) {
      if (!subjectMatches(fanout.pattern, copy.type)) continue;
      queueMicrotask(() => {
        Promise.resolve()
          .then(() => fanout.handler(copy))
          .catch((err) => this.logger?.error({ err, subject: copy.type }, 'fan-out handler failed'));
      });
    }
  }

  async publishSerialized(_event: { id: string; type: string }, json: string): Promise<void> {
    await this.publish(JSON.parse(json) as Envelope);
  }

  /** Resolves once every durable group has handled what was published so far (tests wait on it). */
  async settled(): Promise<void> {
    const busy = () => [...this.groups.values()].some((g) => g.running || (g.queue.length > 0 && g.handlers.length > 0));
    while (busy() && !this.closed) await new Promise((r) => setTimeout(r, 2));
  }

  async subscribe(subject: string, options: DurableOptions, handler: EnvelopeHandler): Promise<Subscription> {
    const key = `${options.durable}|${subject}`;
    let group = this.groups.get(key);
    if (!group) {
      group = {
        pattern: subject,
        options: { maxDeliver: options.maxDeliver ?? 10, ackWaitMs: options.ackWaitMs ?? 30_000, durable: options.durable },
        handlers: [],
        next: 0,
        queue: [],
        running: false,
      };
      this.groups.set(key, group);
    }
    group.handlers.push(handler);
    const g = group;
    return {
      unsubscribe: async () => {
        g.handlers = g.handlers.filter((h) => h !== handler);
        if (g.handlers.length === 0) this.groups.delete(key);
      },
    };
  }

  private async drain(group: DurableGroup): Promise<void> {
    if (group.running) return;
    group.running = true;
    try {
      while (group.queue.length > 0 && group.handlers.length > 0 && !this.closed) {
        const envelope = group.queue[0]!;
        let delivered = false;
        for (let attempt = 1; attempt <= group.options.maxDeliver && !this.closed; attempt++) {
          const handler = group.handlers[group.next++ % group.handlers.length]!;
          try {
            await handler(envelope);
            delivered = true;
            break;
          } catch (err) {
            this.logger?.warn({ err, subject: envelope.type, attempt, durable: group.options.durable }, 'handler failed; redelivering');
            await new Promise((r) => setTimeout(r, Math.min(this.retryBaseMs * 2 ** (attempt - 1), 2000)));
          }
        }
        if (!delivered) this.logger?.error({ subject: envelope.type, id: envelope.id, durable: group.options.durable }, 'message given up after max deliveries');
        group.queue.shift();
      }
    } finally {
      group.running = false;
    }
  }

  async fanout(subject: string, handler: (envelope: Envelope) => void | Promise<void>): Promise<Subscription> {
    const entry = { pattern: subject, handler };
    this.fanouts.add(entry);
    return { unsubscribe: async () => void this.fanouts.delete(entry) };
  }

  companiesOf(subject: string, handler: (companyId: number | null) => void): Promise<Subscription> {
    return this.fanout(subject, (envelope) => handler(envelope.companyId));
  }

  async request<Res = unknown>(subject: string, data: unknown, options: { timeoutMs?: number; requestId?: string } = {}): Promise<Res> {
    const entry = this.responders.get(subject);
    if (!entry || entry.handlers.length === 0) throw new AppError('ERR_SERVICE_UNAVAILABLE', `no responder for ${subject}`);
    const handler = entry.handlers[entry.next++ % entry.handlers.length]!;
    const payload = JSON.parse(JSON.stringify(data ?? null)) as unknown;
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        handler(payload, { requestId: options.requestId }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new AppError('ERR_SERVICE_UNAVAILABLE', `request ${subject} timed out`)), options.timeoutMs ?? 5000);
        }),
      ]);
      return (answer === undefined ? null : JSON.parse(JSON.stringify(answer))) as Res;
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: unknown }).code;
      throw new AppError(isErrorCode(code) ? code : 'ERR_INTERNAL', (err as Error).message);
    } finally {
      clearTimeout(timer);
    }
  }

  async reply(subject: string, handler: Responder): Promise<Subscription> {
    let entry = this.responders.get(subject);
    if (!entry) {
      entry = { handlers: [], next: 0 };
      this.responders.set(subject, entry);
    }
    entry.handlers.push(handler);
    const e = entry;
    return { unsubscribe: async () => void (e.handlers = e.handlers.filter((h) => h !== handler)) };
  }

  isConnected(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.groups.clear();
    this.fanouts.clear();
    this.responders.clear();
  }
}
