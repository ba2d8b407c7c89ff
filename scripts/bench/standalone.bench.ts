/**
 * Standalone start-up: time from `node …/main.js` to the first 200 on /api/version (first start on an
 * empty DATA_DIR, which runs initdb, and a second start on an installed checkout), and resident memory
 * at idle (the Node process, and PostgreSQL's processes separately).
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@atende/standalone';
import { root, writeSection } from './report.js';

const main = path.join(root, 'services', 'standalone', 'dist', 'main.js');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atende-bench-'));
const port = await freePort();

async function startAndTime(): Promise<{ proc: ChildProcess; ms: number }> {
  const begin = performance.now();
  const proc = spawn(process.execPath, [main], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/version`);
      if (answer.status === 200) return { proc, ms: Math.round(performance.now() - begin) };
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error('standalone exited during start');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const stop = (proc: ChildProcess) => new Promise<void>((resolve) => (proc.on('exit', () => resolve()), proc.kill('SIGINT')));
const rssKb = (pid: number) => Number(execSync(`ps -o rss= -p ${pid}`, { encoding: 'utf8' }).trim());
/** PostgreSQL's postmaster (from its pid file) and its children. */
const postgresRssKb = () => {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execSync(`ps -o pid= --ppid ${postmaster}`, { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean).map(Number);
  return [postmaster, ...children].reduce((sum, pid) => sum + rssKb(pid), 0);
};

try {
  const first = await startAndTime();
  await stop(first.proc);
  const runs: number[] = [];
  let idle = { node: 0, postgres: 0 };
  for (let i = 0; i < 3; i++) {
    const second = await startAndTime();
    runs.push(second.ms);
    if (i === 2) {
      await new Promise((r) => setTimeout(r, 10_000));
      idle = { node: rssKb(second.proc.pid!), postgres: postgresRssKb() };
    }
    await stop(second.proc);
  }
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  writeSection(
    'standalone',
    'Standalone start-up and memory',
    `\`node services/standalone/dist/main.js\` (what \`npm start\` runs once built), embedded PostgreSQL under a fresh DATA_DIR.

| measure | value |
|---|---|
| first start on an empty DATA_DIR (initdb, migrations, seed) to first 200 on /api/version | ${first.ms} ms |
| start on an installed checkout to first 200 on /api/version (3 runs) | ${runs.join(' ms, ')} ms (target under 5 s) |
| resident memory of the Node process at idle (10 s after start) | ${mb(idle.node)} MiB |
| resident memory of PostgreSQL's processes at idle (sum, shared pages counted per process) | ${mb(idle.postgres)} MiB |`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
