import { describe, expect, it } from 'vitest';
import { createHttpApp } from './http/app.js';
import { createLogger } from './logger.js';
import { eventHandlingLatency, LatencyHistogram, registerMetrics } from './metrics.js';

describe('LatencyHistogram', () => {
  it('renders cumulative buckets in seconds, +Inf, sum and count per label (Prometheus text format)', () => {
    const h = new LatencyHistogram('x_seconds', 'What it measures', 'subject');
    h.observe('a.b', 0.5);
    h.observe('a.b', 18);
    h.observe('a.b', 9_000);
    h.observe('c"d', 3);
    const text = h.render();
    expect(text.startsWith('# HELP x_seconds What it measures\n# TYPE x_seconds histogram\n')).toBe(true);
    expect(text).toContain('x_seconds_bucket{subject="a.b",le="0.001"} 1\n');
    expect(text).toContain('x_seconds_bucket{subject="a.b",le="0.015"} 1\n');
    expect(text).toContain('x_seconds_bucket{subject="a.b",le="0.02"} 2\n');
    expect(text).toContain('x_seconds_bucket{subject="a.b",le="5"} 2\n');
    expect(text).toContain('x_seconds_bucket{subject="a.b",le="+Inf"} 3\n');
    expect(text).toContain('x_seconds_sum{subject="a.b"} 9.0185\n');
    expect(text).toContain('x_seconds_count{subject="a.b"} 3\n');
    expect(text).toContain('x_seconds_count{subject="c_d"} 1\n');
  });
});

describe('GET /metrics', () => {
  it('answers the event handling histogram as Prometheus text', async () => {
    eventHandlingLatency.observe('test.subject', 12);
    const app = createHttpApp({ logger: createLogger({ name: 'metrics-test', level: 'silent' }) });
    registerMetrics(app);
    const answer = await app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toContain('# TYPE atende_event_handled_seconds histogram');
    expect(answer.body).toMatch(/atende_event_handled_seconds_count\{subject="test.subject"\} [1-9]/);
    await app.close();
  });
});
