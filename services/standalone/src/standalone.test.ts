import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './embedded-db.js';

/**
 * `npm start` as a user runs it: one process, embedded PostgreSQL under DATA_DIR, nothing external.
 * Start, log in, read the version, stop, start again on the same data, log in again.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let dataDir: string;
let port: number;
let child: ChildProcess | undefined;

function start(): Promise<{ process: ChildProcess; output: () => string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  const proc = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(root, 'services/standalone/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  child = proc;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`standalone did not start:\n${output}`)), 90_000);
    proc.stdout!.on('data', () => {
      if (output.includes('Ctrl-C stops everything')) {
        clearTimeout(timer);
        resolve({ process: proc, output: () => output });
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`standalone exited with ${code}:\n${output}`));
    });
  });
}

const stop = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    proc.on('exit', (code) => resolve(code));
    proc.kill('SIGINT');
  });

const login = async (password: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@admin.com', password }) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atende-standalone-'));
  port = await freePort();
});
afterAll(async () => {
  if (child && child.exitCode === null) await stop(child);
  await rm(dataDir, { recursive: true, force: true });
});

describe('standalone (npm start)', () => {
  it('starts on an empty data dir, prints the login, and survives a restart on the same data', async () => {
    const first = await start();
    const printed = first.output();
    expect(printed).toContain(`http://127.0.0.1:${port}`);
    expect(printed).toContain('admin login: admin@admin.com');
    const password = /password:\s+(\S+)\s+\(generated now/.exec(printed)?.[1];
    expect(password).toBeDefined();

    expect((await login(password!)).status).toBe(200);
    const version = await fetch(`http://127.0.0.1:${port}/api/version`);
    expect(version.status).toBe(200);
    expect(await version.json()).toEqual({ version: expect.any(String) });

    expect(await stop(first.process), first.output()).toBe(0);
    expect(first.output()).toContain('Atende stopped.');
    // PostgreSQL went down with it: the port of its socket file is gone.
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(path.join(dataDir, 'postgres'))).includes('postmaster.pid')).toBe(false);

    const second = await start();
    expect(second.output()).not.toContain('generated now');
    expect((await login(password!)).status).toBe(200);
    expect(await stop(second.process), second.output()).toBe(0);
  }, 180_000);
});
