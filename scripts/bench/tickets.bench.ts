/**
 * Issue "Tickets service" benchmarks, cluster path as deployed: the tickets service and the gateway each
 * in its own Node process (`services/<name>/dist/main.js`, as in their pods), this machine's PostgreSQL,
 * NATS JetStream and Redis; one company with 100k tickets and 2M messages, 50 users, 10 queues, plus 9
 * smaller companies; an attendant with 3 queues reads. The load generator runs in this process.
 */
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.NATS_URL ??= 'nats://127.0.0.1:4222';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';

const { createSql, makeEnvelope, preparedStatements, listTicketsQuery } = await import('@atende/kit');
const { drizzle } = await import('drizzle-orm/postgres-js');
const { PgDialect } = await import('drizzle-orm/pg-core');
const { schema } = await import('../../services/tickets/src/db/schema.js');
const { ticketListQuery, ticketsRepository } = await import('../../services/tickets/src/db/tickets.repository.js');
const { buildTicketListFilter, COUNT_CAP } = await import('../../services/tickets/src/domain/ticket-list-filter.js');
const { startTestPlatform } = await import('@atende/standalone/testing');
const { seedTickets, defaultSeed } = await import('../../services/tickets/scripts/seed.js');
const { load, paced, row, tableHead, writeSection } = await import('./report.js');
type Load = Awaited<ReturnType<typeof load>>;
const { cpuMeter, startServiceProcess } = await import('./processes.js');
const { connect: connectNats } = await import('nats');
const { writeFileSync } = await import('node:fs');
const { INBOUND_BATCH, INBOUND_CONCURRENCY } = await import('../../services/tickets/src/events/handlers.js');

