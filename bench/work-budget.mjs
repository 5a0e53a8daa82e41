// How much work per request a server may add to the bare one and still keep a share of its rate:
// `node bench/work-budget.mjs [get|post] [seconds] [rounds] [µs,µs,...]` (defaults get, 5, 3,
// and 0,4,8,16,24 for GET, 0,10,20,40,80 for POST).
// Each round runs, in turn and each in a process of its own, the bare server with each amount of
// added CPU work per request (`BENCH_BARE_WORK_US`: a spin before answering, no allocation) and
// the bare work through the reference server's Node adapter, and the reference server on a
// state file, under the load of cpu-per-request.mjs. The share of the
// bare rate is taken per round (against the round's own bare run), then the median over rounds.
// The budget is the added work at which the share crosses the throughput target (80 % for GET,
// 70 % for POST), read off the line between the two amounts around it.
import { measureRounds, median, round, spread, table } from './lib.mjs';

const route = process.argv[2] === 'post' ? 'post' : 'get';
const duration = Number(process.argv[3] ?? 5);
const rounds = Number(process.argv[4] ?? 3);
const amounts = (process.argv[5] ?? (route === 'get' ? '0,4,8,16,24' : '0,10,20,40,80'))
  .split(',')
  .map(Number);
if (amounts[0] !== 0 || amounts.some((us, i) => !(us >= 0) || (i > 0 && us <= amounts[i - 1]))) {
  throw new Error('The amounts of work must start at 0 and rise: 0,4,8,...');
}
const target = route === 'get' ? 0.8 : 0.7;

const bare = amounts.map((us) => ({
  name: us === 0 ? 'bare node:http' : `bare + ${us} µs of work`,
  script: './servers/bare.mjs',
  env: { BENCH_BARE_WORK_US: String(us) },
  us,
}));
// The bare server's work through the reference server's Node adapter: what the adapter costs.
const adapter = { name: 'bare work, nimbus adapter', script: './servers/bare-adapter.mjs' };
const reference = { name: 'nimbus (state file)', script: './servers/nimbus.mjs', file: true };
const servers = [...bare, adapter, reference];

const { runs, title } = await measureRounds(servers, route, duration, rounds);

/** Median over rounds of a server's rate as a share of the same round's bare rate. */
const share = (name) => median(runs.get(name).map((run, i) => run.rps / runs.get(bare[0].name)[i].rps));

/**
 * The added work at which the bare server's share first falls to `level`: 0 for a level at or
 * above the bare rate itself, null past the last amount.
 */
function workAt(level) {
  if (level >= 1) return 0;
  const points = bare.map((server) => ({ us: server.us, share: share(server.name) }));
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    if (a.share >= level && b.share <= level) {
      return a.share === b.share ? a.us : a.us + ((a.share - level) / (a.share - b.share)) * (b.us - a.us);
    }
  }
  return null;
}

console.log(title);
console.log(
  table(
    servers.map(({ name }) => {
      const list = runs.get(name);
      return {
        server: name,
        'share of bare req/s': `${Math.round(share(name) * 100)}%`,
        'by round': runs
          .get(name)
          .map((run, i) => Math.round((run.rps / runs.get(bare[0].name)[i].rps) * 100))
          .join(' '),
        'req/s, median (min-max)': spread(
          list.map((run) => run.rps),
          0,
        ),
        'CPU us/request': spread(list.map((run) => run.cpuUs)),
        'p99 ms': spread(
          list.map((run) => run.p99),
          0,
        ),
      };
    }),
  ),
);
const last = amounts.at(-1);
const budget = workAt(target);
const equivalent = workAt(share(reference.name));
console.log(
  `Budget for ${target * 100} % of the bare rate: ${budget === null ? `more than ${last}` : round(budget)} µs of work per request.`,
);
console.log(
  `The bare work through the reference server's Node adapter keeps ${Math.round(share(adapter.name) * 100)} % ` +
    `(the bare server's with about ${round(workAt(share(adapter.name)) ?? 0)} µs of work added).`,
);
console.log(
  `The reference server's share (${Math.round(share(reference.name) * 100)} %) is the bare server's with ` +
    `${equivalent === null ? `more than ${last}` : `about ${round(equivalent)}`} µs of work added.`,
);
