// Requests per second of POST then GET /api/v1/instances (bearer token and X-Project-ID checked
// on every request) on the reference server, on its state file (coalesced writes) and in memory,
// beside a bare node:http server doing the same JSON work, json-server 0.17 and Prism's mock, one
// after the other in one run on this machine. Each server runs in its own process; autocannon runs
// in this one. BENCH_SERVERS (names, comma-separated) runs some of them only.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { benchFile, freePort, load, loadCreates, startServer, stop, table, waitUntil } from './lib.mjs';

/** Servers in run order, with the list path each answers a page of 20 on. */
const SERVERS = [
  { name: 'bare node:http', start: () => startServer(benchFile('./servers/bare.mjs')) },
  { name: 'nimbus (state file)', start: startNimbusOnFile },
  { name: 'nimbus (in memory)', start: () => startServer(benchFile('./servers/nimbus.mjs')) },
  {
    name: 'json-server 0.17',
    start: () => startServer(benchFile('./servers/json-server.mjs')),
    listPath: '/api/v1/instances?_page=1&_limit=20',
  },
  { name: 'prism mock', start: startPrism },
];

export async function throughput({ duration = 10, connections = 50 } = {}) {
  const results = {};
  const only = process.env.BENCH_SERVERS?.split(',').map((name) => name.trim());
  for (const { name, start, listPath = '/api/v1/instances?per_page=20' } of SERVERS) {
    if (only && !only.includes(name)) continue;
    const server = await start();
    const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
    try {
      const post = await loadCreates({ url: server.url, headers, connections, duration });
      // After the creates, so the page is full (20 records) on every server.
      const get = await load({ url: server.url, path: listPath, headers, connections, duration });
      results[name] = { get, post };
    } finally {
      await server.stop();
    }
  }
  return results;
}

/** The reference server on a new state file (a temp directory, removed when it stops). */
async function startNimbusOnFile() {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
  const server = await startServer(benchFile('./servers/nimbus.mjs'), {
    BENCH_STATE: join(dir, 'state.json'),
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `prism mock` on the generated OpenAPI document (`npm run generate`), or on the instances-only
 * document beside this file when there is none; request/response violations do not turn into
 * errors (`--errors false`) and its logging is off (`-v silent`).
 */
async function startPrism() {
  const generated = benchFile('../openapi/cloud-platform.json');
  const document = existsSync(generated) ? generated : benchFile('./openapi-instances.json');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      benchFile('../node_modules/@stoplight/prism-cli/dist/index.js'),
      'mock',
      document,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '--errors',
      'false',
      '-v',
      'silent',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => {
      const response = await request(`${url}/api/v1/instances`);
      await response.body.dump();
      return true;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  return { url, token: 'bench-token', projectId: randomUUID(), document, stop: () => stop(child) };
}

// Alone (`node bench/throughput.mjs`): one table of this run, with the load average after it.
if (process.argv[1] === benchFile('./throughput.mjs')) {
  const results = await throughput({ duration: Number(process.env.BENCH_DURATION ?? 10) });
  const rows = [];
  for (const [name, { get, post }] of Object.entries(results)) {
    for (const [route, r] of [
      ['POST', post],
      ['GET', get],
    ]) {
      rows.push({
        server: name,
        route,
        'req/s': r.rps,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        failures: r.failures,
      });
    }
  }
  console.log(table(rows));
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
