// The built reference server as the benchmarks run it, in the calling process: `module` (another
// build's dist/index.js, for side-by-side runs) or @nimbus/mock-server, lifecycles immediate.
import { pathToFileURL } from 'node:url';

export async function startReferenceServer({ module, statePath, fsync } = {}) {
  const { createServer } = await import(module ? pathToFileURL(module).href : '@nimbus/mock-server');
  return createServer({
    port: 0,
    inMemory: !statePath,
    statePath,
    fsync,
    watch: false,
    transitionDelayMs: 0,
    // Options a run sets to measure a feature's cost (feature-cost.mjs: `{ "journalSize": 0 }`).
    ...JSON.parse(process.env.BENCH_SERVER_OPTIONS ?? '{}'),
  });
}

/** A registered, logged-in user and a project whose instance quota cannot turn a load run into 403s. */
export async function seedBenchTenant(server, email) {
  // Imported only here: start-up runs measure the server alone.
  const { Nimbus } = await import('@nimbus/sdk');
  const client = new Nimbus({ baseUrl: server.url });
  await client.auth.register({ email, password: 'bench-password', full_name: 'Bench' });
  const login = await client.auth.login({ email, password: 'bench-password' });
  const projectId = (await client.projects.create({ name: 'bench' })).id;
  await client.mock.quotas.update(projectId, { limits: { instances: 100_000_000 } });
  return { token: login.access_token, projectId };
}
