import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const file = path.join(root, 'docs', 'benchmarks.md');

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const pg = (() => {
    try {
      return execSync('psql --version', { encoding: 'utf8' }).trim();
    } catch {
      return 'psql not found';
    }
  })();
  return `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${pg}`;
}

/** Replace (or append) the section `name` of docs/benchmarks.md. */
export function writeSection(name: string, title: string, body: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = `${start}\n## ${title}\n\n_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}._\n\n${body.trim()}\n${end}`;
  let doc = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nFigures written by `npm run bench` (scripts/bench). Each section states the machine and date it was measured on.\n';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  doc = from >= 0 && to > from ? doc.slice(0, from) + section + doc.slice(to + end.length) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, doc);
  console.log(section);
}

export type Load = { requests: number; rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** autocannon with fixed connections and duration; latencies in ms. */
export async function load(options: { url: string; method?: string; headers?: Record<string, string>; body?: string; connections?: number; duration?: number }): Promise<Load> {
  const result = await autocannon({
    url: options.url,
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * An open-loop load at a fixed arrival rate (what k6's constant-arrival-rate does): every 10 ms,
 * rate/100 requests are started over a pool of `connections` keep-alive connections, whether or not
 * earlier ones have answered. Latency counts from the moment a request was due, so a request that
 * waits for a free connection is charged for its wait (no coordinated omission). Runs in a worker
 * thread (paced-worker.mjs) so this process's other work does not delay it.
 */
export async function paced(options: { url: string; headers?: Record<string, string>; rate: number; connections?: number; duration?: number }): Promise<Load> {
  const worker = new Worker(new URL('./paced-worker.mjs', import.meta.url), {
    workerData: { url: options.url, headers: options.headers ?? {}, rate: options.rate, connections: options.connections ?? 50, duration: options.duration ?? 10 },
  });
  const result = await new Promise<{ latencies: number[]; seconds: number; errors: number; non2xx: number; loopDelayP99: number; loopDelayMax: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  console.log(`paced ${options.rate}/s ${new URL(options.url).pathname}: the generator's event loop was late by p99 ${result.loopDelayP99.toFixed(1)} ms, at most ${result.loopDelayMax.toFixed(1)} ms`);
  const latencies = result.latencies.sort((x, y) => x - y);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
  return { requests: latencies.length, rps: Math.round(latencies.length / result.seconds), p50: pct(50), p99: pct(99), errors: result.errors, non2xx: result.non2xx };
}

export const row = (label: string, l: Load) => `| ${label} | ${l.rps} | ${l.p50} | ${l.p99} | ${l.requests} | ${l.non2xx + l.errors} |`;
export const tableHead = '| what | req/s | p50 ms | p99 ms | requests | failed |\n|---|---|---|---|---|---|';
