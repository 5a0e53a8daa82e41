// SDK overhead and auto-pagination memory, against the reference server in its own process.
// Run by run.mjs as `node --expose-gc bench/sdk.mjs` (gc() makes heap figures comparable);
// prints one JSON line.
// - overhead: `client.instances.retrieve(id)` beside the same GET made with undici's `request`
//   (token, project header, JSON body read), one call at a time, in alternating rounds.
// - pagination: heap growth while `for await` walks 10k instances a page at a time, beside the
//   heap that holding all of them takes.
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

async function overhead(server, client, id) {
  const url = `${server.url}/api/v1/instances/${id}`;
  const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
  const bare = async () => {
    const response = await request(url, { headers });
    const body = await response.body.json();
    if (response.statusCode !== 200 || body.data.id !== id) throw new Error('bad answer');
  };
  const sdk = async () => {
    const vm = await client.instances.retrieve(id);
    if (vm.id !== id) throw new Error('bad answer');
  };
  const time = async (call) => {
    const start = performance.now();
    for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
    return ((performance.now() - start) * 1000) / CALLS_PER_ROUND;
  };
  for (let i = 0; i < WARM_UP; i++) {
    await bare();
    await sdk();
  }
  const bareUs = [];
  const sdkUs = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareUs.push(await time(bare));
    sdkUs.push(await time(sdk));
  }
  return { bareUs: median(bareUs), sdkUs: median(sdkUs) };
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
  const client = new Nimbus({ baseUrl: server.url, accessToken: server.token, projectId: server.projectId });
  const vm = await client.instances.create({ name: 'sdk-vm', flavor: 'small', region: 'hn' });
  const result = {
    overhead: await overhead(server, client, vm.id),
    pagination: await pagination(server, client),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await server.stop();
}
