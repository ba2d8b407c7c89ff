/**
 * Issue "Attendant inbox" performance, measured from Chromium performance traces (headless Debian
 * Chromium, the standalone platform serving web/dist):
 *  1. a list of 5,000 loaded tickets scrolls smoothly: an attendant's open tab with 5,000 tickets, every
 *     page loaded (infinite scroll), then traced while scrolled top → bottom → top for ~5 s;
 *  2. opening a ticket with 1,000 messages renders its first page in under 300 ms: from the click on its
 *     card to the first frame drawn with its message bubbles, 5 times.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { root, writeSection } from './report.js';

// The standalone platform (services mounted in the gateway, in-process bus) on this machine's PostgreSQL.
process.env.ATENDE_TEST_PG_URL ??= process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
delete process.env.DATABASE_URL;
const { createSql } = await import('@atende/kit');
const { eventually, startTestPlatform } = await import('@atende/standalone/testing');
const { loginThroughPage } = await import('../../e2e/support/session.js');

// The gateway serves web/dist: build it when a source file is newer than the build.
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(max, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }, 0);
const built = path.join(root, 'web', 'dist', 'index.html');
if (!existsSync(built) || newest(path.join(root, 'web', 'src')) > statSync(built).mtimeMs) {
  console.log('building web/dist');
  execSync('npm run build -w web', { cwd: root, stdio: 'ignore' });
}

const TICKETS = 5_000;
const MESSAGES = 1_000;
const SCROLL_MS = 5_000;
const OPENINGS = 5;
const FRAME_BUDGET = 1000 / 60;

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: any };

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'toplevel',
  'benchmark',
  'cc',
  'viz',
  ...(process.env.BENCH_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const ms = (x: number) => x.toFixed(1);
const row = (label: string, f: FrameStats) =>
  `| ${label} | ${f.seconds.toFixed(1)} | ${f.frames} | ${f.fps.toFixed(1)} | ${ms(f.median)} | ${ms(f.p95)} | ${ms(f.max)} | ${(f.over * 100).toFixed(0)} % | ${(f.missed * 100).toFixed(0)} % | ${ms(f.longestTask)} | ${f.longTasks} |`;

/** The renderer main thread of the traced page: the thread of its 'TracingStartedInBrowser' frame. */
function rendererMain(events: TraceEvent[]): { pid: number; tid: number } {
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const frames = (started?.args?.data?.frames ?? []) as { processId: number; parent?: string; url: string }[];
  const pid = frames.find((f) => !f.parent && f.url.startsWith('http'))?.processId ?? frames[0]?.processId;
  const thread = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  if (!pid || !thread) throw new Error('renderer main thread not found in the trace');
  return { pid, tid: thread.tid };
}

type FrameStats = {
  seconds: number;
  frames: number;
  fps: number;
  median: number;
  p95: number;
  max: number;
  over: number;
  missed: number;
  longestTask: number;
  longTasks: number;
};

/**
 * Frames between two performance marks of the page. A frame = a main-thread frame of the renderer
 * (BeginMainThreadFrame): new cards reach the screen through these; frame time = their interval.
 */
function frameStats(events: TraceEvent[], startMark: string, endMark: string): FrameStats {
  const main = rendererMain(events);
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const from = events.find((e) => e.name === startMark && e.pid === main.pid)?.ts;
  const to = events.find((e) => e.name === endMark && e.pid === main.pid)?.ts;
  if (from === undefined || to === undefined) throw new Error(`marks ${startMark}/${endMark} not in the trace`);
  const inside = (e: TraceEvent) => e.ts >= from && e.ts <= to;
  const starts = events.filter((e) => onMain(e) && e.name === 'BeginMainThreadFrame' && inside(e)).map((e) => e.ts);
  const times = starts.slice(1).map((ts, i) => (ts - starts[i]!) / 1000);
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && inside(e)).map((e) => (e.dur ?? 0) / 1000);
  const seconds = (to - from) / 1e6;
  return {
    seconds,
    frames: starts.length,
    fps: starts.length / seconds,
    median: median(times),
    p95: pct(times, 95),
    max: Math.max(...times),
    // 1 ms of tolerance: at 60 Hz the intervals jitter around 16.7 ms (16.6, 16.8…).
    over: times.filter((x) => x > FRAME_BUDGET + 1).length / Math.max(1, times.length),
    missed: times.filter((x) => x > 2 * FRAME_BUDGET).length / Math.max(1, times.length),
    longestTask: Math.max(...tasks),
    longTasks: tasks.filter((x) => x > 50).length,
  };
}

