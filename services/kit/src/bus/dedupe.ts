/** Remembers ids seen in the last `windowMs`, for at-most-once fan-out of events relayed twice. */
export class RecentIds {
  private readonly seen = new Map<string, number>();
  constructor(private readonly windowMs = 120_000, private readonly maxSize = 50_000) {}

  /** true when the id is new (and records it). */
  add(id: string, now = Date.now()): boolean {
    if (this.seen.has(id)) return false;
    this.seen.set(id, now);
    if (this.seen.size > this.maxSize) this.prune(now);
    return true;
  }

  private prune(now: number): void {
    for (const [id, at] of this.seen) {
      if (now - at < this.windowMs && this.seen.size <= this.maxSize / 2) break;
      this.seen.delete(id);
    }
  }
}
