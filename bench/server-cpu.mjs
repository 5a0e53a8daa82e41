// Server CPU time per request under load, side by side: `node bench/server-cpu.mjs [post|get] [seconds] [rounds]`.
// Each round runs, one after the other, the bare node:http server, the reference server in memory
// and on a new state file (and, with BENCH_SERVER_BASE=<another build's dist/index.js>, that build
// in memory and on a file), 2 s of creates to warm up then `seconds` of the route, and reads the
// server process's CPU time from /proc: on a shared machine that figure moves far less than req/s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFile, cpuMs, load, loadCreates, median, round, startServer, table } from './lib.mjs';

const [route = 'post', seconds = '5', rounds = '3'] = process.argv.slice(2);
const duration = Number(seconds);
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

const results = new Map(servers.map((server) => [server.name, []]));
for (let i = 0; i < Number(rounds); i++) {
  for (const server of servers) results.get(server.name).push(await measure(server));
}
const rows = servers.map(({ name }) => {
  const runs = results.get(name);
  const cpu = runs.map((run) => run.cpuUs);
  return {
    server: name,
    'CPU us/request (median)': round(median(cpu)),
    'CPU us/request (runs)': cpu.map((value) => round(value)).join(', '),
    'req/s (median)': Math.round(median(runs.map((run) => run.rps))),
    'p99 ms (median)': median(runs.map((run) => run.p99)),
  };
});
console.log(`${route.toUpperCase()}, ${duration} s x ${rounds} rounds, 50 connections`);
console.log(table(rows));
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);

async function measure({ script, module, file }) {
  const dir = file ? mkdtempSync(join(tmpdir(), 'nimbus-cpu-')) : undefined;
  const env = {
    ...(dir ? { BENCH_STATE: join(dir, 'state.json') } : {}),
    ...(module ? { BENCH_SERVER_MODULE: module } : {}),
  };
  const server = await startServer(benchFile(script), env);
  try {
    const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
    await loadCreates({ url: server.url, headers, duration: 2 });
    const before = cpuMs(server.child.pid);
    const result =
      route === 'post'
        ? await loadCreates({ url: server.url, headers, duration })
        : await load({ url: server.url, path: '/api/v1/instances?per_page=20', headers, duration });
    const cpu = cpuMs(server.child.pid) - before;
    return { cpuUs: (cpu * 1000) / (result.rps * duration), rps: result.rps, p99: result.p99 };
  } finally {
    await server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
