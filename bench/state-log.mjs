// The cost of the state file's log: POST /api/v1/instances at 50 connections on a new state file,
// with each fsync policy, beside the server in memory and, with BENCH_SERVER_BASE (another
// build's packages/mock-server/dist/index.js), that build on a state file. Rounds alternate the
// servers, so a change in the machine's load falls on all of them; the table gives the medians.
// Usage: node bench/state-log.mjs [seconds per run (5)] [rounds (3)]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFile, loadCreates, median, round, startServer, table } from './lib.mjs';

const duration = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const base = process.env.BENCH_SERVER_BASE;

const CASES = [
  { name: 'in memory', env: {} },
  ...(base ? [{ name: 'base build, state file', env: { BENCH_SERVER_MODULE: base }, file: true }] : []),
  { name: 'state file, fsync no', env: { BENCH_FSYNC: 'no' }, file: true },
  { name: 'state file, fsync everysec', env: { BENCH_FSYNC: 'everysec' }, file: true },
  { name: 'state file, fsync always', env: { BENCH_FSYNC: 'always' }, file: true },
];

async function run({ env, file }) {
  const dir = file ? mkdtempSync(join(tmpdir(), 'nimbus-bench-log-')) : undefined;
  const server = await startServer(benchFile('./servers/nimbus.mjs'), {
    ...env,
    ...(dir ? { BENCH_STATE: join(dir, 'state.json') } : {}),
  });
  try {
    const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
    return await loadCreates({ url: server.url, headers, duration });
  } finally {
    await server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map(CASES.map((c) => [c.name, []]));
for (let r = 0; r < rounds; r++) {
  for (const c of CASES) results.get(c.name).push(await run(c));
}
const memory = median(results.get('in memory').map((x) => x.rps));
console.log(
  `POST /api/v1/instances, 50 connections, ${duration} s x ${rounds} rounds; load average ${loadavg()[0].toFixed(1)}`,
);
console.log(
  table(
    CASES.map(({ name }) => {
      const runs = results.get(name);
      const rps = median(runs.map((x) => x.rps));
      return {
        server: name,
        'req/s (median)': rps,
        'share of in memory': `${round((100 * rps) / memory)} %`,
        'p99 ms (median)': median(runs.map((x) => x.p99)),
        failures: runs.reduce((sum, x) => sum + x.failures, 0),
      };
    }),
  ),
);
