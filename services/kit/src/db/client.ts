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
      // Prepared statements (see preparedStatements) keep PostgreSQL's default plan caching: after five
      // runs a generic plan is reused when it is as good, which saves planning (often costlier than the
      // statement itself). A statement whose best plan depends on its values runs unprepared instead.
      jit: 'off',
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
          (target.unsafe as (q: string, p?: unknown[], o?: Record<string, unknown>) => unknown)(query, params, { prepare: true, ...options });
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
