// `node bench/login-timing.mjs [runs]` (default 20): how long a failed login takes for an unknown
// email beside a wrong password for a known one, at the standard password cost, against the built
// reference server (`npm run build -w @nimbus/sdk -w @nimbus/mock-server` first) in a process of
// its own. The two should match: a gap tells a caller which emails are registered. The throttle
// of failed logins is off in the server (it would answer 429 after 10 failures of one email).
// Prints a table and one JSON line.
import { request } from 'undici';
import { benchFile, cpuMs, median, percentile, round, startServer, table } from './lib.mjs';

if (process.env.BENCH_LOGIN_TIMING_SERVER) {
  const { createServer } = await import('@nimbus/mock-server');
  const server = await createServer({ port: 0, inMemory: true, watch: false, loginThrottle: false });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.on('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
} else {
  const runs = Number(process.argv[2] ?? 20);
  const server = await startServer(benchFile('login-timing.mjs'), { BENCH_LOGIN_TIMING_SERVER: '1' });
  try {
    const email = 'timing@example.com';
    const password = 'the-right-password';
    await post(server.url, '/api/v1/auth/register', { email, password, full_name: 'Timing' }, 201);

    const cases = {
      'unknown email': { email: 'nobody@example.com', password: 'wrong-password', status: 401 },
      'known email, wrong password': { email, password: 'wrong-password', status: 401 },
      'known email, right password': { email, password, status: 200 },
    };
    const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
    // The server's CPU time per case as well: on a busy machine it varies less than the wall time.
    const cpu = Object.fromEntries(Object.keys(cases).map((name) => [name, 0]));
    // One warm-up each, then the cases in turn, so a slow stretch of the machine hits all of them;
    // each round starts one case later, so none always follows the same one.
    const entries = Object.entries(cases);
    for (const [, c] of entries) await post(server.url, '/api/v1/auth/login', c, c.status);
    for (let i = 0; i < runs; i++) {
      const order = [...entries.slice(i % entries.length), ...entries.slice(0, i % entries.length)];
      for (const [name, c] of order) {
        const cpuBefore = cpuMs(server.child.pid);
        const started = performance.now();
        await post(server.url, '/api/v1/auth/login', { email: c.email, password: c.password }, c.status);
        times[name].push(performance.now() - started);
        cpu[name] += cpuMs(server.child.pid) - cpuBefore;
      }
    }
    const rows = Object.entries(times).map(([name, ms]) => ({
      login: name,
      'median ms': round(median(ms)),
      'p90 ms': round(percentile(ms, 90)),
      'min ms': round(Math.min(...ms)),
      'max ms': round(Math.max(...ms)),
      'server CPU ms': round(cpu[name] / runs),
    }));
    console.error(table(rows));
    const unknown = median(times['unknown email']);
    const known = median(times['known email, wrong password']);
    console.error(`median unknown / known (wrong password): ${round(unknown / known, 2)}`);
    process.stdout.write(
      `${JSON.stringify({ runs, medianMs: Object.fromEntries(rows.map((r) => [r.login, r['median ms']])), serverCpuMs: Object.fromEntries(rows.map((r) => [r.login, r['server CPU ms']])) })}\n`,
    );
  } finally {
    await server.stop();
  }
}

async function post(url, path, body, expected) {
  const response = await request(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body.dump();
  if (response.statusCode !== expected) throw new Error(`${path}: ${response.statusCode}, not ${expected}`);
}
