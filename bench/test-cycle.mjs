// The per-test cycle of a suite that shares one server: seed a tenant, send one request, reset.
// Three ways, each over one startMockServer() in this process (as a test file has it):
//   standard: seedTenant() at the standard password cost (scrypt N=2^14) + create + reset()
//   test:     seedTenant() at the test cost (the startMockServer default) + create + reset()
//   snapshot: reset(seed) back to a tenant seeded once before the loop + create (its token kept)
// Plus seedTenant() alone at both costs (target: under 20 ms at the test cost).
// BENCH_CYCLE_RUNS cycles per way (default 40) after 3 warm-up cycles. Prints one JSON line.
import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { median, percentile, round } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CYCLE_RUNS ?? 40);
const WARM_UP = 3;
const vm = { name: 'web', flavor: 'small', region: 'hn' };

/** Median and p90 of `RUNS` timed calls of `once` (after the warm-up), in ms. */
async function measure(once) {
  const times = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const start = performance.now();
    await once();
    if (i >= WARM_UP) times.push(performance.now() - start);
  }
  return { medianMs: round(median(times), 2), p90Ms: round(percentile(times, 90), 2) };
}

async function costRuns(passwordCost) {
  const mock = await startMockServer({ passwordCost });
  try {
    const seed = await measure(async () => {
      await seedTenant(mock);
    });
    const cycle = await measure(async () => {
      const { client } = await seedTenant(mock);
      await client.instances.create(vm);
      await mock.reset();
    });
    return { seed, cycle };
  } finally {
    await mock.close();
  }
}

async function snapshotRuns() {
  const mock = await startMockServer();
  try {
    const { client } = await seedTenant(mock);
    const seed = mock.exportState();
    const cycle = await measure(async () => {
      await client.instances.create(vm);
      await mock.reset(seed);
    });
    const { data } = await client.instances.list();
    if (data.length !== 0) throw new Error(`reset(seed) left ${data.length} instances`);
    return { cycle, stateBytes: JSON.stringify(seed).length };
  } finally {
    await mock.close();
  }
}

const standard = await costRuns('standard');
const test = await costRuns('test');
const snapshot = await snapshotRuns();
process.stdout.write(`${JSON.stringify({ runs: RUNS, standard, test, snapshot })}\n`);
