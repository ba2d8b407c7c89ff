/**
 * Issue "Web console foundation" performance: the production build's JavaScript, chunk by chunk
 * (gzip), and the initial JavaScript a first visit downloads (the entry script and the chunks
 * index.html preloads; every page is a lazy chunk on top).
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, writeSection } from './report.js';

execSync('npm run build -w web', { cwd: root, stdio: 'ignore' });
const dist = path.join(root, 'web', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => {
    const raw = readFileSync(path.join(dist, 'assets', f));
    return { file: `assets/${f}`, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const initialGzip = chunks.filter((c) => initial.has(c.file)).reduce((sum, c) => sum + c.gzip, 0);
const totalGzip = chunks.reduce((sum, c) => sum + c.gzip, 0);

writeSection(
  'web-bundle',
  'Web production build',
  `\`npm run build -w web\` (Vite, route-level code splitting with React.lazy). Initial JavaScript = the entry script plus the chunks \`index.html\` preloads.

**Initial JavaScript: ${kb(initialGzip)} KB gzip** (target under 350 KB); all chunks together ${kb(totalGzip)} KB gzip.

| chunk | initial | KB | KB gzip |
|---|---|---|---|
${chunks.map((c) => `| ${c.file} | ${initial.has(c.file) ? 'yes' : ''} | ${kb(c.raw)} | ${kb(c.gzip)} |`).join('\n')}`,
);
