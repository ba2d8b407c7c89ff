/**
 * Issue "Web console foundation" performance: the production build's JavaScript, chunk by chunk
 * (gzip), and the initial JavaScript a first visit downloads (the entry script and the chunks
 * index.html preloads; every page is a lazy chunk on top).
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import { INITIAL_JS_BUDGET_BYTES, webBuildSize } from '../web-build-size.js';
import { root, writeSection } from './report.js';

execSync('npm run build -w web', { cwd: root, stdio: 'ignore' });
const { chunks, initialGzip, totalGzip } = webBuildSize(path.join(root, 'web', 'dist'));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

writeSection(
  'web-bundle',
  'Web production build',
  `\`npm run build -w web\` (Vite, route-level code splitting with React.lazy). Initial JavaScript = the entry script plus the chunks \`index.html\` preloads.

**Initial JavaScript: ${kb(initialGzip)} KB gzip** (target under ${INITIAL_JS_BUDGET_BYTES / 1024} KB); all chunks together ${kb(totalGzip)} KB gzip.

| chunk | initial | KB | KB gzip |
|---|---|---|---|
${chunks.map((c) => `| ${c.file} | ${c.initial ? 'yes' : ''} | ${kb(c.raw)} | ${kb(c.gzip)} |`).join('\n')}`,
);
