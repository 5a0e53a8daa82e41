// Memory after a hostile run, and after idle: `node bench/hostile-memory.mjs` starts the reference
// server (built, in a process of its own, on loopback, with --expose-gc), then sends
//  - fuzz: BENCH_FUZZ requests (default 3,000) of what a probe throws at a server: malformed JSON
//    and bodies of wrong types up to 1 MiB on create routes, bodies over the limit (413), distinct
//    paths that match no route (404), long header values and credentials that do not verify;
//  - BENCH_QUERIES (default 20,000) distinct 8 KB query strings over 20 list routes;
// and prints the server's RSS at the start, right after the load, and after BENCH_IDLE_SECONDS
// (default 30) of idle ending with a full collection. The bar: back within 60 MB of the
// start (exit code 1 otherwise), or the caches that hold the rest bounded and documented.
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { benchFile, round, rssMb, startServer, table } from './lib.mjs';

const FUZZ = Number(process.env.BENCH_FUZZ ?? 3_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const CONNECTIONS = 16;
const MAX_RISE_MB = 60;
const LIST_ROUTES = ['instances', 'buckets', 'functions', 'topics', 'budgets', 'vpcs', 'policies', 'quotas'];
const CREATE_ROUTES = ['instances', 'buckets', 'functions', 'topics', 'vpcs', 'databases', 'vaults'];

const server = await startServer(benchFile('./servers/nimbus.mjs'), {}, ['--expose-gc']);
const pool = new Pool(server.url, { connections: CONNECTIONS });
const auth = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
const statuses = new Map();

async function send(options) {
  try {
    const { statusCode, body } = await pool.request(options);
    await body.dump();
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  } catch {
    statuses.set('cut', (statuses.get('cut') ?? 0) + 1);
  }
}

/** A full collection in the server, then its RSS in MB. */
async function rssCollected() {
  const answer = new Promise((resolve) => server.child.once('message', resolve));
  server.child.send('gc');
  await answer;
  await sleep(500);
  return rssMb(server.child.pid);
}

/** Fuzz request number `i`: one of the kinds a hostile probe sends, sizes spread up to 1 MiB. */
function fuzzRequest(i) {
  const route = `/api/v1/${CREATE_ROUTES[i % CREATE_ROUTES.length]}`;
  const size = 2 ** (8 + (i % 13)); // 256 B .. 1 MiB
  const json = { 'content-type': 'application/json' };
  switch (i % 6) {
    case 0:
      return {
        method: 'POST',
        path: route,
        headers: { ...auth, ...json },
        body: `{"name":"${'x'.repeat(size)}`,
      };
    case 1:
      return {
        method: 'POST',
        path: route,
        headers: { ...auth, ...json },
        body: JSON.stringify({ name: i, region: ['a'.repeat(size)], tags: { [`k${i}`]: null } }),
      };
    case 2:
      return {
        method: 'POST',
        path: route,
        headers: { ...auth, ...json },
        body: 'x'.repeat(1024 * 1024 + 1),
      };
    case 3:
      return { method: 'GET', path: `/api/v1/no-route-${i}/${'seg/'.repeat(i % 50)}?q=${i}`, headers: auth };
    case 4:
      return {
        method: 'GET',
        path: `${route}?per_page=20`,
        headers: { ...auth, 'x-fuzz': 'v'.repeat(8_000 + i) },
      };
    default:
      return {
        method: 'GET',
        path: `${route}?per_page=20`,
        headers: { authorization: `Bearer ey${i}.forged.${i}` },
      };
  }
}

/** Query string number `i`: a valid page size, then padding the list query drops, 8 KB long. */
function queryRequest(i) {
  const head = `/api/v1/${LIST_ROUTES[i % LIST_ROUTES.length]}?per_page=20&pad=${i}-`;
  return { method: 'GET', path: head + 'x'.repeat(8 * 1024 - head.length), headers: auth };
}

async function run(count, requestOf) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i < count; i = next++) await send(requestOf(i));
    }),
  );
}

try {
  // Each route and each kind of fuzz once, so the code loaded on first use is in before the baseline.
  for (let i = 0; i < LIST_ROUTES.length; i++) await send(queryRequest(i));
  for (let i = 0; i < CREATE_ROUTES.length * 6; i++) await send(fuzzRequest(i));
  const start = await rssCollected();
  const started = performance.now();
  await run(FUZZ, fuzzRequest);
  await run(QUERIES, queryRequest);
  const seconds = (performance.now() - started) / 1000;
  const loaded = rssMb(server.child.pid);
  await sleep(IDLE_SECONDS * 1000);
  // What V8 and the allocator gave back on their own, then after a full collection.
  const idleOnly = rssMb(server.child.pid);
  const idle = await rssCollected();
  const stats = await server.stats();
  console.log(
    table([
      {
        fuzz: FUZZ,
        queries: QUERIES,
        seconds: round(seconds),
        statuses: [...statuses].map(([status, count]) => `${status}: ${count}`).join(', '),
        'RSS start MB': round(start),
        'RSS after load MB': round(loaded),
        [`RSS after ${IDLE_SECONDS} s idle MB`]: round(idleOnly),
        'RSS after GC MB': round(idle),
        'heap used MB': round(stats.heapUsedMb),
        'heap total MB': round(stats.heapTotalMb),
        'external MB': round(stats.externalMb),
        'rise MB': round(idle - start),
      },
    ]),
  );
  if (idle - start >= MAX_RISE_MB) {
    console.error(`RSS stayed ${round(idle - start)} MB above the start (limit ${MAX_RISE_MB} MB)`);
    process.exitCode = 1;
  }
} finally {
  await pool.close();
  await server.stop();
}