async function trace(page: Page, body: () => Promise<void>): Promise<TraceEvent[]> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories });
  await body();
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  if (process.env.BENCH_TRACE_DIR) writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `inbox-${Date.now()}.json`), buffer);
  return events;
}

const unlimited = { ipPerMinute: 1e9, userPerMinute: 1e9, authPerMinute: 1e9 };
// The seeded open tab spans days: the automatic close (HOURS_CLOSE_TICKETS_AUTO) must not empty it mid-run.
const platform = await startTestPlatform({ rate: unlimited, env: { HOURS_CLOSE_TICKETS_AUTO: '0' } });
const sql = createSql(platform.databaseUrl, { max: 2 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // One company, one queue, one attendant with 5,000 open tickets of that queue assigned to them.
  const company = await platform.createCompany({ name: 'Inbox bench' });
  const admin = company.admin;
  const queue = await platform.request('POST', '/api/queue', { token: admin.token, body: { name: 'Atendimento', color: '#1677ff', greetingMessage: '' } });
  if (queue.status !== 201) throw new Error(`queue: ${queue.status} ${JSON.stringify(queue.body)}`);
  const queueId: number = queue.body.id;
  const attendant = await platform.createUser(admin, { name: 'Ana Bench', queueIds: [queueId] });
  const userId: number = attendant.user.id;
  await eventually(async () => (await sql`select 1 from tickets.users where id = ${userId}`).length > 0, 10_000);
  const companyId = company.companyId;
  const connectionId = 900_000 + companyId;
  await sql`
    insert into tickets.connections (id, company_id, name, channel, status, is_default, queue_ids)
    values (${connectionId}, ${companyId}, 'WhatsApp Bench', 'whatsapp', 'CONNECTED', true, ${sql.array([queueId])}::int[])`;
  const seedStart = Date.now();
  const firstContact = (await sql`select coalesce(max(id), 0) + 1 as first from tickets.contacts`)[0]!.first as number;
  await sql`
    insert into tickets.contacts (company_id, name, number, whatsapp_id, created_at, updated_at)
    select ${companyId}, 'Contato ' || g, '5511' || lpad(g::text, 9, '0'), ${connectionId}, now() - interval '30 days', now() - interval '30 days'
    from generate_series(1, ${TICKETS}) g`;
  // Ticket of contact g updated g minutes ago: the first contact's ticket is the newest (top of the list).
  await sql`
    insert into tickets.tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, last_message, last_message_at, created_at, updated_at)
    select ${companyId}, c.id, ${connectionId}, ${queueId}, ${userId}, 'open', 'Olá, bom dia! Gostaria de agendar uma consulta',
           now() - ((c.id - ${firstContact}) || ' minutes')::interval, now() - interval '10 days', now() - ((c.id - ${firstContact}) || ' minutes')::interval
    from tickets.contacts c where c.company_id = ${companyId}`;
  const [big] = await sql`select t.id, t.uuid, t.contact_id from tickets.tickets t where t.company_id = ${companyId} and t.contact_id = ${firstContact}`;
  const bigId = big!.id as number;
  const phrases = [
    'Olá, bom dia! Gostaria de agendar uma consulta',
    'Qual o valor da limpeza?',
    'Vocês atendem pelo convênio? Preciso saber antes de marcar, porque meu plano mudou no começo do ano e não sei se ainda cobre',
    'Preciso remarcar meu horário',
    'Pode me enviar o endereço da clínica?',
    'O orçamento do aparelho ficou pronto?',
  ];
  await sql`
    insert into tickets.messages (company_id, ticket_id, contact_id, user_id, body, from_me, read, ack, media_type, created_at, updated_at)
    select ${companyId}, ${bigId}, case when g % 2 = 0 then null else ${big!.contact_id as number}::int end, case when g % 2 = 0 then ${userId}::int end,
           (${sql.array(phrases)}::text[])[1 + (g % ${phrases.length})] || ' (' || g || ')', g % 2 = 0, true, case when g % 2 = 0 then 3 else 0 end, 'chat',
           now() - interval '3 days' + (g || ' minutes')::interval, now() - interval '3 days' + (g || ' minutes')::interval
    from generate_series(1, ${MESSAGES}) g`;
  await sql`analyze tickets.tickets`;
  await sql`analyze tickets.messages`;
  const seedSeconds = ((Date.now() - seedStart) / 1000).toFixed(1);
  console.log(`seeded ${TICKETS} tickets and ${MESSAGES} messages in ${seedSeconds} s`);

  const context = await browser.newContext({ baseURL: platform.url, locale: 'pt-BR', colorScheme: 'light', viewport: { width: 1366, height: 820 } });
  const page = await context.newPage();
  await loginThroughPage(page, attendant.email, attendant.password);

  // ---- 1. Scrolling 5,000 loaded tickets ----
  await page.goto('/tickets');
  const list = page.getByTestId('ticket-list-open');
  await list.locator('[role="listitem"]').first().waitFor({ timeout: 20_000 });
  const loadStart = Date.now();
  // Scroll to the bottom until the list stops growing (the last page has hasMore false).
  let loaded = 0;
  for (let stalled = 0; stalled < 20;) {
    const state = await list.evaluate(async (el) => {
      el.scrollTop = el.scrollHeight;
      await new Promise((r) => setTimeout(r, 50));
      return { busy: el.getAttribute('aria-busy') === 'true', height: el.scrollHeight };
    });
    const count = Math.round(state.height / 116);
    if (!state.busy && count <= loaded) stalled++;
    else stalled = 0;
    loaded = Math.max(loaded, count);
  }
  const loadSeconds = ((Date.now() - loadStart) / 1000).toFixed(1);
  const listed = await list.evaluate((el) => ({
    count: Number(el.getAttribute('data-count')),
    scrollHeight: el.scrollHeight,
    cards: el.querySelectorAll('[role="listitem"]').length,
    setsize: Number(el.querySelector('[role="listitem"]')?.getAttribute('aria-setsize') ?? 0),
    nodes: el.querySelectorAll('*').length,
    documentNodes: el.ownerDocument.querySelectorAll('*').length,
  }));
  console.log(`loaded: ${JSON.stringify(listed)} in ${loadSeconds} s`);
  if (listed.setsize !== TICKETS || listed.scrollHeight < TICKETS * 116) throw new Error(`the list holds ${listed.setsize} tickets, not ${TICKETS}`);

  await list.evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(500);
  const scrollEvents = await trace(page, async () => {
    await page.waitForTimeout(200);
    // top → bottom → top, the position a function of time (a slow frame makes a bigger jump, as a fling
    // would). A string: tsx's helpers do not exist in the page.
    const result = (await page.evaluate(`new Promise((resolve) => {
      const el = document.querySelector('[data-testid="ticket-list-open"]');
      const duration = ${SCROLL_MS};
      const max = el.scrollHeight - el.clientHeight;
      let start = 0;
      let frames = 0;
      const step = (now) => {
        if (!start) { start = now; performance.mark('scroll-start'); }
        const t = (now - start) / duration;
        frames++;
        if (t >= 1) {
          el.scrollTop = 0;
          performance.mark('scroll-end');
          resolve({ start, end: performance.now(), frames });
          return;
        }
        el.scrollTop = Math.round(max * (t < 0.5 ? t * 2 : 2 - t * 2));
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    })`)) as { start: number; end: number; frames: number };
    console.log(`scrolled in ${ms(result.end - result.start)} ms, ${result.frames} animation frames`);
    await page.waitForTimeout(300);
  });
  const sweep = frameStats(scrollEvents, 'scroll-start', 'scroll-end');
  console.log('sweep', sweep);

  // The same list scrolled with the mouse wheel (Chromium's own wheel scrolling, as a user does it):
  // 100 px notches as fast as they can be sent, down for half the time, then up.
  await list.evaluate((el) => (el.scrollTop = 0));
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(500);
  let wheelDistance = 0;
  const wheelEvents = await trace(page, async () => {
    await page.evaluate(`performance.mark('wheel-start')`);
    for (const direction of [1, -1]) {
      const until = Date.now() + SCROLL_MS / 2;
      while (Date.now() < until) await page.mouse.wheel(0, 100 * direction);
      if (direction === 1) wheelDistance = await list.evaluate((el) => el.scrollTop);
    }
    await page.evaluate(`performance.mark('wheel-end')`);
    await page.waitForTimeout(300);
  });
  const wheel = { ...frameStats(wheelEvents, 'wheel-start', 'wheel-end'), distance: wheelDistance };
  console.log('wheel', wheel);
  await page.mouse.move(0, 0);
  await list.evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(300);

  // ---- 2. Opening the ticket with 1,000 messages ----
  const other = (await sql`select id from tickets.tickets where company_id = ${companyId} and contact_id = ${firstContact + 1}`)[0]!.id as number;
  const openings: { ms: number; bubbles: number }[] = [];
  for (let i = 0; i < OPENINGS; i++) {
    // Close it by opening another (message-less) ticket of the list, then reopen it.
    await page.getByTestId(`ticket-item-${other}`).click();
    await page.waitForURL((url) => !url.pathname.endsWith(String(big!.uuid)));
    await page.getByTestId('message-input').waitFor();
    await page.waitForFunction(`!document.querySelector('[data-message-id]')`);
    await page.waitForTimeout(300);
    await page.evaluate(`(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-message-id]')) {
          performance.mark('bubbles');
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    })()`);
    let bubbles = 0;
    const events = await trace(page, async () => {
      await page.getByTestId(`ticket-item-${bigId}`).click();
      await page.locator('[data-message-id]').first().waitFor();
      bubbles = await page.locator('[data-message-id]').count();
      await page.waitForTimeout(300);
    });
    const m = rendererMain(events);
    const click = events.find((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    const shown = events.find((e) => e.name === 'bubbles' && e.pid === m.pid);
    if (!click || !shown) throw new Error(`opening ${i + 1}: click or bubbles not in the trace`);
    // The first frame committed after the bubbles were inserted: that frame is the one that paints them.
    const commit = events.filter((e) => e.pid === m.pid && e.name === 'Commit' && e.ph === 'X' && e.ts >= shown.ts).sort((a, b) => a.ts - b.ts)[0];
    const end = commit ? commit.ts + (commit.dur ?? 0) : shown.ts;
    openings.push({ ms: (end - click.ts) / 1000, bubbles });
    console.log(`opening ${i + 1}: ${ms((end - click.ts) / 1000)} ms (${bubbles} bubbles; in the DOM after ${ms((shown.ts - click.ts) / 1000)} ms)`);
  }
  const openMedian = median(openings.map((o) => o.ms));

  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  writeSection(
    'inbox',
    'Attendant inbox (web, Chromium traces)',
    `Headless Debian Chromium (\`--disable-gpu\`, software compositing), 1366×820, the standalone platform serving \`web/dist\`; one attendant whose open tab holds ${TICKETS.toLocaleString('en')} tickets (seeded with SQL in ${seedSeconds} s). Figures from Chromium performance traces (\`browser.startTracing\`, categories \`devtools.timeline\` and \`disabled-by-default-devtools.timeline.frame\`). Load average at the end of the run (1 / 5 / 15 min, this benchmark's own browser and server included): ${load}; on 2 shared cores the figures move with it.

**Scrolling ${listed.setsize.toLocaleString('en')} loaded tickets** (all ${Math.ceil(TICKETS / 40)} pages of 40 loaded by infinite scroll in ${loadSeconds} s; ${Math.round(listed.scrollHeight / 1000)}k px of list). Frame time = interval between the renderer's main-thread frames (\`BeginMainThreadFrame\`); longest task = longest \`RunTask\` of the renderer main thread.

| scroll | s | frames | fps | median ms | p95 ms | max ms | frames over 16.7 ms (+1 ms jitter) | frames over 33.3 ms | longest task ms | tasks over 50 ms |
|---|---|---|---|---|---|---|---|---|---|---|
${row(`sweep: top → bottom → top, scrollTop set every animation frame (${Math.round((2 * listed.scrollHeight) / sweep.seconds / 1000)}k px/s: every frame is a screen of new cards)`, sweep)}
${row(`mouse wheel: 100 px notches, down then up (${Math.round((2 * wheel.distance) / wheel.seconds / 1000)}k px/s, ${Math.round(wheel.distance / 116)} cards each way)`, wheel)}

Target: frames within 16.7 ms. The wheel row is scrolling as a user does it; the sweep is a stress test (a full screen of cards mounted on every frame).

Virtualization: with ${listed.setsize.toLocaleString('en')} tickets loaded the list element holds ${listed.cards} cards and ${listed.nodes} DOM nodes (the whole document ${listed.documentNodes}).

**Opening the ticket with ${MESSAGES.toLocaleString('en')} messages** (from another ticket of the list): from the \`click\` event on its card to the end of the first frame commit after its message bubbles are in the DOM (the first page: ${openings[0]?.bubbles ?? 0} bubbles): ${openings.map((o) => `${ms(o.ms)}`).join(', ')} ms — **median ${ms(openMedian)} ms** (target under 300 ms).`,
  );
} finally {
  await browser.close();
  await sql.end();
  await platform.stop();
}
process.exit(0);
