import postgres from 'postgres';

export type Sql = postgres.Sql;

/** One postgres.js pool. Timestamps come back as Date, numerics as strings, bigints as numbers when safe. */
export function createSql(url: string, options: { max?: number; applicationName?: string } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => undefined,
    connection: { application_name: options.applicationName ?? 'atende' },
    types: {
      bigint: { to: 20, from: [20], serialize: (v: number | bigint) => String(v), parse: (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : (v as unknown as number)) },
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
