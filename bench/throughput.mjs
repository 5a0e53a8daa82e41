// Requests per second of POST then GET /api/v1/instances (bearer token and X-Project-ID checked
// on every request) on the reference server, beside a bare node:http server doing the same JSON
// work, json-server 0.17 and Prism's mock, one after the other in one run on this machine.
// Each server runs in its own process; autocannon runs in this one.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'undici';
import { benchFile, freePort, load, loadCreates, startServer, stop, waitUntil } from './lib.mjs';

/** Servers in run order, with the list path each answers a page of 20 on. */
const SERVERS = [
  { name: 'bare node:http', start: () => startServer(benchFile('./servers/bare.mjs')) },
  { name: 'nimbus', start: () => startServer(benchFile('./servers/nimbus.mjs')) },
  {
    name: 'json-server 0.17',
    start: () => startServer(benchFile('./servers/json-server.mjs')),
    listPath: '/api/v1/instances?_page=1&_limit=20',
  },
  { name: 'prism mock', start: startPrism },
];

export async function throughput({ duration = 10, connections = 50 } = {}) {
  const results = {};
  for (const { name, start, listPath = '/api/v1/instances?per_page=20' } of SERVERS) {
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

/**
 * `prism mock` on the generated OpenAPI document (`npm run openapi`), or on the instances-only
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
