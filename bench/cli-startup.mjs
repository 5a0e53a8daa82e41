// Start-up of the built `nimbus` (packages/cli/dist/bin.cjs) beside a bare `node -e 0`: wall
// time from spawn to exit, and CPU time (user + system, from bash's `time`), for `--help`,
// a usage error and a list command against a reference server on an ephemeral port. The
// commands are interleaved; on a shared machine wall time swings with the load, CPU time
// much less, so both are reported. The list runs once more through `bin/nimbus.cjs`, the wrapper
// an installed `nimbus` starts from. Build first: npm run build -w @nimbus/sdk && npm run build -w
// @nimbus/mock-server && npm run build -w @nimbus/cli. BENCH_CLI_BASE=<another build's bin.cjs>
// adds its rows, to compare two builds in one run. Prints one table and one JSON line.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedTenant, startMockServer } from '@nimbus/mock-server/testing';
import { benchFile, median, percentile, round, table } from './lib.mjs';

const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 30);
const BIN = benchFile('../packages/cli/dist/bin.cjs');
const WRAPPER = benchFile('../packages/cli/bin/nimbus.cjs');

/**
 * The floor of a list command: an ES module that sends the same GET with `node:http` and prints
 * the answer as the CLI does (indented JSON), with no CLI, SDK or argument parsing.
 */
const BARE_GET = `
import { request } from 'node:http';
const url = new URL('/api/v1/instances', process.env.NIMBUS_BASE_URL);
const headers = { authorization: 'Bearer ' + process.env.NIMBUS_TOKEN, 'x-project-id': process.env.NIMBUS_PROJECT };
request(url, { headers }, (res) => {
  if (res.statusCode !== 200) process.exit(1);
  const chunks = [];
  res.on('data', (chunk) => chunks.push(chunk));
  res.on('end', () => {
    const { data } = JSON.parse(Buffer.concat(chunks).toString());
    process.stdout.write(JSON.stringify(data, null, 2) + '\\n', () => process.exit(0));
  });
}).end();
`;

function timed(args, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    // bash's `time` reads the child's rusage to the millisecond (GNU time rounds to 10 ms).
    const script = 'TIMEFORMAT="%3U %3S"; time "$@" > /dev/null; exit $?';
    const child = spawn('bash', ['-c', script, 'bash', process.execPath, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      // The last line is bash's: user and system seconds.
      const lines = stderr.trimEnd().split('\n');
      const [user, system] = (lines.pop() ?? '').split(' ').map(Number);
      resolve({ ms, cpuMs: ((user ?? 0) + (system ?? 0)) * 1000, code, stderr: lines.join('\n') });
    });
  });
}

const mock = await startMockServer();
const tenant = await seedTenant(mock, { instances: [{ name: 'web-1', flavor: 'nano', region: 'hn' }] });
const dir = await mkdtemp(join(tmpdir(), 'nimbus-cli-bench-'));
const env = {
  PATH: process.env.PATH ?? '',
  NO_PROXY: '*',
  NIMBUS_CONFIG: join(dir, 'config.json'),
  NIMBUS_BASE_URL: mock.url,
  NIMBUS_TOKEN: tenant.accessToken,
  NIMBUS_PROJECT: tenant.project.id,
};

const cases = [
  { name: 'node -e 0', args: ['-e', '0'], exit: 0 },
  {
    name: 'floor: node:http GET, printed (ES module)',
    args: ['--input-type=module', '-e', BARE_GET],
    exit: 0,
  },
  { name: 'nimbus --help', args: [BIN, '--help'], exit: 0 },
  { name: 'nimbus instances create --help', args: [BIN, 'instances', 'create', '--help'], exit: 0 },
  { name: 'nimbus instances create (usage error)', args: [BIN, 'instances', 'create'], exit: 2 },
  { name: 'nimbus instances list', args: [BIN, 'instances', 'list'], exit: 0 },
  { name: 'nimbus instances list (bin/nimbus.cjs)', args: [WRAPPER, 'instances', 'list'], exit: 0 },
];
const base = process.env.BENCH_CLI_BASE;
if (base) {
  cases.push(
    { name: 'base: nimbus --help', args: [base, '--help'], exit: 0 },
    { name: 'base: nimbus instances create (usage error)', args: [base, 'instances', 'create'], exit: 2 },
    { name: 'base: nimbus instances list', args: [base, 'instances', 'list'], exit: 0 },
  );
}
const times = new Map(cases.map((c) => [c.name, []]));
const cpu = new Map(cases.map((c) => [c.name, []]));
try {
  // One warm-up round: the file system cache, not the CLI, is what a first run measures.
  for (const c of cases) await timed(c.args, env);
  for (let i = 0; i < RUNS; i++) {
    for (const c of cases) {
      const result = await timed(c.args, env);
      if (result.code !== c.exit) throw new Error(`${c.name}: exit ${result.code}\n${result.stderr}`);
      times.get(c.name).push(result.ms);
      cpu.get(c.name).push(result.cpuMs);
    }
  }
} finally {
  await mock.close();
}

const bare = median(times.get('node -e 0'));
const bareCpu = median(cpu.get('node -e 0'));
const rows = cases.map((c) => ({
  command: c.name,
  'wall median ms': round(median(times.get(c.name))),
  'wall p90 ms': round(percentile(times.get(c.name), 90)),
  'wall x node': round(median(times.get(c.name)) / bare, 2),
  'cpu median ms': round(median(cpu.get(c.name))),
  'cpu x node': round(median(cpu.get(c.name)) / bareCpu, 2),
}));
process.stdout.write(`${table(rows)}\n`);
process.stdout.write(`${JSON.stringify({ runs: RUNS, rows })}\n`);
