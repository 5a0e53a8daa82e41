// RSS after the 10 s POST run on a 100k-record state file (the state-size benchmark's memory row),
// with V8's own heap growth and with a capped one: `node bench/heap-growth.mjs [percent...]`
// (default 30) runs the reference server as it is and with `--heap-growing-percent=<percent>`,
// alternately, `BENCH_ROUNDS` times (default 2), each on a new state file. Besides RSS it prints
// the heap, the POST rate and the server's CPU per create, the price of collecting sooner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFile, cpuMs, isOk, loadCreates, round, rssMb, startServer, table, waitUntil } from './lib.mjs';
import { writeStateFile } from './state-file.mjs';

const percents = process.argv.slice(2).map(Number);
const variants = [[], ...(percents.length > 0 ? percents : [30]).map((p) => [`--heap-growing-percent=${p}`])];
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

async function run(nodeArgs, dir, name) {
  const path = join(dir, `${name}.json`);
  const { token, projectId } = await writeStateFile(path, { instances: 100_000 });
  const env = { BENCH_STATE: path, BENCH_TOKEN: token, BENCH_PROJECT_ID: projectId };
  const headers = { authorization: `Bearer ${token}`, 'x-project-id': projectId };
  const server = await startServer(benchFile('./servers/nimbus.mjs'), env, nodeArgs);
  try {
    await waitUntil(() => isOk(`${server.url}/api/v1/instances?per_page=1`, headers));
    const rssStart = rssMb(server.child.pid);
    const cpuBefore = cpuMs(server.child.pid);
    const post = await loadCreates({ url: server.url, headers, duration: 10 });
    const cpu = cpuMs(server.child.pid) - cpuBefore;
    const stats = await server.stats();
    return {
      'node flags': nodeArgs.join(' ') || '(none)',
      'RSS loaded MB': round(rssStart),
      'RSS after MB': round(rssMb(server.child.pid)),
      'heap used / total MB': `${round(stats.heapUsedMb)} / ${round(stats.heapTotalMb)}`,
      'POST/s': post.rps,
      creates: post.total,
      'CPU us/create': round((cpu * 1000) / post.total),
      'longest stall ms': round(stats.loopDelayMaxMs),
    };
  } finally {
    await server.stop();
    rmSync(path, { force: true });
  }
}

const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
const rows = [];
try {
  for (let i = 0; i < rounds; i++) {
    for (const [v, nodeArgs] of variants.entries()) rows.push(await run(nodeArgs, dir, `state-${i}-${v}`));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(table(rows));
