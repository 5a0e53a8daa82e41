// `npm run bench`: every benchmark in one run, one table, each figure beside its target.
// BENCH_DURATION: seconds per load run (default 10). BENCH_WS_DURATION: seconds of the WebSocket
// run (default 6 x BENCH_DURATION, at most 60). Every server runs in a process of its own.
// The raw figures are written as JSON to the temp directory (path printed at the end).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { coldStart } from './cold-start.mjs';
import { benchFile, round, table } from './lib.mjs';
import { stateScaling } from './state-scaling.mjs';
import { throughput } from './throughput.mjs';
import { webhooks } from './webhooks.mjs';
import { wsFanout } from './ws-fanout.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const wsDuration = Number(process.env.BENCH_WS_DURATION ?? Math.min(60, duration * 6));
const startedAt = performance.now();
const rows = [];
const pct = (a, b) => `${Math.round((a / b) * 100)}%`;
const times = (a, b) => `${round(a / b)}x`;
const ms = (value) => `${round(value)} ms`;
const row = (benchmark, measured, baseline, ratio, target, met) =>
  rows.push({ benchmark, measured, baseline, ratio, target, met: met ? 'yes' : 'NO' });
const step = (name) => console.error(`[${round((performance.now() - startedAt) / 1000, 0)} s] ${name}`);

