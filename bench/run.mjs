// `npm run bench`: every benchmark, one table, each figure beside its target.
// BENCH_DURATION (seconds per load run, default 10) shortens a run.
import { cpus, totalmem } from 'node:os';
import { table } from './lib.mjs';
import { throughput } from './throughput.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const rows = [];
const pct = (a, b) => `${Math.round((a / b) * 100)}%`;

const t = await throughput({ duration });
const bare = t['bare node:http'];
const ours = t.nimbus;
rows.push(
  {
    benchmark: 'GET /api/v1/instances',
    nimbus: `${ours.get.rps} req/s`,
    baseline: `${bare.get.rps} req/s (bare node:http)`,
    ratio: pct(ours.get.rps, bare.get.rps),
    target: '>= 70%',
    met: ours.get.rps >= 0.7 * bare.get.rps ? 'yes' : 'NO',
  },
  {
    benchmark: 'POST /api/v1/instances',
    nimbus: `${ours.post.rps} req/s`,
    baseline: `${bare.post.rps} req/s (bare node:http)`,
    ratio: pct(ours.post.rps, bare.post.rps),
    target: '>= 70%',
    met: ours.post.rps >= 0.7 * bare.post.rps ? 'yes' : 'NO',
  },
  {
    benchmark: 'p99 latency GET, 50 conns',
    nimbus: `${ours.get.p99} ms`,
    baseline: `${bare.get.p99} ms`,
    ratio: '',
    target: '< 10 ms',
    met: ours.get.p99 < 10 ? 'yes' : 'NO',
  },
  {
    benchmark: 'p99 latency POST, 50 conns',
    nimbus: `${ours.post.p99} ms`,
    baseline: `${bare.post.p99} ms`,
    ratio: '',
    target: '< 10 ms',
    met: ours.post.p99 < 10 ? 'yes' : 'NO',
  },
);
const failures = ours.get.failures + ours.post.failures + bare.get.failures + bare.post.failures;

console.log(
  `Node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ${duration} s per run, 50 connections`,
);
console.log(table(rows));
if (failures > 0)
  console.log(
    `\n${failures} requests failed (non-2xx, errors or timeouts): the figures above are not clean.`,
  );