const unlimited = { ipPerMinute: 1e9, userPerMinute: 1e9, authPerMinute: 1e9 };
/** Managers reading the dashboard and the tickets report at once. */
const MANAGERS = 5;
/** The list target's load (≥ 2,000 req/s), offered at a steady pace for the latency rows at target. */
const TARGET_RATE = 2000;
// BENCH_PARTS=inbound (or reads): run one part only and print its figures instead of rewriting the section
// (BENCH_INBOUND=chatbot or plain narrows the inbound part further).
const parts = new Set((process.env.BENCH_PARTS ?? 'reads,inbound').split(',').map((p) => p.trim()));
// BENCH_DATABASE_URL: a database kept between runs; seeded on the first, re-used (seed skipped) afterwards.
const keptDatabase = process.env.BENCH_DATABASE_URL ? await ensureDatabase(process.env.BENCH_DATABASE_URL) : undefined;
// The seed's open tickets span a year: the automatic close (HOURS_CLOSE_TICKETS_AUTO) would close them in the
// kept database and change what the next run measures.
const keepOpen = { HOURS_CLOSE_TICKETS_AUTO: '0' };
const platform = await startTestPlatform({ rate: unlimited, env: keepOpen, ...(keptDatabase ? { databaseUrl: keptDatabase } : {}) });
const sql = createSql(platform.databaseUrl, { max: 4 });
const processes: { stop(): Promise<void> }[] = [];
try {
  let seeded = keptDatabase ? await seededBefore() : null;
  let seedSeconds = 0;
  if (!seeded) {
    const companies: number[] = [];
    for (let i = 0; i < 10; i++) companies.push((await platform.createCompany({ name: `Bench ${i + 1}` })).companyId);
    const seedStart = Date.now();
    seeded = await seedTickets(sql, { ...defaultSeed, companies, log: (line) => console.log(line) });
    seedSeconds = Math.round((Date.now() - seedStart) / 1000);
  }
  // This machine's PostgreSQL runs with autovacuum off; a deployed one vacuums and analyses on its own. The
  // same here, by hand, so earlier runs' dead rows and stale statistics do not skew this one.
  const vacuumStart = Date.now();
  await sql.unsafe(`vacuum (analyze) tickets.tickets, tickets.messages, tickets.contacts, tickets.ticket_logs, tickets.outbox, tickets.processed_events, tickets.users`);
  console.log(`vacuum (analyze): ${Math.round((Date.now() - vacuumStart) / 1000)} s`);
  const big = seeded[0]!;
  const attendant = big.users.find((u) => u.profile === 'user')!;
  // A fresh access token for each measure: the whole bench outlasts one token's 15 minutes.
  const attendantHeaders = async () => ({ authorization: `Bearer ${(await platform.login(attendant.email, defaultSeed.password)).token}` });
  const queueIds = encodeURIComponent(JSON.stringify(attendant.queueIds));

  // As deployed: the tickets service in its own process (its consumers and outbox relay move there from the
  // in-process one, which stops), the gateway in its own process in front of it; auth and admin stay here; channels and campaigns stop (below).
  await platform.services.find((s) => s.name === 'tickets')!.stop();
  // Channels and campaigns run in their own pods when deployed, and this bench plays channels itself (it
  // publishes what a session would receive): sharing these 2 cores with them would measure them, not tickets.
  for (const name of ['channels', 'campaigns']) await platform.services.find((s) => s.name === name)?.stop();
  const shared = { NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, BUS_PREFIX: platform.busPrefix, JWT_PUBLIC_KEY: platform.keys.publicKey };
  // The tickets process deployed last (its GET /metrics: the service's own consume-to-publish histogram).
  let ticketsUrl = '';
  const deploy = async (ticketsEnv: Record<string, string> = {}) => {
    const tickets = await startServiceProcess('tickets', { ...shared, DATABASE_URL: platform.databaseUrl, MEDIA_SIGNING_KEY: platform.mediaKey, DATA_DIR: platform.dataDir, ...keepOpen, ...ticketsEnv });
    processes.push(tickets);
    ticketsUrl = tickets.url;
    const gateway = await startServiceProcess('gateway', {
      ...shared,
      AUTH_URL: platform.serviceUrls.auth!,
      ADMIN_URL: platform.serviceUrls.admin!,
      REALTIME_URL: platform.serviceUrls.realtime!,
      TICKETS_URL: tickets.url,
      RATE_LIMIT_IP_PER_MINUTE: '1000000000',
      RATE_LIMIT_USER_PER_MINUTE: '1000000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
    });
    processes.push(gateway);
    return {
      url: gateway.url,
      async stop() {
        await gateway.stop();
        await tickets.stop();
      },
    };
  };
  // `paceAtTarget`: also offer the target's 2,000 req/s (not to the read-cache-off deployment, which serves a tenth of it).
  const readsThrough = async (gatewayUrl: string, paceAtTarget: boolean) => {
    const listUrl = `${gatewayUrl}/api/tickets?status=open&pageNumber=1&showAll=false&queueIds=${queueIds}`;
    const first = await fetch(listUrl, { headers: await attendantHeaders() });
    if (first.status !== 200) throw new Error(`list: ${first.status} ${await first.text()}`);
    const ticketId: number = ((await first.json()) as { tickets: { id: number }[] }).tickets[0]!.id;
    const measure = async (url: string) => {
      const headers = await attendantHeaders();
      await load({ url, headers, duration: 3 });
      const meter = cpuMeter();
      const result = await load({ url, headers, duration: 15 });
      const cpuPerRequest = cpuPer(meter.stop(), result.requests);
      // The target load itself, paced: 2,000 requests a second over the same 50 connections.
      return { ...result, cpuPerRequest, atTarget: paceAtTarget ? await paced({ url, headers, rate: TARGET_RATE, duration: 15 }) : result };
    };
    return {
      ticketId,
      list: await measure(listUrl),
      search: await measure(`${gatewayUrl}/api/tickets?searchParam=${encodeURIComponent('orçamento do aparelho')}&searchOnMessages=true&pageNumber=1`),
      messages: await measure(`${gatewayUrl}/api/messages/${ticketId}?pageNumber=1`),
    };
  };
  // Stream timestamps (set by the NATS server as it stores each message) of the inbound messages whose wid
  // starts with `widPrefix` and of their tickets.message.created events, read back after a run: the span
  // between the two, per message, sorted.
  const streamSpans = async (since: Date, widPrefix: string): Promise<number[]> => {
    const nc = await connectNats({ servers: process.env.NATS_URL!.split(',') });
    try {
      // One ordered consumer per subject (this machine's NATS server predates several filter subjects per consumer).
      const storedAt = async (type: string, widOf: (data: Record<string, unknown>) => unknown): Promise<Map<string, number>> => {
        const consumer = await nc.jetstream().consumers.get(platform.busPrefix.toUpperCase(), { filterSubjects: `${platform.busPrefix}.ev.${type}`, opt_start_time: since.toISOString() });
        const times = new Map<string, number>();
        for (;;) {
          let got = 0;
          for await (const message of await consumer.fetch({ max_messages: 1000, expires: 1000 })) {
            got++;
            const wid = widOf((JSON.parse(new TextDecoder().decode(message.data)) as { data: Record<string, unknown> }).data);
            if (typeof wid === 'string' && wid.startsWith(widPrefix)) times.set(wid, message.info.timestampNanos / 1e6);
          }
          if (got === 0) return times;
        }
      };
      const received = await storedAt('channels.message.received', (data) => data.wid);
      const created = await storedAt('tickets.message.created', (data) => (data.message as { wid?: unknown } | undefined)?.wid);
      return [...created].flatMap(([wid, at]) => (received.has(wid) ? [at - received.get(wid)!] : [])).sort((a, b) => a - b);
    } finally {
      await nc.close();
    }
  };
  // The tickets process's own histogram of channels.message.received: from the bus handing a message over to
  // the events of its transaction published (cumulative bucket counts by upper bound in ms).
  const handledBuckets = async (): Promise<Map<number, number>> => {
    const text = await (await fetch(`${ticketsUrl}/metrics`)).text();
    const buckets = new Map<number, number>();
    for (const line of text.split('\n')) {
      const match = /^atende_event_handled_seconds_bucket\{subject="channels\.message\.received",le="([^"]+)"\} (\d+)$/.exec(line);
      if (match) buckets.set(match[1] === '+Inf' ? Infinity : Math.round(Number(match[1]) * 1000), Number(match[2]));
    }
    return buckets;
  };
  /** The bucket bound under which `p` % of the run's messages were handled ("≤ 20": at most 20 ms). */
  const handledPercentile = (before: Map<number, number>, after: Map<number, number>, p: number): string => {
    const bounds = [...after.keys()].sort((a, b) => a - b);
    const delta = (le: number) => (after.get(le) ?? 0) - (before.get(le) ?? 0);
    const total = delta(Infinity);
    const bound = bounds.find((le) => delta(le) >= (p / 100) * total);
    return total === 0 || bound === undefined ? 'n/a' : bound === Infinity ? '> 5000' : `≤ ${bound}`;
  };

  // Inbound: channels.message.received published at `rate`/s for `seconds`; latency to tickets.message.created.
  const measureInbound = async (connectionId: number, rate: number, seconds = 10) => {
    // Two of every five messages open a new conversation (a new number); the other three follow up on a
    // conversation opened earlier in the run, picked at random (a fixed seed): new conversations spread over
    // the whole run, as they arrive, instead of all first.
    const contactOf: number[] = [];
    let opened = 0;
    let seed = 20261124;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < rate * seconds; n++) contactOf.push(n % 5 < 2 || opened === 0 ? opened++ : Math.floor(random() * opened));
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    // BENCH_TRACE=<dir>: each run's messages as "sent at (ms into the run),latency (ms)" lines, to see when the slow ones came.
    const trace = process.env.BENCH_TRACE ? ['sent_ms,latency_ms'] : undefined;
    const traceStart = performance.now();
    const subscription = await platform.bus.fanout('tickets.message.created', (envelope) => {
      const wid = (envelope.data as { message?: { wid?: string } }).message?.wid;
      const at = wid ? sentAt.get(wid) : undefined;
      if (at !== undefined) {
        latencies.push(performance.now() - at);
        trace?.push(`${(at - traceStart).toFixed(1)},${(performance.now() - at).toFixed(1)}`);
      }
    });
    const stamp = Date.now();
    const startedAt = new Date();
    const handledBefore = await handledBuckets();
    const meter = cpuMeter();
    // Numbers of this run only (a kept database holds earlier runs' contacts).
    const numberOf = (n: number) => `55${String(Math.floor(connectionId / 10_000) % 100)}${String(stamp % 100_000).padStart(5, '0')}${String(contactOf[n]).padStart(4, '0')}`;
    for (let s = 0; s < seconds; s++) {
      const tick = performance.now();
      for (let i = 0; i < rate; i++) {
        const n = s * rate + i;
        const wid = `bench-${stamp}-${n}`;
        sentAt.set(wid, performance.now());
        void platform.bus.publish(
          makeEnvelope('channels.message.received', big.companyId, {
            connectionId,
            channel: 'whatsapp',
            contact: { number: numberOf(n), name: `Inbound ${contactOf[n]}`, pictureUrl: null, lid: null, remoteJid: null },
            isGroup: false,
            group: null,
            wid,
            fromMe: false,
            body: `mensagem ${n}`,
            media: null,
            quotedWid: null,
            timestamp: Math.floor(Date.now() / 1000),
          }),
        );
        // Paced in 10 ms slots (5 messages each at 500/s), as messages arrive from many contacts, not in bursts.
        if ((i + 1) % Math.max(1, Math.round(rate / 100)) === 0) await new Promise((r) => setTimeout(r, Math.max(0, tick + ((i + 1) / rate) * 1000 - performance.now())));
      }
      await new Promise((r) => setTimeout(r, Math.max(0, tick + 1000 - performance.now())));
    }
    const deadline = Date.now() + 60_000;
    while (latencies.length < rate * seconds && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const cpu = meter.stop();
    const handledAfter = await handledBuckets();
    const handledPct = (p: number) => handledPercentile(handledBefore, handledAfter, p);
    await subscription.unsubscribe();
    if (trace) writeFileSync(`${process.env.BENCH_TRACE}/inbound-${rate}-${stamp}.csv`, `${trace.join('\n')}\n`);
    const stored = (await sql`select count(*)::int as n from tickets.messages where wid like ${`bench-${stamp}-%`}`)[0]!.n as number;
    latencies.sort((a, b) => a - b);
    const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
    const pct = (p: number) => percentile(latencies, p);
    // The same span on the stream's own clock: from the message stored in the stream (ready to be consumed)
    // to its tickets.message.created stored there (published), without this process's own delays in
    // publishing and in receiving (it also runs auth, admin and realtime).
    const inStream = await streamSpans(startedAt, `bench-${stamp}-`);
    const streamPct = (p: number) => percentile(inStream, p);
    // CPU per inbound message of each part (from publication until the last event was seen).
    const cpuPerMessage = cpuPer(cpu, rate * seconds);
    return { rate, seconds, latencies, stored, pct, inStream, streamPct, handledPct, cpuPerMessage };
  };
  // A second connection of the big company without queues: its messages reach tickets without the chatbot.
  const plainConnectionId = 950_000 + big.companyId;
  await sql`insert into tickets.connections (id, company_id, name, channel, status, is_default, queue_ids)
    values (${plainConnectionId}, ${big.companyId}, 'Bench sem fila', 'whatsapp', 'CONNECTED', false, '{}') on conflict (id) do nothing`;
  // The inbound runs: each connection at rising rates, up to the target's 500/s.
  // BENCH_INBOUND=chatbot or plain: one connection only; BENCH_RATES=500 (comma-separated): those rates only.
  const kinds = (process.env.BENCH_INBOUND ?? 'plain,chatbot').split(',');
  const rates = (process.env.BENCH_RATES ?? '100,200,300,400,500').split(',').map(Number);
  const inboundRuns = ([['plain', 'no chatbot', plainConnectionId], ['chatbot', 'chatbot menu', big.connectionId]] as const).filter(([kind]) => kinds.includes(kind));
  const measureInboundRuns = async () => {
    // What the seed and the earlier parts left dirty is written out first: a deployed database spreads its
    // checkpoints over minutes, and one landing inside a 10 s run measured its disk flush, not tickets.
    await sql.unsafe('checkpoint');
    // A freshly started process compiles its hot paths, its connections prepare their statements and
    // PostgreSQL reads the index pages new rows land in: 15 s at the highest rate measured, not measured
    // itself, so that every run sees a service that has been running a while (the first run after a short
    // warm-up at a lower rate measured that warming: its p99 was 3 to 6 times the next runs').
    await measureInbound(plainConnectionId, Math.max(...rates), 15);
    // What the deployment spends doing nothing for 5 s (timers, heartbeats, pollers): the floor under every rate.
    const idleMeter = cpuMeter();
    await new Promise((r) => setTimeout(r, 5000));
    console.log(`idle CPU per second: ${cpuPer(idleMeter.stop(), 5)}`);
    const results: { label: string; m: Awaited<ReturnType<typeof measureInbound>> }[] = [];
    for (const [, label, connectionId] of inboundRuns) {
      for (const rate of rates) {
        const m = await measureInbound(connectionId, rate);
        console.log(
          `inbound (${label}) ${m.rate * m.seconds} at ${m.rate}/s: p50 ${m.pct(50)} ms, p90 ${m.pct(90)} ms, p99 ${m.pct(99)} ms, ${m.latencies.length} seen, ${m.stored} stored; in the stream p50 ${m.streamPct(50)} ms, p90 ${m.streamPct(90)} ms, p99 ${m.streamPct(99)} ms (${m.inStream.length}); consumed to published (tickets' own histogram) p50 ${m.handledPct(50)} ms, p99 ${m.handledPct(99)} ms; CPU per message: ${m.cpuPerMessage}`,
        );
        results.push({ label, m });
      }
    }
    return results;
  };
  if (!parts.has('reads')) {
    const deployment = await deploy();
    await measureInboundRuns();
    await deployment.stop();
    process.exit(0);
  }
  // Every request reading PostgreSQL (read cache off), then as configured by default.
  // BENCH_PARTS=reads with BENCH_READS=cached: the default deployment only (no read-cache-off rows).
  const cachedOnly = !parts.has('inbound') && process.env.BENCH_READS === 'cached';
  const uncachedDeployment = cachedOnly ? undefined : await deploy({ READ_CACHE_MS: '0' });
  const uncached = uncachedDeployment ? await readsThrough(uncachedDeployment.url, false) : undefined;
  await uncachedDeployment?.stop();
  const deployment = await deploy();
  const { ticketId, list, search, messages } = await readsThrough(deployment.url, true);
  // A manager's reads (the company's admin): the dashboard and the tickets report of the last 30 days,
  // computed on every request (no read cache), by a few managers at once.
  const admin = big.users.find((u) => u.profile === 'admin')!;
  const adminHeaders = { authorization: `Bearer ${(await platform.login(admin.email, defaultSeed.password)).token}` };
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const managerRead = async (url: string) => {
    const first = await fetch(url, { headers: adminHeaders });
    if (first.status !== 200) throw new Error(`${url}: ${first.status} ${await first.text()}`);
    await load({ url, headers: adminHeaders, connections: MANAGERS, duration: 3 });
    return load({ url, headers: adminHeaders, connections: MANAGERS, duration: 10 });
  };
  const dashboard = await managerRead(`${deployment.url}/api/dashboard?days=30`);
  const ticketReport = await managerRead(`${deployment.url}/api/ticketreport/reports?dateFrom=${monthAgo}&page=1&pageSize=10`);
  if (!parts.has('inbound') || !uncached) {
    const rows: [string, Load][] = [
      ['list', list],
      ['search', search],
      ['messages', messages],
      ['dashboard', dashboard],
      ['ticket report', ticketReport],
      ...(uncached ? ([['list, cache off', uncached.list], ['messages, cache off', uncached.messages]] as [string, Load][]) : []),
    ];
    for (const [label, result] of [['list', list], ['search', search], ['messages', messages]] as const) console.log(`${label} at ${TARGET_RATE}/s: ${row(label, result.atTarget)}`);
    for (const [label, result] of rows) console.log(`${label}: ${row(label, result)} CPU per request: ${(result as Load & { cpuPerRequest?: string }).cpuPerRequest ?? ''}`);
    await deployment.stop();
    process.exit(0);
  }

  // The plans of the list and search statements, exactly as the repository builds them for this attendant.
  const db = drizzle(preparedStatements(sql), { schema });
  const [projection] = await sql`select profile, queue_ids, all_ticket, allow_group, all_historic, all_user_chat from tickets.users where id = ${attendant.id}`;
  const viewer = {
    userId: attendant.id,
    profile: projection!.profile,
    super: false,
    queueIds: projection!.queue_ids as number[],
    allTicket: projection!.all_ticket,
    allowGroup: projection!.allow_group,
    allHistoric: projection!.all_historic,
    allUserChat: projection!.all_user_chat,
  };
  const explain = async (query: Record<string, string>): Promise<string> => {
    const filter = buildTicketListFilter(big.companyId, viewer, listTicketsQuery.parse(query));
    const plan = await ticketsRepository(db).messageSearchPlan(filter);
    const statement = new PgDialect().sqlToQuery(ticketListQuery(filter, 'America/Sao_Paulo', COUNT_CAP, plan));
    const rows = await sql.unsafe(`explain (analyze, buffers) ${statement.sql}`, statement.params as never[]);
    return `-- message search plan: ${plan}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}`;
  };
  const listPlan = await explain({ status: 'open', pageNumber: '1', showAll: 'false', queueIds: JSON.stringify(attendant.queueIds) });
  const searchPlan = await explain({ searchParam: 'orçamento do aparelho', searchOnMessages: 'true', pageNumber: '1' });

  const inbound = await measureInboundRuns();
  const inboundTable = [
    '| connection | messages/s | p50 ms | p90 ms | p99 ms | in the stream: p50 / p99 ms | consumed to published: p50 / p99 ms | seen | stored | CPU per message (ms) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...inbound.map(
      ({ label, m }) =>
        `| ${label} | ${m.rate} | ${m.pct(50)} | ${m.pct(90)} | ${m.pct(99)} | ${m.streamPct(50)} / ${m.streamPct(99)} | ${m.handledPct(50)} / ${m.handledPct(99)} | ${m.latencies.length} of ${m.rate * m.seconds} | ${m.stored} | ${m.cpuPerMessage} |`,
    ),
  ].join('\n');

  writeSection(
    'tickets',
    'Tickets service (cluster path)',
    `Seeded with \`services/tickets/scripts/seed.ts\`: one company with ${defaultSeed.tickets.toLocaleString('en')} tickets and ${(defaultSeed.tickets * defaultSeed.messagesPerTicket).toLocaleString('en')} messages, ${defaultSeed.users} users and ${defaultSeed.queues} queues, plus 9 companies of ${defaultSeed.small.tickets.toLocaleString('en')} tickets, spread over the last year, messages stored in the order they were exchanged (seeding took ${seedSeconds || 'an earlier run'}${seedSeconds ? ' s' : ''}). The tickets service and the gateway each run in their own Node process as deployed (\`services/<name>/dist/main.js\`); requests go through the gateway, as an attendant with 3 queues; 50 connections, 15 s each, after a 3 s warm-up: first as fast as the machine answers (autocannon, each connection sends its next request when the last one is answered), then "offered" at a steady ${TARGET_RATE.toLocaleString('en')} req/s (every 10 ms, ${TARGET_RATE / 100} requests start over the same 50 connections whether or not earlier ones have answered; latency counts from the moment a request was due, so waiting for a free connection is counted). The load generator, both processes, PostgreSQL, NATS and Redis share the machine's 2 cores. This machine's PostgreSQL has autovacuum off: the tables are vacuumed and analysed before measuring, as autovacuum would keep them.

${tableHead}
${row('GET /api/tickets?status=open (page 1, attendant with 3 queues)', list)}
${row('GET /api/tickets search in messages (trigram index)', search)}
${row(`GET /api/messages/${ticketId} (page 1)`, messages)}
${row(`GET /api/tickets?status=open at ${TARGET_RATE.toLocaleString('en')} req/s offered`, list.atTarget)}
${row(`GET /api/tickets search in messages at ${TARGET_RATE.toLocaleString('en')} req/s offered`, search.atTarget)}
${row(`GET /api/messages/${ticketId} at ${TARGET_RATE.toLocaleString('en')} req/s offered`, messages.atTarget)}
${row('GET /api/tickets?status=open — read cache off', uncached.list)}
${row('GET /api/tickets search in messages — read cache off', uncached.search)}
${row(`GET /api/messages/${uncached.ticketId} — read cache off`, uncached.messages)}
${row(`GET /api/dashboard?days=30 (admin; ${MANAGERS} connections, 10 s)`, dashboard)}
${row(`GET /api/ticketreport/reports, last 30 days, page 1 (admin; ${MANAGERS} connections, 10 s)`, ticketReport)}

CPU per request of each process group (from /proc, over the 15 s): list ${list.cpuPerRequest}; search ${search.cpuPerRequest}; message page ${messages.cpuPerRequest}.

The list and message pages are answered from the tickets service's per-company read cache (\`READ_CACHE_MS\`, default 5 s): a repeated read with nothing changed in the company is served without PostgreSQL or serialization; any change of the company (a commit of this process, any company event on the bus) drops its answers at once. The rows "read cache off" run the same requests against a tickets process started with \`READ_CACHE_MS=0\`: what every read costs when the company's data changes all the time.

Targets: list ≥ 2,000 req/s with p99 < 50 ms; message search p99 < 150 ms; messages p99 < 20 ms.

Inbound: \`channels.message.received\` events published on NATS for 10 s at each rate, paced in 10 ms slots, after 15 s at the highest rate measured to warm the process and the database up (not measured). Two of every five messages open a new conversation (a new number: a contact and a ticket are created), the other three follow up on a conversation opened earlier in the run, picked at random; measured from publication until \`tickets.message.created\` is seen on the bus (target p99 < 20 ms at 500/s, nothing lost), and on the stream's own clock: from the message stored in the JetStream stream (ready to be consumed) to its \`tickets.message.created\` stored there (published), which leaves out this process's own delays in publishing and receiving; and inside the tickets process (its GET /metrics histogram \`atende_event_handled_seconds\`, read before and after the run): from the bus handing the message over to the events of its transaction published, given as the bucket bound the percentile falls under (buckets of 1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 75, 100… ms). "no chatbot": a connection without queues; "chatbot menu": a connection with 10 queues, so every message also gets the chatbot's queue menu (a second message, a send command and their events). The tickets service takes up to ${INBOUND_CONCURRENCY} at once, ${INBOUND_BATCH} per transaction. CPU per message: CPU time of each process group (from /proc) over the run, divided by the messages sent; the load generator is this bench's process (it also runs auth, admin and realtime, which fans the events out).

${inboundTable}

Plan of the list statement (\`ticketListQuery\`: page and capped count in one statement), EXPLAIN (ANALYZE, BUFFERS) after the load:

\`\`\`
${listPlan}
\`\`\`

Plan of the message search statement:

\`\`\`
${searchPlan}
\`\`\``,
  );
} finally {
  for (const p of processes.reverse()) await p.stop();
  await sql.end();
  await platform.stop();
}
process.exit(0);

