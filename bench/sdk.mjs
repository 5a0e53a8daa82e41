// SDK overhead and auto-pagination memory, against the reference server in its own process.
// Run by run.mjs as `node --expose-gc bench/sdk.mjs` (gc() makes heap figures comparable);
// prints one JSON line.
// - overhead: `client.instances.retrieve(id)` beside the same GET made with undici's `request`
//   (token, project header, JSON body read), one call at a time, in alternating rounds; the
//   wall time and this process's CPU time per call. BENCH_SDK_BASE=<another build's
//   dist/index.js> adds that build's client to the rounds, to compare two builds in one run.
// - pagination: heap growth while `for await` walks 10k instances a page at a time, beside the
//   heap that holding all of them takes.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Nimbus } from '@nimbus/sdk';
import { request } from 'undici';
import { api, benchFile, median, startServer } from './lib.mjs';

const ROUNDS = 15;
const CALLS_PER_ROUND = Number(process.env.BENCH_SDK_CALLS ?? 200);
/** Both paths keep getting faster for the first thousands of calls (JIT, both processes). */
const WARM_UP = 3000;
const RECORDS = 10_000;
const PER_PAGE = 100;

const heap = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

async function overhead(server, client, baseClient, id) {
  const url = `${server.url}/api/v1/instances/${id}`;
  const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
  const bare = async () => {
    const response = await request(url, { headers });
    const body = await response.body.json();
    if (response.statusCode !== 200 || body.data.id !== id) throw new Error('bad answer');
  };
  const through = (sdkClient) => async () => {
    const vm = await sdkClient.instances.retrieve(id);
    if (vm.id !== id) throw new Error('bad answer');
  };
  const ways = { bare, sdk: through(client) };
  if (baseClient) ways.base = through(baseClient);
  const time = async (call) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
    const { user, system } = process.cpuUsage(cpu);
    return {
      us: ((performance.now() - start) * 1000) / CALLS_PER_ROUND,
      cpuUs: (user + system) / CALLS_PER_ROUND,
    };
  };
  for (let i = 0; i < WARM_UP; i++) for (const call of Object.values(ways)) await call();
  const rounds = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of Object.entries(ways)) rounds[name].push(await time(call));
  }
  const result = {};
  for (const [name, measured] of Object.entries(rounds)) {
    result[`${name}Us`] = median(measured.map((m) => m.us));
    result[`${name}CpuUs`] = median(measured.map((m) => m.cpuUs));
  }
  // The ratio of each round's pair, so a slow moment weighs on both sides alike.
  result.sdkOverBare = ratioSpread(rounds.sdk, rounds.bare);
  if (baseClient) result.baseOverBare = ratioSpread(rounds.base, rounds.bare);
  return result;
}

/** min, median and max of round-by-round ratios `a / b - 1`. */
function ratioSpread(a, b) {
  const ratios = a.map((m, i) => m.us / b[i].us - 1).sort((x, y) => x - y);
  return { min: ratios[0], median: median(ratios), max: ratios.at(-1) };
}

async function pagination(server, client) {
  const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
  const body = { name: 'page-vm', flavor: 'small', region: 'hn' };
  let made = 1; // the one overhead() reads
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (made < RECORDS) {
        made++;
        await api(server.url, 'POST', '/api/v1/instances', { body, headers });
      }
    }),
  );
  // A first walk warms the paging code (compiled code and feedback are heap too), then the
  // measured walk starts from a collected heap.
  let warm = 0;
  for await (const vm of client.instances.list({ per_page: PER_PAGE }))
    if (vm.id && ++warm >= 5 * PER_PAGE) break;
  const before = heap();
  let maxGrowth = Number.NEGATIVE_INFINITY;
  let seen = 0;
  for await (const vm of client.instances.list({ per_page: PER_PAGE })) {
    if (!vm.id) throw new Error('bad record');
    seen++;
    if (seen % 500 === 0) maxGrowth = Math.max(maxGrowth, heap() - before);
  }
  // For scale: the heap that the same records take when all are kept.
  const all = [];
  const base = heap();
  for await (const page of (await client.instances.list({ per_page: PER_PAGE })).iterPages())
    all.push(...page.data);
  const allBytes = heap() - base;
  return {
    seen,
    maxGrowthKb: maxGrowth / 1024,
    allKb: allBytes / 1024,
    pageKb: allBytes / 1024 / (all.length / PER_PAGE),
  };
}

const server = await startServer(benchFile('./servers/nimbus.mjs'));
try {
  const options = { baseUrl: server.url, accessToken: server.token, projectId: server.projectId };
  const client = new Nimbus(options);
  const base = process.env.BENCH_SDK_BASE;
  const baseClient = base ? new (await import(pathToFileURL(resolve(base)).href)).Nimbus(options) : undefined;
  const vm = await client.instances.create({ name: 'sdk-vm', flavor: 'small', region: 'hn' });
  const result = {
    overhead: await overhead(server, client, baseClient, vm.id),
    pagination: await pagination(server, client),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await server.stop();
}
