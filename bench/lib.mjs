import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';

export const benchFile = (file) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Starts a server script as a child process (its own process, so the load generator and the
 * server each get a core) and waits for its `{ url, ... }` line. `spawnedAt` is the
 * performance.now() of the spawn, for start-up times.
 */
export async function startServer(script, env = {}, nodeArgs = []) {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${script} exited (${code}) before it was ready`);
  });
  const [line] = await Promise.race([once(lines, 'line'), exited]);
  exited.catch(() => {});
  return {
    ...JSON.parse(line),
    child,
    spawnedAt,
    stop: () => stop(child),
    /** What the child measured inside itself (nimbus.mjs answers: rss, heap, event-loop delay). */
    stats: () => ask(child, 'stats'),
    resetStats: () => ask(child, 'reset-stats'),
  };
}

async function ask(child, message) {
  const answer = once(child, 'message');
  child.send(message);
  const [value] = await answer;
  return value;
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Whether a GET of `url` answers 200 (the body read and dropped). */
export async function isOk(url, headers = {}) {
  const response = await request(url, { headers });
  await response.body.dump();
  return response.statusCode === 200;
}

/**
 * One start of a bench server, from spawn() to the first 200 of `path`: `{ ms, readyMs }`, with
 * the time the process reports itself (nimbus.mjs: Node's own start to listening). `headers` may
 * be a function of the started server (the bare server's token is its own).
 */
export async function timeFirstAnswer(script, env, path, headers = {}) {
  const server = await startServer(benchFile(script), env);
  try {
    const sent = typeof headers === 'function' ? headers(server) : headers;
    const at = await waitUntil(() => isOk(`${server.url}${path}`, sent), { everyMs: 2 });
    return { ms: at - server.spawnedAt, readyMs: server.readyMs };
  } finally {
    await server.stop();
  }
}

/** A free TCP port on loopback (for servers that cannot pick one and say which). */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** Resolves once `probe()` resolves true; answers the performance.now() of that moment. */
export async function waitUntil(probe, { timeoutMs = 30_000, everyMs = 5 } = {}) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return performance.now();
    } catch {
      // not up yet
    }
    if (performance.now() > deadline) throw new Error('timed out waiting for a server');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The create every POST benchmark sends, to every server alike. */
const CREATE_BODY = JSON.stringify({ name: 'bench-vm', flavor: 'small', region: 'hn' });

/** autocannon on `POST /api/v1/instances`: the write benchmark of every server and state size. */
export function loadCreates({ url, headers, connections = 50, duration }) {
  return load({
    url,
    path: '/api/v1/instances',
    method: 'POST',
    body: CREATE_BODY,
    headers,
    connections,
    duration,
  });
}

/** Runs autocannon against one route and answers requests/s and latency percentiles. */
export async function load({ url, path, method = 'GET', body, headers = {}, connections = 50, duration }) {
  const result = await autocannon({
    url: `${url}${path}`,
    method,
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections,
    duration,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    rps: Math.round(result.requests.average),
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    total: result.requests.total,
  };
}

/** One JSON request with undici; throws on a non-2xx answer. */
export async function api(url, method, path, { body, headers = {} } = {}) {
  const response = await request(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * One server's run under autocannon (50 connections): 2 s of POSTs (the page the GETs read), a
 * 2 s pause (the state file's flush of them), then `duration` s of `route` ('get' or 'post').
 * Answers requests/s, p99 and the server's own CPU µs (user + system, from /proc) per request.
 * `server`: { name, script } with optional `env`, `file` (a new state file) and `module`
 * (another build of the reference server).
 */
export async function measureCpuPerRequest(server, route, duration) {
  const stateDir = server.file ? await mkdtemp(join(tmpdir(), 'nimbus-bench-')) : undefined;
  const running = await startServer(
    benchFile(server.script),
    serverEnv(server, stateDir && join(stateDir, 'state.json')),
  );
  try {
    await loadCreates({ url: running.url, headers: authHeaders(running), duration: 2 });
    // The state file's flush of those creates is spaced (up to 1 s on a large state): let it end.
    await sleep(2000);
    const { result, cpuUs } = await loadCpu(server, running, route, duration);
    return { rps: result.rps, p99: result.p99, cpuUs };
  } finally {
    await running.stop();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  }
}

/**
 * Builds of the reference server named on a command line, `name=<a build's dist/index.js>` with
 * an optional `=<options JSON>` (the JSON free to hold `=`), each as a server on a state file.
 */
export function namedBuilds(specs) {
  return specs.map((spec) => {
    const [name, module, ...options] = spec.split('=');
    if (!module) throw new Error(`${name}: expected <name>=<dist/index.js>[=<options JSON>]`);
    return {
      name,
      script: './servers/nimbus.mjs',
      file: true,
      module,
      env: options.length > 0 ? { BENCH_SERVER_OPTIONS: options.join('=') } : {},
    };
  });
}

/** A bench server's environment: its own, its state file's path (when given) and the build it loads. */
export function serverEnv(server, statePath) {
  return {
    ...server.env,
    ...(statePath && { BENCH_STATE: statePath }),
    ...(server.module && { BENCH_SERVER_MODULE: server.module }),
  };
}

/** The headers a started server's seeded tenant signs its requests with. */
export function authHeaders(running) {
  return { authorization: `Bearer ${running.token}`, 'x-project-id': running.projectId };
}

/** `duration` s of `route` on a started server: creates ('post') or reads of a 20-record page. */
export function loadRoute(running, route, duration) {
  const headers = authHeaders(running);
  return route === 'post'
    ? loadCreates({ url: running.url, headers, duration })
    : load({ url: running.url, path: '/api/v1/instances?per_page=20', headers, duration });
}

/** `loadRoute`, with the server's own CPU µs (user + system, from /proc) per request answered. */
async function loadCpu(server, running, route, duration) {
  const before = cpuMs(running.child.pid);
  const result = await loadRoute(running, route, duration);
  const cpu = cpuMs(running.child.pid) - before;
  if (result.failures > 0) throw new Error(`${server.name}: ${result.failures} failed requests`);
  return { result, cpuUs: (cpu * 1000) / result.total };
}

/**
 * `rounds` rounds of `measureCpuPerRequest` over every server in turn (so a change in the
 * machine's load falls on all of them): each server's runs by name, and the load average before
 * the first round and after each.
 */
export async function measureRounds(servers, route, duration, rounds) {
  const runs = new Map(servers.map((server) => [server.name, []]));
  const loads = [loadavg()[0]];
  for (let i = 0; i < rounds; i++) {
    for (const server of servers)
      runs.get(server.name).push(await measureCpuPerRequest(server, route, duration));
    loads.push(loadavg()[0]);
  }
  const title = `${route.toUpperCase()}, ${rounds} rounds of ${duration} s, load average ${loads.map((l) => l.toFixed(1)).join(' -> ')}`;
  return { runs, title };
}

/**
 * The servers started once each and kept running (a state file each where `file` is set), given
 * 2 s of POSTs (the page the GETs read) and 2 s of `route` to warm, then `slices` turns of
 * `seconds` s of `route` on each in alternating order. Answers each server's CPU µs per request,
 * slice by slice: slice i of every server ran within seconds of the others, so a ratio of slice
 * i's figures has both sides under the same load, where fresh servers a round apart did not
 * (their JIT and the machine's state differ from round to round).
 */
export async function measureSlices(servers, route, seconds, slices) {
  const stateDir = await mkdtemp(join(tmpdir(), 'nimbus-bench-'));
  const running = [];
  try {
    for (const server of servers) {
      const env = serverEnv(server, server.file && join(stateDir, `${server.name}.json`));
      running.push({ server, process: await startServer(benchFile(server.script), env) });
    }
    for (const { process: target } of running) {
      await loadCreates({ url: target.url, headers: authHeaders(target), duration: 2 });
      await loadRoute(target, route, 2);
    }
    const cpuUs = new Map(servers.map((server) => [server.name, []]));
    for (let i = 0; i < slices; i++) {
      for (const { server, process: target } of i % 2 === 0 ? running : [...running].reverse()) {
        cpuUs.get(server.name).push((await loadCpu(server, target, route, seconds)).cpuUs);
      }
    }
    return cpuUs;
  } finally {
    for (const { process: target } of running) await target.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** The median of some figures with their range: `12.3 (11.0-14.1)`. */
export const spread = (values, digits = 1) =>
  `${round(median(values), digits)} (${round(Math.min(...values), digits)}-${round(Math.max(...values), digits)})`;

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** CPU time (user + system) a process used so far, in ms (Linux /proc). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const median = (values) => percentile(values, 50);
export const round = (value, digits = 1) => Number(value.toFixed(digits));

export function table(rows) {
  const widths = Object.keys(rows[0]).map((key) =>
    Math.max(key.length, ...rows.map((r) => String(r[key]).length)),
  );
  const line = (values) => values.map((v, i) => String(v).padEnd(widths[i])).join('  ');
  return [
    line(Object.keys(rows[0])),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(Object.values(r))),
  ].join('\n');
}
