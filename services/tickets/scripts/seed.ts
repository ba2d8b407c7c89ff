/**
 * Bulk data for the tickets benchmarks: one big company (100k tickets, 2M messages, 50 users, 10 queues)
 * and 9 smaller ones (1k tickets, 20k messages, 5 users, 3 queues each), built with INSERT … SELECT
 * generate_series. The heavy message indexes are dropped during the load and rebuilt after it.
 *
 *   node --conditions=source --import tsx services/tickets/scripts/seed.ts <DATABASE_URL> [--companies=1,2,…,10]
 *        [--tickets=100000] [--messages-per-ticket=20] [--users=50] [--queues=10] [--password=bench-pass-1]
 *
 * The first company is the big one. Users go into the tickets users projection and, when the auth
 * schema exists in the same database, into auth.users too (email seed-u<n>@c<company>.bench, the given
 * password), so a bench can log in as an attendant: user 1 of a company is an admin, the others are
 * attendants with 3 queues each. Companies themselves belong to the admin service: pass the ids of
 * companies created through the API (`--companies`) when logins must work; otherwise the ids are only
 * tenant keys of tickets data. Importable: `seedTickets(sql, options)`.
 */
import { fileURLToPath } from 'node:url';
import { createSql, hashPassword, migrate, type Sql } from '@atende/kit';

export type SeedOptions = {
  companies: number[];
  tickets: number;
  messagesPerTicket: number;
  users: number;
  queues: number;
  small: { tickets: number; messagesPerTicket: number; users: number; queues: number };
  password: string;
  log?: (line: string) => void;
};

export const defaultSeed: SeedOptions = {
  companies: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  tickets: 100_000,
  messagesPerTicket: 20,
  users: 50,
  queues: 10,
  small: { tickets: 1_000, messagesPerTicket: 20, users: 5, queues: 3 },
  password: 'bench-pass-1',
};

export type SeededCompany = { companyId: number; queueIds: number[]; users: { id: number; email: string; profile: string; queueIds: number[] }[]; connectionId: number };

const PHRASES = [
  'Olá, bom dia! Gostaria de agendar uma consulta',
  'Qual o valor da limpeza?',
  'Vocês atendem pelo convênio?',
  'Preciso remarcar meu horário',
  'Obrigado pelo atendimento',
  'Pode me enviar o endereço da clínica?',
  'Estou com dor de dente desde ontem',
  'O orçamento do aparelho ficou pronto?',
  'Segue o comprovante do pagamento',
  'Boa tarde, ainda tem horário para amanhã?',
  'Confirmo a consulta de quinta-feira',
  'Qual a forma de pagamento?',
];

async function exists(sql: Sql, qualified: string): Promise<boolean> {
  const [row] = await sql<{ r: string | null }[]>`select to_regclass(${qualified})::text as r`;
  return Boolean(row?.r);
}

