// Heap kept per record, in process: `node --expose-gc bench/record-memory.mjs [creates]`.
// 1. `creates` (default 20,000) POST /api/v1/instances through `app.handle` (no HTTP), each with
//    its own copies of the header and body strings as a socket would give them, after 2,000 to
//    warm up, on a state file (flushed before each reading); the heap after gc() per create (its
//    instance, activity entry, billing accrual, their indexes and the file's block bookkeeping)
//    and the records it made by table.
// 2. A 100k-instance state file (bench/state-file.mjs) loaded by createServer and its first
//    request answered (which opens the instances table and builds its indexes); the heap after
//    gc() per instance.
// BENCH_SERVER_BASE=<another build's dist/index.js> measures that build too, after this one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Nimbus } from '@nimbus/sdk';
import { table } from './lib.mjs';
import { writeStateFile } from './state-file.mjs';

if (typeof gc !== 'function') throw new Error('run with node --expose-gc');
const creates = Number(process.argv[2] ?? 20_000);
const builds = [['this build', '@nimbus/mock-server']];
if (process.env.BENCH_SERVER_BASE) builds.push(['base', process.env.BENCH_SERVER_BASE]);

const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function perCreate(createServer) {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-memory-'));
  const statePath = join(dir, 'state.json');
  const server = await createServer({ port: 0, statePath, watch: false, transitionDelayMs: 0 });
  const store = server.app.runtime.store;
  try {
    const client = new Nimbus({ baseUrl: server.url });
    const credentials = { email: 'memory@example.com', password: 'bench-password' };
    await client.auth.register({ ...credentials, full_name: 'Memory' });
    const { access_token } = await client.auth.login(credentials);
    const projectId = (await client.projects.create({ name: 'memory' })).id;
    await client.mock.quotas.update(projectId, { limits: { instances: 100_000_000 } });
    const body = JSON.stringify({ name: 'bench', flavor: 'small', region: 'us-east-1' });
    const create = async () => {
      // New strings per request, as the HTTP adapter makes them from the socket's bytes.
      const headers = new Map([
        ['authorization', `Bearer ${access_token}`.slice(0)],
        ['x-project-id', JSON.parse(JSON.stringify(projectId))],
        ['host', '127.0.0.1'],
        ['content-type', 'application/json'],
      ]);
      const response = await server.app.handle({
        method: 'POST',
        url: `${server.url}/api/v1/instances`,
        headers: {
          get: (name) => headers.get(name.toLowerCase()) ?? null,
          has: (name) => headers.has(name.toLowerCase()),
          forEach: (callback) => {
            for (const [key, value] of headers) callback(value, key);
          },
        },
        bufferedBody: new TextEncoder().encode(body),
      });
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    };
    for (let i = 0; i < 2000; i++) await create();
    await settle();
    await store.flush();
    const tables = store.state.tables;
    const counts = () =>
      Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, Object.keys(rows).length]));
    const before = counts();
    const heap = heapAfterGc();
    for (let i = 0; i < creates; i++) await create();
    await settle();
    await store.flush();
    const bytes = (heapAfterGc() - heap) / creates;
    const after = counts();
    const made = Object.entries(after)
      .filter(([name, count]) => count !== (before[name] ?? 0))
      .map(([name, count]) => `${name} +${count - (before[name] ?? 0)}`)
      .join(', ');
    return { bytes, made };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function perLoadedInstance(createServer) {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-memory-'));
  try {
    const statePath = join(dir, 'state.json');
    const { token, projectId } = await writeStateFile(statePath, { instances: 100_000 });
    const heap = heapAfterGc();
    const server = await createServer({ port: 0, statePath, watch: false, transitionDelayMs: 0 });
    try {
      const headers = { authorization: `Bearer ${token}`, 'x-project-id': projectId };
      const response = await fetch(`${server.url}/api/v1/instances?per_page=1`, { headers });
      if (!response.ok) throw new Error(`the first request answered ${response.status}`);
      await response.arrayBuffer();
      await settle();
      return (heapAfterGc() - heap) / 100_000;
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const [name, module] of builds) {
  const { createServer } = await import(module);
  const created = await perCreate(createServer);
  const loaded = await perLoadedInstance(createServer);
  rows.push({
    build: name,
    'heap per create': `${Math.round(created.bytes)} B`,
    'records made': created.made,
    'heap per loaded instance': `${Math.round(loaded)} B`,
  });
}
console.log(table(rows));
