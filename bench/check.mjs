// The performance guard (`npm run bench:check`, after the SDK and server builds it makes): the
// server's CPU per request for GET /api/v1/instances?per_page=20 and POST /api/v1/instances as a
// share of the bare server's in the same rounds (cpu-per-request.mjs's method, on a state file),
// and the cold test file's testing entry as a multiple of `import('msw/node')` in the same rounds
// (cold-start.mjs). Each figure is compared with bench/baseline.json; the exit code is 1 when one
// is more than 15 % worse. Ratios within one run, so a slower machine moves both sides.
// `node bench/check.mjs --update` writes the figures of this run as the new baseline.
// BENCH_CHECK_ROUNDS (default 5) rounds of BENCH_CHECK_SECONDS (default 5) s per server and route;
// BENCH_CHECK_COLD_ROUNDS (default 10) rounds of the cold cases.
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { coldStart } from './cold-start.mjs';
import { benchFile, measureRounds, median, table } from './lib.mjs';

const TOLERANCE = 0.15;
const rounds = Number(process.env.BENCH_CHECK_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_CHECK_SECONDS ?? 5);
const coldRounds = Number(process.env.BENCH_CHECK_COLD_ROUNDS ?? 10);
const baselineFile = benchFile('./baseline.json');

const servers = [
  { name: 'bare', script: './servers/bare.mjs' },
  { name: 'nimbus', script: './servers/nimbus.mjs', file: true },
];

/** The reference server's CPU per request as a share of the bare server's (higher is better). */
async function shareOfBare(route) {
  const { runs } = await measureRounds(servers, route, seconds, rounds);
  const cpu = (name) => median(runs.get(name).map((run) => run.cpuUs));
  return {
    value: cpu('bare') / cpu('nimbus'),
    detail: `${cpu('nimbus').toFixed(1)} us vs bare ${cpu('bare').toFixed(1)} us`,
  };
}

const loads = [loadavg()[0]];
const get = await shareOfBare('get');
loads.push(loadavg()[0]);
const post = await shareOfBare('post');
loads.push(loadavg()[0]);
const cold = await coldStart({ rounds: coldRounds, cases: ['testing'] });
loads.push(loadavg()[0]);

/** Each figure, and which way is better. */
const figures = {
  getShareOfBare: { ...get, higherIsBetter: true },
  postShareOfBare: { ...post, higherIsBetter: true },
  coldTestingVsMswNode: {
    value: cold.cases.testing.ms / cold.cases['msw-node'].ms,
    detail: `${cold.cases.testing.ms.toFixed(1)} ms vs msw/node ${cold.cases['msw-node'].ms.toFixed(1)} ms`,
    higherIsBetter: false,
  },
};

if (process.argv.includes('--update')) {
  const baseline = {
    recorded: new Date().toISOString(),
    node: process.version,
    loadAverage: loads.map((load) => Number(load.toFixed(1))),
    figures: Object.fromEntries(
      Object.entries(figures).map(([name, { value }]) => [name, Number(value.toFixed(3))]),
    ),
  };
  await writeFile(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`bench/baseline.json written: ${JSON.stringify(baseline.figures)}`);
  process.exit(0);
}

const baseline = JSON.parse(await readFile(baselineFile, 'utf8'));
const rows = Object.entries(figures).map(([name, { value, detail, higherIsBetter }]) => {
  const base = baseline.figures[name];
  // How much worse than the baseline, as a share of it (negative: better).
  const worse = higherIsBetter ? (base - value) / base : (value - base) / base;
  return {
    figure: name,
    now: value.toFixed(3),
    baseline: base,
    worse: `${(worse * 100).toFixed(1)} %`,
    verdict: worse > TOLERANCE ? 'FAIL' : 'ok',
    detail,
  };
});
console.log(
  `load average ${loads.map((load) => load.toFixed(1)).join(' -> ')}; baseline of ${baseline.recorded}`,
);
console.log(table(rows));
if (rows.some((row) => row.verdict === 'FAIL')) {
  console.log(`A figure is more than ${TOLERANCE * 100} % worse than bench/baseline.json.`);
  process.exitCode = 1;
}
