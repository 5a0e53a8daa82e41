// The in-process test helper: startMockServer() + a first request + close(), as a suite that
// takes a fresh server per test does. Run in its own process (run.mjs forks it); the module is
// imported once before timing, as a test file would. Prints one JSON line.
import { startMockServer } from '@nimbus/mock-server/testing';
import { median, percentile } from './lib.mjs';

const RUNS = Number(process.env.BENCH_HELPER_RUNS ?? 30);

async function once() {
  const start = performance.now();
  const mock = await startMockServer();
  const response = await fetch(`${mock.url}/v2/health`);
  await response.text();
  if (response.status !== 200) throw new Error(`first request: ${response.status}`);
  const firstMs = performance.now() - start;
  await mock.close();
  return { totalMs: performance.now() - start, firstMs };
}

const cold = await once();
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const totals = runs.map((r) => r.totalMs);
process.stdout.write(
  `${JSON.stringify({ coldMs: cold.totalMs, medianMs: median(totals), p90Ms: percentile(totals, 90), runs: RUNS })}\n`,
);
