import { getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { clientOf, quoteIdentifier, type Sql } from '@atende/kit';
import type { TicketsDb } from '../deps.js';

/**
 * The hottest statements (inbound, the list, a conversation page) skip drizzle's query builder:
 * building a select of every column of several tables and mapping its rows cost more CPU than the
 * statement itself. They are written once as text (column lists generated from the drizzle tables,
 * so renames follow), run prepared on the same connection the drizzle database or transaction uses,
 * and their rows are mapped exactly as drizzle maps them (each column's mapFromDriverValue).
 */

/** The postgres.js client under a drizzle database (the pool) or transaction (its connection). */
function clientFor(db: TicketsDb): Sql {
  const client = clientOf(db);
  if (!client) throw new Error('tickets: the database handle is not a drizzle postgres-js database');
  return client;
}

/**
 * Run a statement prepared (one Bind/Execute once the connection has seen it), handed to the connection
 * at once: statements run in the order of their `run` calls, so several can be sent together (one round
 * trip) by starting them before awaiting any, e.g. with Promise.all. Only pipeline `run` statements with
 * each other: a drizzle query is sent a few microtasks after it is awaited, so its order against them is not fixed.
 */
export const run = <T = Record<string, unknown>>(db: TicketsDb, text: string, params: unknown[]): Promise<T[]> =>
  clientFor(db).unsafe(text, params as never[], { prepare: true }).execute() as unknown as Promise<T[]>;

const dialect = new PgDialect();

/**
 * Run a drizzle statement unprepared: planned for its own values every time. For statements whose best
 * plan depends on them (the ticket list: tenants, statuses and visibility terms of very different sizes),
 * where a cached generic plan runs several times slower than the planning it saves.
 */
export const runPlannedEachTime = <T = Record<string, unknown>>(db: TicketsDb, statement: SQL): Promise<T[]> => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return clientFor(db).unsafe(text, params as never[], { prepare: false }).execute() as unknown as Promise<T[]>;
};

/** "schema"."table" */
export const tableRef = (table: PgTable): string => {
  const config = getTableConfig(table);
  return config.schema ? `${quoteIdentifier(config.schema)}.${quoteIdentifier(config.name)}` : quoteIdentifier(config.name);
};

/** A column's name, quoted for statement text. */
export const columnName = (column: { name: string }): string => quoteIdentifier(column.name);

/** `values[key]` for each key, as the statement's parameters: each converted by its column as drizzle would (null stays null). */
export function driverValues<T extends PgTable, K extends keyof T['$inferInsert'] & keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
  values: Partial<Record<K, unknown>>,
): unknown[] {
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  return keys.map((k) => {
    const value = values[k];
    return value === null ? null : cols[k]!.mapToDriverValue(value);
  });
}

export type Columns<Row> = {
  /** `"alias"."column" as "prefix.key"`, comma-separated, for a select list. */
  list: string;
  /** The selected columns back as drizzle's row (driver values mapped by their column). */
  read(row: Record<string, unknown>): Row;
};

/** The columns of `table` (all, or `keys`) selected from `alias`, labelled `prefix.key`. */
export function columns<T extends PgTable, K extends keyof T['$inferSelect'] & string = keyof T['$inferSelect'] & string>(
  table: T,
  alias: string,
  keys?: readonly K[],
  prefix: string = alias,
): Columns<Pick<T['$inferSelect'], K>> {
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const chosen = keys ? keys.map((k) => [k, all.find(([key]) => key === k)![1]] as [string, PgColumn]) : all;
  const entries = chosen.map(([key, column]) => ({ key, column, label: `${prefix}.${key}` }));
  return {
    list: entries.map((e) => `"${alias}"."${e.column.name}" as "${e.label}"`).join(', '),
    read(row) {
      const out: Record<string, unknown> = {};
      for (const e of entries) {
        const value = row[e.label];
        out[e.key] = value === null || value === undefined ? null : e.column.mapFromDriverValue(value);
      }
      return out as Pick<T['$inferSelect'], K>;
    },
  };
}

/**
 * `insert … on conflict do nothing`, the row back as drizzle's (every column), for the rows the inbound path
 * creates (contacts, tickets: their unique indexes settle creation races). The given keys are written, the
 * others take their SQL defaults; one statement text per set of keys, prepared like `run`'s.
 */
export function insertOrNothing<T extends PgTable>(table: T): (db: TicketsDb, values: T['$inferInsert']) => Promise<T['$inferSelect'] | undefined> {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const returned = columns(table, 'x');
  const texts = new Map<string, string>();
  return async (db, values) => {
    const given = values as Record<string, unknown>;
    const keys = Object.keys(all).filter((k) => given[k] !== undefined);
    const signature = keys.join(',');
    let text = texts.get(signature);
    if (!text) {
      text = `insert into ${tableRef(table)} as x (${keys.map((k) => columnName(all[k]!)).join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')}) on conflict do nothing returning ${returned.list}`;
      texts.set(signature, text);
    }
    const [row] = await run(db, text, driverValues(table, keys as never[], given as never));
    return row ? (returned.read(row) as T['$inferSelect']) : undefined;
  };
}
