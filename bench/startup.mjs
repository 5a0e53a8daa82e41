// Start-up of the reference server alone: `node bench/startup.mjs [starts]` after the build.
// Measured as in state-scaling.mjs, from spawn() to the first successful request: GET /v2/health
// on a state path with no file yet (what `nimbus mock start` does the first time), then
// GET /api/v1/instances?per_page=1 with a token on a state file of 100,000 instances. Each is
// started `starts` times (default 7, the 100k file 3 times); median, fastest and slowest, and
// the process's own time from its start to listening beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { benchFile, median, round, startServer, waitUntil } from './lib.mjs';
import { writeStateFile } from './state-file.mjs';

async function ok(url, headers = {}) {
  const response = await request(url, { headers });
  await response.body.dump();
  return response.statusCode === 200;
}

async function starts(count, env, path, headers) {
  const spawnToFirst = [];
  const listening = [];
  for (let i = 0; i < count; i++) {
    const server = await startServer(benchFile('./servers/nimbus.mjs'), env);
    const at = await waitUntil(() => ok(`${server.url}${path}`, headers), { everyMs: 2 });
    spawnToFirst.push(at - server.spawnedAt);
    listening.push(server.readyMs);
    await server.stop();
  }
  const summary = (values) => ({
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  });
  return { ms: summary(spawnToFirst), listeningMs: summary(listening) };
}

export async function startup({ count = 7, largeCount = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
  try {
    const load = [loadavg()[0]];
    const empty = await starts(
      count,
      { BENCH_STATE: join(dir, 'empty.json'), BENCH_EMPTY: '1' },
      '/v2/health',
    );
    const path = join(dir, 'state.json');
    const { token, projectId } = await writeStateFile(path, { instances: 100_000 });
    const large = await starts(
      largeCount,
      { BENCH_STATE: path, BENCH_TOKEN: token, BENCH_PROJECT_ID: projectId },
      '/api/v1/instances?per_page=1',
      { authorization: `Bearer ${token}`, 'x-project-id': projectId },
    );
    load.push(loadavg()[0]);
    return { empty, large, loadAverage: load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === benchFile('./startup.mjs')) {
  const count = Number(process.argv[2] ?? 7);
  const result = await startup({ count, largeCount: Math.min(count, 3) });
  const line = ({ ms, listeningMs }) =>
    `${ms.median} ms (${ms.min}-${ms.max}); listening after ${listeningMs.median} ms in-process`;
  console.log(`empty state:      ${line(result.empty)}`);
  console.log(`100k-record file: ${line(result.large)}`);
  console.log(`load average ${result.loadAverage.join(' -> ')}`);
}
