import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, webBuildSize } from '../scripts/web-build-size.js';

/**
 * The production build the browser suites run against (npm test builds it first): what a first visit
 * downloads stays within its budget. A module of the first screen that imports a barrel (all the contracts
 * and zod) once put 40 KB gzip more into it and nobody noticed until the benchmark ran again.
 */
describe('web production build', () => {
  it(`its initial JavaScript stays under ${INITIAL_JS_BUDGET_BYTES / 1024} KB gzip`, () => {
    const { chunks, initialGzip } = webBuildSize(fileURLToPath(new URL('../web/dist', import.meta.url)));
    const initial = chunks.filter((c) => c.initial).map((c) => `${c.file} ${(c.gzip / 1024).toFixed(1)} KB`);
    expect(initialGzip, initial.join(', ')).toBeLessThan(INITIAL_JS_BUDGET_BYTES);
  });
});
