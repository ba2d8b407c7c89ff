import type { Bus, Subscription } from './bus/types.js';

/** An answer and the company generation and epoch it was computed under. */
type CachedAnswer = { generation: number; epoch: number; at: number; value: Buffer };

/**
 * Answers of hot reads (the ticket list, a conversation's page), kept per company and dropped as a
 * whole whenever anything of that company changes: each company has a generation, bumped by every
 * commit of this process that touched the company and by every event of the company on the bus
 * (other replicas' commits, other services' changes); an answer is served only while the generation
 * it was computed under is current, and never for longer than `ttlMs` (what an event lost on the way
 * could leave stale). Values are the serialized answers as bytes, so a hit costs neither the
 * database nor serialization nor encoding.
 */
export class CompanyReadCache {
  private readonly generations = new Map<number, number>();
  /** Bumped for every company at once (an event without a company, a reconnect). */
  private epoch = 0;
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private size = 0;

  /** ttlMs 0 turns the cache off; maxSize bounds the bytes held (oldest dropped first). */
  constructor(private readonly options: { ttlMs: number; maxSize: number; now?: () => number }) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** Something of `companyId` changed (null: of any company). */
  invalidate(companyId: number | null): void {
    if (companyId === null) this.epoch++;
    else this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
  }

  /**
   * The cached answer of `key` for `companyId`, or `compute()`'s (stored when nothing of the company
   * changed while it ran). Concurrent misses of one key share one computation.
   */
  async through(companyId: number, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.enabled) return compute();
    const fullKey = `${companyId}\u0000${key}`;
    const generation = this.generations.get(companyId) ?? 0;
    const epoch = this.epoch;
    const now = this.now();
    const entry = this.entries.get(fullKey);
    if (entry && entry.generation === generation && entry.epoch === epoch && now - entry.at < this.options.ttlMs) return entry.value;
    const flightKey = `${generation}:${epoch}\u0000${fullKey}`;
    const inFlight = this.pending.get(flightKey);
    if (inFlight) return inFlight;
    const computation = compute();
    this.pending.set(flightKey, computation);
    try {
      const value = await computation;
      if ((this.generations.get(companyId) ?? 0) === generation && this.epoch === epoch) this.store(fullKey, { generation, epoch, at: now, value });
      return value;
    } finally {
      this.pending.delete(flightKey);
    }
  }

  private store(key: string, entry: CachedAnswer): void {
    if (entry.value.byteLength > this.options.maxSize / 4) return;
    this.drop(key);
    this.entries.set(key, entry);
    this.size += entry.value.byteLength;
    // Oldest first (a Map keeps insertion order) until the budget holds.
    for (const [oldest] of this.entries) {
      if (this.size <= this.options.maxSize) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.value.byteLength;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Entries held and their total size in bytes (for tests and diagnostics). */
  stats(): { entries: number; size: number } {
    return { entries: this.entries.size, size: this.size };
  }
}

/**
 * Invalidate `cache` on every event of `subjects` (NATS patterns, e.g. 'tickets.>'), whichever process
 * or service published it: every replica of a service receives them (fan-out).
 */
export async function invalidateOnEvents(bus: Bus, cache: CompanyReadCache, subjects: string[]): Promise<Subscription[]> {
  return Promise.all(subjects.map((subject) => bus.companiesOf(subject, (companyId) => cache.invalidate(companyId))));
}
