// State size: the reference server on a state file of 1k and of 100k instances (bench/state-file.mjs).
// Start-up is measured from spawn() to the first successful authenticated request (so it holds
// Node's own start, loading the modules, reading and indexing the file); POST throughput and p99
// with the coalesced writer saving the file; RSS after the load; the longest event-loop stall
// (a flush serialises the whole state).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchFile,
  isOk,
  loadCreates,
  median,
  rssMb,
  startServer,
  timeFirstAnswer,
  waitUntil,
} from './lib.mjs';
import { writeStateFile } from './state-file.mjs';

const STARTS = 3;

/**
 * Spawn to first 200 of `path`, the median of STARTS starts; with, for reference, the time the
 * process itself reports from its start (Node's own boot included) to listening.
 */
async function startup(env, path, headers) {
  const runs = [];
  for (let i = 0; i < STARTS; i++)
    runs.push(await timeFirstAnswer('./servers/nimbus.mjs', env, path, headers));
  return { ms: median(runs.map((run) => run.ms)), readyMs: median(runs.map((run) => run.readyMs)) };
}

async function onStateFile(instances, { duration, connections }) {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
  const path = join(dir, 'state.json');
  try {
    const { token, projectId } = await writeStateFile(path, { instances });
    const env = { BENCH_STATE: path, BENCH_TOKEN: token, BENCH_PROJECT_ID: projectId };
    const headers = { authorization: `Bearer ${token}`, 'x-project-id': projectId };
    const { ms: startMs, readyMs } = await startup(env, '/api/v1/instances?per_page=1', headers);
    const server = await startServer(benchFile('./servers/nimbus.mjs'), env);
    try {
      await waitUntil(() => isOk(`${server.url}/api/v1/instances?per_page=1`, headers));
      const rssStartMb = rssMb(server.child.pid);
      await server.resetStats();
      const post = await loadCreates({ url: server.url, headers, connections, duration });
      const stats = await server.stats();
      return {
        instances,
        startMs,
        readyMs,
        post,
        rssStartMb,
        rssAfterMb: rssMb(server.child.pid),
        heapAfterMb: stats.heapUsedMb,
        memoryAfter: stats,
        loopDelayMaxMs: stats.loopDelayMaxMs,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function stateScaling({ duration = 10, connections = 50 } = {}) {
  // Empty: a state path with no file yet (what `nimbus mock start` does the first time).
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
  let empty;
  try {
    empty = await startup({ BENCH_STATE: join(dir, 'state.json'), BENCH_EMPTY: '1' }, '/v2/health', {});
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const small = await onStateFile(1_000, { duration, connections });
  const large = await onStateFile(100_000, { duration, connections });
  return { emptyStartMs: empty.ms, emptyReadyMs: empty.readyMs, small, large };
}