/** Runs a bench script in a node of its own (flags such as --expose-gc) and parses its JSON line. */
function child(script, nodeArgs = []) {
  const out = execFileSync(process.execPath, [...nodeArgs, benchFile(script)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/**
 * The throughput targets: at least `factor` times each other server's requests per second
 * (`factor` per route: GET, POST).
 */
const BASELINES = [
  ['bare node:http', { get: 0.8, post: 0.7 }, pct, { get: '>= 80%', post: '>= 70%' }],
  ['json-server 0.17', { get: 10, post: 10 }, times, { get: '>= 10x', post: '>= 10x' }],
  ['prism mock', { get: 5, post: 5 }, times, { get: '>= 5x', post: '>= 5x' }],
];

step(`throughput (${duration} s per route and server)`);
const t = await throughput({ duration });
// The targets are for the server on its state file (coalesced writes); in memory is reported beside.
const ours = t['nimbus (state file)'];
const inMemory = t['nimbus (in memory)'];
for (const [route, key] of [
  ['GET /api/v1/instances', 'get'],
  ['POST /api/v1/instances', 'post'],
]) {
  const rps = ours[key].rps;
  for (const [name, factor, ratio, target] of BASELINES) {
    const theirs = t[name][key].rps;
    row(
      `${route} vs ${name}`,
      `${rps} req/s`,
      `${theirs} req/s`,
      ratio(rps, theirs),
      target[key],
      rps >= factor[key] * theirs,
    );
  }
  row(
    `${route} p99, 50 connections`,
    ms(ours[key].p99),
    `${ms(t['bare node:http'][key].p99)} (bare)`,
    '',
    '< 10 ms',
    ours[key].p99 < 10,
  );
  row(
    `${route} in memory vs bare node:http`,
    `${inMemory[key].rps} req/s, p99 ${ms(inMemory[key].p99)}`,
    `${t['bare node:http'][key].rps} req/s`,
    pct(inMemory[key].rps, t['bare node:http'][key].rps),
    '(reported)',
    true,
  );
}

step('state size: 1k and 100k instances in the state file');
const s = await stateScaling({ duration });
const { small, large } = s;
row(
  'POST rps, 100k-record state',
  `${large.post.rps} req/s`,
  `${small.post.rps} req/s (1k)`,
  pct(large.post.rps, small.post.rps),
  'within 20%',
  large.post.rps >= 0.8 * small.post.rps,
);
row(
  'POST mean latency, 100k-record state',
  ms(large.post.mean),
  `${ms(small.post.mean)} (1k)`,
  pct(large.post.mean, small.post.mean),
  'within 20%',
  large.post.mean <= 1.2 * small.post.mean,
);
row('POST p99, 100k-record state', ms(large.post.p99), `${ms(small.post.p99)} (1k)`, '', '(reported)', true);
row(
  'RSS with 100k records loaded',
  `${round(large.rssStartMb)} MB`,
  `${round(small.rssStartMb)} MB (1k)`,
  '',
  '< 300 MB',
  large.rssStartMb < 300,
);
row(
  `RSS after the ${duration} s POST run, 100k`,
  `${round(large.rssAfterMb)} MB`,
  `${round(small.rssAfterMb)} MB (1k, +${small.post.total} creates)`,
  `+${large.post.total} creates, heap ${round(large.heapAfterMb)} of ${round(large.memoryAfter.heapTotalMb)} MB, buffers ${round(large.memoryAfter.arrayBuffersMb)} MB`,
  '< 300 MB',
  large.rssAfterMb < 300,
);
row(
  'event-loop stall during POST load, 100k',
  ms(large.loopDelayMaxMs),
  `${ms(small.loopDelayMaxMs)} (1k)`,
  '',
  '(reported)',
  true,
);
row(
  'start-up, 100k-record state file',
  ms(large.startMs),
  `${ms(small.startMs)} (1k); ${ms(large.readyMs)} in-process`,
  '',
  '< 1500 ms',
  large.startMs < 1500,
);
row(
  'start-up, empty state',
  ms(s.emptyStartMs),
  `${ms(s.emptyReadyMs)} in-process`,
  '',
  '< 300 ms',
  s.emptyStartMs < 300,
);

step('SDK overhead and auto-pagination memory');
const sdk = child('./sdk.mjs', ['--expose-gc']);
const overhead = sdk.overhead.sdkUs / sdk.overhead.bareUs - 1;
row(
  'SDK call vs bare undici request',
  `${round(sdk.overhead.sdkUs, 0)} us`,
  `${round(sdk.overhead.bareUs, 0)} us`,
  `${overhead >= 0 ? '+' : ''}${round(overhead * 100)}%`,
  '<= +15%',
  overhead <= 0.15,
);
const p = sdk.pagination;
row(
  `for await over ${p.seen} instances: heap growth`,
  `${round(p.maxGrowthKb)} KB`,
  `${round(p.allKb)} KB (all held)`,
  `${round(p.maxGrowthKb / p.pageKb)} pages`,
  '<= 3 pages of 100',
  p.maxGrowthKb <= 3 * p.pageKb,
);

step('SDK type cost and published declarations');
const types = child('./sdk-types.mjs');
const kb = (bytes) => `${round(bytes / 1024)} KB`;
row(
  'type instantiations: create an instance, list buckets',
  `${types.consumer.instantiations}`,
  `${types.zodOnly.instantiations} (zod-only file)`,
  times(types.consumer.instantiations, types.zodOnly.instantiations),
  '<= 2x',
  types.consumer.instantiations <= 2 * types.zodOnly.instantiations,
);
row(
  'the same with client.call() and @nimbus/sdk/contract',
  `${types.contractConsumer.instantiations}`,
  `${types.zodOnly.instantiations} (zod-only file)`,
  times(types.contractConsumer.instantiations, types.zodOnly.instantiations),
  '(reported)',
  true,
);
row(
  'published d.ts (ESM only)',
  kb(types.declarations.totalBytes),
  `${kb(types.declarations.esmBytes)} (.d.ts only)`,
  '',
  '< 300 KB',
  types.declarations.totalBytes < 300 * 1024,
);

step('browser bundle of a users.me() call');
const bundle = child('./browser-bundle.mjs');
row(
  'browser bundle, users.me(), minified + gzip',
  kb(bundle.initial.gzipBytes),
  `${kb(bundle.initial.minifiedBytes)} minified; zod ${bundle.initial.hasZod ? 'in' : 'not in'} it`,
  `lazy ${kb(bundle.lazy.gzipBytes)}`,
  '< 40 KB, no zod',
  bundle.initial.gzipBytes < 40 * 1024 && !bundle.initial.hasZod,
);

step(`WebSocket fan-out (${wsDuration} s)`);
const ws = await wsFanout({ duration: wsDuration });
row(
  'WS events delivered to every client',
  `${ws.minReceived}..${ws.maxReceived} of ${ws.published}`,
  `${ws.open}/${ws.clients} clients open`,
  '',
  'all',
  ws.minReceived === ws.published && ws.open === ws.clients && ws.failed === 0,
);
row(
  `WS delivery p99, ${ws.clients} clients x ${Math.round(ws.rate)} ev/s`,
  ms(ws.p99Ms),
  `p50 ${ms(ws.p50Ms)}`,
  '',
  '< 50 ms',
  ws.p99Ms < 50,
);
const growth = ws.rss.end - ws.rss.at10;
row(
  `WS server RSS over ${wsDuration} s`,
  `${round(ws.rss.at10)} -> ${round(ws.rss.end)} MB`,
  `max ${round(ws.rss.max)} MB`,
  `${growth >= 0 ? '+' : ''}${round(growth)} MB`,
  'flat (< +20 MB)',
  growth < 20,
);

step('webhook delivery');
const w = await webhooks();
row(
  `webhooks: ${w.subscriptions} subscriptions, 1 publish`,
  ms(w.allMs),
  `${w.delivered}/${w.subscriptions} delivered`,
  '',
  'all in < 2000 ms',
  w.delivered === w.subscriptions && w.allMs < 2000,
);
row(
  'GET during the webhook burst',
  `p99 ${ms(w.getP99Ms)}`,
  `${w.gets} GETs, max ${ms(w.getMaxMs)}`,
  '',
  'p99 < 100 ms',
  w.getP99Ms < 100,
);

step('in-process test helper');
const h = child('./testing-helper.mjs');
row(
  'startMockServer + first request + close',
  ms(h.medianMs),
  `cold ${ms(h.coldMs)}, p90 ${ms(h.p90Ms)}`,
  '',
  '< 50 ms',
  h.medianMs < 50,
);

step('per-test cycle: seed, request, reset');
const c = child('./test-cycle.mjs');
row(
  'seedTenant, test password cost',
  ms(c.test.seed.medianMs),
  `${ms(c.standard.seed.medianMs)} (standard cost)`,
  times(c.standard.seed.medianMs, c.test.seed.medianMs),
  '< 20 ms',
  c.test.seed.medianMs < 20,
);
row(
  'cycle: seedTenant + create + reset()',
  ms(c.test.cycle.medianMs),
  `${ms(c.standard.cycle.medianMs)} (standard cost)`,
  times(c.standard.cycle.medianMs, c.test.cycle.medianMs),
  '(reported)',
  true,
);
row(
  'cycle: create + reset(seed), sessions kept',
  ms(c.snapshot.cycle.medianMs),
  `p90 ${ms(c.snapshot.cycle.p90Ms)}`,
  '',
  '(reported)',
  true,
);

step('cold test file: import, start, first seed, each in a fresh node');
const cold = await coldStart({ rounds: 15 });
for (const [kind, label] of [
  ['testing', 'cold test file: testing entry (import + startMockServer + seedTenant)'],
  ['shared', 'cold test file: one server for the suite (import + connectMockServer + seedTenant)'],
  ['msw', 'cold test file: msw entry (+ createNimbusHandlers + ready + seed), beyond msw/node'],
  ['create-server', 'cold test file: createServer({ inMemory: true }) + seed, standard cost'],
]) {
  const c = cold.cases[kind];
  row(
    label,
    ms(c.ms),
    `${ms(cold.cases['msw-node'].ms)} import('msw/node')`,
    times(c.ms, cold.cases['msw-node'].ms),
    '<= 1.5x',
    c.ratio <= 1.5,
  );
}
row(
  "cold test file's floor: import('zod') + the first Response",
  ms(cold.cases.floor.ms),
  `${ms(cold.cases['msw-node'].ms)} import('msw/node')`,
  times(cold.cases.floor.ms, cold.cases['msw-node'].ms),
  '(reported)',
  true,
);
row(
  'idle RSS of one in-memory test server',
  `+${round(cold.cases.testing.idleRssMb)} MB`,
  `${round(cold.baseRssMb)} MB empty node`,
  '',
  '(reported)',
  true,
);

const seconds = round((performance.now() - startedAt) / 1000, 0);
console.log(
  `\nNode ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${duration} s per load run, 50 connections; ` +
    `WebSocket run ${wsDuration} s; total ${seconds} s`,
);
console.log(table(rows));
const failures =
  Object.values(t).reduce((sum, r) => sum + r.get.failures + r.post.failures, 0) +
  small.post.failures +
  large.post.failures;
if (failures > 0)
  console.log(
    `\n${failures} requests failed (non-2xx, errors or timeouts): the figures above are not clean.`,
  );
const file = `${tmpdir()}/nimbus-bench-${Date.now()}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      duration,
      wsDuration,
      throughput: t,
      state: s,
      sdk,
      types,
      bundle,
      ws,
      webhooks: w,
      helper: h,
      cycle: c,
      cold,
    },
    null,
    2,
  ),
);
console.log(`\nRaw figures: ${file}`);
