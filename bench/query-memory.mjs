// Memory kept per distinct query string: `node bench/query-memory.mjs` sends 20,000 distinct 8 KB
// query strings, spread over 20 list routes, to the reference server (built, in a process of its
// own, on loopback) and prints its RSS before, right after, and after a full collection (the server
// runs with --expose-gc; the last request's garbage may wait long for V8 to collect it, and only
// what is still held is the server's doing). It may keep a bounded cache of queries, nothing per
// distinct string: RSS after the collection must stay under 100 MB above the start (exit code 1
// otherwise). BENCH_QUERIES and BENCH_QUERY_BYTES change the count and the size.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { benchFile, round, rssMb, startServer, table } from './lib.mjs';

const ROUTES = [
  'instances',
  'buckets',
  'functions',
  'cdn-profiles',
  'cache-instances',
  'api-products',
  'topics',
  'subscriptions',
  'quotas',
  'budgets',
  'anomalies',
  'reports',
  'policies',
  'assignments',
  'compliance',
  'activity-logs',
  'metric-rules',
  'vpcs',
  'transit-hubs',
  'vpn-gateways',
].map((name) => `/api/v1/${name}`);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const QUERY_BYTES = Number(process.env.BENCH_QUERY_BYTES ?? 8 * 1024);
const CONNECTIONS = 16;
const MAX_RISE_MB = 100;

/** Query string number `i`: a valid page size, then padding the list query drops, `QUERY_BYTES` long. */
function queryOf(i) {
  const head = `?per_page=20&pad=${i}-`;
  return head + 'x'.repeat(QUERY_BYTES - head.length);
}

const server = await startServer(benchFile('./servers/nimbus.mjs'), {}, ['--expose-gc']);
const pool = new Pool(server.url, { connections: CONNECTIONS });
const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
const statuses = new Map();

/** RSS after a full collection in the server, in MB. */
async function rssCollected() {
  const answer = once(server.child, 'message');
  server.child.send('gc');
  await answer;
  await sleep(500);
  return rssMb(server.child.pid);
}

async function get(path) {
  const { statusCode, body } = await pool.request({ method: 'GET', path, headers });
  await body.dump();
  statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
}

try {
  // Each route once with a short query, so the code loaded on first use is in before the baseline.
  for (const route of ROUTES) await get(`${route}?per_page=20`);
  const before = await rssCollected();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i < QUERIES; i = next++) await get(`${ROUTES[i % ROUTES.length]}${queryOf(i)}`);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = rssMb(server.child.pid);
  const collected = await rssCollected();
  const stats = await server.stats();
  console.log(
    table([
      {
        queries: QUERIES,
        'query bytes': QUERY_BYTES,
        routes: ROUTES.length,
        'req/s': round(QUERIES / seconds),
        statuses: [...statuses].map(([status, count]) => `${status}: ${count}`).join(', '),
        'RSS before MB': round(before),
        'RSS after MB': round(after),
        'RSS after GC MB': round(collected),
        'heap used after GC MB': round(stats.heapUsedMb),
        'rise MB': round(collected - before),
      },
    ]),
  );
  if (collected - before >= MAX_RISE_MB) {
    console.error(`RSS rose by ${round(collected - before)} MB (limit ${MAX_RISE_MB} MB)`);
    process.exitCode = 1;
  }
} finally {
  await pool.close();
  await server.stop();
}
