// Start-up of the reference server alone: `node bench/startup.mjs [starts]` after the build.
// Measured as in state-scaling.mjs, from spawn() to the first successful request: GET /v2/health
// on a state path with no file yet (what `nimbus mock start` does the first time), then
// GET /api/v1/instances?per_page=1 with a token on a state file of 100,000 instances. Each is
// started `starts` times (default 7, the 100k file 3 times); median, fastest and slowest, and
// the process's own time from its start to listening beside them.
// Side by side with the empty starts, in the same rounds: the bare node:http server
// (servers/bare.mjs) to its first answer, the same after importing zod (the least a server that
// validates with zod pays), and the reference server's start split into its phases
// (servers/start-phases.mjs: Node, zod, the contract, the server's modules, createServer).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { benchFile, median, round, timeFirstAnswer } from './lib.mjs';
import { writeStateFile } from './state-file.mjs';

/** Spawn to the first answer of each kind of start in turn, `count` rounds; the phases beside. */
async function emptyStarts(count, dir) {
  const bareHeaders = (server) => ({
    authorization: `Bearer ${server.token}`,
    'x-project-id': server.projectId,
  });
  // The bare server answers its instances list (it has no health route).
  const kinds = {
    reference: (i) => [
      './servers/nimbus.mjs',
      { BENCH_STATE: join(dir, `empty-${i}.json`), BENCH_EMPTY: '1' },
      '/v2/health',
    ],
    bare: () => ['./servers/bare.mjs', {}, '/api/v1/instances', bareHeaders],
    'bare + zod': () => [
      './servers/bare.mjs',
      { BENCH_BARE_IMPORTS: 'zod' },
      '/api/v1/instances',
      bareHeaders,
    ],
  };
  const ms = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  const phases = [];
  for (let i = 0; i < count; i++) {
    for (const [kind, start] of Object.entries(kinds)) ms[kind].push((await timeFirstAnswer(...start(i))).ms);
    phases.push(await startPhases(join(dir, `phases-${i}.json`)));
  }
  const medianPhases = Object.fromEntries(
    Object.keys(phases[0]).map((name) => [name, round(median(phases.map((p) => p[name])))]),
  );
  return {
    ms: Object.fromEntries(Object.entries(ms).map(([kind, values]) => [kind, summary(values)])),
    phases: medianPhases,
  };
}

async function startPhases(statePath) {
  const child = spawn(process.execPath, [benchFile('./servers/start-phases.mjs')], {
    env: { ...process.env, BENCH_STATE: statePath },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  await exited;
  return JSON.parse(line);
}

const summary = (values) => ({
  median: round(median(values)),
  min: round(Math.min(...values)),
  max: round(Math.max(...values)),
});

async function starts(count, env, path, headers) {
  const runs = [];
  for (let i = 0; i < count; i++)
    runs.push(await timeFirstAnswer('./servers/nimbus.mjs', env, path, headers));
  return { ms: summary(runs.map((run) => run.ms)), listeningMs: summary(runs.map((run) => run.readyMs)) };
}

export async function startup({ count = 7, largeCount = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
  try {
    const load = [loadavg()[0]];
    const empty = await emptyStarts(count, dir);
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
  const range = ({ median, min, max }) => `${median} ms (${min}-${max})`;
  for (const [kind, ms] of Object.entries(result.empty.ms)) console.log(`empty start, ${kind}: ${range(ms)}`);
  const phases = Object.entries(result.empty.phases).map(([name, ms]) => `${name} ${ms}`);
  console.log(`reference server's phases, in-process medians (ms): ${phases.join(', ')}`);
  console.log(`100k-record file: ${line(result.large)}`);
  console.log(`load average ${result.loadAverage.join(' -> ')}`);
}
