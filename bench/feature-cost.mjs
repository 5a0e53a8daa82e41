// What each feature of the reference server costs per request:
// `node bench/feature-cost.mjs [get|post] [seconds] [rounds]` (defaults get, 5, 3).
// The server on a state file as the targets measure it, beside the same server with one feature
// off, and the bare server, in the same rounds (cpu-per-request.mjs's method: the server's own
// CPU time over the requests it answered). A feature without a public switch is measured as a
// build without it: BENCH_VARIANTS='name=<its packages/mock-server/dist/index.js>,...' (a copy of
// dist/ inside packages/mock-server/, so that it resolves its dependencies). BENCH_FEATURES=0
// leaves out the switched runs.
import { measureRounds, median, spread, table } from './lib.mjs';

const route = process.argv[2] ?? 'get';
const duration = Number(process.argv[3] ?? 5);
const rounds = Number(process.argv[4] ?? 3);
const variants = (process.env.BENCH_VARIANTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => pair.split('='));
const switched = process.env.BENCH_FEATURES !== '0';

const nimbus = (name, options) => ({
  name,
  script: './servers/nimbus.mjs',
  file: true,
  env: options ? { BENCH_SERVER_OPTIONS: JSON.stringify(options) } : {},
});
const servers = [
  { name: 'bare node:http', script: './servers/bare.mjs' },
  nimbus('nimbus (state file)'),
  ...(switched
    ? [
        nimbus('without the journal (journalSize 0)', { journalSize: 0 }),
        nimbus('without the Host check (allowedHosts any)', { allowedHosts: 'any' }),
        // A create's lifecycle (provisioning -> running, its billing accrual) fires within the
        // request's turn at the default delay of 0; an hour's delay keeps it out of the run.
        ...(route === 'post'
          ? [nimbus('transitions held (transitionDelayMs 1 h)', { transitionDelayMs: 3_600_000 })]
          : []),
      ]
    : []),
  ...variants.map(([name, module]) => ({ ...nimbus(name), module })),
];

const { runs, title } = await measureRounds(servers, route, duration, rounds);
const cpuOf = (name) => median(runs.get(name).map((run) => run.cpuUs));
const bare = cpuOf('bare node:http');
const full = cpuOf('nimbus (state file)');
console.log(title);
console.log(
  table(
    servers.map(({ name }) => ({
      server: name,
      'CPU us/request, median (min-max)': spread(runs.get(name).map((run) => run.cpuUs)),
      'vs bare': `${Math.round((bare / cpuOf(name)) * 100)}%`,
      'feature costs (us)':
        name.startsWith('nimbus') || name === 'bare node:http' ? '' : (full - cpuOf(name)).toFixed(1),
      'p99 ms': spread(
        runs.get(name).map((run) => run.p99),
        0,
      ),
    })),
  ),
);
