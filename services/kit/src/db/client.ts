import postgres from 'postgres';

export type Sql = postgres.Sql;

/** One postgres.js pool. Timestamps come back as Date, numerics as strings, bigints as numbers when safe. */
export function createSql(url: string, options: { max?: number; applicationName?: string } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => undefined,
    connection: {
      application_name: options.applicationName ?? 'atende',
      // Short OLTP queries: JIT compilation only adds latency (100+ ms on a mis-estimated plan).
      jit: 'off',
      // Statements are prepared once per connection (see preparedStatements) but still planned for their
      // parameters every time, as unnamed statements are: a generic plan of the ticket list (skewed
      // tenants, statuses, visibility terms) runs 5-10x slower than the custom one.
      plan_cache_mode: 'force_custom_plan',
    },
    types: {
      bigint: { to: 20, from: [20], serialize: (v: number | bigint) => String(v), parse: (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : (v as unknown as number)) },
    },
  });
}

/** A PostgreSQL identifier quoted for statement text (as drizzle's sql.identifier quotes it). */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

type Callback = (sql: Sql) => unknown;

/**
 * The pool for drizzle, with every statement prepared. drizzle runs its queries unprepared, which
 * with postgres.js means two round trips each (Parse/Describe, wait for the parameter types, then
 * Bind/Execute) and the text parsed again every time; prepared, a query seen before on a connection
 * is one Bind/Execute. Transactions and savepoints hand out clients that do the same.
 */
export function preparedStatements(sql: Sql): Sql {
  const wrapCallback = (args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') args[last] = (tx: Sql) => (callback as Callback)(preparedStatements(tx));
    return args;
  };
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'unsafe') {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          (target.unsafe as (q: string, p?: unknown[], o?: Record<string, unknown>) => unknown)(query, params, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        return (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, wrapCallback(args));
      }
      return value;
    },
  });
}

export async function pingDatabase(sql: Sql): Promise<boolean> {
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  }
}
