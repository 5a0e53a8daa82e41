// What the collector costs the reference server per request:
// `node bench/gc-cost.mjs [get|post] [seconds] [rounds] <name>=<a build's dist/index.js>[=<options JSON>] ...`
// (defaults get, 4, 2). Each build runs on a state file with `--trace-gc`, in turn each round:
// 2 s of POSTs (the page the GETs read), a 2 s pause, 2 s of the route to warm, then `seconds`
// of it under autocannon (50 connections). Prints per request: the server's CPU µs, the main
// thread's and the other threads' (V8's helpers mark and scavenge there), and the main thread's
// scavenge and mark-compact pauses as `--trace-gc` reports them.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { authHeaders, benchFile, loadCreates, loadRoute, namedBuilds, serverEnv, table } from './lib.mjs';

const route = process.argv[2] ?? 'get';
const seconds = Number(process.argv[3] ?? 4);
const rounds = Number(process.argv[4] ?? 2);
const builds = namedBuilds(process.argv.slice(5));

/** CPU ms of each thread of `pid`, by thread id (utime + stime from /proc, in 10 ms ticks). */
function threadCpuMs(pid) {
  const threads = new Map();
  for (const id of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${id}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(id, (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return threads;
}

// Its own spawn, not lib.mjs's startServer: `--trace-gc` writes to stdout before the server's
// ready line, and every line after it is read.
async function measure(build) {
  const stateDir = await mkdtemp(join(tmpdir(), 'nimbus-bench-'));
  const child = spawn(process.execPath, ['--trace-gc', benchFile(build.script)], {
    env: { ...process.env, ...serverEnv(build, join(stateDir, 'state.json')) },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const pauses = { scavenge: 0, markCompact: 0, counting: false };
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
      const pause = /: (Scavenge|Mark-Compact)[^,]*MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
      if (pause && pauses.counting)
        pauses[pause[1] === 'Scavenge' ? 'scavenge' : 'markCompact'] += Number(pause[2]);
    });
  });
  try {
    const server = await ready;
    await loadCreates({ url: server.url, headers: authHeaders(server), duration: 2 });
    await sleep(2000);
    await loadRoute(server, route, 2);
    pauses.counting = true;
    const before = threadCpuMs(child.pid);
    const result = await loadRoute(server, route, seconds);
    const after = threadCpuMs(child.pid);
    pauses.counting = false;
    if (result.failures > 0) throw new Error(`${result.failures} failed requests`);
    const perRequest = (ms) => (ms * 1000) / result.total;
    const main = String(child.pid);
    let others = 0;
    for (const [id, ms] of after) if (id !== main) others += ms - (before.get(id) ?? 0);
    const mainMs = after.get(main) - before.get(main);
    return {
      cpu: perRequest(mainMs + others),
      main: perRequest(mainMs),
      others: perRequest(others),
      scavenge: perRequest(pauses.scavenge),
      markCompact: perRequest(pauses.markCompact),
    };
  } finally {
    child.kill();
    await rm(stateDir, { recursive: true, force: true });
  }
}

const rows = [];
for (let round = 1; round <= rounds; round++) {
  for (const build of builds) {
    const figures = await measure(build);
    rows.push({
      round,
      build: build.name,
      'CPU us/request': figures.cpu.toFixed(1),
      'main thread': figures.main.toFixed(1),
      'other threads': figures.others.toFixed(1),
      'scavenge pauses': figures.scavenge.toFixed(2),
      'mark-compact pauses': figures.markCompact.toFixed(2),
    });
  }
}
console.log(`${route.toUpperCase()}, ${rounds} rounds of ${seconds} s, us per request`);
console.log(table(rows));