async function seedCompany(sql: Sql, companyId: number, size: { tickets: number; messagesPerTicket: number; users: number; queues: number }, passwordHash: string | null): Promise<SeededCompany> {
  const queueRows = await sql<{ id: number }[]>`
    insert into tickets.queues (company_id, name, color)
    select ${companyId}, 'Fila ' || g, '#' || lpad(to_hex((g * 2654435761 + ${companyId}) % 16777215), 6, '0')
    from generate_series(1, ${size.queues}) g
    on conflict do nothing returning id`;
  const queueIds = queueRows.map((q) => q.id).sort((a, b) => a - b);
  if (queueIds.length === 0) throw new Error(`company ${companyId} already has seeded queues; use a fresh database`);

  const [connection] = await sql<{ id: number }[]>`
    insert into tickets.connections (id, company_id, name, channel, status, is_default, queue_ids)
    values (${900_000 + companyId}, ${companyId}, 'Seed WhatsApp', 'whatsapp', 'CONNECTED', true, ${sql.array(queueIds)}::int[])
    on conflict (id) do update set company_id = excluded.company_id returning id`;

  // Users: auth.users when the auth schema is here (same ids in the projection), synthetic ids otherwise.
  const specs = Array.from({ length: size.users }, (_, i) => ({
    n: i + 1,
    email: `seed-u${i + 1}@c${companyId}.bench`,
    profile: i === 0 ? 'admin' : 'user',
    queueIds: i === 0 ? [] : [0, 1, 2].map((k) => queueIds[(i + k) % queueIds.length]!),
  }));
  let ids: number[];
  if (passwordHash) {
    const rows = await sql<{ id: number; email: string }[]>`
      insert into auth.users ${sql(specs.map((s) => ({ company_id: companyId, name: `Seed ${s.n}`, email: s.email, password_hash: passwordHash, profile: s.profile, queue_ids: s.queueIds })))}
      on conflict do nothing returning id, email`;
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    const known = await sql<{ id: number; email: string }[]>`select id, email from auth.users where company_id = ${companyId} and email like ${`seed-u%@c${companyId}.bench`}`;
    for (const r of known) byEmail.set(r.email, r.id);
    ids = specs.map((s) => byEmail.get(s.email)!);
  } else {
    ids = specs.map((s) => 2_000_000 + companyId * 1000 + s.n);
  }
  const users = specs.map((s, i) => ({ id: ids[i]!, email: s.email, profile: s.profile, queueIds: s.queueIds }));
  await sql`
    insert into tickets.users ${sql(users.map((u, i) => ({ id: u.id, company_id: companyId, name: `Seed ${i + 1}`, profile: u.profile, queue_ids: u.queueIds })))}
    on conflict (id) do update set company_id = excluded.company_id, name = excluded.name, profile = excluded.profile, queue_ids = excluded.queue_ids`;
  const attendants = users.filter((u) => u.profile === 'user').map((u) => u.id);

  // Contacts: one per ticket (numbers unique per company).
  const first = (await sql<{ first: number }[]>`select coalesce(max(id), 0) + 1 as first from tickets.contacts`)[0]!.first;
  await sql`
    insert into tickets.contacts (company_id, name, number, remote_jid, whatsapp_id, created_at, updated_at)
    select ${companyId}, 'Contato ' || g, '5511' || lpad(g::text, 9, '0'), null, ${connection!.id}, now() - interval '400 days', now() - interval '400 days'
    from generate_series(1, ${size.tickets}) g`;

  // Tickets: 80% closed, 10% open (an attendant), 8% pending (a queue, nobody), 2% group.
  await sql`
    insert into tickets.tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, is_group, unread_messages, last_message, last_message_at, created_at, updated_at, closed_at)
    select ${companyId}, c.id, ${connection!.id},
           (${sql.array(queueIds)}::int[])[1 + (c.id % ${queueIds.length})],
           case when s.status in ('open', 'closed') then (${sql.array(attendants.length ? attendants : [ids[0]!])}::int[])[1 + (c.id % ${Math.max(attendants.length, 1)})] end,
           s.status, s.status = 'group', case when s.status = 'pending' then c.id % 4 else 0 end,
           ${PHRASES[0]!}, s.at, s.at - interval '1 hour', s.at, case when s.status = 'closed' then s.at end
    from tickets.contacts c
    cross join lateral (
      select case when c.id % 50 = 0 then 'group' when c.id % 10 in (1, 2) then 'open' when c.id % 25 in (3, 4) then 'pending' else 'closed' end as status,
             now() - ((c.id * 7919 % 525600) || ' minutes')::interval as at
    ) s
    where c.company_id = ${companyId} and c.id >= ${first}`;

  // Messages: messagesPerTicket per ticket, a phrase plus a per-message protocol number (searchable).
  await sql`
    insert into tickets.messages (company_id, ticket_id, contact_id, user_id, body, from_me, read, ack, media_type, created_at, updated_at)
    select ${companyId}, t.id, case when g % 2 = 0 then null else t.contact_id end, case when g % 2 = 0 then t.user_id end,
           (${sql.array(PHRASES)}::text[])[1 + ((t.id + g) % ${PHRASES.length})] || ' protocolo ' || (t.id * 100 + g),
           g % 2 = 0, true, case when g % 2 = 0 then 3 else 0 end, 'chat',
           t.created_at + (g || ' minutes')::interval, t.created_at + (g || ' minutes')::interval
    from tickets.tickets t cross join generate_series(1, ${size.messagesPerTicket}) g
    where t.company_id = ${companyId} and t.contact_id >= ${first}
    -- Stored in the order they were exchanged, as a real table fills up (a period's messages lie together).
    order by t.created_at + (g || ' minutes')::interval`;
  return { companyId, queueIds, users, connectionId: connection!.id };
}

