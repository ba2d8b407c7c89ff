import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.js';
import { createSql, type Sql } from './client.js';
import { migrate } from './migrate.js';

let database: { url: string; drop(): Promise<void> };
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await mkdir(path.join(dir, 'meta'));
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ entries: [{ idx: 0, tag: '0000_init' }, { idx: 1, tag: '0001_more' }] }));
  await writeFile(path.join(dir, '0000_init.sql'), 'CREATE SCHEMA "mig";\n--> statement-breakpoint\nCREATE TABLE "mig"."things" ("id" serial PRIMARY KEY);');
  await writeFile(path.join(dir, '0001_more.sql'), 'ALTER TABLE "mig"."things" ADD COLUMN "name" text;');
});

afterAll(async () => database.drop());

describe('migrate', () => {
  it('applies each migration once when three replicas start together', async () => {
    const pools: Sql[] = [createSql(database.url), createSql(database.url), createSql(database.url)];
    const results = await Promise.all(pools.map((sql) => migrate(sql, { schema: 'mig', dir })));
    expect(results.flat().sort()).toEqual(['0000_init', '0001_more']);
    const rows = await pools[0]!`select tag from mig.__migrations order by tag`;
    expect(rows.map((r) => r.tag)).toEqual(['0000_init', '0001_more']);
    expect(await migrate(pools[0]!, { schema: 'mig', dir })).toEqual([]);
    for (const sql of pools) await sql.end();
  });
});
