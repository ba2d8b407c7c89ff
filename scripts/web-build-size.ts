import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The web app's initial JavaScript must stay under this (gzip): the first visit downloads it before anything shows. */
export const INITIAL_JS_BUDGET_BYTES = 350 * 1024;

/**
 * The production build's JavaScript chunk by chunk (raw and gzip bytes, largest first), and which of them a
 * first visit downloads: the entry script and the chunks index.html preloads (every page is a lazy chunk on top).
 */
export function webBuildSize(dist: string): { chunks: { file: string; raw: number; gzip: number; initial: boolean }[]; initialGzip: number; totalGzip: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  const chunks = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const raw = readFileSync(path.join(dist, 'assets', f));
      return { file: `assets/${f}`, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, initial: initial.has(`assets/${f}`) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (list: typeof chunks) => list.reduce((total, c) => total + c.gzip, 0);
  return { chunks, initialGzip: sum(chunks.filter((c) => c.initial)), totalGzip: sum(chunks) };
}
