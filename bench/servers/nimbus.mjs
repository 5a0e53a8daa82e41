// The reference server (built), in memory or on a state file, in a process of its own.
// Prints { url, token, projectId, readyMs } as one JSON line when ready; answers 'stats' (and 'gc',
// a full collection when started with --expose-gc) over IPC.
// BENCH_STATE: a state file (see bench/state-file.mjs), used with BENCH_TOKEN and BENCH_PROJECT_ID
// from that file; without them a user registers and logs in, and creates a project of its own.
// BENCH_EMPTY=1: nothing but the server (start-up time).
// BENCH_SERVER_MODULE: another build's dist/index.js to run instead (before/after comparisons).
// BENCH_FSYNC: the fsync policy of the state file's log (always, everysec, no).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedBenchTenant, startReferenceServer } from './reference.mjs';

const server = await startReferenceServer({
  module: process.env.BENCH_SERVER_MODULE,
  statePath: process.env.BENCH_STATE,
  fsync: process.env.BENCH_FSYNC,
});
const readyMs = performance.now();
let token = process.env.BENCH_TOKEN;
let projectId = process.env.BENCH_PROJECT_ID;
if (!process.env.BENCH_EMPTY && !token) {
  ({ token, projectId } = await seedBenchTenant(server, `bench-${process.pid}@example.com`));
}

// Event-loop delay (a long flush or a burst blocks it), from now on.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on('message', (message) => {
  if (message === 'reset-stats') {
    delay.reset();
    process.send({ ok: true });
  } else if (message === 'gc') {
    // Started with --expose-gc: what is still held, without the garbage a later collection frees.
    globalThis.gc?.();
    process.send({ ok: globalThis.gc !== undefined });
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
