import { spawn, type ChildProcess } from 'node:child_process';
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
  // BENCH_CPU_PROF=<dir>: each service process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, fileURLToPath(new URL(`../../services/${name}/dist/main.js`, import.meta.url))], {
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
