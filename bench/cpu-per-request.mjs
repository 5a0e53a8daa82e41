// Server CPU time per request under load, servers side by side:
// `node bench/cpu-per-request.mjs [get|post] [seconds] [rounds]` (defaults get, 5, 3).
// Each round runs every server in turn, in a process of its own: 2 s of POSTs (the page the
// GETs read) and a 2 s pause (the state file's flush of them), then `seconds` of the route under autocannon (50 connections); the server's own
// CPU time (user + system, from /proc) over that run divided by the requests answered. On a
// shared machine that figure moves far less than requests/s. BENCH_SERVER_BASE=<another build's
// packages/mock-server/dist/index.js> adds that build's server (in memory and on a file).
import { measureRounds, median, spread, table } from './lib.mjs';

const route = process.argv[2] ?? 'get';
const duration = Number(process.argv[3] ?? 5);
const rounds = Number(process.argv[4] ?? 3);
const base = process.env.BENCH_SERVER_BASE;

const servers = [
  { name: 'bare node:http', script: './servers/bare.mjs' },
  { name: 'nimbus (in memory)', script: './servers/nimbus.mjs' },
  { name: 'nimbus (state file)', script: './servers/nimbus.mjs', file: true },
  ...(base
    ? [
        { name: 'base (in memory)', script: './servers/nimbus.mjs', module: base },
        { name: 'base (state file)', script: './servers/nimbus.mjs', module: base, file: true },
      ]
    : []),
];

const { runs, title } = await measureRounds(servers, route, duration, rounds);

const bare = median(runs.get('bare node:http').map((run) => run.cpuUs));
console.log(title);
console.log(
  table(
    servers.map(({ name }) => {
      const list = runs.get(name);
      const cpu = list.map((run) => run.cpuUs);
      return {
        server: name,
        'CPU us/request, median (min-max)': spread(cpu),
        'vs bare CPU': `${Math.round((bare / median(cpu)) * 100)}%`,
        'req/s': spread(
          list.map((run) => run.rps),
          0,
        ),
        'p99 ms': spread(
          list.map((run) => run.p99),
          0,
        ),
      };
    }),
  ),
);
