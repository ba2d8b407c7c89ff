// `npm run bench`: runs every benchmark under scripts/bench (or those named on the command line)
// and writes their figures into docs/benchmarks.md with the machine and the date.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buildServicesIfNeeded, run, root } from './lib.mjs';

buildServicesIfNeeded();
const only = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'scripts', 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
for (const file of benches) {
  console.log(`\n### ${file}`);
  run(process.execPath, ['--conditions=source', '--import', 'tsx', path.join('scripts', 'bench', file)], { env: { ...process.env, LOG_LEVEL: 'warn' } });
}
