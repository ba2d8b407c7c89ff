import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

export const row = (label: string, l: Load) => `| ${label} | ${l.rps} | ${l.p50} | ${l.p99} | ${l.requests} | ${l.non2xx + l.errors} |`;
export const tableHead = '| what | req/s | p50 ms | p99 ms | requests | failed |\n|---|---|---|---|---|---|';
