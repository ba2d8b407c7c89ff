import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * A throwaway database on the test PostgreSQL server: DATABASE_URL's server on the cluster path,
 * the embedded one started by the vitest global setup otherwise.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL ?? process.env.ATENDE_TEST_PG_URL;
  if (!serverUrl) throw new Error('No PostgreSQL for tests: set DATABASE_URL or run through vitest (its global setup starts one)');
  const name = `atende_t_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const conn = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await conn.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await conn.end();
    },
  };
}
