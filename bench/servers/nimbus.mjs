// The reference server (built), in memory or on a state file, in a process of its own.
// Prints { url, token, projectId, readyMs } as one JSON line when ready; answers 'stats' over IPC.
// BENCH_STATE: a state file (see bench/state-file.mjs), used with BENCH_TOKEN and BENCH_PROJECT_ID
// from that file; without them a user registers and logs in, and creates a project.
// BENCH_EMPTY=1: nothing but the server (start-up time).
// BENCH_SERVER_MODULE: another build's dist/index.js to run instead (side-by-side comparisons).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const { createServer } = await import(process.env.BENCH_SERVER_MODULE ?? '@nimbus/mock-server');

const statePath = process.env.BENCH_STATE;
const server = await createServer({
  port: 0,
  inMemory: !statePath,
  statePath,
  watch: false,
  transitionDelayMs: 0,
});
const readyMs = performance.now();
let token = process.env.BENCH_TOKEN;
let projectId = process.env.BENCH_PROJECT_ID;
if (!process.env.BENCH_EMPTY && !token) {
  // Imported only here: start-up runs measure the server alone.
  const { Nimbus } = await import('@nimbus/sdk');
  const client = new Nimbus({ baseUrl: server.url });
  const email = `bench-${process.pid}@example.com`;
  await client.auth.register({ email, password: 'bench-password', full_name: 'Bench' });
  const login = await client.auth.login({ email, password: 'bench-password' });
  token = login.access_token;
  projectId ??= (await client.projects.create({ name: 'bench' })).id;
  // The default quota (100 instances) would turn a load run into 403s.
  await client.mock.setQuotas(projectId, { limits: { instances: 100_000_000 } });
}

// Event-loop delay (a long flush or a burst blocks it), from now on.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('message', (message) => {
  if (message === 'reset-stats') {
    delay.reset();
    process.send({ ok: true });
  } else if (message === 'stats') {
    const memory = process.memoryUsage();
    process.send({
      rssMb: memory.rss / 2 ** 20,
      heapUsedMb: memory.heapUsed / 2 ** 20,
      heapTotalMb: memory.heapTotal / 2 ** 20,
      externalMb: memory.external / 2 ** 20,
      arrayBuffersMb: memory.arrayBuffers / 2 ** 20,
      loopDelayP99Ms: delay.percentile(99) / 1e6,
      loopDelayMaxMs: delay.max / 1e6,
    });
  }
});
process.stdout.write(`${JSON.stringify({ url: server.url, token, projectId, readyMs })}\n`);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
