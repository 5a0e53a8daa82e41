import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

/** Starts a server script as a child process and waits for its `{ url, ... }` line. */
export async function startServer(script, env = {}) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = await once(lines, 'line');
  return { ...JSON.parse(line), child, stop: () => stop(child) };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
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
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    total: result.requests.total,
  };
}

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