/** CPU milliseconds of each process group per unit of work ("tickets 0.41 ms, PostgreSQL 0.30 ms, …"), largest first. */
function cpuPer(used: Map<string, number>, units: number): string {
  return [...used]
    .filter(([, seconds]) => seconds > 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([group, seconds]) => `${group} ${((seconds * 1000) / units).toFixed(2)} ms`)
    .join(', ');
}

/**
 * Create the kept database when it does not exist yet; its URL. A database where an earlier run's inbound
 * part wrote (its 'Inbound …' contacts, tickets and messages, all in the last 30 days) is dropped and seeded
 * again: the reads, the dashboard above all, must measure the seed, not the seed plus every earlier run.
 */
async function ensureDatabase(url: string): Promise<string> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('BENCH_DATABASE_URL: the database name must be [a-z0-9_]+');
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = createSql(server.toString(), { max: 1 });
  try {
    const [row] = await admin`select 1 as found from pg_database where datname = ${name}`;
    if (row && parts.has('reads')) {
      const kept = createSql(url, { max: 1 });
      const [leftover] = await kept`select 1 as found from tickets.contacts where name like 'Inbound %' limit 1`.catch(() => []);
      await kept.end();
      if (leftover) {
        console.log('the kept database holds an earlier inbound run: seeding again');
        await admin.unsafe(`drop database ${name} with (force)`);
      }
    }
    if (!row || (await admin`select 1 as found from pg_database where datname = ${name}`).length === 0) await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return url;
}

/** The big company of an earlier run's seed in the kept database (null when it holds none). */
async function seededBefore(): Promise<Awaited<ReturnType<typeof seedTickets>> | null> {
  const [company] = await sql`select id from admin.companies where name = 'Bench 1' order by id limit 1`.catch(() => []);
  if (!company) return null;
  const companyId = company.id as number;
  const users = await sql`select u.id, u.email, u.profile, u.queue_ids from auth.users u where u.company_id = ${companyId} and u.email like 'seed-u%' order by u.id`;
  const queues = await sql`select id from tickets.queues where company_id = ${companyId} order by id`;
  if (users.length === 0 || queues.length === 0) return null;
  console.log(`re-using the seed of an earlier run (company ${companyId})`);
  return [
    {
      companyId,
      queueIds: queues.map((q) => q.id as number),
      users: users.map((u) => ({ id: u.id as number, email: u.email as string, profile: u.profile as string, queueIds: u.queue_ids as number[] })),
      connectionId: 900_000 + companyId,
    },
  ];
}
