// The performance guard (`npm run bench:check`, after the SDK and server builds it makes): the
// server's CPU per request for GET /api/v1/instances?per_page=20 and POST /api/v1/instances as a
// share of the bare server's (on a state file), and the cold test file's testing entry as a
// multiple of `import('msw/node')` (cold-start.mjs). Each figure is a median of ratios whose two
// sides ran moments apart: both servers kept running and loaded in alternating 2 s slices
// (lib.mjs measureSlices), each cold round's case over the anchor of that round. The shares of
// two medians of fresh servers a round apart moved 20 % between two runs minutes apart on a
// quiet host; of nine runs of these, the worst fell 12 % on the worse side of their median
// (bench/README.md, run V). Each figure is compared with bench/baseline.json; the exit code is 1
// when one is more than 15 % worse. `node bench/check.mjs --update` measures
// BENCH_CHECK_UPDATE_RUNS (default 3) times and writes each figure's median as the new baseline:
// record it on a quiet machine. BENCH_CHECK_SLICES (default 12) slices per server and route;
// BENCH_CHECK_COLD_ROUNDS (default 24) rounds of the cold cases.
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { coldStart } from './cold-start.mjs';
import { benchFile, measureSlices, median, table } from './lib.mjs';

const TOLERANCE = 0.15;
const SLICE_SECONDS = 2;
const slices = Number(process.env.BENCH_CHECK_SLICES ?? 12);
const coldRounds = Number(process.env.BENCH_CHECK_COLD_ROUNDS ?? 24);
const updateRuns = Number(process.env.BENCH_CHECK_UPDATE_RUNS ?? 3);
const baselineFile = benchFile('./baseline.json');

const servers = [
  { name: 'bare', script: './servers/bare.mjs' },
  { name: 'nimbus', script: './servers/nimbus.mjs', file: true },
];

/** The reference server's CPU per request as a share of the bare server's (higher is better). */
async function shareOfBare(route) {
  const cpu = await measureSlices(servers, route, SLICE_SECONDS, slices);
  const bare = cpu.get('bare');
  const nimbus = cpu.get('nimbus');
  return {
    value: median(bare.map((us, slice) => us / nimbus[slice])),
    detail: `${median(nimbus).toFixed(1)} us vs bare ${median(bare).toFixed(1)} us`,
  };
}

const loads = [loadavg()[0]];

/** One measurement of every figure, with which way is better. */
async function measureFigures() {
  const get = await shareOfBare('get');
  loads.push(loadavg()[0]);
  const post = await shareOfBare('post');
  loads.push(loadavg()[0]);
  const cold = await coldStart({ rounds: coldRounds, cases: ['testing'] });
  loads.push(loadavg()[0]);
  return {
    getShareOfBare: { ...get, higherIsBetter: true },
    postShareOfBare: { ...post, higherIsBetter: true },
    coldTestingVsMswNode: {
      value: cold.cases.testing.pairedRatio,
      detail: `${cold.cases.testing.ms.toFixed(1)} ms vs msw/node ${cold.cases['msw-node'].ms.toFixed(1)} ms`,
      higherIsBetter: false,
    },
  };
}

if (process.argv.includes('--update')) {
  // The baseline is the median of several runs: one run's figure can sit at either end of its
  // spread, and a check against that end would fail (or pass) on noise.
  const runs = [];
  for (let i = 0; i < updateRuns; i++) runs.push(await measureFigures());
  const baseline = {
    recorded: new Date().toISOString(),
    node: process.version,
    loadAverage: loads.map((load) => Number(load.toFixed(1))),
    runs: Object.fromEntries(
      Object.keys(runs[0]).map((name) => [name, runs.map((run) => Number(run[name].value.toFixed(3)))]),
    ),
    figures: Object.fromEntries(
      Object.keys(runs[0]).map((name) => [
        name,
        Number(median(runs.map((run) => run[name].value)).toFixed(3)),
      ]),
    ),
  };
  await writeFile(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`bench/baseline.json written: ${JSON.stringify(baseline.figures)}`);
  process.exit(0);
}

const figures = await measureFigures();
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
