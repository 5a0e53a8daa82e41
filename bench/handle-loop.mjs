// The core alone, without HTTP: `node bench/handle-loop.mjs [get|post] [calls]` (defaults get,
// 20000). `app.handle()` of the built server is called in a loop with a prepared request (the
// object the Node adapter builds), after 3,000 creates (the page GET reads) and 3,000 warm-up
// calls; prints wall and CPU µs per call, and the same for the bare server's work on the same
// request (`servers/bare-routes.mjs`, its JSON.stringify and request id, after as many
// creates). STATE=<file> runs on a state file instead of in memory;
// BENCH_SERVER_BASE=<another build's dist/index.js> measures that build instead.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bareRoutes } from './servers/bare-routes.mjs';
import { seedBenchTenant, startReferenceServer } from './servers/reference.mjs';

const mode = process.argv[2] ?? 'get';
const calls = Number(process.argv[3] ?? 20_000);
const stateDir = process.env.STATE === 'file' ? await mkdtemp(join(tmpdir(), 'nimbus-bench-')) : undefined;
const statePath = stateDir ? join(stateDir, 'state.json') : process.env.STATE;

const server = await startReferenceServer({ module: process.env.BENCH_SERVER_BASE, statePath });
const { token, projectId } = await seedBenchTenant(server, 'bench@example.com');

const names = {
  host: '127.0.0.1',
  authorization: `Bearer ${token}`,
  'x-project-id': projectId,
  'content-type': 'application/json',
};
const headers = {
  get: (name) => names[name.toLowerCase()] ?? null,
  has: (name) => names[name.toLowerCase()] !== undefined,
  forEach: (callback) => {
    for (const [name, value] of Object.entries(names)) callback(value, name);
  },
};
const body = new TextEncoder().encode(
  JSON.stringify({ name: 'bench', flavor: 'small', region: 'us-east-1' }),
);
const post = { method: 'POST', url: `${server.url}/api/v1/instances`, headers, bufferedBody: body };
const get = { method: 'GET', url: `${server.url}/api/v1/instances?per_page=20`, headers, bufferedBody: null };

async function call(request) {
  const reply = await server.app.handle({ ...request });
  if (reply.status >= 300) throw new Error(`${reply.status} ${reply.body}`);
}

/** Wall and CPU µs per call of `calls` awaited calls of `run`. */
async function time(run) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return `${((wall * 1000) / calls).toFixed(1)} us wall, ${((used.user + used.system) / calls).toFixed(1)} us CPU per call`;
}

const measured = mode === 'post' ? post : get;
for (let i = 0; i < 3000; i++) await call(post);
for (let i = 0; i < 3000; i++) await call(measured);
const core = await time(() => call(measured));
await server.close();
if (stateDir) await rm(stateDir, { recursive: true, force: true });

// The bare server's work on the same request: its answer, the JSON text and the request id it sends.
const bare = bareRoutes();
const bareHeaders = { ...names, authorization: `Bearer ${bare.token}`, 'x-project-id': bare.project };
const bareBody = new TextDecoder().decode(body);
// The request target as Node hands it over (`req.url`).
const targetOf = (request) => ({
  ...request,
  target: new URL(request.url).pathname + new URL(request.url).search,
});
const [barePost, bareMeasured] = [targetOf(post), targetOf(measured)];
async function callBare(request) {
  const reply = bare.answer(request.method, request.target, bareHeaders, bareBody);
  if (reply.status >= 300) throw new Error(`${reply.status}`);
  return [JSON.stringify(reply.body), randomUUID()];
}
for (let i = 0; i < 3000; i++) await callBare(barePost);
for (let i = 0; i < 3000; i++) await callBare(bareMeasured);
const bareWork = await time(() => callBare(bareMeasured));
console.log(`${mode.toUpperCase()} ${calls} calls: core ${core}; bare server's work ${bareWork}`);
