/**
 * Issue "Platform foundation" benchmarks: gateway overhead on the cluster path (GET /api/auth/me
 * through the gateway vs the auth service directly) and login throughput (argon2id cost stated).
 */
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.NATS_URL ??= 'nats://127.0.0.1:4222';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';

const { passwordHashCost } = await import('@atende/kit');
const { startTestPlatform, ADMIN_EMAIL, ADMIN_PASSWORD } = await import('@atende/standalone/testing');
const { load, row, tableHead, writeSection } = await import('./report.js');
const { startServiceProcess } = await import('./processes.js');

const unlimited = { ipPerMinute: 1e9, userPerMinute: 1e9, authPerMinute: 1e9 };
const platform = await startTestPlatform({ rate: unlimited, env: { LOGIN_IP_MAX_FAILURES: '1000000', LOGIN_EMAIL_MAX_FAILURES: '1000000' } });
try {
  const { token } = await platform.login();
  const headers = { authorization: `Bearer ${token}` };
  // warm-up both paths (JIT, pools, caches)
  await load({ url: `${platform.url}/api/auth/me`, headers, duration: 3 });
  await load({ url: `${platform.serviceUrls.auth}/api/auth/me`, headers, duration: 3 });
  const direct = await load({ url: `${platform.serviceUrls.auth}/api/auth/me`, headers, duration: 15 });
  const gateway = await load({ url: `${platform.url}/api/auth/me`, headers, duration: 15 });
  const cost = Math.round((1 - gateway.rps / direct.rps) * 100);

  // As deployed: the gateway its own process (its own pod), proxying to the auth service.
  const gatewayProcess = await startServiceProcess('gateway', {
    JWT_PUBLIC_KEY: platform.keys.publicKey,
    AUTH_URL: platform.serviceUrls.auth!,
    RATE_LIMIT_IP_PER_MINUTE: '1000000000',
    RATE_LIMIT_USER_PER_MINUTE: '1000000000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
  });
  let separate;
  let serial: { direct: Awaited<ReturnType<typeof load>>; gateway: Awaited<ReturnType<typeof load>> };
  try {
    await load({ url: `${gatewayProcess.url}/api/auth/me`, headers, duration: 3 });
    separate = await load({ url: `${gatewayProcess.url}/api/auth/me`, headers, duration: 15 });
    // One request at a time: the latency the gateway adds, whatever the number of cores.
    serial = {
      direct: await load({ url: `${platform.serviceUrls.auth}/api/auth/me`, headers, connections: 1, duration: 5 }),
      gateway: await load({ url: `${gatewayProcess.url}/api/auth/me`, headers, connections: 1, duration: 5 }),
    };
  } finally {
    await gatewayProcess.stop();
  }
  const separateCost = Math.round((1 - separate.rps / direct.rps) * 100);

  const loginBody = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const login = await load({ url: `${platform.url}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody, connections: 8, duration: 15 });

  writeSection(
    'gateway',
    'Gateway overhead and login (cluster path)',
    `Each service its own HTTP server on 127.0.0.1 (the cluster's path), the gateway proxying to it, measured both in the bench's Node process and as its own process (\`services/gateway/dist/main.js\`); PostgreSQL, NATS JetStream and Redis are this machine's servers. Edge work per request: Redis rate-limit counters (per IP, per user), ES256 token verification, request id. 50 connections, 15 s after a warm-up.

${tableHead}
${row('GET /api/auth/me — auth service directly', direct)}
${row('GET /api/auth/me — through the gateway, same Node process as the services', gateway)}
${row('GET /api/auth/me — through the gateway as its own process (as deployed)', separate)}
${row('GET /api/auth/me — auth service directly, 1 connection', serial.direct)}
${row('GET /api/auth/me — through the gateway process, 1 connection', serial.gateway)}
${row('POST /api/auth/login — through the gateway (8 connections)', login)}

Gateway throughput cost, gateway as its own process (the cluster's layout): **${separateCost}%** (target under 20%). With the gateway in the same Node process as the services: ${cost}%. On this 2-core machine the load generator, PostgreSQL, Redis and every Node process share the same cores, so the figures move by tens of percent from one run to the next when anything else runs. One request at a time, the gateway adds ${(serial.gateway.p50 - serial.direct.p50).toFixed(1)} ms at p50.

Login hashes with argon2id, memory ${passwordHashCost.memoryCost} KiB, ${passwordHashCost.timeCost} passes, parallelism ${passwordHashCost.parallelism} (OWASP minimum); login throughput is bound by that cost by design.`,
  );
} finally {
  await platform.stop();
}

process.exit(0);
