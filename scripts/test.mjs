// `npm test`: every suite. Standalone path by default; the cluster path when DATABASE_URL, NATS_URL
// and REDIS_URL point at real servers (.ci/run runs both).
import { existsSync } from 'node:fs';
import { buildWebIfNeeded, run } from './lib.mjs';

const cluster = Boolean(process.env.DATABASE_URL);
console.log(`\n=== Atende tests — ${cluster ? 'cluster path (PostgreSQL, NATS, Redis from the environment)' : 'standalone path (embedded PostgreSQL, in-process bus)'} ===\n`);

const projects = ['--project', 'services', '--project', 'web'];
const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(browser)) {
  buildWebIfNeeded();
  projects.push('--project', 'e2e');
} else if (process.env.CI) {
  console.error(`Chromium not found at ${browser}: the browser suites cannot run (apt-get install -y chromium).`);
  process.exit(1);
} else {
  console.warn(`\n!!! Chromium not found at ${browser}: browser suites (e2e) are NOT run. Install it (apt-get install -y chromium) to run them.\n`);
}
run('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)]);
