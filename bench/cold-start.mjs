// What a test file pays before its first test: `node bench/cold-start.mjs [rounds]` after the
// build. Vitest gives each test file a fresh module graph, so each case runs in a fresh node
// (servers/cold-case.mjs): the testing entry (import, startMockServer(), the first seedTenant()),
// a file of a suite that shares one server (import, connectMockServer() to a server this script
// started, the first seedTenant()), the msw entry (createNimbusHandlers() under msw's setupServer, `ready`, the first seed) and
// createServer({ inMemory: true }) from the package's index (its first seed at the standard
// password cost), beside import('msw/node') and an empty node, every case once per round in
// rotating order (default 15 rounds), so a change in the machine's load falls on all of them.
// Reported: the in-process time of each case's steps (Node's own start excluded; the msw case
// without its import of msw/node, which the anchor is), its ratio to import('msw/node') in the
// same run, spawn-to-exit wall times beside `node -e 0`, and the idle RSS of one server (after
// start, seed and a full GC) minus an empty node's. Prints one JSON line last.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { benchFile, median, round, spread, table } from './lib.mjs';

const run = promisify(execFile);
const CASE_SCRIPT = benchFile('./servers/cold-case.mjs');
// BENCH_COLD_BASE=<another build's packages/mock-server/dist> adds its testing case, beside this one's.
const CASES = [
  'empty',
  'msw-node',
  'floor',
  'testing',
  ...(process.env.BENCH_COLD_BASE ? ['testing-base'] : []),
  'shared',
  'msw',
  'create-server',
];

/** One fresh node: the case's own figures and the wall time from spawn to exit. */
async function spawnCase(kind) {
  const spawnedAt = performance.now();
  const { stdout } = await run(process.execPath, [CASE_SCRIPT, kind], {
    // What vitest and jest set in a test file's process.
    env: {
      ...process.env,
      NODE_ENV: process.env.BENCH_COLD_NODE_ENV ?? 'test',
      BENCH_SHARED_URL: sharedServer?.url,
    },
  });
  return { ...JSON.parse(stdout.trim().split('\n').at(-1)), wallMs: performance.now() - spawnedAt };
}

async function nodeE0() {
  const spawnedAt = performance.now();
  await run(process.execPath, ['-e', '0']);
  return performance.now() - spawnedAt;
}

/** The one server of the `shared` case, as a suite's global setup starts it. */
let sharedServer;

/** `cases`: the kinds to run (the anchor, `msw-node`, always runs; `empty` gives the RSS base). */
export async function coldStart({ rounds = 15, cases = CASES } = {}) {
  const { startMockServer } = await import('@nimbus/mock-server/testing');
  sharedServer = await startMockServer();
  try {
    return await sampleCases(rounds, [...new Set(['empty', 'msw-node', ...cases])]);
  } finally {
    await sharedServer.close();
  }
}

async function sampleCases(rounds, cases) {
  const samples = Object.fromEntries([...cases, 'node -e 0'].map((kind) => [kind, []]));
  const loads = [loadavg()[0]];
  for (let i = 0; i < rounds; i++) {
    // Rotating order: no case always runs right after another.
    const order = [...cases.slice(i % cases.length), ...cases.slice(0, i % cases.length)];
    for (const kind of order) samples[kind].push(await spawnCase(kind));
    samples['node -e 0'].push({ wallMs: await nodeE0() });
  }
  loads.push(loadavg()[0]);
  const anchorOfRound = samples['msw-node'].map((s) => s.ms);
  const anchorMs = median(anchorOfRound);
  const baseRssMb = median(samples.empty.map((s) => s.rssMb));
  const summary = Object.fromEntries(
    Object.entries(samples).map(([kind, runs]) => {
      const ms = runs.map((s) => s.ms ?? 0);
      const phaseNames = Object.keys(runs[0].phases ?? {});
      return [
        kind,
        {
          ms: median(ms),
          range: spread(ms),
          ratio: median(ms) / anchorMs,
          // Each round's time over the anchor's in that round: a change of load between rounds
          // falls on both sides of each ratio.
          pairedRatio: median(ms.map((value, round) => value / anchorOfRound[round])),
          wallMs: median(runs.map((s) => s.wallMs)),
          phases: Object.fromEntries(phaseNames.map((p) => [p, median(runs.map((s) => s.phases[p]))])),
          idleRssMb: runs[0].rssMb === undefined ? undefined : median(runs.map((s) => s.rssMb)) - baseRssMb,
        },
      ];
    }),
  );
  return { rounds, loadAverage: loads, baseRssMb, cases: summary };
}

if (process.argv[1] === benchFile('./cold-start.mjs')) {
  const result = await coldStart({ rounds: Number(process.argv[2] ?? 15) });
  const rows = Object.entries(result.cases).map(([kind, c]) => ({
    case: kind,
    'in-process ms': kind === 'node -e 0' ? '' : c.range,
    'x msw/node': kind === 'node -e 0' || kind === 'empty' ? '' : `${round(c.ratio, 2)}x`,
    phases: Object.entries(c.phases)
      .map(([p, ms]) => `${p} ${round(ms)}`)
      .join(', '),
    'wall ms': round(c.wallMs),
    'idle RSS MB': c.idleRssMb === undefined || kind === 'empty' ? '' : `+${round(c.idleRssMb)}`,
  }));
  console.error(table(rows));
  console.error(
    `${result.rounds} rounds; empty node RSS ${round(result.baseRssMb)} MB; load average ${result.loadAverage.map((l) => l.toFixed(1)).join(' -> ')}`,
  );
  console.log(JSON.stringify(result));
}
