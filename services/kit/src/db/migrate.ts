import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Sql } from './client.js';

type Journal = { entries: { idx: number; tag: string }[] };

/** One advisory lock for every service: replicas starting together migrate once, and CREATE EXTENSION never races. */
const MIGRATION_LOCK = 0x61_74_65_6e; // "aten"

/**
 * Apply a service's committed SQL migrations (drizzle-kit output: meta/_journal.json + NNNN_tag.sql)
 * to its own schema, each in its own transaction, under a session advisory lock.
 */
export async function migrate(sql: Sql, options: { schema: string; dir: string; logger?: Logger }): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(options.dir, 'meta', '_journal.json'), 'utf8')) as Journal;
  const conn = await sql.reserve();
  const applied: string[] = [];
  try {
    await conn`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await conn.unsafe(`create schema if not exists "${options.schema}"`);
    await conn.unsafe(`create table if not exists "${options.schema}".__migrations (tag text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await conn.unsafe<{ tag: string }[]>(`select tag from "${options.schema}".__migrations`)).map((r) => r.tag));
    for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (done.has(entry.tag)) continue;
      const file = await readFile(path.join(options.dir, `${entry.tag}.sql`), 'utf8');
      const statements = file
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean)
        // The schema exists already (it holds __migrations).
        .map((s) => s.replace(/^CREATE SCHEMA "([^"]+)";?$/i, 'CREATE SCHEMA IF NOT EXISTS "$1"'));
      await conn.unsafe('begin');
      try {
        for (const statement of statements) await conn.unsafe(statement);
        await conn.unsafe(`insert into "${options.schema}".__migrations (tag) values ($1)`, [entry.tag]);
        await conn.unsafe('commit');
      } catch (err) {
        await conn.unsafe('rollback');
        throw new Error(`migration ${options.schema}/${entry.tag} failed: ${(err as Error).message}`);
      }
      applied.push(entry.tag);
      options.logger?.info({ schema: options.schema, migration: entry.tag }, 'migration applied');
    }
  } finally {
    await conn`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => undefined);
    conn.release();
  }
  return applied;
}