/** Build the data set; returns what was created per company (the first is the big one). */
export async function seedTickets(sql: Sql, options: SeedOptions = defaultSeed): Promise<SeededCompany[]> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  await migrate(sql, { schema: 'tickets', dir: fileURLToPath(new URL('../migrations', import.meta.url)) });
  const withAuth = await exists(sql, 'auth.users');
  const passwordHash = withAuth ? await hashPassword(options.password) : null;

  // Heavy indexes of messages are rebuilt once after the load instead of row by row.
  const heavy = await sql<{ indexname: string; indexdef: string }[]>`
    select indexname, indexdef from pg_indexes where schemaname = 'tickets' and tablename = 'messages' and indexname in ('messages_body_trgm_idx', 'messages_ticket_created_idx')`;
  await sql.begin(async (tx) => {
    for (const index of heavy) await tx.unsafe(`drop index if exists tickets."${index.indexname}"`);
  });
  const seeded: SeededCompany[] = [];
  try {
    for (const [i, companyId] of options.companies.entries()) {
      const size = i === 0 ? options : options.small;
      const t0 = Date.now();
      seeded.push(await seedCompany(sql, companyId, size, passwordHash));
      log(`company ${companyId}: ${size.tickets} tickets, ${size.tickets * size.messagesPerTicket} messages, ${size.users} users, ${size.queues} queues (${Math.round((Date.now() - t0) / 1000)} s)`);
    }
  } finally {
    const t0 = Date.now();
    await sql.unsafe(`set maintenance_work_mem = '512MB'`);
    for (const index of heavy) await sql.unsafe(index.indexdef.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
    log(`message indexes rebuilt (${Math.round((Date.now() - t0) / 1000)} s)`);
  }
  await sql`analyze tickets.contacts`;
  await sql`analyze tickets.tickets`;
  await sql`analyze tickets.messages`;
  log(`done in ${Math.round((Date.now() - started) / 1000)} s${withAuth ? '' : ' (no auth schema here: users exist in the tickets projection only)'}`);
  return seeded;
}

function parseArgs(argv: string[]): { url: string; options: SeedOptions } {
  const [url, ...rest] = argv;
  if (!url || url.startsWith('--')) throw new Error('usage: seed.ts <DATABASE_URL> [--companies=1,2,…] [--tickets=N] [--messages-per-ticket=N] [--users=N] [--queues=N] [--password=…]');
  const flags = Object.fromEntries(rest.map((a) => a.replace(/^--/, '').split('=') as [string, string]));
  const num = (key: string, fallback: number) => (flags[key] ? Number(flags[key]) : fallback);
  return {
    url,
    options: {
      ...defaultSeed,
      companies: flags.companies ? flags.companies.split(',').map(Number) : defaultSeed.companies,
      tickets: num('tickets', defaultSeed.tickets),
      messagesPerTicket: num('messages-per-ticket', defaultSeed.messagesPerTicket),
      users: num('users', defaultSeed.users),
      queues: num('queues', defaultSeed.queues),
      password: flags.password ?? defaultSeed.password,
      log: (line) => console.log(line),
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url, options } = parseArgs(process.argv.slice(2));
  const sql = createSql(url, { max: 1, applicationName: 'tickets-seed' });
  try {
    await sql`set synchronous_commit = off`;
    const seeded = await seedTickets(sql, options);
    const big = seeded[0];
    if (big) console.log(JSON.stringify({ company: big.companyId, queues: big.queueIds, attendant: big.users.find((u) => u.profile === 'user'), admin: big.users[0] }));
  } finally {
    await sql.end({ timeout: 5 });
  }
}
