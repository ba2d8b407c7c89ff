import type { HttpApp } from './http/app.js';

/** Upper bounds (ms) of the latency buckets: fine around the tens of milliseconds the targets are set in. */
export const LATENCY_BUCKETS_MS = [1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 300, 500, 1000, 2000, 5000] as const;

type Series = { buckets: number[]; count: number; sumMs: number };

/** A latency histogram per label, cumulative since the process started (Prometheus' histogram semantics). */
export class LatencyHistogram {
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelName: string,
  ) {}

  observe(label: string, ms: number): void {
    let s = this.series.get(label);
    if (!s) this.series.set(label, (s = { buckets: LATENCY_BUCKETS_MS.map(() => 0), count: 0, sumMs: 0 }));
    const i = LATENCY_BUCKETS_MS.findIndex((le) => ms <= le);
    if (i >= 0) s.buckets[i]!++;
    s.count++;
    s.sumMs += ms;
  }

  /** Prometheus' text exposition format (cumulative buckets, +Inf, sum in seconds, count). */
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [label, s] of this.series) {
      const tag = `${this.labelName}="${label.replace(/["\\\n]/g, '_')}"`;
      let cumulative = 0;
      LATENCY_BUCKETS_MS.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        lines.push(`${this.name}_bucket{${tag},le="${le / 1000}"} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket{${tag},le="+Inf"} ${s.count}`, `${this.name}_sum{${tag}} ${s.sumMs / 1000}`, `${this.name}_count{${tag}} ${s.count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

/**
 * Per consumed subject: from the bus handing an event over to the events its handling emitted being
 * published (its transaction committed, its outbox rows sent to the bus), or to the commit when it emitted none.
 */
export const eventHandlingLatency = new LatencyHistogram(
  'atende_event_handled_seconds',
  'Event consumed (handed over by the bus) until the events it caused were published',
  'subject',
);

/** GET /metrics on a service's own port (the gateway does not route it): for the operators' scraper. */
export function registerMetrics(app: HttpApp): void {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/plain; version=0.0.4').send(eventHandlingLatency.render()),
  );
}
