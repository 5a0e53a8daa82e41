// One cold start, in a fresh node (`node cold-case.mjs <case>`), as cold-start.mjs
// spawns it: what a test file pays before its first test. Prints one JSON line: `ms`, the time
// of the case's steps in this process (Node's own start excluded), their phases, and `rssMb`,
// the resident set after the steps and a full GC (the server still open).
//   empty:        nothing (the RSS of an idle node)
//   msw-node:     import('msw/node')
//   floor:        import('zod') and one `new Response()`: what any test file of the server pays
//                 before Nimbus's own code (the contract is zod schemas; the core answers with
//                 Fetch API Responses, and Node loads its fetch classes on first use)
//   testing:      import('@nimbus/mock-server/testing'), startMockServer(), seedTenant(); the
//                 import loads the SDK's client, the start the server's core, the seed zod and
//                 the families (with their contract modules) that its requests reach
//   testing-base: the testing case with another build's `dist/` (BENCH_COLD_BASE), for a
//                 change measured beside the build without it
//   shared:       import('@nimbus/mock-server/testing'), connectMockServer(url), seedTenant(): a test
//                 file of a suite that starts one server in its global setup (BENCH_SHARED_URL)
//   msw:          import('msw/node') (timed apart, as `mswNodeMs`), then the msw entry:
//                 createNimbusHandlers() under setupServer(), `ready`, seedTenant() through it
//   create-server: import('@nimbus/mock-server'), createServer({ inMemory: true }), seedTenant(server)
//                 (its clients from server.createClient())
// `ms` of the msw case leaves out `mswNodeMs`: a test file of the msw entry imports msw/node
// itself, and that is the anchor. cold-start.mjs runs each case with NODE_ENV=test, as vitest
// and jest do, so createServer() and the msw entry hash passwords at the test cost, as the
// testing entry does anyway (BENCH_COLD_NODE_ENV sets another NODE_ENV).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const kind = process.argv[2];
const MSW_ORIGIN = 'http://nimbus.test';

const phases = {};
let lapAt = performance.now();
const lap = (name) => {
  const now = performance.now();
  phases[name] = now - lapAt;
  lapAt = now;
};

/** seedTenant needs only `createClient`: a client of the SDK, as the test would make. */
async function clientMaker(baseUrl) {
  const { Nimbus } = await import('@nimbus/sdk');
  return { createClient: (options = {}) => new Nimbus({ maxRetries: 0, ...options, baseUrl }) };
}

/** The testing case's steps after its import. */
async function startAndSeed(startMockServer, seedTenant) {
  const mock = await startMockServer();
  lap('start');
  await seedTenant(mock);
  lap('seed');
  return () => mock.close();
}

const cases = {
  empty: async () => async () => {},
  'msw-node': async () => {
    await import('msw/node');
    lap('import');
    return async () => {};
  },
  floor: async () => {
    await import('zod');
    lap('zod');
    new Response('{}');
    lap('fetch');
    return async () => {};
  },
  testing: async () => {
    const { startMockServer, seedTenant } = await import('@nimbus/mock-server/testing');
    lap('import');
    return startAndSeed(startMockServer, seedTenant);
  },
  'testing-base': async () => {
    const base = pathToFileURL(join(process.env.BENCH_COLD_BASE, 'testing.js')).href;
    const { startMockServer, seedTenant } = await import(base);
    lap('import');
    return startAndSeed(startMockServer, seedTenant);
  },
  shared: async () => {
    const { connectMockServer, seedTenant } = await import('@nimbus/mock-server/testing');
    lap('import');
    const mock = connectMockServer(process.env.BENCH_SHARED_URL);
    lap('start');
    await seedTenant(mock);
    lap('seed');
    return async () => {};
  },
  msw: async () => {
    const { setupServer } = await import('msw/node');
    lap('mswNode');
    const { createNimbusHandlers } = await import('@nimbus/mock-server/msw');
    const { seedTenant } = await import('@nimbus/mock-server/testing');
    lap('import');
    const nimbus = createNimbusHandlers({ baseUrl: MSW_ORIGIN });
    const server = setupServer(...nimbus.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    await nimbus.ready;
    lap('start');
    await seedTenant(await clientMaker(MSW_ORIGIN));
    lap('seed');
    return async () => {
      server.close();
      await nimbus.close();
    };
  },
  'create-server': async () => {
    const { createServer } = await import('@nimbus/mock-server');
    const { seedTenant } = await import('@nimbus/mock-server/testing');
    lap('import');
    const server = await createServer({ inMemory: true, port: 0 });
    lap('start');
    await seedTenant(server);
    lap('seed');
    return () => server.close();
  },
};

const startedAt = performance.now();
lapAt = startedAt;
const close = await cases[kind]();
const ms = performance.now() - startedAt - (phases.mswNode ?? 0);
// GC exposed only now: started with --expose-gc, node imported msw/node about 20 % slower.
setFlagsFromString('--expose-gc');
runInNewContext('gc')();
const rssMb = process.memoryUsage.rss() / 2 ** 20;
await close();
process.stdout.write(`${JSON.stringify({ kind, ms, phases, rssMb })}\n`);
