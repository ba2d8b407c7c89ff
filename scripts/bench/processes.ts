import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function until(what: string, ready: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type ServiceProcess = { url: string; child: ChildProcess; stop(): Promise<void> };

/**
 * A service as deployed: `services/<name>/dist/main.js` in its own Node process (its own pod in the
 * cluster), started with `env` and ready once its /healthz answers.
 */
export async function startServiceProcess(name: 'gateway' | 'tickets' | 'auth' | 'admin' | 'realtime', env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: each service process writes a V8 CPU profile there when it stops; BENCH_NODE_FLAGS: more
  // Node flags for the service processes (e.g. --trace-gc).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), fileURLToPath(new URL(`../../services/${name}/dist/main.js`, import.meta.url))], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await until(`the ${name} process`, async () => {
      if (child.exitCode !== null) throw new Error(`the ${name} process exited with ${child.exitCode}`);
      return (await fetch(`${url}/healthz`).catch(() => null))?.ok === true;
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Which part of the deployment a process is, by its command line (PostgreSQL, NATS, a service, this bench). */
function processGroup(cmdline: string): string {
  if (/postgres/.test(cmdline)) return 'PostgreSQL';
  if (/nats-server/.test(cmdline)) return 'NATS';
  if (/redis-server/.test(cmdline)) return 'Redis';
  const service = /services\/(\w+)\/dist\/main\.js/.exec(cmdline);
  if (service) return service[1]!;
  if (cmdline.includes('bench')) return 'load generator';
  return 'other';
}

/** CPU seconds used so far by every process of the machine, summed per group (Linux /proc; empty elsewhere). */
function cpuByGroup(): Map<string, number> {
  const totals = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
      const group = processGroup(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      totals.set(group, (totals.get(group) ?? 0) + ticks / 100); // USER_HZ is 100 on Linux
    } catch {
      // the process ended meanwhile
    }
  }
  return totals;
}

/** Start counting CPU; `stop()` answers the CPU seconds each group used since (processes that ended meanwhile are lost). */
export function cpuMeter(): { stop(): Map<string, number> } {
  const before = cpuByGroup();
  return {
    stop() {
      const used = new Map<string, number>();
      for (const [group, seconds] of cpuByGroup()) used.set(group, Math.max(0, seconds - (before.get(group) ?? 0)));
      return used;
    },
  };
}
