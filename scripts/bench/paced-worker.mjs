// The paced load generator of report.ts `paced()`, in its own thread: the bench process also runs
// auth, admin and realtime, whose work and garbage collection would otherwise delay its timers and
// be counted as the server's latency.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

const { url: href, headers, rate, connections, duration } = workerData;
const url = new URL(href);
const pool = new Pool(url.origin, { connections, pipelining: 1 });
const slotMs = 10;
const slots = Math.round((duration * 1000) / slotMs);
const perSlot = (rate * slotMs) / 1000;
const latencies = [];
let errors = 0;
let non2xx = 0;
const inFlight = [];
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const start = performance.now();
let started = 0;
for (let slot = 0; slot < slots; slot++) {
  const due = start + slot * slotMs;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  // Fractional rates carry over from slot to slot.
  const target = Math.round((slot + 1) * perSlot);
  for (; started < target; started++) {
    inFlight.push(
      pool
        .request({ method: 'GET', path: url.pathname + url.search, headers })
        .then(async (response) => {
          await response.body.dump();
          if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          errors++;
        }),
    );
  }
}
await Promise.all(inFlight);
const seconds = (performance.now() - start) / 1000;
loopDelay.disable();
await pool.close();
parentPort.postMessage({ latencies, seconds, errors, non2xx, loopDelayP99: loopDelay.percentile(99) / 1e6, loopDelayMax: loopDelay.max / 1e6 });
