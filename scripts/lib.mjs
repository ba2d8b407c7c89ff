import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under `dir` (files only), skipping build output and dependencies. */
export function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Compile the services when their sources changed since the last build. */
export function buildServicesIfNeeded() {
  const services = readdirSync(path.join(root, 'services'));
  const stale = services.some((name) => {
    const dir = path.join(root, 'services', name);
    return existsSync(path.join(dir, 'tsconfig.json')) && newest(path.join(dir, 'src')) > mtime(path.join(dir, 'dist', '.tsbuildinfo'));
  });
  if (stale) {
    console.log('Building the services…');
    run('npx', ['tsc', '-b']);
  }
}

/** Build the web app when it was never built or its sources changed. */
export function buildWebIfNeeded() {
  const built = mtime(path.join(root, 'web', 'dist', 'index.html'));
  const sources = Math.max(newest(path.join(root, 'web', 'src')), mtime(path.join(root, 'web', 'index.html')), newest(path.join(root, 'services', 'kit', 'src', 'contracts')));
  if (!built || sources > built) {
    console.log('Building the web app…');
    run('npm', ['run', 'build', '-w', 'web']);
  }
}
